// The worker thread that reads and checks purchase imports (main/workers/pool.ts): parsing a
// 20,000-row CSV or XLSX, checking each row and validating its registroCompra takes seconds of CPU
// that, on the engine's thread, every till waited for (issue 25). The engine stores the result.
import { readImport, type ImportAnswer, type ImportJob } from './import-job';
import { serveJobs } from '../workers/serve-jobs';

serveJobs<ImportJob, ImportAnswer>(readImport);
