// Background upkeep, never on the sale path: renew CUIS and CUFDs before they expire and
// synchronize catalogs daily (SIAT requires them), and warn about what a person must renew
// (the signing certificate, the delegated token). A failure is logged and retried on the next
// tick; failed renewals and coming expiries are published as events (seed: Events), at most once
// a day each (daily-notices.ts).
import type { Logger } from 'pino';
import type { Store } from '../store/store';
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { CodesService } from '../cuis-cufd/cuis-cufd-service';
import type { CatalogService } from '../catalogs/catalog-sync';
import type { SignerProvider } from '../invoicing/signer-provider';
import { TOKEN_EXPIRY_SETTING } from '../cuis-cufd/siat-gateway';
import { SiatRejectionError } from '../siat/errors';
import { boliviaDate, daysBetweenDates, isIsoDate } from '../../shared/time';
import type { EventBus } from '../events/event-bus';
import { DailyNotices } from './daily-notices';
import { isRehearsalTenant } from '../training/rehearsal-tenant';
import type { ClockWatch } from '../cuis-cufd/clock-watch';

const DAY_MS = 24 * 60 * 60 * 1000;
/** SIAT's clock offset is measured again this often (issue 32, item 3); at start, and on 1009/953 too (clock-watch.ts). */
export const CLOCK_CHECK_MS = 60 * 60 * 1000;

/** certificate.expiring is published while the signing certificate has this many days or fewer left. */
export const CERTIFICATE_NOTICE_DAYS = 30;
/** siat.token_expiring is published while the delegated token has this many days or fewer left. */
export const TOKEN_NOTICE_DAYS = 15;

export interface SchedulerDeps {
  store: Store;
  codes: CodesService;
  catalogs: CatalogService;
  clock: ClockWatch;
  bus: EventBus;
  signers: Pick<SignerProvider, 'info'>;
  logger: Logger;
  now?: () => Date;
  /** Tenants to keep synchronized even before their first sync (the training tenant). */
  alwaysSync?: () => string[];
  /** Training mode: outside it, training tenants are inert (their keys are refused; issue 19, finding 3). */
  training?: boolean;
  intervalMs?: number;
}

/** What a renewal_failed event says about the failure: SIAT's codes and texts verbatim (STYLE.md 5). */
function failureData(err: unknown): { siatCode: number | null; siatMessages: { codigo: number; descripcion: string }[]; reason: string } {
  const messages = err instanceof SiatRejectionError ? err.messages : [];
  return { siatCode: messages[0]?.codigo ?? null, siatMessages: messages, reason: err instanceof Error ? err.message : String(err) };
}

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly notices: DailyNotices;
  private readonly now: () => Date;

  constructor(private readonly deps: SchedulerDeps) {
    this.now = deps.now ?? (() => new Date());
    this.notices = new DailyNotices(deps.store.settings, deps.bus, this.now);
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.deps.intervalMs ?? 60_000);
    this.timer.unref();
  }

  /** One pass; concurrent calls share the same pass. */
  tick(): Promise<void> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  /**
   * What a till needs before its first sale (issue 32, item 7), run before the engine listens:
   * SIAT's clock measured, a never-synchronized tenant's catalogs, a CUFD for every open point of
   * sale that has none in force (a new or long-closed till can then sell offline at once). Each
   * failure is logged and left to the regular passes; nothing here throws.
   */
  async prepareForSale(): Promise<void> {
    const { catalogs, logger } = this.deps;
    const always = new Set(this.deps.alwaysSync?.() ?? []);
    for (const tenant of this.liveTenants()) {
      const pos = this.deps.store.pointsOfSale.defaultFor(tenant.id);
      if (!pos) continue;
      const everSynced = catalogs.status(tenant.id).some((s) => s.lastSync !== null);
      try {
        if (!everSynced && always.has(tenant.id)) await catalogs.syncAll(tenant, pos);
        await this.deps.clock.measure(tenant, pos);
      } catch (err) {
        logger.warn({ err, tenant: tenant.nit }, 'first catalog sync failed; will retry');
      }
    }
    await this.ensureCufds();
  }

  /** Every live tenant has catalogs and every open point of sale a CUFD in force: sales can start. */
  readyToSell(): boolean {
    return this.liveTenants().every(
      (t) => this.deps.catalogs.status(t.id).some((s) => s.lastSync !== null) && this.deps.store.pointsOfSale.list(t.id).every((p) => this.deps.codes.activeCufd(t.id, p.id)),
    );
  }

  private async pass(): Promise<void> {
    const { store, codes, catalogs, logger } = this.deps;
    const now = this.now();
    for (const tenant of this.liveTenants()) {
      const last = this.deps.clock.lastMeasured(tenant.id);
      const pos = store.pointsOfSale.defaultFor(tenant.id);
      if (pos && (last === null || now.getTime() - last >= CLOCK_CHECK_MS)) await this.deps.clock.measure(tenant, pos);
    }
    // CUIS first: a CUFD renewed afterwards is asked with the new CUIS.
    for (const due of codes.cuisDueForRenewal()) {
      const found = this.pointOfSale(due.tenantId, due.posId);
      if (!found) continue;
      const { tenant, pos } = found;
      try {
        const renewed = await codes.renewCuis(tenant, pos);
        if (renewed.fechaVigencia === due.fechaVigencia) logger.info({ tenant: tenant.nit, pos: pos.code }, 'CUIS not renewable yet (SIAT answered the one in force)');
        else logger.info({ tenant: tenant.nit, pos: pos.code }, 'CUIS renewed');
      } catch (err) {
        logger.warn({ err, tenant: tenant.nit, pos: pos.code }, 'CUIS renewal failed; will retry');
        this.notices.publish('cuis.renewal_failed', tenant.id, pos.id, { ...this.posData(tenant, pos), expiresAt: due.fechaVigencia, ...failureData(err) });
      }
    }
    for (const due of codes.dueForRenewal()) {
      const found = this.pointOfSale(due.tenantId, due.posId);
      if (!found) continue;
      const { tenant, pos } = found;
      try {
        await codes.renewCufd(tenant, pos);
        logger.info({ tenant: tenant.nit, pos: pos.code }, 'CUFD renewed');
      } catch (err) {
        logger.warn({ err, tenant: tenant.nit, pos: pos.code }, 'CUFD renewal failed; will retry');
        const expiresAt = codes.latestCufd(tenant.id, pos.id)?.fechaVigencia ?? null;
        this.notices.publish('cufd.renewal_failed', tenant.id, pos.id, { ...this.posData(tenant, pos), expiresAt, ...failureData(err) });
      }
    }
    const always = new Set(this.deps.alwaysSync?.() ?? []);
    for (const tenant of this.tenants()) {
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
    await this.ensureCufds();
    for (const tenant of this.tenants()) {
      try {
        this.checkExpiries(tenant, now);
      } catch (err) {
        logger.warn({ err, tenant: tenant.nit }, 'expiry check failed; will retry');
      }
    }
  }

  /** certificate.expiring and siat.token_expiring, including once expired (until replaced). */
  private checkExpiries(tenant: Tenant, now: Date): void {
    const cert = this.deps.signers.info(tenant.id);
    if (cert) {
      const daysLeft = Math.floor((new Date(cert.notAfter).getTime() - now.getTime()) / DAY_MS);
      if (daysLeft <= CERTIFICATE_NOTICE_DAYS) {
        this.notices.publish('certificate.expiring', tenant.id, null, { nit: tenant.nit, notAfter: cert.notAfter, daysLeft });
      }
    }
    const expiresOn = this.deps.store.settings.get<string>(tenant.id, TOKEN_EXPIRY_SETTING);
    if (expiresOn && isIsoDate(expiresOn)) {
      const daysLeft = daysBetweenDates(boliviaDate(now), expiresOn);
      if (daysLeft <= TOKEN_NOTICE_DAYS) {
        this.notices.publish('siat.token_expiring', tenant.id, null, { nit: tenant.nit, expiresOn, daysLeft });
      }
    }
  }

  /**
   * Open points of sale of a live tenant with no CUFD in force get one: a point of sale registered
   * while SIAT was down, or one that never sold, can then sell offline (issue 32, item 7).
   */
  private async ensureCufds(): Promise<void> {
    const { codes, logger } = this.deps;
    for (const tenant of this.liveTenants()) {
      for (const pos of this.deps.store.pointsOfSale.list(tenant.id)) {
        if (codes.activeCufd(tenant.id, pos.id)) continue;
        try {
          await codes.ensureCufd(tenant, pos);
          logger.info({ tenant: tenant.nit, pos: pos.code }, 'CUFD obtained for a point of sale that had none in force');
        } catch (err) {
          logger.warn({ err, tenant: tenant.nit, pos: pos.code }, 'CUFD for a point of sale without one failed; will retry');
        }
      }
    }
  }

  /** Tenants that talk to SIAT: synchronized at least once, or kept synchronized from the start (training). */
  private liveTenants(): Tenant[] {
    const always = new Set(this.deps.alwaysSync?.() ?? []);
    return this.tenants().filter((t) => always.has(t.id) || this.deps.catalogs.status(t.id).some((s) => s.lastSync !== null));
  }

  /**
   * The tenants this run serves: a training tenant left in a live data directory asks SIAT nothing,
   * and the screen's rehearsal taxpayer only during a rehearsal (its steps get their own codes).
   */
  private tenants(): Tenant[] {
    return this.deps.store.tenants.list().filter((t) => (this.deps.training !== false || !t.training) && !isRehearsalTenant(t));
  }

  private pointOfSale(tenantId: string, posId: string): { tenant: Tenant; pos: PointOfSale } | null {
    const tenant = this.deps.store.tenants.byId(tenantId);
    if (tenant?.training && this.deps.training === false) return null;
    const pos = tenant ? this.deps.store.pointsOfSale.byId(tenant.id, posId) : null;
    return tenant && pos ? { tenant, pos } : null;
  }

  private posData(tenant: Tenant, pos: PointOfSale) {
    return { nit: tenant.nit, posId: pos.id, branchCode: pos.branchCode, posCode: pos.code };
  }

  stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.running ?? Promise.resolve();
  }
}
