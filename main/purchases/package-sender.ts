// The purchases' own queue to SIAT (issue 14): READY purchases are packed by month into
// packages of at most 500 registroCompra XMLs (tar, gzip, SHA-256 of the gzip bytes), sent to
// recepcionPaqueteCompras and polled with validacionRecepcionPaqueteCompras until every
// purchase is ACCEPTED or REJECTED with SIAT's codes verbatim. Each step is persisted before
// the next, so a restart resumes. When SIAT does not answer, the queue waits and retries with
// back-off; the sales path and its contingency machinery are never involved.
import type { Logger } from 'pino';
import type { PackageVerdict, PurchasePackage, PurchaseRecord, PurchaseRepository, PurchaseState, SiatMessageRow } from '../store/purchases';
import type { TenantRepository } from '../store/tenants';
import { packPackage } from '../invoicing/archive';
import { isRetryable as isTransient, isWarning } from '../siat/messages';
import { formatSiatDateTime } from '../siat/datetime';
import { buildRegistroCompraXml } from './registro-xml';
import { validatePurchaseXml } from './registro-xsd';
import { callCompras, type SiatComprasDeps } from './siat-compras';
import { storeInLots, type LotLimits } from '../heavy-work/lots';
import { saleFirst } from '../heavy-work/sale-first';

/** PURCHASES.md §1.1: at most 500 XMLs per package. */
export const PURCHASE_PACKAGE_MAX = 500;

/**
 * A package's purchases marked SENT, or given SIAT's verdict, per transaction (heavy-work/lots.ts):
 * 500 row updates in one held a selling till's engine thread 25–50 ms at load 9 (issue 25,
 * decision 0095). Each step can be run again: a stop between two lots is finished by the next run.
 */
const PACKAGE_LOTS: LotLimits = { max: PURCHASE_PACKAGE_MAX, min: 25, ms: 10 };

export interface SenderOptions extends SiatComprasDeps {
  purchases: PurchaseRepository;
  tenants: TenantRepository;
  logger: Logger;
  now: () => Date;
  /** Poll interval while SIAT answers 901, and the retry back-off after a failure (ms). */
  pollMs?: number;
  retryMs?: { initial: number; max: number };
  /** Packs a package's tar.gz and hash off the engine's thread (invoicing/pack-worker.ts, issue 25); none: inline. */
  pack?: (tenantId: string, files: { name: string; xml: string }[]) => Promise<{ tarGz: Buffer; hashArchivo: string }>;
}

/** A tar member name per purchase: its register number, unique within the package. */
const memberName = (p: PurchaseRecord, i: number) => `compra_${String(i + 1).padStart(3, '0')}_${p.seq}.xml`;

export class PurchaseSender {
  private running = new Map<string, Promise<void>>();
  private timers = new Map<string, NodeJS.Timeout>();
  private backoff = new Map<string, number>();
  private stopped = false;
  private readonly pollMs: number;
  private readonly retry: { initial: number; max: number };

  constructor(private readonly o: SenderOptions) {
    this.pollMs = o.pollMs ?? 2000;
    this.retry = o.retryMs ?? { initial: 5000, max: 5 * 60_000 };
  }

  /** Resumes every tenant with purchases or packages still open (engine start). */
  resumeAll(): void {
    for (const t of this.o.purchases.tenantsWithWork()) void this.kick(t);
  }

  /** Runs the queue of a tenant now (or right after the current run). */
  kick(tenantId: string): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const timer = this.timers.get(tenantId);
    if (timer) {
      clearTimeout(timer);
      this.timers.delete(tenantId);
    }
    const current = this.running.get(tenantId);
    if (current) return current.then(() => this.kick(tenantId));
    const run = this.runTenant(tenantId).finally(() => this.running.delete(tenantId));
    this.running.set(tenantId, run);
    return run;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.running.values()]);
  }

  /** Whether a tenant's queue is waiting for SIAT to come back. */
  waiting(tenantId: string): boolean {
    return this.backoff.has(tenantId);
  }

  private later(tenantId: string, ms: number): void {
    if (this.stopped) return;
    const t = setTimeout(() => {
      this.timers.delete(tenantId);
      void this.kick(tenantId);
    }, ms);
    t.unref?.();
    this.timers.set(tenantId, t);
  }

  private async runTenant(tenantId: string): Promise<void> {
    const tenant = this.o.tenants.byId(tenantId);
    if (!tenant) return;
    try {
      await this.buildPackages(tenantId);
      let pending = false;
      for (const pkg of this.o.purchases.openPackages(tenantId)) {
        if (this.stopped) return;
        if (pkg.kind !== 'RECEPCION') continue;
        if (pkg.state === 'BUILT') await this.send(tenant, pkg);
        const now = this.o.purchases.packageById(tenantId, pkg.id)!;
        if (now.state === 'SENT') pending = (await this.poll(tenant, now)) || pending;
      }
      this.backoff.delete(tenantId);
      if (pending) this.later(tenantId, this.pollMs);
    } catch (err) {
      // SIAT unreachable or answering "try later": the purchases wait in their queue.
      const delay = Math.min(this.retry.max, (this.backoff.get(tenantId) ?? this.retry.initial / 2) * 2);
      this.backoff.set(tenantId, delay);
      this.o.logger.warn({ err, tenantId, retryInMs: delay }, 'purchase queue: SIAT not reachable, will retry');
      this.later(tenantId, delay);
    }
  }

  /** READY purchases → packages of ≤ 500 per month, XSD-checked as packed. */
  private async buildPackages(tenantId: string): Promise<void> {
    // A package the engine stopped marking (between two lots) is marked whole first: its unmarked
    // purchases, still READY, would otherwise go into a second package too.
    for (const pkg of this.o.purchases.openPackages(tenantId)) {
      if (pkg.kind === 'RECEPCION' && pkg.state === 'BUILT') await this.markPackaged(tenantId, pkg.id, pkg.purchaseIds);
    }
    for (;;) {
      // Reading and building a package's 500 documents waits for a sale in flight (decision 0097).
      await saleFirst.clear();
      const [first] = this.o.purchases.ready(tenantId, 1);
      if (!first) return;
      // One package's purchases and no more, all of the oldest one's month: reading 2,000 rows
      // for each package of an imported month held a selling till's engine thread ~50 ms a time
      // (issue 25, decision 0095).
      const batch = this.o.purchases.ready(tenantId, PURCHASE_PACKAGE_MAX, { gestion: first.gestion, periodo: first.periodo });
      // nro is the position within the package (1..500): the XSD caps it at 9999, a month may hold more.
      const files = batch.map((p, i) => ({ name: memberName(p, i), xml: buildRegistroCompraXml(p.data, i + 1) }));
      const verdicts = await validatePurchaseXml(files.map((f) => f.xml));
      const bad = verdicts.findIndex((v) => !v.valid);
      if (bad >= 0) throw new Error(`registroCompra ${batch[bad]!.seq} no cumple el XSD: ${verdicts[bad]!.errors.join('; ')}`);
      const packed = this.o.pack ? await this.o.pack(tenantId, files) : packPackage(files);
      const purchaseIds = batch.map((p) => p.id);
      // The package is inserted with its first lot of purchases; a stop before that leaves them
      // READY, packed again by the next run. One deleted while it was checked and packed is not
      // sent: the package is dropped before it exists and the month packed again without it (the
      // deletion of one already in a BUILT package is refused: PurchaseRegister.remove).
      let packageId = '';
      await storeInLots(purchaseIds.length, PACKAGE_LOTS, (fn) => this.o.purchases.inOneCommit(fn), (at) => {
        if (at === 0) {
          if (!this.o.purchases.allReady(tenantId, purchaseIds)) return false;
          packageId = this.o.purchases.insertPackage({
            tenantId,
            kind: 'RECEPCION',
            gestion: first.gestion,
            periodo: first.periodo,
            archive: packed.tarGz,
            hash: packed.hashArchivo,
            purchaseCount: batch.length,
            purchaseIds,
          });
        }
        this.o.purchases.markPackaged(tenantId, packageId, purchaseIds[at]!);
      });
    }
  }

  private async markPackaged(tenantId: string, packageId: string, purchaseIds: string[]): Promise<void> {
    await storeInLots(purchaseIds.length, PACKAGE_LOTS, (fn) => this.o.purchases.inOneCommit(fn), (at) => this.o.purchases.markPackaged(tenantId, packageId, purchaseIds[at]!));
  }

  private async send(tenant: { id: string } & Parameters<typeof callCompras>[1], pkg: PurchasePackage): Promise<void> {
    const res = await callCompras(this.o, tenant, 'recepcionPaqueteCompras', {
      archivo: pkg.archive.toString('base64'),
      cantidadFacturas: pkg.purchaseCount,
      fechaEnvio: formatSiatDateTime(this.o.codes.siatNow(tenant.id)),
      gestion: pkg.gestion,
      hashArchivo: pkg.hash,
      periodo: pkg.periodo,
    });
    if (res.codigoEstado === 901 && res.codigoRecepcion) {
      this.o.purchases.packageSent(tenant.id, pkg.id, res.codigoRecepcion);
      return;
    }
    if (res.messages.length > 0 && res.messages.every((m) => isTransient(m.codigo))) {
      this.o.purchases.packageFailedAttempt(tenant.id, pkg.id, res.messages.map((m) => `${m.codigo} ${m.descripcion}`).join('; '));
      throw new Error('SIAT transitorio');
    }
    // The whole package refused (969 hash, 985 count …): a verdict on every purchase in it.
    await this.settle(tenant.id, pkg, res.codigoEstado ?? 902, res.codigoDescripcion, res.codigoRecepcion, res.messages);
  }

  /** True while SIAT still answers 901. */
  private async poll(tenant: Parameters<typeof callCompras>[1], pkg: PurchasePackage): Promise<boolean> {
    const res = await callCompras(this.o, tenant, 'validacionRecepcionPaqueteCompras', { codigoRecepcion: pkg.codigoRecepcion });
    if (res.codigoEstado === 901) return true;
    if (res.messages.length > 0 && res.messages.every((m) => isTransient(m.codigo))) return true;
    await this.settle(tenant.id, pkg, res.codigoEstado ?? 902, res.codigoDescripcion, pkg.codigoRecepcion, res.messages);
    return false;
  }

  /**
   * 908: all accepted. 902: all rejected with the package's messages. 904: the messages that
   * name a file (numeroArchivo, counted from 0 like the invoice packages, docs/decisions/0023)
   * reject that purchase; the others are accepted.
   */
  private async settle(tenantId: string, pkg: PurchasePackage, code: number, description: string | null, codigoRecepcion: string | null, messages: SiatMessageRow[]): Promise<void> {
    const outcomes = pkg.purchaseIds.map((_, i) => {
      const own = messages.filter((m) => m.numeroArchivo === i);
      const errors = own.filter((m) => !isWarning(m.codigo) && m.advertencia !== true);
      let state: PurchaseState;
      if (code === 908) state = 'ACCEPTED';
      else if (code === 904) state = errors.length > 0 ? 'REJECTED' : 'ACCEPTED';
      else state = 'REJECTED';
      const general = messages.filter((m) => m.numeroArchivo === undefined);
      return { state, messages: state === 'REJECTED' && own.length === 0 ? general : own };
    });
    const verdict: PackageVerdict = { siatCode: code, siatDescription: description, codigoRecepcion, messages };
    // Each purchase's outcome in lots, then the package DONE: a stop between two lots leaves the
    // package open, asked again, and SIAT's same verdict written again.
    await storeInLots(pkg.purchaseIds.length, PACKAGE_LOTS, (fn) => this.o.purchases.inOneCommit(fn), (at) => this.o.purchases.settlePurchase(pkg, pkg.purchaseIds[at]!, verdict, outcomes[at]!));
    this.o.purchases.closePackage(tenantId, pkg.id, verdict);
  }
}
