// The API's invoiceType names (seed 000: Sector documents) and what SIAT gets for each, as the
// sector files declare them (shared/sectors/). The seed's codigoDocumentoSector column disagrees
// with SIAT's official catalog; everything sent to SIAT follows SIAT's catalog (decision 0005).
// Shared: the till offers these per point of sale.
import { SECTOR_SPECS } from './sectors';

export interface InvoiceTypeDef {
  name: string;
  /** SIAT codigoDocumentoSector (official catalog). */
  sector: number;
  modalidad: 1 | 2;
  tipoFactura: number;
}

/** In sector order, each sector's as its file lists them. */
export const INVOICE_TYPES: readonly InvoiceTypeDef[] = SECTOR_SPECS.flatMap((s) => s.invoiceTypes.map((t) => ({ name: t.name, sector: s.code, modalidad: t.modalidad, tipoFactura: s.tipoFactura })));

export function invoiceType(name: string): InvoiceTypeDef | undefined {
  return INVOICE_TYPES.find((x) => x.name === name);
}

/** The invoiceType of a sector and modality (the first one named, where the seeds name two). */
export function invoiceTypeFor(sector: number, modalidad: 1 | 2): InvoiceTypeDef | undefined {
  return INVOICE_TYPES.find((x) => x.sector === sector && x.modalidad === modalidad);
}
