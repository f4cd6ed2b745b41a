// The worker thread that renders invoices' PDFs and tickets (invoice-documents.ts through
// main/workers/pool.ts): rendering a long invoice takes a second or more of CPU, and on the
// engine's thread every till waited for it (issue 25).
import { renderJob, type RenderJob } from './render-job';
import { serveJobs } from '../workers/serve-jobs';

serveJobs<RenderJob, Uint8Array>(renderJob, (bytes) => [bytes.buffer as ArrayBuffer]);
