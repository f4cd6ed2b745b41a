// SIAT's clock, kept measured (issue 32, item 3). fechaEmision is the local clock plus the offset
// measured with sincronizarFechaHora (cuis-cufd-service.ts). A computer whose clock is corrected or
// drifts after the offset was measured sends dates SIAT refuses (1009: an online fechaEmision more
// than an hour behind or minutes ahead; 953: a CUFD SIAT already considers expired), and a stale
// offset kept in the settings did the same after a restart. So the offset is measured at start,
// every hour (scheduler.ts), and at once when SIAT refuses a sale for its date or its CUFD.
// An invoice SIAT refused for the clock is never re-issued here: its REJECTED state and SIAT's
// message stay for the manager, who decides (the cashier gets a notice to call them).
// Runs in: engine.
import type { Logger } from 'pino';
import type { EventBus } from '../events/event-bus';
import type { KipuEvent } from '../events/event-map';
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { CodesService } from './cuis-cufd-service';

/** SIAT's answers that a wrong clock causes: the date refused for online emission, the CUFD no longer in force. */
export const CLOCK_SIAT_CODES: ReadonlySet<number> = new Set([1009, 953]);

/** An offset that moved this much since the last measurement is news for the cashier. */
export const CLOCK_NOTICE_MS = 60_000;

/** Two rejections within this long share one measurement (a burst of refused sales asks SIAT once). */
const REMEASURE_AFTER_MS = 10_000;

export interface ClockWatchDeps {
  codes: CodesService;
  bus: EventBus;
  logger: Logger;
  tenant(id: string): Tenant | null;
  pointOfSale(tenantId: string, posId: string): PointOfSale | null;
  now?: () => Date;
}

export class ClockWatch {
  private readonly inflight = new Map<string, Promise<void>>();
  private readonly measuredAt = new Map<string, number>();
  private readonly now: () => Date;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: ClockWatchDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  start(): void {
    this.unsubscribe ??= this.deps.bus.subscribe((e) => this.onEvent(e));
  }

  stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    return Promise.allSettled([...this.inflight.values()]).then(() => undefined);
  }

  /** When this run last measured the tenant's offset (epoch ms), or null. */
  lastMeasured(tenantId: string): number | null {
    return this.measuredAt.get(tenantId) ?? null;
  }

  /**
   * Measures the offset now (one call per tenant at a time) and publishes siat.clock_skew when it
   * moved by CLOCK_NOTICE_MS or more, with the SIAT code of the refused sale that asked for it.
   */
  measure(tenant: Tenant, pos: PointOfSale, siatCode: number | null = null): Promise<void> {
    const running = this.inflight.get(tenant.id);
    if (running) return running;
    const run = this.run(tenant, pos, siatCode).finally(() => this.inflight.delete(tenant.id));
    this.inflight.set(tenant.id, run);
    return run;
  }

  private async run(tenant: Tenant, pos: PointOfSale, siatCode: number | null): Promise<void> {
    const { codes, bus, logger } = this.deps;
    const before = codes.clockOffsetMs(tenant.id);
    try {
      const { offsetMs } = await codes.syncClock(tenant, pos);
      this.measuredAt.set(tenant.id, this.now().getTime());
      const movedMs = offsetMs - before;
      if (Math.abs(movedMs) >= CLOCK_NOTICE_MS) {
        logger.warn({ tenant: tenant.nit, offsetMs, movedMs, siatCode }, 'SIAT clock offset re-measured');
        bus.publish({
          type: 'siat.clock_skew',
          tenantId: tenant.id,
          posId: pos.id,
          data: { posId: pos.id, offsetMs, previousOffsetMs: before, siatCode },
        });
      }
      // 953 can also mean the CUFD itself ran out on SIAT's clock: ask for one in force.
      if (siatCode === 953) await codes.ensureCufd(tenant, pos);
    } catch (err) {
      logger.warn({ err, tenant: tenant.nit }, 'SIAT clock measurement failed; the scheduler retries');
    }
  }

  private onEvent(e: KipuEvent): void {
    if (e.type !== 'invoice.rejected' || !e.posId) return;
    // SIAT states the refusal (902) and says why in its messages (1009, 953).
    const messages = (e.data['siatMessages'] as { codigo: number }[] | undefined) ?? [];
    const siatCode = [e.data['siatCode'], ...messages.map((m) => m.codigo)].find((c): c is number => typeof c === 'number' && CLOCK_SIAT_CODES.has(c));
    if (siatCode === undefined) return;
    const last = this.measuredAt.get(e.tenantId);
    if (last !== undefined && this.now().getTime() - last < REMEASURE_AFTER_MS && !this.inflight.has(e.tenantId)) return;
    const tenant = this.deps.tenant(e.tenantId);
    const pos = tenant ? this.deps.pointOfSale(tenant.id, e.posId) : null;
    if (tenant && pos) void this.measure(tenant, pos, siatCode);
  }
}
