// While a point of sale has an ACTIVE automatic event, probe SIAT (verificarComunicacion on
// Códigos) with back-off; when it answers, a real send must work too before the event ends
// (issue 32, item 6: a healthy probe with a failing recepcionFactura made a point of sale flip
// between online and contingency every few seconds):
// - the event holds an invoice whose online outcome is unknown → it is sent again as it is (same
//   CUF: SIAT cannot register it twice) and the event ends only if SIAT validates it or gives a
//   verdict; no answer → back off and stay in contingency;
// - nothing to try → the probe decides, with hysteresis: an event that opens again soon after one
//   ended this way must see SIAT answer for longer each time (doubling, up to the back-off's max).
// Ending: publish siat.connection_restored, ContingencyService.end → RECOVERING → onEventEnded
// starts the recovery. Manual events end only through POST /api/v1/events/end.
//
// CONTRACT §5.1.1 / ZP 03 §5: "retry at most every 2 h" — production probes back off from 5 s
// to 2 min, well inside that bound, and at most every 15 s while sales wait for SIAT
// (probe-schedule.ts, issue 32 item 8). Back-off uses the real clock (the engine's `now` may be a
// test clock jumping hours ahead); tests inject their own.
import type { Logger } from 'pino';
import type { Store } from '../store/store';
import type { SiatGateway } from '../cuis-cufd/siat-gateway';
import type { EventBus } from '../events/event-bus';
import type { ContingencyRepository } from '../store/contingency-events';
import { ContingencyError, type ContingencyService } from './contingency-service';
import type { Backoff } from './recovery/context';
import type { ContingencyRecovery } from './recovery/runner';
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import { DEFAULT_BUSY_PROBE_CAP_MS, ProbeSchedule } from './probe-schedule';

/** The trial send after a healthy probe (InvoiceSubmitter.trialSend, invoicing/submit-invoice.ts). */
export type TrialSend = (tenant: Tenant, pos: PointOfSale, invoiceId: string) => Promise<'validated' | 'answered' | 'no-answer'>;

export interface MonitorDeps {
  store: Store;
  repo: ContingencyRepository;
  contingency: ContingencyService;
  gateway: SiatGateway;
  bus: EventBus;
  recovery: ContingencyRecovery;
  logger?: Logger;
  backoff?: Backoff;
  /** Time-out of one probe (default 5 s). */
  probeTimeoutMs?: number;
  /** Longest gap between probes while sales wait for SIAT (default 15 s). */
  busyProbeCapMs?: number;
  /** Whether a point of sale has invoices waiting for SIAT (offline, or with an unknown outcome). */
  salesWaiting?: (tenantId: string, posId: string) => boolean;
  /** A real send after a healthy probe; without it the probe alone ends the event. */
  trialSend?: TrialSend;
  /** The monitor's clock (ms); tests inject one. */
  clock?: () => number;
}

interface ProbeState {
  schedule: ProbeSchedule;
  probing: boolean;
  /** When the monitor first saw the event (its clock). */
  seenAt: number;
}

/** Per point of sale: the last event that ended on the probe alone, for the hysteresis. */
interface Flaps {
  endedAt: number;
  count: number;
}

export const DEFAULT_PROBE_BACKOFF: Backoff = { initialMs: 5_000, maxMs: 120_000 };

export class ConnectionMonitor {
  private timer: NodeJS.Timeout | null = null;
  private readonly probes = new Map<string, ProbeState>();
  private readonly flaps = new Map<string, Flaps>();
  private readonly inflight = new Set<Promise<void>>();
  private readonly backoff: Backoff;
  private readonly clock: () => number;

  constructor(private readonly deps: MonitorDeps) {
    this.backoff = deps.backoff ?? DEFAULT_PROBE_BACKOFF;
    this.clock = deps.clock ?? Date.now;
  }

  start(): void {
    if (this.timer) return;
    const tick = Math.max(20, Math.min(1000, Math.floor(this.backoff.initialMs / 2)));
    this.timer = setInterval(() => this.tick(), tick);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.inflight]);
  }

  /** One scan: probe every ACTIVE automatic event whose back-off has elapsed. */
  tick(): void {
    if (!this.deps.store.isOpen) return;
    const now = this.clock();
    const active = this.deps.repo.allActive().filter((e) => !e.manual);
    const live = new Set(active.map((e) => e.id));
    for (const id of this.probes.keys()) if (!live.has(id)) this.probes.delete(id);
    const cap = Math.max(this.backoff.initialMs, this.deps.busyProbeCapMs ?? DEFAULT_BUSY_PROBE_CAP_MS);
    for (const e of active) {
      let p = this.probes.get(e.id);
      if (!p) this.probes.set(e.id, (p = { schedule: new ProbeSchedule(this.backoff, cap, now), probing: false, seenAt: now }));
      if (p.probing || !p.schedule.due(now, () => this.deps.salesWaiting?.(e.tenantId, e.posId) ?? false)) continue;
      p.probing = true;
      const run = this.probe(e.tenantId, e.posId, e.id, p).finally(() => {
        p.probing = false;
        this.inflight.delete(run);
      });
      this.inflight.add(run);
    }
  }

  private async probe(tenantId: string, posId: string, eventId: string, p: ProbeState): Promise<void> {
    const { store, gateway, contingency, bus, logger, recovery, repo } = this.deps;
    const tenant = store.tenants.byId(tenantId);
    const pos = tenant ? store.pointsOfSale.byId(tenantId, posId) : null;
    if (!tenant || !pos) return;
    try {
      await gateway.client(tenant).codigos.verificarComunicacion({ timeoutMs: this.deps.probeTimeoutMs ?? 5_000 });
    } catch (err) {
      p.schedule.failed(this.clock());
      logger?.debug({ err, posId, nextProbeAt: p.schedule.nextProbeAt(true) }, 'SIAT still unreachable');
      return;
    }
    if (!store.isOpen) return;
    const flapKey = `${tenantId}:${posId}`;
    // A real send: the oldest invoice of the event whose online outcome is unknown, as it is.
    const candidate = this.deps.trialSend ? repo.invoicesToReconcile(eventId)[0] : undefined;
    if (candidate) {
      let trial: Awaited<ReturnType<TrialSend>>;
      try {
        trial = await this.deps.trialSend!(tenant, pos, candidate);
      } catch (err) {
        // SIAT refused to look at it (a token problem …): not a working send either.
        logger?.warn({ err, posId, eventId }, 'la prueba de envío al SIAT falló');
        trial = 'no-answer';
      }
      if (trial === 'no-answer') {
        p.schedule.failed(this.clock());
        logger?.info({ posId, eventId }, 'SIAT responde a la prueba de comunicación pero no a la recepción de facturas; sigue la contingencia');
        return;
      }
      this.flaps.delete(flapKey);
    } else {
      // Nothing to try: hysteresis. An event opened soon after the last probe-only end of this
      // point of sale must last longer before the probe alone may end it.
      const now = this.clock();
      const last = this.flaps.get(flapKey);
      const count = last && p.seenAt - last.endedAt < this.backoff.maxMs ? last.count + 1 : 0;
      const hold = count === 0 ? 0 : Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** count);
      if (now < p.seenAt + hold) {
        p.schedule.holdUntil(now, p.seenAt + hold);
        return;
      }
      this.flaps.set(flapKey, { endedAt: now, count });
    }
    if (!store.isOpen) return;
    bus.publish({ type: 'siat.connection_restored', tenantId, posId, data: { posId, eventId } });
    this.probes.delete(eventId);
    try {
      contingency.end(tenant, pos, eventId);
    } catch (err) {
      if (!(err instanceof ContingencyError)) throw err; // ended meanwhile (manual end, split)
    }
    // Recoveries waiting on a back-off of this point of sale go now.
    void recovery.kick(tenantId, posId, { resetBackoff: true });
  }
}
