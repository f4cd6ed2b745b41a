// The worker thread that renders Central's invoice PDFs (pdf-renderer.ts, main/workers/pool.ts):
// rendering is CPU-bound and, on the request thread, one tenant's long invoice stalled every other
// tenant's dashboard (issue 26, finding 3). One job at a time; the bytes go back transferred.
import { invoicePdfFromReplica } from './invoice-pdf';
import { serveJobs } from '../workers/serve-jobs';

export interface PdfJob {
  row: Record<string, unknown>;
  tenantReport: Record<string, unknown> | null;
}

serveJobs<PdfJob, Uint8Array>((job) => invoicePdfFromReplica(job.row, job.tenantReport), (pdf) => [pdf.buffer as ArrayBuffer]);
