// Predicted invoice numbers (docs/decisions/0038-signing-on-a-second-core.md). A sale's number is
// allocated in the transaction that stores it (invoices.allocateNumber, group commit), but an
// electronic invoice carries it in its CUF and signed XML, which are made before, off the main
// thread. So the sale path predicts it from an in-memory counter per (point of sale, sector),
// loaded from invoice_counters, and the transaction compares. Whatever takes or gives back
// numbers behind the counter's back (a massive batch, a batch that failed to commit, another
// engine on the file) shows as a mismatch there: that invoice is rebuilt with the allocated number
// and the counter realigned. The prediction only saves time; numbers are what the transaction
// allocates, gapless and one per invoice.

interface Counter {
  next: number;
  /** Predictions handed out whose job has not reached its transaction (or ended) yet. */
  waiting: number;
}

export interface Prediction {
  readonly number: number;
}

interface OpenPrediction extends Prediction {
  counter: Counter;
  open: boolean;
}

export class NumberPredictor {
  private readonly counters = new Map<string, Counter>();
  /** Predictions the transaction did not confirm (each one an invoice signed twice): benchmarks and tests read it. */
  mispredicted = 0;

  /** `lastNumber`: the last number allocated for the counter, as stored (0 when none). */
  constructor(private readonly lastNumber: (tenantId: string, posId: string, sector: number) => number) {}

  predict(tenantId: string, posId: string, sector: number): Prediction {
    const key = `${tenantId}:${posId}:${sector}`;
    let counter = this.counters.get(key);
    if (!counter) {
      counter = { next: this.lastNumber(tenantId, posId, sector) + 1, waiting: 0 };
      this.counters.set(key, counter);
    }
    counter.waiting++;
    const p: OpenPrediction = { number: counter.next++, counter, open: true };
    return p;
  }

  /**
   * Called in the transaction right after the number was allocated: true when the prediction
   * held. Otherwise the counter follows the allocated number; the predictions still waiting are
   * behind this one in the committer's queue (strict order), so they will take the numbers after it.
   */
  confirm(prediction: Prediction, allocated: number): boolean {
    const p = prediction as OpenPrediction;
    this.release(p);
    if (allocated === p.number) return true;
    this.mispredicted++;
    p.counter.next = allocated + 1 + p.counter.waiting;
    return false;
  }

  /** The prediction's job ended without confirming it (a replay, a batch that failed before it). */
  release(prediction: Prediction): void {
    const p = prediction as OpenPrediction;
    if (!p.open) return;
    p.open = false;
    p.counter.waiting--;
  }
}
