// The worker thread that builds, signs and checks a massive batch's step (main/workers/pool.ts):
// up to 1,000 lines of XML, their RSA signatures and libxml2's XSD and signature check held the
// engine's thread for the whole step (issue 25). The engine stores the result (issue-items.ts).
import { sealStep, type SealedItem, type SealStepJob } from './seal-step';
import { serveJobs } from '../../workers/serve-jobs';

serveJobs<SealStepJob, SealedItem[]>((job) => sealStep(job));
