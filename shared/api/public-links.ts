// The public invoice links (no key: the CUF is the access token). Every link handed to a
// customer or opened by the till is built here, so the routes (main/api/access.ts) and the links
// cannot drift apart.

/** The public downloads of an invoice. */
export const PUBLIC_INVOICE_FORMATS = ['pdf', 'ticket', 'xml', 'zip'] as const;
export type PublicInvoiceFormat = (typeof PUBLIC_INVOICE_FORMATS)[number];

/** Path prefix of every public invoice route. */
export const PUBLIC_INVOICE_PREFIX = '/api/v1/public/invoice/';

/** `/api/v1/public/invoice/{cuf}` (the public summary), or one of its downloads; prefix a base URL for an absolute link. */
export function publicInvoicePath(cuf: string, format?: PublicInvoiceFormat): string {
  const summary = `${PUBLIC_INVOICE_PREFIX}${encodeURIComponent(cuf)}`;
  return format ? `${summary}/${format}` : summary;
}
