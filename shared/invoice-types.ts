// The API's invoiceType names (seed 000: Sector documents) and what SIAT gets for each. The seed's
// codigoDocumentoSector column disagrees with SIAT's official catalog; everything sent to SIAT
// follows SIAT's catalog (decision 0005). Shared: the till offers these per point of sale.
export interface InvoiceTypeDef {
  name: string;
  /** SIAT codigoDocumentoSector (official catalog). */
  sector: number;
  modalidad: 1 | 2;
  tipoFactura: number;
}

const t = (name: string, sector: number, modalidad: 1 | 2, tipoFactura: number): InvoiceTypeDef => ({ name, sector, modalidad, tipoFactura });

export const INVOICE_TYPES: readonly InvoiceTypeDef[] = [
  t('ELECTRONIC_SALE', 1, 1, 1),
  t('COMPUTERIZED_SALE', 1, 2, 1),
  t('NOTE_CREDIT_DEBIT', 24, 1, 3),
  t('ELECTRONIC_EXPORT', 3, 1, 2),
  t('COMPUTERIZED_EXPORT', 3, 2, 2),
  t('ELECTRONIC_FREE_ZONE', 5, 1, 2),
  // seed 000 "Zero rate"; SIAT's zero-rate sector is 8 (tasa cero: books, international freight).
  t('ELECTRONIC_DUTY_FREE', 8, 1, 2),
  t('ELECTRONIC_SECTOR_EDUCATION', 11, 1, 1),
  t('COMPUTERIZED_SECTOR_EDUCATION', 11, 2, 1),
  // seed 000 lists health services and hospitals apart; SIAT has one sector (17) for both.
  t('ELECTRONIC_HEALTH_SERVICE', 17, 1, 1),
  t('ELECTRONIC_BASIC_SERVICE', 13, 1, 1),
  t('ELECTRONIC_AIRLINE', 30, 1, 4),
  t('ELECTRONIC_HOTEL', 16, 1, 1),
  t('COMPUTERIZED_HOTEL', 16, 2, 1),
  t('ELECTRONIC_HOSPITAL', 17, 1, 1),
  t('COMPUTERIZED_HOSPITAL', 17, 2, 1),
  t('ELECTRONIC_GAMES_LUCK', 18, 1, 1),
  t('ELECTRONIC_TELECOM', 22, 1, 1),
  t('COMPUTERIZED_TELECOM', 22, 2, 1),
  t('ELECTRONIC_FINANCIAL', 15, 1, 1),
  t('ELECTRONIC_INSURANCE', 34, 1, 1),
  t('COMPUTERIZED_INSURANCE', 34, 2, 1),
  // Kipu's names for the sector and modality pairs that seed 001's routes issue and seed 000's
  // table does not name (computerized note, zero rate and bonus sales).
  t('COMPUTERIZED_NOTE_CREDIT_DEBIT', 24, 2, 3),
  t('COMPUTERIZED_DUTY_FREE', 8, 2, 2),
  t('ELECTRONIC_SALE_BONUS', 35, 1, 1),
  t('COMPUTERIZED_SALE_BONUS', 35, 2, 1),
];

export function invoiceType(name: string): InvoiceTypeDef | undefined {
  return INVOICE_TYPES.find((x) => x.name === name);
}

/** The invoiceType of a sector and modality (the first one named, where the seeds name two). */
export function invoiceTypeFor(sector: number, modalidad: 1 | 2): InvoiceTypeDef | undefined {
  return INVOICE_TYPES.find((x) => x.sector === sector && x.modalidad === modalidad);
}
