// Where a point of sale's default document (an invoiceType name, issue #12) is kept: the
// tenant's settings row 'pos.<id>.defaultInvoiceType' (JSON text), read with the point of sale.
// A settings row rather than a column of points_of_sale: decision 0028.
export const defaultTypeKey = (posId: string) => `pos.${posId}.defaultInvoiceType`;
/** The column `default_invoice_type` of a query over `points_of_sale p`. */
export const DEFAULT_TYPE = `(SELECT s.value FROM settings s WHERE s.tenant_id = p.tenant_id AND s.key = 'pos.' || p.id || '.defaultInvoiceType') AS default_invoice_type`;

export function parseDefaultType(v: string | null): string | null {
  if (v === null) return null;
  const parsed: unknown = JSON.parse(v);
  return typeof parsed === 'string' ? parsed : null;
}
