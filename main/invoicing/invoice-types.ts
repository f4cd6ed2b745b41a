// The API's invoiceType names (seed: Sector documents) and what SIAT gets for each. The seed's
// codigoDocumentoSector column disagrees with SIAT's official catalog; everything sent to SIAT
// follows SIAT's catalog (DESIGN.md, SIAT). Only compra-venta is supported so far.
export interface InvoiceTypeDef {
  name: string;
  /** SIAT codigoDocumentoSector (official catalog). */
  sector: number;
  modalidad: 1 | 2;
  tipoFactura: number;
  supported: boolean;
}

const t = (name: string, sector: number, modalidad: 1 | 2, tipoFactura: number, supported = false): InvoiceTypeDef => ({
  name,
  sector,
  modalidad,
  tipoFactura,
  supported,
});

export const INVOICE_TYPES: readonly InvoiceTypeDef[] = [
  t('ELECTRONIC_SALE', 1, 1, 1, true),
  t('COMPUTERIZED_SALE', 1, 2, 1, true),
  t('NOTE_CREDIT_DEBIT', 24, 1, 3),
  t('ELECTRONIC_EXPORT', 3, 1, 2),
  t('COMPUTERIZED_EXPORT', 3, 2, 2),
  t('ELECTRONIC_FREE_ZONE', 5, 1, 2),
  t('ELECTRONIC_DUTY_FREE', 8, 1, 2),
  t('ELECTRONIC_SECTOR_EDUCATION', 11, 1, 1),
  t('COMPUTERIZED_SECTOR_EDUCATION', 11, 2, 1),
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
];

export function invoiceType(name: string): InvoiceTypeDef | undefined {
  return INVOICE_TYPES.find((x) => x.name === name);
}
