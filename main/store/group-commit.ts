// Group commit for the sale path. With synchronous=FULL every COMMIT waits for the disk
// (≈0.1–1.5 ms depending on the machine), which caps one-transaction-per-invoice throughput.
// Sales that arrive together share ONE durable transaction; each runs in its own savepoint,
// so a failing sale rolls back alone, and every caller is answered only after the commit —
// nothing is acknowledged before it is on disk (DESIGN.md, Data).
//
// A job may come with work still under way off the main thread (its signature on libuv's thread
// pool, docs/decisions/0038-signing-on-a-second-core.md): the queue stays strictly in arrival
// order, and a batch takes jobs from the front only while they are ready, so the one in front is
// never overtaken. Nothing waits inside a transaction: a batch starts once its jobs are ready.
import type { Db } from './db';
import { stageEnd, stageStart } from '../metrics/stage-times';

interface Job {
  fn: () => unknown;
  ready: boolean;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

export class GroupCommitter {
  private queue: Job[] = [];
  private scheduled = false;
  /** How many jobs at the front the next batch waits for (0: not decided yet). */
  private waitFor = 0;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 32,
  ) {}

  /**
   * Runs `fn` inside the next batch transaction; resolves after that transaction commits. With
   * `after`, the job (and every job queued behind it) waits until `after` settles, however it does.
   */
  run<T>(fn: () => T, after?: Promise<unknown>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job: Job = { fn, ready: !after, resolve: resolve as (v: unknown) => void, reject };
      this.queue.push(job);
      const settle = () => {
        job.ready = true;
        this.schedule();
      };
      if (after) after.then(settle, settle);
      else this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || !this.queue[0]?.ready) return;
    // The jobs queued behind a ready head are being signed at this moment, on the other core: a
    // batch that waits for them pays one durable commit instead of several, and the commit (the
    // disk's flush) is the dearest step of a sale. Only those queued when the head got ready are
    // waited for, so new arrivals can never hold a batch back.
    if (this.waitFor === 0) this.waitFor = Math.min(this.queue.length, this.maxBatch);
    for (let i = 0; i < this.waitFor; i++) if (!this.queue[i]!.ready) return;
    this.waitFor = 0;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    let n = 0;
    while (n < this.queue.length && n < this.maxBatch && this.queue[n]!.ready) n++;
    const batch = this.queue.splice(0, n);
    this.schedule();
    if (batch.length === 0) return;
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    const t = stageStart();
    try {
      this.db
        .transaction(() => {
          for (const job of batch) {
            try {
              // A nested better-sqlite3 transaction is a SAVEPOINT: a throwing job undoes only itself.
              outcomes.push({ ok: true, value: this.db.transaction(job.fn)() });
            } catch (error) {
              // SQLite may end the whole transaction itself on SQLITE_FULL or an I/O error: the
              // jobs before this one are undone too, and the next would run outside it and commit
              // on its own. Nothing of the batch is stored: fail it all (below).
              if (!this.db.inTransaction) throw error;
              outcomes.push({ ok: false, error });
            }
          }
        })
        .immediate();
      stageEnd('transaction', t, batch.length);
    } catch (error) {
      // The transaction failed (the commit itself, or SQLite rolled it back): nothing of the batch is stored.
      for (const job of batch) job.reject(error);
      return;
    }
    batch.forEach((job, i) => {
      const o = outcomes[i]!;
      if (o.ok) job.resolve(o.value);
      else job.reject(o.error);
    });
  }
}
