// The till's sale and its ticket go first (issue 25, "Fairness"; decision 0097). Heavy work on the
// engine's thread is already cut in lots of ≤ 10 ms with the thread given back between them
// (lots.ts), but a sale needs several turns of the event loop (its body, its handler, its commit,
// its answer) and a lot could run at each: on a loaded machine, where a sale's turns stretch over a
// second, it met several lots, a batch's step read and a worker's hand-off. Here the sale routes
// count the sales in flight (api/sale-first-hook.ts), and background work asks `clear()` before
// each lot or step: it waits while a sale is in flight, at most `maxWaitMs` at a time, so a till
// that never stops selling slows heavy work down without ever stopping it.
//
// In memory, one per process: sales of every tenant and engine in the process go first.

export class SaleFirst {
  private inFlight = 0;
  private readonly waiters = new Set<() => void>();
  /** Waits that ended because the bound passed with a sale still in flight (heavy work not starved). */
  overruns = 0;

  private grace: NodeJS.Timeout | null = null;

  /**
   * `graceMs`: after the last sale's answer, heavy work waits that much longer — the till's own
   * process takes its answer (and prints) on the same two cores of a shop's computer.
   */
  constructor(
    readonly maxWaitMs: number,
    readonly graceMs = 0,
  ) {}

  /** Sales (or tickets) being answered now. */
  get salesInFlight(): number {
    return this.inFlight;
  }

  /** Whether heavy work must wait: a sale in flight, or one answered less than `graceMs` ago. */
  private get held(): boolean {
    return this.inFlight > 0 || this.grace !== null;
  }

  /** A sale began: the function returned ends it (a second call does nothing). */
  begin(): () => void {
    this.inFlight++;
    if (this.grace) clearTimeout(this.grace);
    this.grace = null;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight--;
      if (this.inFlight > 0) return;
      if (this.graceMs <= 0) return this.release();
      this.grace = setTimeout(() => {
        this.grace = null;
        this.release();
      }, this.graceMs);
    };
  }

  /**
   * Lets the waiting work go one at a time, a turn of the event loop between two: eight downloads
   * let go at once ran back to back, and a sale that came meanwhile waited for all of them; now
   * it is read between two, and holds the rest.
   */
  private release(): void {
    if (this.held) return;
    const first = this.waiters.values().next();
    if (first.done) return;
    first.value();
    if (this.waiters.size > 0) setImmediate(() => this.release());
  }

  /**
   * Resolves at once when no sale is in flight nor just answered; otherwise once none is (and
   * `graceMs` passed), or after `maxWaitMs` whatever (the work then runs beside the sale).
   */
  clear(): Promise<void> {
    if (!this.held) return Promise.resolve();
    return new Promise((resolve) => {
      const go = () => {
        clearTimeout(timer);
        this.waiters.delete(go);
        resolve();
      };
      const timer = setTimeout(() => {
        this.overruns++;
        go();
      }, this.maxWaitMs);
      this.waiters.add(go);
    });
  }
}

/**
 * The engine's: a sale's wait for heavy work is a lot or a step at most every 250 ms, and a
 * lot or step waits that long at most at a time; 25 ms after the last answer before it goes on.
 */
export const saleFirst = new SaleFirst(250, 25);
