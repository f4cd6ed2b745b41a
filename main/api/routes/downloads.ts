// Seed "Public downloads": the invoice as A4 PDF, 80 mm ticket and ZIP (PDF + ticket + signed
// XML), without an API key — the CUF is the access token. The summary and the XML are served by
// routes/invoices.ts.
import Type from 'typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { InvoiceRecord, InvoiceRepository } from '../../store/invoices';
import type { InvoiceDocuments } from '../../documents/invoice-documents';
import { invoiceFileStem } from '../../documents/invoice-model';
import { notFound } from '../errors';

/**
 * seed "Public downloads": every downloaded file carries this header ("issued invoices are
 * immutable"). Caveat: the PDF, ticket and ZIP of an invoice that is later annulled gain the
 * ANULADA mark (and a changed logo is not re-fetched), so a cache that kept the first copy keeps
 * serving it for up to a year. Kept as the seed demands; see docs/documents.md.
 */
export const PUBLIC_FILE_CACHE = 'public, max-age=31536000';

export interface DownloadRouteDeps {
  invoices: InvoiceRepository;
  documents: InvoiceDocuments;
}

export function downloadRoutes(app: FastifyInstance, deps: DownloadRouteDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Descargas públicas'];
  const params = Type.Object({ cuf: Type.String({ minLength: 1, maxLength: 100 }) });
  const load = (cuf: string): InvoiceRecord => {
    const inv = deps.invoices.byCuf(null, cuf);
    if (!inv) throw notFound(`No hay una factura con CUF ${cuf}`);
    return inv;
  };
  const send = (reply: FastifyReply, type: string, fileName: string, body: Uint8Array) =>
    reply
      .header('cache-control', PUBLIC_FILE_CACHE)
      .header('content-disposition', `inline; filename="${fileName}"`)
      // Opened by customers from links on other sites (mail, WhatsApp web), not only the till.
      .header('cross-origin-resource-policy', 'cross-origin')
      .type(type)
      .send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));

  r.get(
    '/api/v1/public/invoice/:cuf/pdf',
    { schema: { tags, summary: 'Factura en PDF tamaño carta/A4 (representación gráfica)', security: [], params } },
    async (req, reply) => {
      const inv = load(req.params.cuf);
      return send(reply, 'application/pdf', `${invoiceFileStem(inv)}.pdf`, await deps.documents.pdf(inv));
    },
  );

  r.get(
    '/api/v1/public/invoice/:cuf/ticket',
    { schema: { tags, summary: 'Factura como ticket PDF para impresoras de 80 mm', security: [], params } },
    async (req, reply) => {
      const inv = load(req.params.cuf);
      return send(reply, 'application/pdf', `${invoiceFileStem(inv)}-ticket.pdf`, await deps.documents.ticket(inv));
    },
  );

  r.get(
    '/api/v1/public/invoice/:cuf/zip',
    { schema: { tags, summary: 'ZIP con el PDF A4, el ticket de 80 mm y el XML firmado', security: [], params } },
    async (req, reply) => {
      const inv = load(req.params.cuf);
      const zip = await deps.documents.zip(inv);
      return reply
        .header('cache-control', PUBLIC_FILE_CACHE)
        .header('content-disposition', `attachment; filename="${invoiceFileStem(inv)}.zip"`)
        .header('cross-origin-resource-policy', 'cross-origin')
        .type('application/zip')
        .send(zip);
    },
  );
}
