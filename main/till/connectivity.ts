// Whether SIAT answered lately, per installation (one SIAT base URL per engine). The till's
// status bar asks this on every poll, so it must never cost a SIAT call: the answer is the
// cached outcome of the last thing that talked to SIAT — the bus events of the issuing and
// contingency code (siat.connection_lost / restored, an invoice SIAT validated or rejected)
// and a periodic verificarComunicacion probe, faster while SIAT is away.
import type { EventBus } from '../events/event-bus';
import type { KipuEvent } from '../events/event-map';
import { SiatMalformedError, SiatTransportError } from '../siat/errors';

export interface ConnectivityOptions {
  bus: EventBus;
  /** Resolves when SIAT answers (any SOAP answer counts, even a refusal); rejects otherwise. */
  probe: () => Promise<void>;
  /** Probe period while SIAT answers (default 60 s) … */
  onlineIntervalMs?: number;
  /** … and while it does not (default 10 s). */
  offlineIntervalMs?: number;
  now?: () => Date;
}

export interface ConnectivitySnapshot {
  reachable: boolean;
  /** When the last observation was made (ISO), null before the first one. */
  checkedAt: string | null;
}

/** A transport failure (refused, DNS, time-out, 5xx) or an unreadable answer: SIAT is not there. */
export function isUnreachable(err: unknown): boolean {
  return err instanceof SiatTransportError || err instanceof SiatMalformedError;
}

export class ConnectivityTracker {
  private reachable = true;
  private checkedAt: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private probing: Promise<boolean> | null = null;
  private stopped = false;
  private started = false;
  private unsubscribe: (() => void) | null = null;
  private readonly listeners = new Set<(s: ConnectivitySnapshot) => void>();

  constructor(private readonly opts: ConnectivityOptions) {
    this.unsubscribe = opts.bus.subscribe((e) => this.onEvent(e));
  }

  snapshot(): ConnectivitySnapshot {
    return { reachable: this.reachable, checkedAt: this.checkedAt };
  }

  /** Called on every change of `reachable`; returns an unsubscribe function. */
  onChange(fn: (s: ConnectivitySnapshot) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Starts the periodic probe (the first one right away). */
  start(): void {
    if (this.stopped || this.timer || this.started) return;
    this.started = true;
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.listeners.clear();
  }

  /** One probe now (concurrent callers share it); resolves to the new reachability. */
  probeNow(): Promise<boolean> {
    this.probing ??= this.opts
      .probe()
      .then(
        () => this.record(true),
        (err: unknown) => this.record(!isUnreachable(err)),
      )
      .then(() => this.reachable)
      .finally(() => (this.probing = null));
    return this.probing;
  }

  /** An observation from elsewhere (a SIAT call that answered or failed in transport). */
  record(reachable: boolean): void {
    this.checkedAt = (this.opts.now ?? (() => new Date()))().toISOString();
    if (reachable === this.reachable) return;
    this.reachable = reachable;
    const snap = this.snapshot();
    for (const fn of this.listeners) {
      try {
        fn(snap);
      } catch {
        // a broken listener must not stop the others
      }
    }
    // Lost: look again soon; back: slow down.
    if (this.timer && !this.stopped) {
      clearTimeout(this.timer);
      this.schedule(this.interval());
    }
  }

  private onEvent(e: KipuEvent): void {
    switch (e.type) {
      case 'siat.connection_lost':
        return this.record(false);
      case 'siat.connection_restored':
      case 'invoice.validated':
      case 'invoice.rejected':
        return this.record(true);
      default:
        return;
    }
  }

  private interval(): number {
    return this.reachable ? (this.opts.onlineIntervalMs ?? 60_000) : (this.opts.offlineIntervalMs ?? 10_000);
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      // While probing no timer is pending, so record() does not schedule a second one.
      this.timer = null;
      void this.probeNow().finally(() => {
        if (!this.stopped) this.schedule(this.interval());
      });
    }, ms);
    this.timer.unref();
  }
}
