// Fairness between tenants for the engine's heavy work (issue 25): a purchase import and the
// CPU-bound part of a massive batch (issuing and packing) run on the engine's one thread, so
// one tenant's month-end jobs could take every turn of it. This gate lets at most one job of
// each kind run per tenant, and at most `global` heavy jobs at all; the others wait in arrival
// order, and a slot that frees goes to the oldest waiter whose tenant has none of that kind
// running, so another tenant's first job passes a tenant's second. The till's sale, ticket and
// everything else never go through here (decision 0063).
//
// In memory only: a waiting import is a request still open; a waiting batch is stored and its
// runner waits here (a restart resumes it and it queues again).

export type HeavyKind = 'import' | 'batch';

export interface HeavyWorkLimits {
  /** Heavy jobs running at once, all tenants and kinds together. */
  global: number;
}

/** Two: on the two cores of a shop's computer, one heavy job and the till's work each have one. */
export const HEAVY_WORK_LIMITS: HeavyWorkLimits = { global: 2 };

/** A tenant already has as many jobs of this kind waiting as the caller allows: it answers 429. */
export class GateFullError extends Error {
  override name = 'GateFullError';
  constructor(
    readonly kind: HeavyKind,
    readonly waiting: number,
  ) {
    super(`${waiting} ${kind} jobs already waiting`);
  }
}

interface Waiter {
  key: string;
  start: () => void;
}

export class HeavyWorkGate {
  /** tenant|kind → running (0 or 1). */
  private readonly running = new Set<string>();
  private readonly queue: Waiter[] = [];

  constructor(private readonly limits: HeavyWorkLimits = HEAVY_WORK_LIMITS) {}

  /**
   * Resolves when the job may run, with the function that ends it (call it in a `finally`; a
   * second call does nothing). Rejects at once with GateFullError when it would have to wait
   * and the tenant already has `maxWaiting` jobs of this kind waiting (a request holding its
   * body; a stored batch waits whatever the count).
   */
  acquire(tenantId: string, kind: HeavyKind, maxWaiting = Infinity): Promise<() => void> {
    const key = `${tenantId}|${kind}`;
    const waiting = this.queue.filter((w) => w.key === key).length;
    if (this.canStart(key) && waiting === 0) return Promise.resolve(this.start(key));
    if (waiting >= maxWaiting) return Promise.reject(new GateFullError(kind, waiting));
    return new Promise((resolve) => this.queue.push({ key, start: () => resolve(this.start(key)) }));
  }

  /** What runs and waits now, for logs and tests. */
  snapshot(): { running: string[]; waiting: string[] } {
    return { running: [...this.running], waiting: this.queue.map((w) => w.key) };
  }

  private canStart(key: string): boolean {
    return this.running.size < this.limits.global && !this.running.has(key);
  }

  private start(key: string): () => void {
    this.running.add(key);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running.delete(key);
      this.next();
    };
  }

  /** Starts waiters, oldest first, skipping those whose tenant already runs that kind. */
  private next(): void {
    for (let i = 0; i < this.queue.length && this.running.size < this.limits.global; ) {
      const w = this.queue[i]!;
      if (this.running.has(w.key)) {
        i++;
        continue;
      }
      this.queue.splice(i, 1);
      w.start();
    }
  }
}
