// The public invoice links (no key: the CUF is the access token). Every link handed to a
// customer or opened by the till is built here from the route contract's public routes
// (shared/api/routes/sale.ts), so the routes and the links cannot drift apart.
import { pathOf } from './routes/route';
import { PUBLIC_ROUTES } from './routes/sale';

/** The public downloads of an invoice. */
export const PUBLIC_INVOICE_FORMATS = ['pdf', 'ticket', 'xml', 'zip'] as const;
export type PublicInvoiceFormat = (typeof PUBLIC_INVOICE_FORMATS)[number];

const DOWNLOADS = {
  pdf: PUBLIC_ROUTES.invoicePdf,
  ticket: PUBLIC_ROUTES.invoiceTicket,
  xml: PUBLIC_ROUTES.invoiceXml,
  zip: PUBLIC_ROUTES.invoiceZip,
} as const satisfies Record<PublicInvoiceFormat, unknown>;

/** The public route of an invoice's summary, or of one of its downloads. */
export function publicInvoiceRoute(format?: PublicInvoiceFormat): (typeof PUBLIC_ROUTES)['invoice' | 'invoicePdf' | 'invoiceTicket' | 'invoiceXml' | 'invoiceZip'] {
  return format ? DOWNLOADS[format] : PUBLIC_ROUTES.invoice;
}

/** `/api/v1/public/invoice/{cuf}` (the public summary), or one of its downloads; prefix a base URL for an absolute link. */
export function publicInvoicePath(cuf: string, format?: PublicInvoiceFormat): string {
  return pathOf(publicInvoiceRoute(format), { cuf });
}
