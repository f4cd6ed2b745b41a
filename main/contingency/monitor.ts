// While a point of sale has an ACTIVE automatic event, probe SIAT (verificarComunicacion on
// Códigos) with back-off; when it answers: publish siat.connection_restored, end the event
// (ContingencyService.end → RECOVERING → onEventEnded starts the recovery). Manual events end
// only through POST /api/v1/events/end (seed "Contingency events").
//
// CONTRACT §5.1.1 / ZP 03 §5: "retry at most every 2 h" — production probes back off from 5 s
// to 2 min, well inside that bound. Back-off uses the real clock (the engine's `now` may be a
// test clock jumping hours ahead).
import type { Logger } from 'pino';
import type { Store } from '../store/store';
import type { SiatGateway } from '../codes/siat-gateway';
import type { EventBus } from '../events/event-bus';
import type { ContingencyRepository } from '../store/contingency-events';
import { ContingencyError, type ContingencyService } from './contingency-service';
import type { Backoff } from './recovery/context';
import type { ContingencyRecovery } from './recovery/runner';

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
}

interface ProbeState {
  nextAt: number;
  delay: number;
  probing: boolean;
}

export const DEFAULT_PROBE_BACKOFF: Backoff = { initialMs: 5_000, maxMs: 120_000 };

export class ConnectionMonitor {
  private timer: NodeJS.Timeout | null = null;
  private readonly probes = new Map<string, ProbeState>();
  private readonly inflight = new Set<Promise<void>>();
  private readonly backoff: Backoff;

  constructor(private readonly deps: MonitorDeps) {
    this.backoff = deps.backoff ?? DEFAULT_PROBE_BACKOFF;
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
    const now = Date.now();
    const active = this.deps.repo.allActive().filter((e) => !e.manual);
    const live = new Set(active.map((e) => e.id));
    for (const id of this.probes.keys()) if (!live.has(id)) this.probes.delete(id);
    for (const e of active) {
      let p = this.probes.get(e.id);
      if (!p) this.probes.set(e.id, (p = { nextAt: now + this.backoff.initialMs, delay: this.backoff.initialMs, probing: false }));
      if (p.probing || now < p.nextAt) continue;
      p.probing = true;
      const run = this.probe(e.tenantId, e.posId, e.id, p).finally(() => {
        p.probing = false;
        this.inflight.delete(run);
      });
      this.inflight.add(run);
    }
  }

  private async probe(tenantId: string, posId: string, eventId: string, p: ProbeState): Promise<void> {
    const { store, gateway, contingency, bus, logger, recovery } = this.deps;
    const tenant = store.tenants.byId(tenantId);
    const pos = tenant ? store.pointsOfSale.byId(tenantId, posId) : null;
    if (!tenant || !pos) return;
    try {
      await gateway.client(tenant).codigos.verificarComunicacion({ timeoutMs: this.deps.probeTimeoutMs ?? 5_000 });
    } catch (err) {
      p.delay = Math.min(this.backoff.maxMs, p.delay * 2);
      p.nextAt = Date.now() + p.delay;
      logger?.debug({ err, posId, nextProbeMs: p.delay }, 'SIAT still unreachable');
      return;
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
