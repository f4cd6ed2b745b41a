// The engine's worker threads (issue 25): CPU-bound work off the thread that answers the tills.
// One pool per kind of job, sized here, in one place; engine.ts wires each to what uses it and
// closes them all when the engine stops.
import { WorkerPool } from '../workers/pool';
import type { RenderJob } from '../documents/render-job';
import type { CertificateAnswer, CertificateInput } from '../invoicing/certificate-worker';
import type { ImportAnswer, ImportJob } from '../purchases/import-job';
import type { PackJob, PackResult } from '../invoicing/pack-worker';
import type { IntakeAnswer, IntakeJob } from '../api/batch-body-job';
import type { SealedItem, SealStepJob } from '../invoicing/massive/seal-step';
import type { SiatReadJob, SiatReadResult } from './siat-answer-worker';
import { CertificateError } from '../invoicing/certificate';

export interface WorkerPools {
  /** Large SIAT answers (issue 25); `completed` counts them. */
  siatReaders: WorkerPool<SiatReadJob, SiatReadResult>;
  /** Packages to tar, gzip and hash (issue 25); `completed` counts them. */
  packWorkers: WorkerPool<PackJob, PackResult>;
  /** A massive batch's steps, built, signed and checked (decision 0072); `completed` counts them. */
  batchSealers: WorkerPool<SealStepJob, SealedItem[]>;
  /** A massive batch's request: its parse and each item's checks (api/batch-body-worker.ts). */
  batchIntakes: WorkerPool<IntakeJob, IntakeAnswer>;
  /** Uploaded certificates, opened (issue 25). */
  certificateWorkers: WorkerPool<CertificateInput, CertificateAnswer>;
  /** Documents rendered (issue 25); `completed` counts what they rendered. */
  renderWorkers: WorkerPool<RenderJob, Uint8Array>;
  /** Purchase imports, read and checked (issue 25); `completed` counts them. */
  importWorkers: WorkerPool<ImportJob, ImportAnswer>;
}

export function startWorkerPools(): WorkerPools {
  return {
    // Large SIAT answers (catalogs, consultaCompras and its archivo: up to 16 MiB) are read on a
    // worker thread (issue 25, decision 0067): parsing one took seconds of the thread that answers the tills.
    siatReaders: new WorkerPool<SiatReadJob, SiatReadResult>(
      { from: import.meta.url, source: './siat-answer-worker.ts', bundled: 'siat-answer-worker.cjs' },
      { workers: 1, perCallerMax: 8, queueMax: 32, timeoutMs: 120_000, what: 'respuestas del SIAT' },
    ),
    // Packages are tarred, gzipped and hashed on a worker thread (issue 25): a massive batch's
    // (decision 0067), the purchase register's, and a contingency event's (decision 0078).
    packWorkers: new WorkerPool<PackJob, PackResult>(
      { from: import.meta.url, source: '../invoicing/pack-worker.ts', bundled: 'package-pack-worker.cjs' },
      { workers: 1, perCallerMax: 2, queueMax: 8, timeoutMs: 300_000, what: 'paquetes' },
    ),
    // A batch's issuing step (XML, signature, self-check of up to 1,000 lines) too (decision 0072);
    // the gate runs one batch per tenant, so one job per tenant.
    batchSealers: new WorkerPool<SealStepJob, SealedItem[]>(
      { from: import.meta.url, source: '../invoicing/massive/seal-worker.ts', bundled: 'batch-seal-worker.cjs' },
      { workers: 1, perCallerMax: 1, queueMax: 4, timeoutMs: 300_000, what: 'lotes de facturas' },
    ),
    // A batch's request is read there too, on a worker of its own (decision 0078): the parse of up
    // to 32 MiB and each item's checks. Two per tenant and four in all, each holding its body.
    batchIntakes: new WorkerPool<IntakeJob, IntakeAnswer>(
      { from: import.meta.url, source: '../api/batch-body-worker.ts', bundled: 'batch-intake-worker.cjs' },
      { workers: 1, perCallerMax: 2, queueMax: 4, timeoutMs: 120_000, what: 'lotes recibidos' },
    ),
    // Uploaded certificates are opened on a worker thread (issue 25): one at a time per tenant.
    certificateWorkers: new WorkerPool<CertificateInput, CertificateAnswer>(
      { from: import.meta.url, source: '../invoicing/certificate-worker.ts', bundled: 'certificate-worker.cjs' },
      { workers: 1, perCallerMax: 1, queueMax: 4, timeoutMs: 120_000, what: 'certificados' },
    ),
    // Rendering runs on worker threads (issue 25): a long invoice's PDF never holds the thread that
    // answers the tills. Two workers for a 2-core till; a tenant has at most 8 documents waiting.
    renderWorkers: new WorkerPool<RenderJob, Uint8Array>(
      { from: import.meta.url, source: '../documents/render-worker.ts', bundled: 'document-render-worker.cjs' },
      { workers: 2, perCallerMax: 8, queueMax: 32, what: 'documentos' },
    ),
    // An import's file is read and checked on a worker thread (issue 25); the gate already lets one
    // import per tenant run, so one worker is enough and a second tenant's waits its turn there.
    // 20,000 rows took 40–55 s on that worker at load 15–20: 5 minutes before it is given up.
    importWorkers: new WorkerPool<ImportJob, ImportAnswer>(
      { from: import.meta.url, source: '../purchases/import-worker.ts', bundled: 'purchase-import-worker.cjs' },
      { workers: 1, perCallerMax: 1, queueMax: 4, timeoutMs: 300_000, what: 'importaciones de compras' },
    ),
  };
}

/** Packing as its users call it: the archive back as a Buffer (a worker answers a plain Uint8Array). */
export function packOn(packWorkers: WorkerPools['packWorkers']) {
  return async (tenantId: string, files: PackJob) => {
    const r = await packWorkers.run(tenantId, files);
    return { tarGz: Buffer.from(r.tarGz.buffer, r.tarGz.byteOffset, r.tarGz.byteLength), hashArchivo: r.hashArchivo };
  };
}

/** Opening a certificate as settings calls it: the worker's refusal thrown again as the CertificateError it was. */
export function openCertificateOn(certificateWorkers: WorkerPools['certificateWorkers']) {
  return async (tenantId: string, input: CertificateInput) => {
    const answer = await certificateWorkers.run(tenantId, input);
    if ('error' in answer) throw new CertificateError(answer.error.code, answer.error.message);
    return answer.cert;
  };
}

/** Stops every pool, one after the other (the engine's close, after the API and the queues stopped). */
export async function closeWorkerPools(pools: WorkerPools): Promise<void> {
  await pools.renderWorkers.close();
  await pools.certificateWorkers.close();
  await pools.importWorkers.close();
  await pools.siatReaders.close();
  await pools.packWorkers.close();
  await pools.batchSealers.close();
  await pools.batchIntakes.close();
}
