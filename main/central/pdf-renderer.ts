// Central renders invoice PDFs off the request thread (issue 26, finding 3): a 15,000-line
// invoice once held the event loop 17 s and every other tenant's dashboard with it. Jobs go to a
// worker thread (pdf-worker.ts) through a bounded queue: a tenant may have only a few PDFs waiting,
// the queue as a whole is capped, and a render that runs past its time ends its worker (a new one
// takes the next job). Over a cap the caller is told to come back (429/503 with Retry-After).
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PdfJob, PdfResult } from './pdf-worker';

export interface PdfRendererOptions {
  /** Worker threads (default 1: Central's machine also runs PostgreSQL and the request thread). */
  workers?: number;
  /** PDFs waiting or rendering, all tenants together (default 16). */
  queueMax?: number;
  /** PDFs waiting or rendering for one tenant (default 4). */
  perTenantMax?: number;
  /** A render that takes longer ends its worker and answers 503 (default 60 s). */
  timeoutMs?: number;
}

/** Too many PDFs waiting: `status` 429 (this tenant's share) or 503 (everyone's). */
export class PdfBusyError extends Error {
  constructor(
    readonly status: 429 | 503,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'PdfBusyError';
  }
}

interface Pending {
  job: PdfJob;
  tenantId: string;
  resolve: (pdf: Uint8Array) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
}

/** How a worker starts: the bundled .cjs next to Central's bundle, or the .ts source through tsx. */
function spawn(): Worker {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.cjs')) return new Worker(join(dirname(here), 'central-pdf-worker.cjs'));
  // Source mode (npm run central, tests): a worker thread does not inherit tsx's loader; it
  // registers it, then loads the worker module.
  // tsx's ESM entry (its CommonJS one, what require.resolve names, cannot register from a file URL).
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const file = pathToFileURL(join(dirname(here), 'pdf-worker.ts')).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`, { eval: true });
}

export class PdfRenderer {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private readonly perTenant = new Map<string, number>();
  private nextId = 1;
  private closed = false;
  private readonly o: Required<PdfRendererOptions>;

  constructor(o: PdfRendererOptions = {}) {
    this.o = { workers: o.workers ?? 1, queueMax: o.queueMax ?? 16, perTenantMax: o.perTenantMax ?? 4, timeoutMs: o.timeoutMs ?? 60_000 };
  }

  /** PDFs waiting or rendering (all tenants). */
  get inFlight(): number {
    let n = 0;
    for (const v of this.perTenant.values()) n += v;
    return n;
  }

  render(tenantId: string, row: Record<string, unknown>, tenantReport: Record<string, unknown> | null): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(new PdfBusyError(503, 'Kipu Central se está deteniendo', 5));
    const mine = this.perTenant.get(tenantId) ?? 0;
    if (mine >= this.o.perTenantMax) {
      return Promise.reject(new PdfBusyError(429, `Ya hay ${mine} PDF de este contribuyente en preparación; reintente en unos segundos`, 5));
    }
    if (this.inFlight >= this.o.queueMax) return Promise.reject(new PdfBusyError(503, 'Kipu Central está preparando muchos PDF; reintente en unos segundos', 5));
    this.perTenant.set(tenantId, mine + 1);
    return new Promise<Uint8Array>((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, row, tenantReport }, tenantId, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) this.finish(p, new PdfBusyError(503, 'Kipu Central se está deteniendo', 5));
    await Promise.all(this.slots.splice(0).map((s) => this.stopSlot(s)));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.current === null);
      if (!slot && this.slots.length < this.o.workers) slot = this.newSlot();
      if (!slot) return;
      const p = this.queue.shift()!;
      slot.current = p;
      slot.timer = setTimeout(() => this.timedOut(slot!), this.o.timeoutMs);
      slot.worker.postMessage(p.job);
    }
  }

  private newSlot(): Slot {
    const slot: Slot = { worker: spawn(), current: null, timer: null };
    slot.worker.on('message', (m: PdfResult) => {
      const p = slot.current;
      if (!p || p.job.id !== m.id) return;
      this.release(slot);
      if ('pdf' in m) this.finish(p, null, m.pdf);
      else this.finish(p, new Error(m.error));
      this.pump();
    });
    // A worker that dies (a bug, memory) fails its job; the next job gets a new worker.
    slot.worker.on('error', (err) => this.lose(slot, err));
    slot.worker.on('exit', () => this.lose(slot, new Error('el proceso de PDF terminó')));
    this.slots.push(slot);
    return slot;
  }

  private timedOut(slot: Slot): void {
    this.lose(slot, new PdfBusyError(503, 'El PDF tardó demasiado en prepararse', 5));
    void slot.worker.terminate();
  }

  private lose(slot: Slot, err: Error): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    const p = slot.current;
    this.release(slot);
    if (p) this.finish(p, err);
    if (!this.closed) this.pump();
  }

  private release(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.current = null;
  }

  private finish(p: Pending, err: Error | null, pdf?: Uint8Array): void {
    const n = (this.perTenant.get(p.tenantId) ?? 1) - 1;
    if (n > 0) this.perTenant.set(p.tenantId, n);
    else this.perTenant.delete(p.tenantId);
    if (err) p.reject(err);
    else p.resolve(pdf!);
  }

  private async stopSlot(s: Slot): Promise<void> {
    const p = s.current;
    this.release(s);
    if (p) this.finish(p, new PdfBusyError(503, 'Kipu Central se está deteniendo', 5));
    s.worker.removeAllListeners('exit');
    await s.worker.terminate();
  }
}
