// Background upkeep, never on the sale path: renew CUFDs before they expire and synchronize
// catalogs daily (SIAT requires both). A failure is logged and retried on the next tick.
import type { Logger } from 'pino';
import type { Store } from '../store/store';
import type { CodesService } from '../codes/codes-service';
import type { CatalogService } from '../catalogs/catalog-sync';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SchedulerDeps {
  store: Store;
  codes: CodesService;
  catalogs: CatalogService;
  logger: Logger;
  now?: () => Date;
  /** Tenants to keep synchronized even before their first sync (the training tenant). */
  alwaysSync?: () => string[];
  intervalMs?: number;
}

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly deps: SchedulerDeps) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.deps.intervalMs ?? 60_000);
    this.timer.unref();
  }

  /** One pass; concurrent calls share the same pass. */
  tick(): Promise<void> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<void> {
    const { store, codes, catalogs, logger } = this.deps;
    const now = (this.deps.now ?? (() => new Date()))();
    for (const due of codes.dueForRenewal()) {
      const tenant = store.tenants.byId(due.tenantId);
      const pos = tenant ? store.pointsOfSale.byId(tenant.id, due.posId) : null;
      if (!tenant || !pos) continue;
      try {
        await codes.renewCufd(tenant, pos);
        logger.info({ tenant: tenant.nit, pos: pos.code }, 'CUFD renewed');
      } catch (err) {
        logger.warn({ err, tenant: tenant.nit, pos: pos.code }, 'CUFD renewal failed; will retry');
      }
    }
    const always = new Set(this.deps.alwaysSync?.() ?? []);
    for (const tenant of store.tenants.list()) {
      const oldest = catalogs.oldestSync(tenant.id);
      const everSynced = catalogs.status(tenant.id).some((s) => s.lastSync !== null);
      if (!everSynced && !always.has(tenant.id)) continue;
      if (oldest && now.getTime() - oldest.getTime() < DAY_MS) continue;
      const pos = store.pointsOfSale.defaultFor(tenant.id);
      if (!pos) continue;
      try {
        await catalogs.syncAll(tenant, pos);
        if (!codes.activeCufd(tenant.id, pos.id)) await codes.ensureCufd(tenant, pos);
        logger.info({ tenant: tenant.nit }, 'catalogs synchronized');
      } catch (err) {
        logger.warn({ err, tenant: tenant.nit }, 'catalog sync failed; will retry');
      }
    }
  }

  stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.running ?? Promise.resolve();
  }
}
