// The SIN portal's "seguimiento" of the authorization tests (issue 29, docs/siat/certification.md
// "Phase I stages"): which successful SIAT answer counts for which stage, per NIT, point of sale
// and document sector (the SIN counts each declared sector as its own case). The portal does its
// own tally from what reached SIAT; so does the simulator, from the answers it gave, so a
// rehearsal of `npm run admin -- certify` can be checked against SIAT's side and not only against
// certify's own rows. Pure; state/seguimiento.ts stores the tally.
// Runs in: SIAT simulator only.

export type SinStage = 'I' | 'II' | 'III' | 'IV' | 'V' | 'VI' | 'VII' | 'VIII' | 'IX' | 'XI';

/** The stages in the portal's order, with the name a trainee reads. */
/**
 * The stages in the portal's order, with the name a trainee reads; `porSector`: counted per
 * document sector (I–III are the system's: their requests name no sector).
 */
export const SEGUIMIENTO_STAGES: readonly { etapa: SinStage; nombre: string; porSector: boolean }[] = [
  { etapa: 'I', nombre: 'Obtención de CUIS', porSector: false },
  { etapa: 'II', nombre: 'Sincronización de catálogos', porSector: false },
  { etapa: 'III', nombre: 'Obtención de CUFD', porSector: false },
  { etapa: 'IV', nombre: 'Emisión individual (908)', porSector: true },
  { etapa: 'V', nombre: 'Eventos significativos', porSector: true },
  { etapa: 'VI', nombre: 'Paquetes de contingencia validados (908)', porSector: true },
  { etapa: 'VII', nombre: 'Anulación (905)', porSector: true },
  { etapa: 'VIII', nombre: 'Emisión firmada (modalidad electrónica)', porSector: true },
  { etapa: 'IX', nombre: 'Emisión masiva validada (908)', porSector: true },
  { etapa: 'XI', nombre: 'Reversión de anulación (907)', porSector: true },
];

export interface Tally {
  etapa: SinStage;
  nit: string;
  pv: number;
  /** The request's codigoDocumentoSector; null for the system's stages and an event not yet used by a package. */
  sector: number | null;
  /**
   * What makes one count: a package counts once however often its validation is polled (its
   * codigoRecepcion), an event is its codigoRecepcionEventoSignificativo; every other successful
   * answer counts (null: a fresh key per answer).
   */
  ref: string | null;
  /**
   * Adds no count: names the sector of one made before. registroEventoSignificativo carries no
   * sector, so an event is the sector of the first package SIAT accepted under it (a package holds
   * one sector, CONTRACT §3.6).
   */
  sectorOnly?: true;
}

const SYSTEM_STAGES = new Set(SEGUIMIENTO_STAGES.filter((s) => !s.porSector).map((s) => s.etapa));

const RECEPTION = new Set(['recepcionFactura', 'recepcionDocumentoAjuste']);
const CANCELLATION = new Set(['anulacionFactura', 'anulacionDocumentoAjuste']);
const REVERSAL = new Set(['reversionAnulacionFactura', 'reversionAnulacionDocumentoAjuste']);

/** The counts one answer adds (none for a failure or an operation the SIN does not count). */
export function talliesOf(serviceKey: string, operation: string, request: Record<string, unknown>, answer: Record<string, unknown>): Tally[] {
  const nit = request['nit'];
  const pv = Number(request['codigoPuntoVenta']);
  if ((typeof nit !== 'string' && typeof nit !== 'number') || !Number.isInteger(pv)) return [];
  const requested = request['codigoDocumentoSector'];
  const sector = requested !== null && requested !== undefined && Number.isInteger(Number(requested)) ? Number(requested) : null;
  const at = (etapa: SinStage, ref: string | null = null): Tally => ({ etapa, nit: String(nit), pv, sector: SYSTEM_STAGES.has(etapa) ? null : sector, ref });
  const ok = answer['transaccion'] === true;
  const estado = answer['codigoEstado'];
  // A CUIS asked while one is in force is answered 980 with that CUIS (transaccion false): the
  // request still got its CUIS, and the SIN's pages do not say it is left out of the count.
  if (operation === 'cuis') return ok || (typeof answer['codigo'] === 'string' && answer['codigo'] !== '') ? [at('I')] : [];
  if (operation === 'cufd') return ok ? [at('III')] : [];
  if (serviceKey === 'sincronizacion') return ok ? [at('II')] : [];
  if (RECEPTION.has(operation) && estado === 908) {
    // A document SIAT validated in the electronic modality passed its signature check.
    return Number(request['codigoModalidad']) === 1 ? [at('IV'), at('VIII')] : [at('IV')];
  }
  if (operation === 'registroEventoSignificativo') {
    const code = answer['codigoRecepcionEventoSignificativo'];
    return ok ? [{ ...at('V', code === undefined || code === null ? null : String(code)), sector: null }] : [];
  }
  if (operation === 'recepcionPaqueteFactura' && estado === 901 && request['codigoEvento'] !== undefined && sector !== null) {
    return [{ ...at('V', String(request['codigoEvento'])), sectorOnly: true }];
  }
  if (operation === 'validacionRecepcionPaqueteFactura' && estado === 908) return [at('VI', String(request['codigoRecepcion']))];
  if (operation === 'validacionRecepcionMasivaFactura' && estado === 908) return [at('IX', String(request['codigoRecepcion']))];
  if (CANCELLATION.has(operation) && estado === 905) return [at('VII')];
  if (REVERSAL.has(operation) && estado === 907) return [at('XI')];
  return [];
}
