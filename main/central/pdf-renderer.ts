// Central renders invoice PDFs off the request thread (issue 26, finding 3): a 15,000-line
// invoice once held the event loop 17 s and every other tenant's dashboard with it. Jobs go to a
// worker thread (pdf-worker.ts) through the bounded pool of main/workers/pool.ts: a tenant may have
// only a few PDFs waiting, the queue as a whole is capped, and a render that runs past its time
// ends its worker. Over a cap the caller is told to come back (429/503 with Retry-After).
import { WorkerPool, WorkBusyError, type WorkerPoolOptions } from '../workers/pool';
import type { PdfJob } from './pdf-worker';

export type PdfRendererOptions = Omit<WorkerPoolOptions, 'what' | 'perCallerMax'> & {
  /** PDFs waiting or rendering for one tenant (default 4). */
  perTenantMax?: number;
};

/** Too many PDFs waiting: `status` 429 (this tenant's share) or 503 (everyone's). */
export { WorkBusyError as PdfBusyError };

export class PdfRenderer {
  private readonly pool: WorkerPool<PdfJob, Uint8Array>;

  constructor(o: PdfRendererOptions = {}) {
    // One worker: Central's machine also runs PostgreSQL and the request thread.
    const { perTenantMax, ...rest } = o;
    this.pool = new WorkerPool({ from: import.meta.url, source: 'pdf-worker.ts', bundled: 'central-pdf-worker.cjs' }, { ...rest, ...(perTenantMax ? { perCallerMax: perTenantMax } : {}), what: 'PDF' });
  }

  render(tenantId: string, row: Record<string, unknown>, tenantReport: Record<string, unknown> | null): Promise<Uint8Array> {
    return this.pool.run(tenantId, { row, tenantReport });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
