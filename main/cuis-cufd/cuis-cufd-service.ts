// CUIS, CUFD, NIT checks and SIAT's clock, per point of sale (CONTRACT.md §2.1, §2.2).
// - CUIS: asked on first use, valid ~365 days; asking while one is valid answers 980 with the
//   existing code, which we keep. Renewed by the scheduler in its last 5 days, when SIAT
//   allows it (CONTRACT §2.1: "renewable from 5 days before expiry").
// - CUFD: valid 24 h, renewed automatically before it expires; every CUFD is kept (history),
//   because contingency packages need the CUFD in force when an event began.
// - Clock: fechaEmision = local clock + the offset measured with sincronizarFechaHora.
import type { Tenant } from '../store/tenants';
import type { PointOfSale } from '../store/points-of-sale';
import type { SettingsStore } from '../store/settings-store';
import { SiatRejectionError } from '../siat/errors';
import { siatMessagesOf } from '../siat/messages';
import type { SiatGateway } from './siat-gateway';
import { fromBoliviaIso } from '../../shared/time';
import type { CodeRepository, CufdRecord, CuisRecord } from '../store/cuis-cufd';

export type { CufdRecord, CuisRecord } from '../store/cuis-cufd';

export interface NitCheck {
  valido: boolean;
  nit: number;
  codigo: number;
  mensaje: string;
}

/** SIAT answers vigencias with an offset (2026-01-27T12:15:22.082-04:00); store them in UTC. */
function toUtcIso(text: string): string {
  const d = /[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? new Date(text) : fromBoliviaIso(text);
  if (!d || Number.isNaN(d.getTime())) throw new Error(`Fecha de vigencia de SIAT no válida: ${text}`);
  return d.toISOString();
}

export interface CodesServiceOptions {
  codes: CodeRepository;
  settings: SettingsStore;
  gateway: SiatGateway;
  /** Local clock (tests pass a controlled one). */
  now?: () => Date;
  /** Renew the CUFD when less than this remains (default 2 h). */
  renewBeforeMs?: number;
  /** Renew the CUIS when less than this remains (default: SIAT's renewal window, 5 days). */
  renewCuisBeforeMs?: number;
}

/** CONTRACT §2.1: a CUIS may be renewed from 5 days before it expires (before that, 980). */
export const CUIS_RENEWAL_WINDOW_MS = 5 * 24 * 60 * 60 * 1000;

export class CodesService {
  private readonly repo: CodeRepository;
  private readonly now: () => Date;
  private readonly renewBeforeMs: number;
  private readonly renewCuisBeforeMs: number;
  private readonly offsets = new Map<string, number>();
  private readonly inflight = new Map<string, Promise<CufdRecord>>();

  constructor(private readonly opts: CodesServiceOptions) {
    this.repo = opts.codes;
    this.now = opts.now ?? (() => new Date());
    this.renewBeforeMs = opts.renewBeforeMs ?? 2 * 60 * 60 * 1000;
    this.renewCuisBeforeMs = opts.renewCuisBeforeMs ?? CUIS_RENEWAL_WINDOW_MS;
  }

  // ---- clock -------------------------------------------------------------------------

  /** The last measured offset of SIAT's clock from the local one (0 until measured). */
  clockOffsetMs(tenantId: string): number {
    let off = this.offsets.get(tenantId);
    if (off === undefined) {
      off = this.opts.settings.get<number>(tenantId, 'siat.clockOffsetMs') ?? 0;
      this.offsets.set(tenantId, off);
    }
    return off;
  }

  /** SIAT's time for this tenant: local clock + the last measured offset. */
  siatNow(tenantId: string): Date {
    return new Date(this.now().getTime() + this.clockOffsetMs(tenantId));
  }

  async syncClock(tenant: Tenant, pos: PointOfSale): Promise<{ offsetMs: number; fechaHora: string }> {
    const cuis = await this.ensureCuis(tenant, pos);
    const sent = this.now().getTime();
    const res = await this.opts.gateway.client(tenant).sincronizacion.sincronizarFechaHora({
      ...this.syncFields(tenant, pos),
      cuis: cuis.codigo,
    });
    const received = this.now().getTime();
    const siat = res.fechaHora ? fromBoliviaIso(res.fechaHora) : null;
    if (!siat) throw new Error(`SIAT devolvió una fecha y hora no válida: ${String(res.fechaHora)}`);
    // Half the round trip: SIAT read its clock about midway.
    const offsetMs = siat.getTime() - Math.round((sent + received) / 2);
    this.offsets.set(tenant.id, offsetMs);
    this.opts.settings.set(tenant.id, 'siat.clockOffsetMs', offsetMs);
    return { offsetMs, fechaHora: res.fechaHora! };
  }

  private syncFields(tenant: Tenant, pos: PointOfSale) {
    const id = this.opts.gateway.identity(tenant);
    return { codigoAmbiente: id.codigoAmbiente, codigoPuntoVenta: pos.code, codigoSistema: id.codigoSistema, codigoSucursal: pos.branchCode, nit: id.nit };
  }

  // ---- CUIS --------------------------------------------------------------------------

  currentCuis(tenantId: string, posId: string): CuisRecord | null {
    const r = this.repo.latestCuis(tenantId, posId);
    if (!r || new Date(r.fechaVigencia).getTime() <= this.siatNow(tenantId).getTime()) return null;
    return r;
  }

  async ensureCuis(tenant: Tenant, pos: PointOfSale): Promise<CuisRecord> {
    return this.currentCuis(tenant.id, pos.id) ?? this.requestCuis(tenant, pos);
  }

  /** Asks SIAT for a new CUIS even while the current one is in force (the scheduler, in its last days). */
  renewCuis(tenant: Tenant, pos: PointOfSale): Promise<CuisRecord> {
    return this.requestCuis(tenant, pos);
  }

  /**
   * Points of sale whose CUIS expires within the renewal margin (for the scheduler). Closed ones
   * are left out: SIAT revoked their codes with cierrePuntoVenta (§2.3).
   */
  cuisDueForRenewal(): { tenantId: string; posId: string; fechaVigencia: string }[] {
    return this.latestExpiringWithin('cuis', this.renewCuisBeforeMs);
  }

  /** The newest code of every open point of sale, where less than `marginMs` of it remains on SIAT's clock. */
  private latestExpiringWithin(kind: 'cuis' | 'cufd', marginMs: number): { tenantId: string; posId: string; fechaVigencia: string }[] {
    return this.repo
      .latestOfOpenPointsOfSale(kind)
      .filter((r) => new Date(r.fechaVigencia).getTime() - this.siatNow(r.tenantId).getTime() <= marginMs);
  }

  private async requestCuis(tenant: Tenant, pos: PointOfSale): Promise<CuisRecord> {
    const id = this.opts.gateway.identity(tenant);
    let codigo: string | undefined;
    let vigencia: string | undefined;
    try {
      const res = await this.opts.gateway.client(tenant).codigos.cuis({
        codigoAmbiente: id.codigoAmbiente,
        codigoModalidad: id.codigoModalidad,
        codigoPuntoVenta: pos.code,
        codigoSistema: id.codigoSistema,
        codigoSucursal: pos.branchCode,
        nit: id.nit,
      });
      codigo = res.codigo;
      vigencia = res.fechaVigencia;
    } catch (err) {
      // 980: a CUIS is already in force for this point of sale; SIAT sends it back (CONTRACT §1.5).
      const existing = err instanceof SiatRejectionError && err.has(980) ? (err.response as { codigo?: string; fechaVigencia?: string }) : null;
      if (!existing?.codigo || !existing.fechaVigencia) throw err;
      codigo = existing.codigo;
      vigencia = existing.fechaVigencia;
    }
    if (!codigo || !vigencia) throw new Error('SIAT no devolvió el CUIS');
    const rec = { codigo, fechaVigencia: toUtcIso(vigencia) };
    // A renewal answered with 980 gives back the CUIS we already hold: nothing new to keep.
    const cur = this.currentCuis(tenant.id, pos.id);
    if (cur?.codigo === rec.codigo) return cur;
    this.repo.addCuis(tenant.id, pos.id, rec, this.now().toISOString());
    return rec;
  }

  // ---- CUFD --------------------------------------------------------------------------

  /** The newest CUFD of the point of sale, valid or not (null if it never had one). */
  latestCufd(tenantId: string, posId: string): CufdRecord | null {
    return this.repo.latestCufd(tenantId, posId);
  }

  /** The CUFD in force now on SIAT's clock, or null. */
  activeCufd(tenantId: string, posId: string): CufdRecord | null {
    const c = this.latestCufd(tenantId, posId);
    return c && this.isValid(tenantId, c) ? c : null;
  }

  /** The CUFD that was in force at a given moment (contingency: cufdEvento). */
  cufdAt(tenantId: string, posId: string, at: Date): CufdRecord | null {
    return this.repo.cufdInForceAt(tenantId, posId, at.toISOString());
  }

  byCodigo(tenantId: string, codigo: string): CufdRecord | null {
    return this.repo.cufdByCodigo(tenantId, codigo);
  }

  history(tenantId: string, posId: string): CufdRecord[] {
    return this.repo.cufdHistory(tenantId, posId);
  }

  isValid(tenantId: string, c: CufdRecord): boolean {
    return new Date(c.fechaVigencia).getTime() > this.siatNow(tenantId).getTime();
  }

  /** Asks SIAT for a new CUFD now (the manager's "renovar"), keeping the older ones. */
  renewCufd(tenant: Tenant, pos: PointOfSale): Promise<CufdRecord> {
    // One request per point of sale at a time: concurrent sales must not each ask SIAT.
    const key = `${tenant.id}:${pos.id}`;
    const running = this.inflight.get(key);
    if (running) return running;
    const p = this.requestCufd(tenant, pos).finally(() => this.inflight.delete(key));
    this.inflight.set(key, p);
    return p;
  }

  private async requestCufd(tenant: Tenant, pos: PointOfSale): Promise<CufdRecord> {
    const cuis = await this.ensureCuis(tenant, pos);
    const id = this.opts.gateway.identity(tenant);
    const res = await this.opts.gateway.client(tenant).codigos.cufd({
      codigoAmbiente: id.codigoAmbiente,
      codigoModalidad: id.codigoModalidad,
      codigoPuntoVenta: pos.code,
      codigoSistema: id.codigoSistema,
      codigoSucursal: pos.branchCode,
      cuis: cuis.codigo,
      nit: id.nit,
    });
    if (!res.codigo || !res.codigoControl || !res.fechaVigencia) throw new Error('SIAT no devolvió un CUFD completo');
    const at = this.now().toISOString();
    return this.repo.addCufd(tenant.id, pos.id, {
      cuis: cuis.codigo,
      codigo: res.codigo,
      codigoControl: res.codigoControl,
      direccion: res.direccion ?? '',
      fechaVigencia: toUtcIso(res.fechaVigencia),
      obtainedAt: at,
    });
  }

  /**
   * A CUFD valid for issuing now: the current one while more than `renewBeforeMs` remains,
   * else a renewed one. If renewal fails but the current one is still valid, the current one
   * is used (the sale never waits on a renewal that SIAT cannot answer).
   */
  async ensureCufd(tenant: Tenant, pos: PointOfSale): Promise<CufdRecord> {
    const cur = this.activeCufd(tenant.id, pos.id);
    if (cur && new Date(cur.fechaVigencia).getTime() - this.siatNow(tenant.id).getTime() > this.renewBeforeMs) return cur;
    try {
      return await this.renewCufd(tenant, pos);
    } catch (err) {
      if (cur) return cur;
      throw err;
    }
  }

  /** Open points of sale whose CUFD expires within the renewal margin (for the scheduler). */
  dueForRenewal(): { tenantId: string; posId: string }[] {
    return this.latestExpiringWithin('cufd', this.renewBeforeMs).map(({ tenantId, posId }) => ({ tenantId, posId }));
  }

  // ---- NIT ---------------------------------------------------------------------------

  /** verificarNit: 986 NIT ACTIVO → valid; 987 INACTIVO / 994 INEXISTENTE → not valid. */
  async verifyNit(tenant: Tenant, pos: PointOfSale, nit: number): Promise<NitCheck> {
    const cuis = await this.ensureCuis(tenant, pos);
    const id = this.opts.gateway.identity(tenant);
    const req = {
      codigoAmbiente: id.codigoAmbiente,
      codigoModalidad: id.codigoModalidad,
      codigoSistema: id.codigoSistema,
      codigoSucursal: pos.branchCode,
      cuis: cuis.codigo,
      nit: id.nit,
      nitParaVerificacion: nit,
    };
    let messages: { codigo: number; descripcion: string }[];
    try {
      const res = await this.opts.gateway.client(tenant).codigos.verificarNit(req);
      messages = siatMessagesOf(res.mensajesList);
    } catch (err) {
      if (!(err instanceof SiatRejectionError) || !(err.has(987) || err.has(994))) throw err;
      messages = err.messages;
    }
    const m = messages.find((x) => [986, 987, 994].includes(x.codigo)) ?? messages[0] ?? { codigo: 0, descripcion: 'SIN RESPUESTA' };
    return { valido: m.codigo === 986, nit, codigo: m.codigo, mensaje: m.descripcion };
  }
}
