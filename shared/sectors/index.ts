// Every SIAT document sector Kipu issues, one file each (issue 30, item 2): the only registry of
// sectors. The API's invoiceTypes (shared/invoice-types.ts), sector fields
// (shared/sector-fields.ts), the engine's layouts (main/invoicing/sectors/layouts.ts), the XSD
// check (main/xml-schema/invoice-xsd.ts), the OpenAPI examples and which documents a till sells
// all read this list. To add a sector: docs/adding-a-sector.md (a test, sector-files.test.ts,
// holds every file here complete and listed).
import { COMPRA_VENTA } from './s01-compra-venta';
import { ALQUILER_BIENES_INMUEBLES } from './s02-alquiler-bienes-inmuebles';
import { EXPORTACION } from './s03-exportacion';
import { ZONA_FRANCA } from './s05-zona-franca';
import { TASA_CERO } from './s08-tasa-cero';
import { EDUCACION } from './s11-educacion';
import { SERVICIOS_BASICOS } from './s13-servicios-basicos';
import { ENTIDADES_FINANCIERAS } from './s15-entidades-financieras';
import { HOTELES } from './s16-hoteles';
import { HOSPITALES } from './s17-hospitales';
import { JUEGOS_AZAR } from './s18-juegos-azar';
import { TELECOMUNICACIONES } from './s22-telecomunicaciones';
import { NOTA_CREDITO_DEBITO } from './s24-nota-credito-debito';
import { NOTA_CONCILIACION } from './s29-nota-conciliacion';
import { BOLETO_AEREO } from './s30-boleto-aereo';
import { SEGUROS } from './s34-seguros';
import { COMPRA_VENTA_BONIFICACIONES } from './s35-compra-venta-bonificaciones';
import type { SectorSpec } from './spec';

export type { SectorSpec } from './spec';

/** In codigoDocumentoSector order. */
export const SECTOR_SPECS: readonly SectorSpec[] = [
  COMPRA_VENTA,
  ALQUILER_BIENES_INMUEBLES,
  EXPORTACION,
  ZONA_FRANCA,
  TASA_CERO,
  EDUCACION,
  SERVICIOS_BASICOS,
  ENTIDADES_FINANCIERAS,
  HOTELES,
  HOSPITALES,
  JUEGOS_AZAR,
  TELECOMUNICACIONES,
  NOTA_CREDITO_DEBITO,
  NOTA_CONCILIACION,
  BOLETO_AEREO,
  SEGUROS,
  COMPRA_VENTA_BONIFICACIONES,
];

const BY_CODE: ReadonlyMap<number, SectorSpec> = new Map(SECTOR_SPECS.map((s) => [s.code, s]));

/** The sector Kipu issues with this codigoDocumentoSector, or undefined. */
export function sectorSpec(code: number): SectorSpec | undefined {
  return BY_CODE.get(code);
}

/** Sector 1, the plain sale: what a till issues when nothing else is chosen. */
export const COMPRA_VENTA_SECTOR = COMPRA_VENTA.code;

/** The credit-debit note: issued from an invoice (a return), with its own layout and service. */
export const CREDIT_DEBIT_NOTE_SECTOR = NOTA_CREDITO_DEBITO.code;

/** The nota de conciliación: issued from an invoice (an adjustment of its amounts), its lines in two parts. */
export const CONCILIATION_NOTE_SECTOR = NOTA_CONCILIACION.code;

/** Why a till cannot be set to sell this sector (es-BO), or null when it can. */
export function notSoldAtTill(code: number): string | null {
  const till = sectorSpec(code)?.till;
  return !till || till.sells ? null : till.why;
}
