// One rendering job of an invoice's A4 PDF or 80 mm ticket: pure (the document model and the
// logo's bytes in, the PDF's bytes out), so it runs the same in a worker thread (render-worker.ts)
// or on the caller's.
import { renderInvoicePdf } from './invoice-pdf';
import { renderTicketPdf } from './ticket-pdf';
import type { InvoiceDocumentModel } from './model';

export interface RenderJob {
  kind: 'pdf' | 'ticket';
  model: InvoiceDocumentModel;
  logoPng?: Uint8Array;
}

export function renderJob(job: RenderJob): Promise<Uint8Array> {
  return job.kind === 'pdf' ? renderInvoicePdf(job.model, job.logoPng ? { logoPng: job.logoPng } : {}) : renderTicketPdf(job.model);
}
