// Seed "Public downloads": the invoice as A4 PDF, 80 mm ticket and ZIP (PDF + ticket + signed
// XML), without an API key — the CUF is the access token. The summary and the XML are served by
// routes/invoices.ts. Each file is rendered once and then served from the store with a strong
// ETag and byte ranges (issue 25; documents/stored-documents.ts, ../stored-file-reply.ts).
import Type from 'typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { InvoiceRecord, InvoiceRepository } from '../../store/invoices';
import type { RenderedKind } from '../../store/rendered-documents';
import type { StoredDocuments } from '../../documents/stored-documents';
import { invoiceFileStem } from '../../documents/invoice-model';
import { notFound } from '../errors';
import { sendStoredFile } from '../stored-file-reply';
import { ROUTES } from '../../../shared/api/routes';
import { saleFirst } from '../../heavy-work/sale-first';

/**
 * seed "Public downloads": every downloaded file carries this header ("issued invoices are
 * immutable"). Caveat: the PDF, ticket and ZIP of an invoice that is later annulled gain the
 * ANULADA mark (and a changed logo is not re-fetched), so a cache that kept the first copy keeps
 * serving it for up to a year. Kept as the seed demands; see docs/documents.md. A client that
 * revalidates (If-None-Match) does get the new file: its ETag is the digest of the bytes it is.
 */
export const PUBLIC_FILE_CACHE = 'public, max-age=31536000';

export interface DownloadRouteDeps {
  invoices: InvoiceRepository;
  documents: StoredDocuments;
}

const FILES: Record<RenderedKind, { path: string; summary: string; type: string; disposition: 'inline' | 'attachment'; suffix: string }> = {
  pdf: { path: ROUTES.public.invoicePdf.path, summary: 'Factura en PDF tamaño carta/A4 (representación gráfica)', type: 'application/pdf', disposition: 'inline', suffix: '.pdf' },
  ticket: { path: ROUTES.public.invoiceTicket.path, summary: 'Factura como ticket PDF para impresoras de 80 mm', type: 'application/pdf', disposition: 'inline', suffix: '-ticket.pdf' },
  zip: { path: ROUTES.public.invoiceZip.path, summary: 'ZIP con el PDF A4, el ticket de 80 mm y el XML firmado', type: 'application/zip', disposition: 'attachment', suffix: '.zip' },
};

export function downloadRoutes(app: FastifyInstance, deps: DownloadRouteDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Descargas públicas'];
  const params = Type.Object({ cuf: Type.String({ minLength: 1, maxLength: 100 }) });
  const load = (cuf: string): InvoiceRecord => {
    const inv = deps.invoices.byCuf(null, cuf);
    if (!inv) throw notFound(`No hay una factura con CUF ${cuf}`);
    return inv;
  };
  const serve = async (cuf: string, req: FastifyRequest, reply: FastifyReply, kind: RenderedKind) => {
    // A download (its document's model and digest, a render's hand-off, the stored bytes copied
    // out) waits while a till's sale is in flight, at most 250 ms (decision 0097).
    await saleFirst.clear();
    const f = FILES[kind];
    const inv = load(cuf);
    const file = await deps.documents.file(inv, kind);
    reply
      .header('cache-control', PUBLIC_FILE_CACHE)
      .header('content-disposition', `${f.disposition}; filename="${invoiceFileStem(inv)}${f.suffix}"`)
      // Opened by customers from links on other sites (mail, WhatsApp web), not only the till.
      .header('cross-origin-resource-policy', 'cross-origin');
    return sendStoredFile(req, reply, file, f.type);
  };

  for (const kind of Object.keys(FILES) as RenderedKind[]) {
    r.get(
      FILES[kind].path,
      { schema: { tags, summary: FILES[kind].summary, security: [], params } },
      (req, reply) => serve(req.params.cuf, req, reply, kind),
    );
  }
}
