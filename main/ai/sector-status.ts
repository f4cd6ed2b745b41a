// What a rule card says about whether Kipu issues a document sector, read from the one registry of
// sectors (shared/sectors/) when the cards load, so a card never goes stale when a sector is added:
// a card writes {{sector:2}} and the reader gets today's truth. Pure.
// Runs in: engine.
import { notSoldAtTill, sectorSpec } from '../../shared/sectors';

const TEMPLATE = /\{\{([a-z]+):([^}]*)\}\}/g;

/** The es-BO sentence for sector `code`: issued at the till, by the API only, or not issued by this version. */
export function sectorStatus(code: number): string {
  const spec = sectorSpec(code);
  if (!spec) {
    return `Esta versión de Kipu no emite el sector ${code}: los sectores que emite se eligen en Sucursales › «Documento de la caja»; para este documento hace falta otro sistema autorizado por el SIN, o una versión de Kipu que lo agregue.`;
  }
  const why = notSoldAtTill(code);
  if (why !== null) return `Kipu emite este documento (sector ${code}, «${spec.label}») por la API de integración de Kipu (para otro programa, como factura electrónica o computarizada de este sector), no desde la caja: ${why}`;
  return `Kipu emite este documento (sector ${code}, «${spec.label}»): el encargado lo elige para la caja en Sucursales › «Documento de la caja» y Venta pide sus datos propios; otro programa lo emite por la API de integración de Kipu, como factura electrónica o computarizada de este sector.`;
}

/** A card's text with its {{sector:N}} filled in; throws on any other or malformed template. */
export function fillTemplates(text: string): string {
  return text.replace(TEMPLATE, (whole, kind: string, arg: string) => {
    if (kind === 'sector' && /^\d{1,3}$/.test(arg)) return sectorStatus(Number(arg));
    throw new Error(`plantilla desconocida «${whole}»`);
  });
}
