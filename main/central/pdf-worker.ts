// The worker thread that renders Central's invoice PDFs (pdf-renderer.ts): rendering is CPU-bound
// and, on the request thread, one tenant's long invoice stalled every other tenant's dashboard
// (issue 26, finding 3). One job at a time; the bytes go back transferred, not copied.
import { parentPort } from 'node:worker_threads';
import { invoicePdfFromReplica } from './invoice-pdf';

export interface PdfJob {
  id: number;
  row: Record<string, unknown>;
  tenantReport: Record<string, unknown> | null;
}

export type PdfResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (port) {
  port.on('message', (job: PdfJob) => {
    invoicePdfFromReplica(job.row, job.tenantReport).then(
      (pdf) => port.postMessage({ id: job.id, pdf } satisfies PdfResult, [pdf.buffer as ArrayBuffer]),
      (err: unknown) => port.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) } satisfies PdfResult),
    );
  });
}
