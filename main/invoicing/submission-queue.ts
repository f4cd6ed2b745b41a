// SIAT off the sale path (issue #13): a sale is complete once its invoice is built, checked,
// signed and durably stored; submission to SIAT runs right after, here, in the background.
// One queue per point of sale keeps the submission order (sends start in number order) and keeps
// several calls in flight, so a burst does not wait behind one slow answer. Before each send the
// queue looks at the point of sale's contingency: once an event is open, what was still queued
// is re-issued offline without ever having been sent — nothing is sent twice. An outcome SIAT
// never gave (a time-out in flight) stays PENDING with needs_reconcile, exactly as before.
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { InvoiceRecord } from '../store/invoices';

/** What the queue needs from submitting (submit-invoice.ts). */
export interface Submitter {
  /** recepcionFactura (or the sector's reception); persists and publishes the outcome. */
  submitOnline(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord): Promise<InvoiceRecord>;
  /** Asks SIAT whether it has the invoice before sending it (a restart after a crash). */
  submitAfterCheck(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord): Promise<InvoiceRecord>;
  /** The point of sale's open event, if any: queued invoices go offline instead. */
  activeEvent(tenantId: string, posId: string): { id: string; cufdEvento: string } | null;
  /** What becomes of a queued invoice, never sent, once the point of sale is in contingency. */
  whileOffline(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord, event: { id: string; cufdEvento: string }): Promise<InvoiceRecord>;
}

interface Job {
  tenant: Tenant;
  pos: PointOfSale;
  inv: InvoiceRecord;
  checkFirst: boolean;
  resolve: (inv: InvoiceRecord) => void;
  reject: (err: unknown) => void;
}

interface Lane {
  queue: Job[];
  inFlight: number;
}

/** Calls in flight per point of sale: 200 sales at 800 ms each settle in 10 s only with 16 or more; 32 leaves room. */
export const DEFAULT_IN_FLIGHT = 32;

export class SubmissionQueue {
  private readonly lanes = new Map<string, Lane>();
  private readonly idle = new Set<() => void>();
  /** Invoice ids queued or in flight. */
  private readonly held = new Set<string>();

  constructor(
    private readonly submitter: Submitter,
    private readonly maxInFlight = DEFAULT_IN_FLIGHT,
    private readonly onError: (err: unknown, inv: InvoiceRecord) => void = () => {},
  ) {}

  /** Queues the invoice's submission; the promise settles with its outcome as stored. */
  enqueue(tenant: Tenant, pos: PointOfSale, inv: InvoiceRecord, checkFirst = false): Promise<InvoiceRecord> {
    return new Promise((resolve, reject) => {
      const lane = this.laneOf(pos.id);
      this.held.add(inv.id);
      lane.queue.push({ tenant, pos, inv, checkFirst, resolve, reject });
      this.pump(pos.id, lane);
    });
  }

  /** True while the invoice is queued or in flight here. */
  holds(invoiceId: string): boolean {
    return this.held.has(invoiceId);
  }

  /** Invoices queued or in flight (all points of sale). */
  pending(): number {
    let n = 0;
    for (const l of this.lanes.values()) n += l.queue.length + l.inFlight;
    return n;
  }

  /** Resolves once nothing is queued or in flight (shutdown, tests). */
  drained(): Promise<void> {
    if (this.pending() === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.add(resolve));
  }

  private laneOf(posId: string): Lane {
    let lane = this.lanes.get(posId);
    if (!lane) {
      lane = { queue: [], inFlight: 0 };
      this.lanes.set(posId, lane);
    }
    return lane;
  }

  private pump(posId: string, lane: Lane): void {
    while (lane.inFlight < this.maxInFlight && lane.queue.length > 0) {
      const job = lane.queue.shift()!;
      const event = this.submitter.activeEvent(job.tenant.id, job.pos.id);
      if (event && !job.checkFirst) {
        // Never sent: the invoicing service issues it offline instead (submitter.whileOffline).
        void this.settle(job, () => this.submitter.whileOffline(job.tenant, job.pos, job.inv, event));
        continue;
      }
      lane.inFlight++;
      const send = job.checkFirst ? () => this.submitter.submitAfterCheck(job.tenant, job.pos, job.inv) : () => this.submitter.submitOnline(job.tenant, job.pos, job.inv);
      void this.settle(job, send).finally(() => {
        lane.inFlight--;
        this.pump(posId, lane);
      });
    }
    if (lane.inFlight === 0 && lane.queue.length === 0) {
      this.lanes.delete(posId);
      if (this.pending() === 0) {
        for (const f of this.idle) f();
        this.idle.clear();
      }
    }
  }

  private async settle(job: Job, run: () => Promise<InvoiceRecord>): Promise<void> {
    try {
      job.resolve(await run());
    } catch (err) {
      this.onError(err, job.inv);
      job.reject(err);
    } finally {
      this.held.delete(job.inv.id);
    }
  }
}
