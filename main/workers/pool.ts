// CPU-bound work off the request thread (issues 25 and 26): a few worker threads take jobs from a
// bounded queue. Each caller (a tenant) may have only a few jobs waiting, the queue as a whole is
// capped, and a job that runs past its time ends its worker (a new one takes the next job). Over a
// cap the caller is told to come back (WorkBusyError: CALLER_SHARE for its own share, FULL for everyone's).
//
// A worker module (see documents/render-worker.ts, central/pdf-worker.ts) answers each
// `{ id, job }` message with `{ id, result }` or `{ id, error }`.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DomainError } from '../errors/domain-error';

export interface WorkerPoolOptions {
  /** Worker threads (default 1). */
  workers?: number;
  /** Jobs waiting or running, all callers together (default 16). */
  queueMax?: number;
  /** Jobs waiting or running for one caller (default 4). */
  perCallerMax?: number;
  /** A job that takes longer ends its worker and fails with a 503 (default 60 s). */
  timeoutMs?: number;
  /** Spanish words for what the workers make ("PDF", "documentos"), for the busy messages. */
  what: string;
}

/** Where a worker starts: `bundled` next to the running bundle (dist/engine/*.cjs), or `source` through tsx. */
export interface WorkerEntry {
  /** The calling module's import.meta.url. */
  from: string;
  /** The worker's source file, relative to `from`'s folder (source mode). */
  source: string;
  /** The worker's bundle, a sibling of the running bundle (bundle mode, scripts/build.mjs). */
  bundled: string;
}

/** CALLER_SHARE: this caller (a tenant) already has its share in the pool; FULL: everyone's is taken, or the pool is stopping. */
export type WorkBusyCode = 'CALLER_SHARE' | 'FULL';

export class WorkBusyError extends DomainError<WorkBusyCode> {
  readonly domain = 'workBusy';
  override name = 'WorkBusyError';
  constructor(
    code: WorkBusyCode,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message);
  }
}

export type WorkerAnswer<R> = { id: number; result: R } | { id: number; error: string };

interface Pending<J, R> {
  id: number;
  job: J;
  transfer: ArrayBuffer[];
  caller: string;
  resolve: (r: R) => void;
  reject: (err: Error) => void;
}

interface Slot<J, R> {
  worker: Worker;
  current: Pending<J, R> | null;
  timer: NodeJS.Timeout | null;
}

function startWorker(entry: WorkerEntry): Worker {
  const here = fileURLToPath(entry.from);
  // The running code is a bundle (dist/engine/*.cjs, desktop and `npm start`): its worker is a
  // bundle beside it.
  if (here.endsWith('.cjs')) return new Worker(join(dirname(here), entry.bundled));
  // Source mode with the workers bundled ahead (the test runner, scripts/test-bundle.mjs): a
  // worker compiled through tsx costs seconds of CPU at every start.
  const prebuilt = process.env.KIPU_WORKER_BUNDLES;
  if (prebuilt && existsSync(join(prebuilt, entry.bundled))) return new Worker(join(prebuilt, entry.bundled));
  // Source mode (npm run serve, tests): a worker thread does not inherit tsx's loader; it
  // registers tsx's ESM entry (the CommonJS one cannot register from a file URL), then loads the
  // worker module.
  const tsx = pathToFileURL(createRequire(entry.from).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const file = pathToFileURL(join(dirname(here), entry.source)).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`, { eval: true });
}

export class WorkerPool<J, R> {
  private readonly slots: Slot<J, R>[] = [];
  private readonly queue: Pending<J, R>[] = [];
  private readonly perCaller = new Map<string, number>();
  private nextId = 1;
  private closed = false;
  private readonly o: Required<WorkerPoolOptions>;
  /** Jobs a worker thread answered (a result or an error), since start. */
  completed = 0;

  constructor(
    private readonly entry: WorkerEntry,
    o: WorkerPoolOptions,
  ) {
    this.o = { workers: o.workers ?? 1, queueMax: o.queueMax ?? 16, perCallerMax: o.perCallerMax ?? 4, timeoutMs: o.timeoutMs ?? 60_000, what: o.what };
  }

  /** Jobs waiting or running (all callers). */
  get inFlight(): number {
    let n = 0;
    for (const v of this.perCaller.values()) n += v;
    return n;
  }

  /** Runs `job` on a worker for `caller`; `transfer` lists buffers moved to the worker, not copied. */
  run(caller: string, job: J, transfer: ArrayBuffer[] = []): Promise<R> {
    const stopping = (): WorkBusyError => new WorkBusyError('FULL', 'Kipu se está deteniendo', 5);
    if (this.closed) return Promise.reject(stopping());
    const mine = this.perCaller.get(caller) ?? 0;
    if (mine >= this.o.perCallerMax) {
      return Promise.reject(new WorkBusyError('CALLER_SHARE', `Ya se prepara el máximo de ${this.o.what} a la vez para este contribuyente (${this.o.perCallerMax}); reintente en unos segundos`, 5));
    }
    if (this.inFlight >= this.o.queueMax) return Promise.reject(new WorkBusyError('FULL', `Se están preparando muchos ${this.o.what}; reintente en unos segundos`, 5));
    this.perCaller.set(caller, mine + 1);
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, transfer, caller, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) this.finish(p, new WorkBusyError('FULL', 'Kipu se está deteniendo', 5));
    await Promise.all(this.slots.splice(0).map((s) => this.stopSlot(s)));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.current === null);
      if (!slot && this.slots.length < this.o.workers) slot = this.newSlot();
      if (!slot) return;
      const p = this.queue.shift()!;
      const s = slot;
      s.current = p;
      s.timer = setTimeout(() => this.timedOut(s), this.o.timeoutMs);
      s.worker.postMessage({ id: p.id, job: p.job }, p.transfer);
    }
  }

  private newSlot(): Slot<J, R> {
    const slot: Slot<J, R> = { worker: startWorker(this.entry), current: null, timer: null };
    slot.worker.on('message', (m: WorkerAnswer<R>) => {
      const p = slot.current;
      if (!p || p.id !== m.id) return;
      this.completed++;
      this.release(slot);
      if ('result' in m) this.finish(p, null, m.result);
      else this.finish(p, new Error(m.error));
      this.pump();
    });
    // A worker that dies (a bug, memory) fails its job; the next job gets a new worker.
    slot.worker.on('error', (err) => this.lose(slot, err));
    slot.worker.on('exit', () => this.lose(slot, new Error(`el proceso que prepara ${this.o.what} terminó`)));
    // An idle worker does not keep the process alive (a CLI or a test ends without close()).
    slot.worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private timedOut(slot: Slot<J, R>): void {
    this.lose(slot, new WorkBusyError('FULL', `Preparar ${this.o.what} tardó demasiado`, 5));
    void slot.worker.terminate();
  }

  private lose(slot: Slot<J, R>, err: Error): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    const p = slot.current;
    this.release(slot);
    if (p) this.finish(p, err);
    if (!this.closed) this.pump();
  }

  private release(slot: Slot<J, R>): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.current = null;
  }

  private finish(p: Pending<J, R>, err: Error | null, result?: R): void {
    const n = (this.perCaller.get(p.caller) ?? 1) - 1;
    if (n > 0) this.perCaller.set(p.caller, n);
    else this.perCaller.delete(p.caller);
    if (err) p.reject(err);
    else p.resolve(result as R);
  }

  private async stopSlot(s: Slot<J, R>): Promise<void> {
    const p = s.current;
    this.release(s);
    if (p) this.finish(p, new WorkBusyError('FULL', 'Kipu se está deteniendo', 5));
    s.worker.removeAllListeners('exit');
    await s.worker.terminate();
  }
}
