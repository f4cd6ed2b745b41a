// When the connection monitor probes SIAT again for one contingency event (issue 32, item 8):
// back-off from `initialMs` doubling to `maxMs` while SIAT stays away, but while sales wait for
// SIAT (offline invoices, sends with an unknown outcome) never more than `busyCapMs` between two
// probes, so a long outage does not leave them waiting minutes after SIAT is back. Pure: the
// caller passes the time (the monitor's clock) and whether sales wait.
import type { Backoff } from './recovery/context';

/** Probe at least this often while sales wait for SIAT (issue 32: "probe faster while sales wait"). */
export const DEFAULT_BUSY_PROBE_CAP_MS = 15_000;

export class ProbeSchedule {
  private delay: number;
  /** When the last probe ended (or the schedule began). */
  private lastAt: number;
  private nextAt: number;
  /** Hysteresis: no probe before this, sales waiting or not. */
  private notBefore = 0;

  constructor(
    private readonly backoff: Backoff,
    private readonly busyCapMs: number,
    now: number,
  ) {
    this.delay = backoff.initialMs;
    this.lastAt = now;
    this.nextAt = now + backoff.initialMs;
  }

  /** The earliest time the next probe may run, given whether sales wait. */
  nextProbeAt(salesWaiting: boolean): number {
    return Math.max(this.notBefore, salesWaiting ? Math.min(this.nextAt, this.lastAt + this.busyCapMs) : this.nextAt);
  }

  /** True once the next probe is due. `salesWaiting` is asked only when it can change the answer. */
  due(now: number, salesWaiting: () => boolean): boolean {
    if (now < this.notBefore) return false;
    if (now >= this.nextAt) return true;
    return now >= this.lastAt + this.busyCapMs && salesWaiting();
  }

  /** The probe (or the trial send after it) failed at `now`: back off. */
  failed(now: number): void {
    this.delay = Math.min(this.backoff.maxMs, this.delay * 2);
    this.lastAt = now;
    this.nextAt = now + this.delay;
  }

  /** SIAT answered but the event must not end yet (hysteresis): look again no sooner than `at`. */
  holdUntil(now: number, at: number): void {
    this.lastAt = now;
    this.nextAt = at;
    this.notBefore = at;
  }
}
