// The worker thread that reads a massive batch's request (main/workers/pool.ts): parse, schemas
// and each item's checks (batch-body-job.ts), which held the engine's thread about a second for
// 10,000 items (issue 25). The engine stores the verdicts (MassiveEmission.receive).
import { readBatchRequest, type IntakeAnswer, type IntakeJob } from './batch-body-job';
import { serveJobs } from '../workers/serve-jobs';

serveJobs<IntakeJob, IntakeAnswer>(async (job) => readBatchRequest(job));
