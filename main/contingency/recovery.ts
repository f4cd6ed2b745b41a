// Recovery of a contingency event (DESIGN.md, Offline-first; CONTRACT §5.1 steps 3–5):
//   new CUFD → reconcile invoices whose online outcome is unknown → registroEventoSignificativo →
//   packages of ≤ 500 → recepcionPaqueteFactura → validacionRecepcionPaqueteFactura → CLOSED.
// Every step is persisted (contingency_events.step, package rows) before and after it runs, and
// every step is idempotent against what is persisted, so a crash or restart resumes where it
// stopped (`resumeAll` at engine start). Transport failures back off and retry.
//
// One runner per point of sale: its RECOVERING events are recovered oldest first, one at a time.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Store } from '../store/store';
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { InvoiceRecord, InvoiceRepository, SiatMessageRecord } from '../store/invoices';
import type { CodesService, CufdRecord } from '../codes/codes-service';
import type { SiatGateway } from '../codes/siat-gateway';
import type { EventBus } from '../engine/event-bus';
import type { InvoicingService } from '../invoicing/issue-invoice';
import { summary } from '../invoicing/issue-invoice';
import { serviceFor } from '../invoicing/invoice-lifecycle';
import { packPackage } from '../invoicing/archive';
import { isWarning, RETRYABLE_CODES } from '../siat/messages';
import { fromBoliviaIso, toBoliviaIso } from '../../shared/time';
import type { ContingencyEvent, ContingencyPackage, ContingencyRepository } from './events-repository';
import { chunk, offlineDeadline, PACKAGE_MAX_INVOICES } from './limits';

/** Persisted recovery steps (contingency_events.step), in order. */
export const STEP = {
  ENDED: 'ENDED',
  CUFD: 'CUFD',
  CUFD_OK: 'CUFD_OK',
  RECONCILING: 'RECONCILING',
  RECONCILED: 'RECONCILED',
  REGISTERING: 'REGISTERING',
  REGISTERED: 'REGISTERED',
  PACKAGED: 'PACKAGED',
  SENDING: 'SENDING',
  VALIDATING: 'VALIDATING',
  CLOSED: 'CLOSED',
} as const;

export interface Backoff {
  initialMs: number;
  maxMs: number;
}

export interface RecoveryDeps {
  store: Store;
  repo: ContingencyRepository;
  invoices: InvoiceRepository;
  invoicing: InvoicingService;
  codes: CodesService;
  gateway: SiatGateway;
  bus: EventBus;
  logger?: Logger;
  /** Back-off after a failed attempt (transport failure, SIAT down again). */
  retry?: Backoff;
  /** Polling of validacionRecepcionPaqueteFactura while SIAT answers 901. */
  poll?: Backoff;
  /** Test hook: called after each persisted step (tests use it to observe or to crash). */
  onStep?: (event: ContingencyEvent, step: string) => void;
}

/** Answer of the reception family (RespuestaServicioFacturacion). */
interface Reception {
  codigoEstado?: number;
  codigoDescripcion?: string;
  codigoRecepcion?: string;
  mensajesList?: { codigo?: number; descripcion?: string; advertencia?: boolean; numeroArchivo?: number; numeroDetalle?: number }[];
  transaccion?: boolean;
}

/** SIAT answered with only transient codes (database time-out, service unavailable …). */
class TransientSiatError extends Error {
  override name = 'TransientSiatError';
}

const DEFAULT_RETRY: Backoff = { initialMs: 5_000, maxMs: 120_000 };
const DEFAULT_POLL: Backoff = { initialMs: 1_000, maxMs: 10_000 };

function messagesOf(res: Reception): SiatMessageRecord[] {
  return (res.mensajesList ?? []).map((m) => ({
    codigo: m.codigo ?? 0,
    descripcion: m.descripcion ?? '',
    ...(m.advertencia !== undefined ? { advertencia: m.advertencia } : {}),
    ...(m.numeroArchivo !== undefined ? { numeroArchivo: m.numeroArchivo } : {}),
    ...(m.numeroDetalle !== undefined ? { numeroDetalle: m.numeroDetalle } : {}),
  }));
}

const onlyTransient = (ms: SiatMessageRecord[]) => ms.length > 0 && ms.every((m) => RETRYABLE_CODES.has(m.codigo));

/** CONTRACT §6: 1000 "CUF ya existe" — SIAT already registered this very document. */
const ALREADY_REGISTERED = 1000;

interface Runner {
  running: Promise<void> | null;
  again: boolean;
  timer: NodeJS.Timeout | null;
  attempts: number;
}

export class ContingencyRecovery {
  private readonly runners = new Map<string, Runner>();
  private readonly retry: Backoff;
  private readonly poll: Backoff;
  private stopped = false;
  private readonly sleepers = new Set<() => void>();

  constructor(private readonly deps: RecoveryDeps) {
    this.retry = deps.retry ?? DEFAULT_RETRY;
    this.poll = deps.poll ?? DEFAULT_POLL;
  }

  /** Recovers every RECOVERING event (engine start: resume after a crash or restart). */
  resumeAll(): void {
    const seen = new Set<string>();
    for (const e of this.deps.repo.allRecovering()) {
      const key = `${e.tenantId}:${e.posId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      this.kick(e.tenantId, e.posId);
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
    for (const wake of this.sleepers) wake();
    await Promise.allSettled([...this.runners.values()].map((r) => r.running));
  }

  private async loop(tenantId: string, posId: string, runner: Runner): Promise<void> {
    const { store, repo, logger } = this.deps;
    while (!this.stopped) {
      const ev = repo.unclosedFor(tenantId, posId).find((e) => e.state === 'RECOVERING');
      if (!ev) return;
      const tenant = store.tenants.byId(tenantId);
      const pos = tenant ? store.pointsOfSale.byId(tenantId, posId) : null;
      if (!tenant || !pos) return;
      try {
        await this.recoverEvent(tenant, pos, ev);
        runner.attempts = 0;
      } catch (err) {
        if (this.stopped || !this.deps.store.db.open) return;
        const delay = Math.min(this.retry.maxMs, this.retry.initialMs * 2 ** Math.min(runner.attempts, 20));
        runner.attempts++;
        const message = err instanceof Error ? err.message : String(err);
        repo.update(ev.id, { lastError: message.slice(0, 1000) });
        logger?.warn({ err, eventId: ev.id, retryInMs: delay }, 'contingency recovery failed; will retry');
        runner.timer = setTimeout(() => {
          runner.timer = null;
          void this.kick(tenantId, posId);
        }, delay);
        runner.timer.unref?.();
        return;
      }
    }
  }

  private step(ev: ContingencyEvent, step: string, patch: Parameters<ContingencyRepository['update']>[1] = {}): void {
    this.deps.repo.update(ev.id, { ...patch, step });
    ev.step = step;
    this.deps.onStep?.(ev, step);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.sleepers.delete(done);
        resolve();
      };
      const t = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  private checkStopped(): void {
    if (this.stopped) throw new Error('recovery stopped');
  }

  private async recoverEvent(tenant: Tenant, pos: PointOfSale, ev: ContingencyEvent): Promise<void> {
    const { repo } = this.deps;
    const cufd = await this.newCufd(tenant, pos, ev);
    this.checkStopped();
    await this.reconcile(tenant, pos, ev, cufd);
    this.checkStopped();
    const codigoEvento = await this.register(tenant, pos, ev, cufd);
    this.checkStopped();
    this.buildPackages(ev);
    this.checkStopped();
    await this.send(tenant, pos, ev, cufd, codigoEvento);
    this.checkStopped();
    await this.validate(tenant, pos, ev, cufd);
    this.step(ev, STEP.CLOSED, { state: 'CLOSED', lastError: null });
    const counts = this.deps.store.db
      .prepare(`SELECT state, COUNT(*) n FROM invoices WHERE event_id = ? GROUP BY state`)
      .all(ev.id) as { state: string; n: number }[];
    const by = Object.fromEntries(counts.map((c) => [c.state, c.n]));
    this.deps.bus.publish({
      type: 'contingency.closed',
      tenantId: tenant.id,
      posId: pos.id,
      data: { eventId: ev.id, posId: pos.id, codigoEventoSiat: repo.byId(tenant.id, ev.id)?.codigoEventoSiat ?? null, validated: by.VALIDATED ?? 0, rejected: by.REJECTED ?? 0 },
    });
  }

  /** CONTRACT §5.1.3: a NEW CUFD, in force, registers the event and carries the packages. */
  private async newCufd(tenant: Tenant, pos: PointOfSale, ev: ContingencyEvent): Promise<CufdRecord> {
    const { codes } = this.deps;
    const kept = ev.cufdRegistro ? codes.byCodigo(tenant.id, ev.cufdRegistro) : null;
    // A few minutes of margin: the CUFD must still be in force when the last package is sent.
    if (kept && kept.codigo !== ev.cufdEvento && new Date(kept.fechaVigencia).getTime() - codes.siatNow(tenant.id).getTime() > 10 * 60_000) return kept;
    this.step(ev, STEP.CUFD);
    const fresh = await codes.renewCufd(tenant, pos);
    this.step(ev, STEP.CUFD_OK, { cufdRegistro: fresh.codigo });
    ev.cufdRegistro = fresh.codigo;
    return fresh;
  }

  private receptionBase(tenant: Tenant, pos: PointOfSale, cufd: CufdRecord, inv: { sector: number; modalidad: number; tipoFactura: number }) {
    const id = this.deps.gateway.identity(tenant);
    return {
      codigoAmbiente: id.codigoAmbiente,
      codigoDocumentoSector: inv.sector,
      codigoModalidad: inv.modalidad,
      codigoPuntoVenta: pos.code,
      codigoSistema: id.codigoSistema,
      codigoSucursal: pos.branchCode,
      cufd: cufd.codigo,
      cuis: cufd.cuis,
      nit: id.nit,
      tipoFacturaDocumento: inv.tipoFactura,
    };
  }

  /**
   * CONTRACT §5.1.5: an invoice whose online send timed out is checked before anything is resent.
   * 908 → VALIDATED (never resent); 905 → CANCELLED; anything else → re-issued offline into this
   * event (same number and date, codigoEmision 2).
   */
  private async reconcile(tenant: Tenant, pos: PointOfSale, ev: ContingencyEvent, cufd: CufdRecord): Promise<void> {
    const { invoices, invoicing, bus, gateway, store } = this.deps;
    const ids = store.db
      .prepare(`SELECT id FROM invoices WHERE event_id = ? AND state = 'PENDING' AND needs_reconcile = 1 ORDER BY number`)
      .all(ev.id) as { id: string }[];
    if (ids.length === 0) return;
    this.step(ev, STEP.RECONCILING);
    const client = gateway.client(tenant);
    for (const { id } of ids) {
      this.checkStopped();
      const inv = invoices.byId(tenant.id, id)!;
      const res = (await client.call(serviceFor(inv), 'verificacionEstadoFactura', {
        ...this.receptionBase(tenant, pos, cufd, inv),
        codigoEmision: inv.codigoEmision,
        cuf: inv.cuf,
      } as never)) as Reception;
      const messages = messagesOf(res);
      const at = new Date().toISOString();
      if (res.codigoEstado === 908) {
        const done = invoices.setState(inv.id, {
          state: 'VALIDATED',
          needsReconcile: false,
          siatCode: 908,
          siatDescription: res.codigoDescripcion ?? 'VALIDADA',
          siatReceptionCode: res.codigoRecepcion ?? null,
          siatMessages: messages,
          lastChecked: at,
          detail: 'SIAT ya la había recibido en línea (verificacionEstadoFactura 908); no se reenvía',
        });
        bus.publish({ type: 'invoice.validated', tenantId: tenant.id, posId: pos.id, data: summary(done) });
      } else if (res.codigoEstado === 905) {
        const done = invoices.setState(inv.id, { state: 'CANCELLED', needsReconcile: false, siatCode: 905, siatDescription: res.codigoDescripcion ?? 'ANULADA', siatMessages: messages, lastChecked: at });
        bus.publish({ type: 'invoice.cancelled', tenantId: tenant.id, posId: pos.id, data: summary(done) });
      } else if (onlyTransient(messages)) {
        throw new TransientSiatError(`verificacionEstadoFactura: SIAT ${messages.map((m) => m.codigo).join(',')}`);
      } else {
        invoicing.reissueOffline(tenant, pos, inv, { id: ev.id, cufdEvento: ev.cufdEvento }, `SIAT no registró el envío en línea (${res.codigoEstado ?? '?'} ${messages.map((m) => m.codigo).join(',')}); reemitida fuera de línea`);
      }
    }
    this.step(ev, STEP.RECONCILED);
  }

  /**
   * The event's range covers its invoices (1040) and stays within the cufdEvento's 72 h extension
   * (docs/decisions/0003): start ≤ first fechaEmision, end ≥ last, end > start (974).
   */
  private settleRange(tenant: Tenant, ev: ContingencyEvent): void {
    const r = this.deps.store.db
      .prepare(`SELECT MIN(fecha_emision) lo, MAX(fecha_emision) hi FROM invoices WHERE event_id = ? AND codigo_emision = 2`)
      .get(ev.id) as { lo: string | null; hi: string | null };
    let inicio = ev.fechaInicio;
    let fin = ev.fechaFin ?? toBoliviaIso(this.deps.codes.siatNow(tenant.id));
    if (r.lo && r.lo < inicio) inicio = r.lo;
    if (r.hi && r.hi > fin) fin = r.hi;
    const cufdEvento = this.deps.codes.byCodigo(tenant.id, ev.cufdEvento);
    if (cufdEvento) {
      const cap = toBoliviaIso(offlineDeadline(cufdEvento));
      if (fin > cap) fin = cap < (r.hi ?? '') ? r.hi! : cap;
    }
    if (fin <= inicio) fin = toBoliviaIso(new Date(fromBoliviaIso(inicio)!.getTime() + 1000));
    if (inicio !== ev.fechaInicio || fin !== ev.fechaFin) {
      this.deps.repo.update(ev.id, { fechaInicio: inicio, fechaFin: fin });
      ev.fechaInicio = inicio;
      ev.fechaFin = fin;
    }
  }

  /**
   * registroEventoSignificativo → codigoRecepcionEventoSignificativo. If a previous attempt may have
   * reached SIAT (step REGISTERING persisted, no code stored), consultaEventoSignificativo finds it
   * instead of registering twice.
   */
  private async register(tenant: Tenant, pos: PointOfSale, ev: ContingencyEvent, cufd: CufdRecord): Promise<number> {
    if (ev.codigoEventoSiat !== null) return ev.codigoEventoSiat;
    const client = this.deps.gateway.client(tenant);
    const id = this.deps.gateway.identity(tenant);
    const base = { codigoAmbiente: id.codigoAmbiente, codigoPuntoVenta: pos.code, codigoSistema: id.codigoSistema, codigoSucursal: pos.branchCode, cuis: cufd.cuis, nit: id.nit };
    let code: number | null = null;
    if (ev.step === STEP.REGISTERING) {
      const found = await client.operaciones.consultaEventoSignificativo({ ...base, cufd: cufd.codigo, fechaEvento: `${ev.fechaInicio.slice(0, 10)}T00:00:00.000` });
      const match = (found.listaCodigos ?? []).find((e) => e.fechaInicio === ev.fechaInicio && e.codigoEvento === ev.codigoMotivo);
      code = match?.codigoRecepcionEventoSignificativo ?? null;
    } else {
      this.settleRange(tenant, ev);
    }
    if (code === null) {
      this.step(ev, STEP.REGISTERING);
      const res = await client.operaciones.registroEventoSignificativo({
        ...base,
        codigoMotivoEvento: ev.codigoMotivo,
        cufd: cufd.codigo,
        cufdEvento: ev.cufdEvento,
        descripcion: ev.descripcion,
        fechaHoraInicioEvento: ev.fechaInicio,
        fechaHoraFinEvento: ev.fechaFin!,
      });
      if (typeof res.codigoRecepcionEventoSignificativo !== 'number') throw new Error('SIAT no devolvió codigoRecepcionEventoSignificativo');
      code = res.codigoRecepcionEventoSignificativo;
    }
    this.step(ev, STEP.REGISTERED, { codigoEventoSiat: code });
    ev.codigoEventoSiat = code;
    return code;
  }

  /**
   * Packages of ≤ 500 invoices per event, per cufdEvento and per (sector, modalidad, tipo), built
   * and stored with their invoices tied to them before anything is sent (CONTRACT §3.6).
   */
  private buildPackages(ev: ContingencyEvent): void {
    const { store, repo } = this.deps;
    const rows = store.db
      .prepare(
        `SELECT id, number, cufd, sector, modalidad, tipo_factura, xml FROM invoices
         WHERE event_id = ? AND state = 'CONTINGENCY' AND package_id IS NULL ORDER BY sector, number`,
      )
      .all(ev.id) as { id: string; number: number; cufd: string; sector: number; modalidad: number; tipo_factura: number; xml: string }[];
    if (rows.length === 0) {
      if (ev.step !== STEP.PACKAGED && ev.step !== STEP.SENDING && ev.step !== STEP.VALIDATING) this.step(ev, STEP.PACKAGED);
      return;
    }
    const groups = new Map<string, typeof rows>();
    for (const r of rows) {
      const key = `${r.cufd}|${r.sector}|${r.modalidad}|${r.tipo_factura}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = []));
      g.push(r);
    }
    let seq = repo.nextPackageSeq(ev.id);
    const built: Parameters<ContingencyRepository['addPackages']>[0] = [];
    for (const g of groups.values()) {
      for (const part of chunk(g, PACKAGE_MAX_INVOICES)) {
        // File names inside the tar are free (CONTRACT §3.6); numeroArchivo is the file's index.
        const packed = packPackage(part.map((r) => ({ name: `${r.number}.xml`, xml: r.xml })));
        built.push({ id: randomUUID(), eventId: ev.id, tenantId: ev.tenantId, seq: seq++, cufdEvento: part[0]!.cufd, invoiceIds: part.map((r) => r.id), archive: packed.tarGz, hash: packed.hashArchivo });
      }
    }
    repo.addPackages(built);
    this.step(ev, STEP.PACKAGED);
  }

  private packageKind(p: ContingencyPackage): { sector: number; modalidad: number; tipoFactura: number } {
    const r = this.deps.store.db.prepare('SELECT sector, modalidad, tipo_factura FROM invoices WHERE id = ?').get(p.invoiceIds[0]) as {
      sector: number;
      modalidad: number;
      tipo_factura: number;
    };
    return { sector: r.sector, modalidad: r.modalidad, tipoFactura: r.tipo_factura };
  }

  /**
   * recepcionPaqueteFactura for every BUILT package → SENT with its codigoRecepcion. A crash
   * between SIAT's answer and our write leaves the package BUILT: it is sent again, and SIAT
   * answers 1000 for the CUFs it already has, which `settle` reads as VALIDATED.
   */
  private async send(tenant: Tenant, pos: PointOfSale, ev: ContingencyEvent, cufd: CufdRecord, codigoEvento: number): Promise<void> {
    const { repo, gateway, codes } = this.deps;
    const pending = repo.packages(ev.id).filter((p) => p.state === 'BUILT');
    if (pending.length === 0) return;
    this.step(ev, STEP.SENDING);
    const client = gateway.client(tenant);
    for (const p of pending) {
      this.checkStopped();
      const kind = this.packageKind(p);
      const res = (await client.call(serviceFor({ sector: kind.sector, modalidad: kind.modalidad as 1 | 2 }), 'recepcionPaqueteFactura', {
        ...this.receptionBase(tenant, pos, cufd, kind),
        codigoEmision: 2,
        archivo: p.archive.toString('base64'),
        fechaEnvio: toBoliviaIso(codes.siatNow(tenant.id)),
        hashArchivo: p.hash,
        cantidadFacturas: p.invoiceCount,
        codigoEvento,
      } as never)) as Reception;
      const messages = messagesOf(res);
      if (res.codigoEstado === 901 && res.codigoRecepcion) {
        repo.updatePackage(p.id, { state: 'SENT', codigoRecepcion: res.codigoRecepcion, siatCode: 901 });
        this.deps.onStep?.(ev, `SENT:${p.seq}`);
      } else if (onlyTransient(messages)) {
        throw new TransientSiatError(`recepcionPaqueteFactura: SIAT ${messages.map((m) => m.codigo).join(',')}`);
      } else {
        // The whole package refused (983 out of term, 954, 985 …): a verdict, kept verbatim.
        this.settle(tenant, pos, p, res.codigoEstado ?? 902, res.codigoRecepcion ?? null, messages);
      }
    }
  }

  /** Polls validacionRecepcionPaqueteFactura for every SENT package until it is no longer 901. */
  private async validate(tenant: Tenant, pos: PointOfSale, ev: ContingencyEvent, cufd: CufdRecord): Promise<void> {
    const { repo, gateway } = this.deps;
    const sent = repo.packages(ev.id).filter((p) => p.state === 'SENT');
    if (sent.length === 0) return;
    this.step(ev, STEP.VALIDATING);
    const client = gateway.client(tenant);
    let delay = this.poll.initialMs;
    const waiting = new Set(sent.map((p) => p.id));
    while (waiting.size > 0) {
      for (const p of sent) {
        if (!waiting.has(p.id)) continue;
        this.checkStopped();
        const kind = this.packageKind(p);
        const res = (await client.call(serviceFor({ sector: kind.sector, modalidad: kind.modalidad as 1 | 2 }), 'validacionRecepcionPaqueteFactura', {
          ...this.receptionBase(tenant, pos, cufd, kind),
          codigoEmision: 2,
          codigoRecepcion: p.codigoRecepcion!,
        } as never)) as Reception;
        if (res.codigoEstado === 901) continue;
        const messages = messagesOf(res);
        if (onlyTransient(messages)) continue;
        const confirmed = res.codigoEstado === 904 ? await this.confirmObserved(tenant, pos, cufd, p, messages) : undefined;
        this.settle(tenant, pos, p, res.codigoEstado ?? 902, p.codigoRecepcion, messages, confirmed);
        waiting.delete(p.id);
      }
      if (waiting.size === 0) break;
      await this.sleep(delay);
      delay = Math.min(this.poll.maxMs, delay * 2);
    }
  }

  /**
   * 904 names the observed files by `numeroArchivo`, and whether SIAT counts them from 0 or from 1
   * is undocumented (CONTRACT §3.6; docs/decisions/0008). Guessing wrong would mark a valid invoice
   * REJECTED and a rejected one VALIDATED. So the invoices a 904 could mean under either reading
   * are asked about one by one (verificacionEstadoFactura): SIAT's answer per CUF decides their
   * state, and the reading it confirms decides where the observations go. Only the flagged files
   * and their neighbours are asked — a handful of calls, on a rare answer.
   */
  private async confirmObserved(
    tenant: Tenant,
    pos: PointOfSale,
    cufd: CufdRecord,
    p: ContingencyPackage,
    messages: SiatMessageRecord[],
  ): Promise<{ valid: Map<number, boolean>; base: 0 | 1 }> {
    const flagged = new Set(
      messages.filter((m) => m.numeroArchivo !== undefined && !isWarning(m.codigo) && m.advertencia !== true && m.codigo !== ALREADY_REGISTERED).map((m) => m.numeroArchivo!),
    );
    const indices = new Set<number>();
    for (const f of flagged) for (const i of [f, f - 1]) if (i >= 0 && i < p.invoiceIds.length) indices.add(i);
    const client = this.deps.gateway.client(tenant);
    const valid = new Map<number, boolean>();
    for (const i of [...indices].sort((a, b) => a - b)) {
      this.checkStopped();
      const inv = this.deps.invoices.byId(tenant.id, p.invoiceIds[i]!)!;
      const res = (await client.call(serviceFor(inv), 'verificacionEstadoFactura', {
        ...this.receptionBase(tenant, pos, cufd, inv),
        codigoEmision: 2,
        cuf: inv.cuf,
      } as never)) as Reception;
      if (onlyTransient(messagesOf(res))) throw new TransientSiatError('verificacionEstadoFactura: SIAT transitorio');
      valid.set(i, res.codigoEstado === 908);
    }
    // The reading under which every flagged file is an invoice SIAT did not register.
    const fits = (base: 0 | 1) => [...flagged].every((f) => valid.get(f - base) === false);
    const base: 0 | 1 = fits(0) || !fits(1) ? 0 : 1;
    return { valid, base };
  }

  /**
   * A package's verdict → each invoice VALIDATED or REJECTED, in one transaction. 908: all valid.
   * 904/902: per-file messages (numeroArchivo, 0-based — simulator README): a file with an error is
   * REJECTED with its messages verbatim, unless one of them is 1000 (SIAT already registered that
   * very CUF: a resend after a crash) — then it is VALIDATED. Files without errors are VALIDATED
   * (warnings kept); on 902 a file without messages of its own takes the package's messages.
   */
  private settle(
    tenant: Tenant,
    pos: PointOfSale,
    p: ContingencyPackage,
    code: number,
    codigoRecepcion: string | null,
    messages: SiatMessageRecord[],
    confirmed?: { valid: Map<number, boolean>; base: 0 | 1 },
  ): void {
    const { invoices, repo, bus, store } = this.deps;
    const base = confirmed?.base ?? 0;
    const byFile = new Map<number, SiatMessageRecord[]>();
    const general: SiatMessageRecord[] = [];
    for (const m of messages) {
      if (m.numeroArchivo === undefined || m.numeroArchivo === null) general.push(m);
      else {
        let l = byFile.get(m.numeroArchivo - base);
        if (!l) byFile.set(m.numeroArchivo - base, (l = []));
        l.push(m);
      }
    }
    const at = new Date().toISOString();
    const outcomes: InvoiceRecord[] = [];
    let rejected = 0;
    store.db
      .transaction(() => {
        p.invoiceIds.forEach((invoiceId, i) => {
          const own = byFile.get(i) ?? [];
          const errors = own.filter((m) => !isWarning(m.codigo) && m.advertencia !== true);
          const already = own.some((m) => m.codigo === ALREADY_REGISTERED);
          const asked = confirmed?.valid.get(i);
          const valid = asked ?? (code === 908 || already || (errors.length === 0 && (code === 904 || own.length > 0)));
          if (valid) {
            outcomes.push(
              invoices.setState(invoiceId, {
                state: 'VALIDATED',
                siatCode: 908,
                siatDescription: 'VALIDADA',
                siatReceptionCode: codigoRecepcion,
                siatMessages: own,
                lastChecked: at,
                detail: already ? 'paquete de contingencia: SIAT ya tenía este CUF (1000)' : 'paquete de contingencia validado',
              }),
            );
          } else {
            rejected++;
            const why = own.length > 0 ? own : general;
            outcomes.push(
              invoices.setState(invoiceId, {
                state: 'REJECTED',
                siatCode: 902,
                siatDescription: 'RECHAZADA',
                siatReceptionCode: codigoRecepcion,
                siatMessages: why,
                lastChecked: at,
                detail: why.map((m) => `${m.codigo} ${m.descripcion}`).join('; ') || `paquete rechazado (${code})`,
              }),
            );
          }
        });
        // The package's state follows its invoices (a resend answered 1000 for every file is a
        // 902 whose invoices are all VALIDATED); siat_code keeps SIAT's own answer.
        const state = rejected === 0 ? 'VALIDATED' : rejected < p.invoiceIds.length ? 'OBSERVED' : 'REJECTED';
        repo.updatePackage(p.id, { state, codigoRecepcion, siatCode: code, siatMessages: messages });
      })
      .immediate();
    for (const inv of outcomes) {
      bus.publish({ type: inv.state === 'VALIDATED' ? 'invoice.validated' : 'invoice.rejected', tenantId: tenant.id, posId: pos.id, data: summary(inv) });
    }
    if (rejected > 0) {
      bus.publish({
        type: 'contingency.package_rejected',
        tenantId: tenant.id,
        posId: pos.id,
        data: { eventId: p.eventId, packageId: p.id, codigoRecepcion, siatCode: code, rejected, total: p.invoiceCount, messages },
      });
    }
  }
}
