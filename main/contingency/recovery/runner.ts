// Recovery of a contingency event (DESIGN.md, Offline-first; CONTRACT §5.1 steps 3–5):
//   new CUFD → reconcile invoices whose online outcome is unknown → registroEventoSignificativo →
//   packages of ≤ 500 → recepcionPaqueteFactura → validacionRecepcionPaqueteFactura → CLOSED.
// Every step is persisted (contingency_events.step, package rows) before and after it runs, and
// every step is idempotent against what is persisted, so a crash or restart resumes where it
// stopped (`resumeAll` at engine start). Transport failures back off and retry.
//
// One runner per point of sale: its RECOVERING events are recovered oldest first, one at a time.
// An event whose packages SIAT keeps pending (901) past the validation wait is set aside for as
// long again, with an alert naming SIAT's deadline, so later events are registered and sent
// within their own 48 h (983) instead of waiting behind it (issue 32, item 5).
// This file is the runner and its back-off; each persisted step is a module of this folder.
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { ContingencyEvent, ContingencyRepository } from '../../store/contingency-events';
import { STEP, ValidationPendingError, type Backoff, type RecoveryContext, type RecoveryDeps } from './context';
import { HOUR_MS } from '../limits';
import { fromBoliviaIso } from '../../../shared/time';
import { newCufd } from './new-cufd';
import { reconcile } from './reconcile';
import { registerEvent } from './register-event';
import { buildPackages } from './build-packages';
import { sendPackages } from './send-packages';
import { validatePackages } from './validate-packages';
import { StoppableSleeps } from '../../invoicing/package-reception';

const DEFAULT_RETRY: Backoff = { initialMs: 5_000, maxMs: 120_000 };
const DEFAULT_POLL: Backoff = { initialMs: 1_000, maxMs: 10_000 };
/** SIAT validates a package in seconds to minutes; 15 minutes of 901 is a package to set aside. */
const DEFAULT_VALIDATION_WAIT_MS = 15 * 60_000;
/** CONTRACT §5.4: packages within 48 h of the contingency's end (983 after). */
const PACKAGE_TERM_MS = 48 * HOUR_MS;

interface Runner {
  running: Promise<void> | null;
  again: boolean;
  timer: NodeJS.Timeout | null;
  attempts: number;
}

export class ContingencyRecovery {
  private readonly runners = new Map<string, Runner>();
  /** Events set aside while SIAT keeps their packages pending: event id → wall-clock ms to look again. */
  private readonly setAside = new Map<string, number>();
  /** Events whose pending validation was already announced (one alert per event and run). */
  private readonly announced = new Set<string>();
  private readonly retry: Backoff;
  private readonly poll: Backoff;
  private stopped = false;
  private readonly sleeps = new StoppableSleeps();
  /** What the steps see of this runner. */
  private readonly ctx: RecoveryContext;

  constructor(private readonly deps: RecoveryDeps) {
    this.retry = deps.retry ?? DEFAULT_RETRY;
    this.poll = deps.poll ?? DEFAULT_POLL;
    this.ctx = {
      deps,
      poll: this.poll,
      validationWaitMs: deps.validationWaitMs ?? DEFAULT_VALIDATION_WAIT_MS,
      step: (ev, step, patch) => this.step(ev, step, patch),
      checkStopped: () => this.checkStopped(),
      sleep: (ms) => this.sleeps.sleep(ms),
    };
  }

  /** Recovers every RECOVERING event (engine start: resume after a crash or restart). */
  resumeAll(): void {
    const seen = new Set<string>();
    for (const e of this.deps.repo.allRecovering()) {
      const key = `${e.tenantId}:${e.posId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      void this.kick(e.tenantId, e.posId);
    }
  }

  /**
   * Starts (or re-runs) the recovery of a point of sale's RECOVERING events. `now` = true skips a
   * pending back-off (SIAT was just seen answering).
   */
  kick(tenantId: string, posId: string, opts: { resetBackoff?: boolean } = {}): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const key = `${tenantId}:${posId}`;
    let r = this.runners.get(key);
    if (!r) this.runners.set(key, (r = { running: null, again: false, timer: null, attempts: 0 }));
    if (opts.resetBackoff) r.attempts = 0;
    if (r.timer) {
      clearTimeout(r.timer);
      r.timer = null;
    }
    if (r.running) {
      r.again = true;
      return r.running;
    }
    const runner = r;
    runner.running = this.loop(tenantId, posId, runner).finally(() => {
      runner.running = null;
      if (runner.again && !this.stopped) {
        runner.again = false;
        void this.kick(tenantId, posId);
      }
    });
    return runner.running;
  }

  /** True while a point of sale's recovery is running or waiting to retry. */
  isActive(tenantId: string, posId: string): boolean {
    const r = this.runners.get(`${tenantId}:${posId}`);
    return !!r && (r.running !== null || r.timer !== null);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const r of this.runners.values()) {
      if (r.timer) clearTimeout(r.timer);
      r.timer = null;
    }
    this.sleeps.wakeAll();
    await Promise.allSettled([...this.runners.values()].map((r) => r.running));
  }

  private async loop(tenantId: string, posId: string, runner: Runner): Promise<void> {
    const { store, repo, logger } = this.deps;
    while (!this.stopped) {
      const recovering = repo.unclosedFor(tenantId, posId).filter((e) => e.state === 'RECOVERING');
      const ev = recovering.find((e) => (this.setAside.get(e.id) ?? 0) <= Date.now());
      if (!ev) {
        // Only events set aside remain: look again when the first one is due.
        const due = Math.min(...recovering.map((e) => this.setAside.get(e.id) ?? Infinity));
        if (Number.isFinite(due)) this.retryLater(tenantId, posId, runner, Math.max(0, due - Date.now()));
        return;
      }
      this.setAside.delete(ev.id);
      const tenant = store.tenants.byId(tenantId);
      const pos = tenant ? store.pointsOfSale.byId(tenantId, posId) : null;
      if (!tenant || !pos) return;
      try {
        await this.recoverEvent(tenant, pos, ev);
        runner.attempts = 0;
      } catch (err) {
        if (this.stopped || !this.deps.store.isOpen) return;
        if (err instanceof ValidationPendingError) {
          this.setAsideEvent(tenantId, posId, ev, err);
          continue;
        }
        const delay = Math.min(this.retry.maxMs, this.retry.initialMs * 2 ** Math.min(runner.attempts, 20));
        runner.attempts++;
        const message = err instanceof Error ? err.message : String(err);
        repo.update(ev.id, { lastError: message.slice(0, 1000) });
        logger?.warn({ err, eventId: ev.id, retryInMs: delay }, 'contingency recovery failed; will retry');
        this.retryLater(tenantId, posId, runner, delay);
        return;
      }
    }
  }

  private retryLater(tenantId: string, posId: string, runner: Runner, delay: number): void {
    runner.timer = setTimeout(() => {
      runner.timer = null;
      void this.kick(tenantId, posId);
    }, delay);
    runner.timer.unref?.();
  }

  /** The event waits for SIAT's verdict out of the way; the manager is told until when SIAT takes packages. */
  private setAsideEvent(tenantId: string, posId: string, ev: ContingencyEvent, err: ValidationPendingError): void {
    const waitMs = this.ctx.validationWaitMs;
    this.setAside.set(ev.id, Date.now() + waitMs);
    this.deps.repo.update(ev.id, { lastError: err.message });
    // fechaFin is SIAT's clock in Bolivia time (contingency-service.ts); an event always has one here.
    const ended = (ev.fechaFin ? fromBoliviaIso(ev.fechaFin) : null) ?? new Date(ev.updatedAt);
    const deadline = new Date(ended.getTime() + PACKAGE_TERM_MS).toISOString();
    this.deps.logger?.warn({ eventId: ev.id, pendingPackages: err.pendingPackages, deadline }, 'SIAT keeps packages pending; event set aside');
    if (this.announced.has(ev.id)) return;
    this.announced.add(ev.id);
    this.deps.bus.publish({
      type: 'contingency.validation_pending',
      tenantId,
      posId,
      data: { eventId: ev.id, posId, pendingPackages: err.pendingPackages, deadline, retryInMs: waitMs },
    });
  }

  private step(ev: ContingencyEvent, step: string, patch: Parameters<ContingencyRepository['update']>[1] = {}): void {
    this.deps.repo.update(ev.id, { ...patch, step });
    ev.step = step;
    this.deps.onStep?.(ev, step);
  }


  private checkStopped(): void {
    if (this.stopped) throw new Error('recovery stopped');
  }

  private async recoverEvent(tenant: Tenant, pos: PointOfSale, ev: ContingencyEvent): Promise<void> {
    const { repo } = this.deps;
    const cufd = await newCufd(this.ctx, tenant, pos, ev);
    this.checkStopped();
    await reconcile(this.ctx, tenant, pos, ev, cufd);
    this.checkStopped();
    const codigoEvento = await registerEvent(this.ctx, tenant, pos, ev, cufd);
    this.checkStopped();
    await buildPackages(this.ctx, ev);
    this.checkStopped();
    await sendPackages(this.ctx, tenant, pos, ev, cufd, codigoEvento);
    this.checkStopped();
    await validatePackages(this.ctx, tenant, pos, ev, cufd);
    this.step(ev, STEP.CLOSED, { state: 'CLOSED', lastError: null });
    const by = repo.invoiceStateCounts(ev.id);
    this.deps.bus.publish({
      type: 'contingency.closed',
      tenantId: tenant.id,
      posId: pos.id,
      data: { eventId: ev.id, posId: pos.id, codigoEventoSiat: repo.byId(tenant.id, ev.id)?.codigoEventoSiat ?? null, validated: by.VALIDATED ?? 0, rejected: by.REJECTED ?? 0 },
    });
  }
}
