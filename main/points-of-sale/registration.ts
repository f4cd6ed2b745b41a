// Registering and closing points of sale with SIAT (CONTRACT §2.3: registroPuntoVenta,
// cierrePuntoVenta). SIAT is the one that hands out codigoPuntoVenta, so there is no offline
// path: a point of sale exists in Kipu only once SIAT has registered it, and is closed in Kipu
// only once SIAT has closed it (irreversible, §2.3).
import type { Tenant } from '../store/tenants';
import type { PointOfSaleDetails, PointOfSaleRepository } from '../store/points-of-sale';
import type { BranchOffice, BranchRepository } from '../store/branches';
import type { InvoiceRepository } from '../store/invoices';
import type { ContingencyRepository } from '../store/contingency-events';
import type { CodesService } from '../cuis-cufd/cuis-cufd-service';
import type { SiatGateway } from '../cuis-cufd/siat-gateway';
import { createHash } from 'node:crypto';
import type { PosRegistration, PosRegistrationRepository } from '../store/pos-registrations';
import { SiatMalformedError, SiatRejectionError, SiatTransportError } from '../siat/errors';
import { SIAT_SERVICES } from '../siat/operations';
import { DomainError } from '../errors/domain-error';

export type PosErrorCode =
  | 'BRANCH_NOT_FOUND'
  | 'NOT_FOUND'
  | 'BRANCH_ITSELF'
  | 'ALREADY_CLOSED'
  | 'UNSETTLED'
  | 'CLOSING'
  | 'REGISTERING'
  | 'IDEMPOTENCY_CONFLICT'
  | 'AMBIGUOUS'
  | 'NOT_STORED';

export class PosError extends DomainError<PosErrorCode> {
  readonly domain = 'pointOfSale';
  override name = 'PosError';
}

export interface NewPointOfSale {
  branchId: number;
  name: string;
  description: string;
  /** SIAT codigoTipoPuntoVenta (catalog TipoPuntoVenta, §7). */
  type: number;
}

export interface PointOfSaleRegistrationDeps {
  pointsOfSale: PointOfSaleRepository;
  registrations: PosRegistrationRepository;
  branches: BranchRepository;
  invoices: InvoiceRepository;
  contingency: ContingencyRepository;
  codes: CodesService;
  gateway: SiatGateway;
  transaction: <T>(fn: () => T) => T;
}

/** A registration's outcome: `replayed` when SIAT had registered it for an earlier request. */
export interface Registered {
  pos: PointOfSaleDetails;
  replayed: boolean;
}

/** codigoPuntoVenta range Kipu stores (points_of_sale.code CHECK); PV 0 is the branch itself. */
const MAX_POS_CODE = 9999;

/** SIAT's consultaPuntoVenta answer when a branch has no point of sale (§2.3). */
const NO_POINTS_OF_SALE = 982;

function requestHash(input: NewPointOfSale): string {
  return createHash('sha256').update(JSON.stringify([input.branchId, input.name, input.description, input.type])).digest('hex');
}

/**
 * Whether a failed registroPuntoVenta may have been registered by SIAT all the same: the request
 * may have reached it (a time-out, a reset, a 5xx, an answer Kipu could not read). A refused
 * connection, an unknown host or a failed TLS handshake never sent it; a rejection is SIAT's no.
 */
export function registrationOutcomeUnknown(err: unknown): boolean {
  if (err instanceof SiatTransportError) return !['refused', 'dns', 'tls'].includes(err.kind);
  return err instanceof SiatMalformedError;
}

export class PointOfSaleRegistration {
  /** Points of sale whose cierrePuntoVenta is on its way: a second DELETE waits for no SIAT call. */
  private readonly closing = new Set<string>();
  /** Registrations (pos_registrations ids) whose registroPuntoVenta is on its way. */
  private readonly registering = new Set<string>();

  constructor(private readonly deps: PointOfSaleRegistrationDeps) {}

  /**
   * registroPuntoVenta with the CUIS of the branch's PV 0 (asked for when missing); the new point
   * of sale is stored in one transaction right after SIAT's answer. Never twice (decision 0109):
   * the request is recorded before SIAT is called; the same Idempotency-Key gets its point of sale
   * back; a registration whose answer never came (a time-out, the engine killed before the
   * commit) is looked up in SIAT's list (consultaPuntoVenta) by the next request for it — same
   * key, or same branch, name and type — which takes the point of sale SIAT made for it instead
   * of registering another.
   */
  async register(tenant: Tenant, input: NewPointOfSale, idempotencyKey: string | null = null): Promise<Registered> {
    const { pointsOfSale, registrations, branches } = this.deps;
    const branch = branches.byId(tenant.id, input.branchId);
    if (!branch) throw new PosError('BRANCH_NOT_FOUND', `Sucursal ${input.branchId} no encontrada`);
    const hash = requestHash(input);
    let attempt = idempotencyKey ? registrations.byKey(tenant.id, idempotencyKey) : null;
    if (attempt) {
      if (attempt.requestHash !== hash) {
        throw new PosError('IDEMPOTENCY_CONFLICT', 'La Idempotency-Key ya se usó para registrar otro punto de venta; use una clave nueva por registro');
      }
      if (attempt.state === 'REGISTERED') return { pos: pointsOfSale.details(tenant.id, attempt.posId!)!, replayed: true };
    }
    const earlier = registrations.sending(tenant.id, branch.id, input.name).filter((a) => a.type === input.type);
    if (earlier.some((a) => this.registering.has(a.id))) {
      throw new PosError('REGISTERING', `El punto de venta "${input.name}" ya se está registrando en SIAT en la sucursal ${branch.codigoSucursal}; espere su respuesta`);
    }
    if (earlier.length > 0) {
      const adopted = await this.settle(tenant, branch, earlier);
      const own = attempt ? adopted.get(attempt.id) : [...adopted.values()][0];
      if (own) return { pos: own, replayed: true };
      if (attempt) attempt = registrations.byId(tenant.id, attempt.id);
    }
    if (attempt?.state === 'NOT_REGISTERED') registrations.resend(tenant.id, attempt.id);
    else attempt = registrations.begin(tenant.id, { ...input, branchId: branch.id, idempotencyKey, requestHash: hash });
    this.registering.add(attempt.id);
    try {
      return { pos: await this.send(tenant, branch, input, attempt.id), replayed: false };
    } catch (err) {
      if (!registrationOutcomeUnknown(err) && !(err instanceof PosError)) registrations.notRegistered(tenant.id, attempt.id);
      throw err;
    } finally {
      this.registering.delete(attempt.id);
    }
  }

  private async send(tenant: Tenant, branch: BranchOffice, input: NewPointOfSale, attemptId: string): Promise<PointOfSaleDetails> {
    const { pointsOfSale, registrations, codes, gateway } = this.deps;
    const cuis = await codes.ensureCuis(tenant, pointsOfSale.ensureBranchPos(tenant.id, branch.id));
    const id = gateway.identity(tenant);
    const res = await gateway.client(tenant).operaciones.registroPuntoVenta({
      codigoAmbiente: id.codigoAmbiente,
      codigoModalidad: id.codigoModalidad,
      codigoSistema: id.codigoSistema,
      codigoSucursal: branch.codigoSucursal,
      codigoTipoPuntoVenta: input.type,
      cuis: cuis.codigo,
      descripcion: input.description,
      nit: id.nit,
      nombrePuntoVenta: input.name,
    });
    const code = res.codigoPuntoVenta;
    if (code === undefined || !Number.isInteger(code) || code < 1 || code > MAX_POS_CODE) {
      // Rule 4 of STYLE.md: SIAT's answer is checked before use.
      throw new SiatMalformedError(`codigoPuntoVenta ausente o fuera de rango (${String(code)})`, {
        service: SIAT_SERVICES.operaciones.path,
        operation: 'registroPuntoVenta',
      });
    }
    let details: PointOfSaleDetails;
    try {
      details = this.deps.transaction(() => {
        const added = pointsOfSale.addRegistered(tenant.id, branch.id, { code, name: input.name, type: input.type });
        registrations.registered(tenant.id, attemptId, added.id);
        return added;
      });
    } catch (err) {
      // The attempt stays SENDING: the next request for it takes this point of sale from SIAT's list.
      throw new PosError(
        'NOT_STORED',
        `SIAT registró el punto de venta ${code} en la sucursal ${branch.codigoSucursal}, pero Kipu no pudo guardarlo ` +
          `(${(err as Error).message}). Reintente el registro: Kipu lo toma de la lista de SIAT y no registra otro`,
      );
    }
    // Its own CUIS and a CUFD now, while SIAT answers: a point of sale that has never had a CUFD
    // cannot sell offline (issue 32, item 7). A failure here is not the registration's: the
    // scheduler asks again for every open point of sale without a CUFD in force.
    const registered = pointsOfSale.byId(tenant.id, details.id);
    if (registered) await codes.ensureCufd(tenant, registered).catch(() => undefined);
    return details;
  }

  /**
   * Earlier registrations of this name whose SIAT answer never came, oldest first, read against
   * SIAT's list of the branch's points of sale: the ones of this name Kipu does not know, lowest
   * code first, are theirs, one each (SIAT numbers them as it gets them); the rest were never
   * registered. More unknown ones than registrations: some came from elsewhere (SIAT's portal,
   * another system) and which is whose cannot be told, so nothing is taken and nothing is sent.
   * Returns the point of sale each adopted registration now has.
   */
  private async settle(tenant: Tenant, branch: BranchOffice, earlier: PosRegistration[]): Promise<Map<string, PointOfSaleDetails>> {
    const { pointsOfSale, registrations, codes, gateway } = this.deps;
    const cuis = await codes.ensureCuis(tenant, pointsOfSale.ensureBranchPos(tenant.id, branch.id));
    const id = gateway.identity(tenant);
    let listed: { codigoPuntoVenta?: number; nombrePuntoVenta?: string }[];
    try {
      const res = await gateway.client(tenant).operaciones.consultaPuntoVenta({
        codigoAmbiente: id.codigoAmbiente,
        codigoSistema: id.codigoSistema,
        codigoSucursal: branch.codigoSucursal,
        cuis: cuis.codigo,
        nit: id.nit,
      });
      listed = res.listaPuntosVentas ?? [];
    } catch (err) {
      if (!(err instanceof SiatRejectionError && err.messages.some((m) => m.codigo === NO_POINTS_OF_SALE))) throw err;
      listed = [];
    }
    const name = earlier[0]!.name;
    const known = new Set(pointsOfSale.codesOf(tenant.id, branch.id));
    const unknown = listed
      .filter((p) => p.nombrePuntoVenta?.trim() === name && Number.isInteger(p.codigoPuntoVenta) && !known.has(p.codigoPuntoVenta!))
      .map((p) => p.codigoPuntoVenta!)
      .sort((a, b) => a - b);
    if (unknown.length > earlier.length) {
      throw new PosError(
        'AMBIGUOUS',
        `SIAT tiene ${unknown.length} puntos de venta "${name}" en la sucursal ${branch.codigoSucursal} que Kipu no conoce ` +
          `(códigos ${unknown.join(', ')}) y no se sabe cuál registró Kipu. Cierre en el portal de SIAT los que no use y reintente`,
      );
    }
    const adopted = new Map<string, PointOfSaleDetails>();
    this.deps.transaction(() => {
      earlier.forEach((a, i) => {
        const code = unknown[i];
        if (code === undefined) return registrations.notRegistered(tenant.id, a.id);
        const pos = pointsOfSale.addRegistered(tenant.id, branch.id, { code, name: a.name, type: a.type });
        registrations.registered(tenant.id, a.id, pos.id);
        adopted.set(a.id, pos);
      });
    });
    return adopted;
  }

  /**
   * cierrePuntoVenta, then closed_at. Refused for PV 0 (the branch itself: SIAT answers 933 and
   * the branch is closed as a whole) and while invoices or contingency events of the point of
   * sale are not settled with SIAT (they need it open to be sent).
   *
   * The CUIS sent is the branch's PV 0's, as for registroPuntoVenta: the point of sale being
   * closed may never have had one, and §2.3 says closing needs it without active codes.
   * A sale that resolved this point of sale just before the close and reaches SIAT after it is
   * rejected by SIAT (closed point of sale) and recorded as such; nothing is lost.
   */
  async close(tenant: Tenant, posId: string): Promise<PointOfSaleDetails> {
    const { pointsOfSale, codes, gateway } = this.deps;
    const pos = pointsOfSale.details(tenant.id, posId);
    if (!pos) throw new PosError('NOT_FOUND', `Punto de venta ${posId} no encontrado`);
    const label = `El punto de venta ${pos.code} de la sucursal ${pos.branchCode} ("${pos.name}")`;
    if (pos.closedAt) throw new PosError('ALREADY_CLOSED', `${label} ya está cerrado`);
    if (pos.code === 0) {
      throw new PosError(
        'BRANCH_ITSELF',
        pos.branchCode === 0
          ? `${label} es la propia casa matriz: SIAT no lo cierra con cierrePuntoVenta`
          : `${label} es la propia sucursal: SIAT no lo cierra con cierrePuntoVenta; se cierra junto con la sucursal`,
      );
    }
    // Online sends under way count too: closing would revoke the codes they were issued with.
    const unsettled = this.deps.invoices.countWaitingForSiat({ tenantId: tenant.id, posId: pos.id, includeInFlight: true });
    if (unsettled > 0) {
      throw new PosError('UNSETTLED', `${label} tiene ${unsettled} factura(s) pendiente(s) o de contingencia aún no resueltas con SIAT; espere a que se envíen`);
    }
    if (this.deps.contingency.unclosedCount({ tenantId: tenant.id, posId: pos.id }) > 0) {
      throw new PosError('UNSETTLED', `${label} tiene un evento de contingencia sin cerrar; espere a que termine de enviarse a SIAT`);
    }
    if (this.closing.has(pos.id)) throw new PosError('CLOSING', `${label} ya se está cerrando en SIAT`);
    this.closing.add(pos.id);
    try {
      const branchItself = pointsOfSale.ensureBranchPos(tenant.id, pos.branchId);
      const cuis = await codes.ensureCuis(tenant, branchItself);
      const id = gateway.identity(tenant);
      await gateway.client(tenant).operaciones.cierrePuntoVenta({
        codigoAmbiente: id.codigoAmbiente,
        codigoPuntoVenta: pos.code,
        codigoSistema: id.codigoSistema,
        codigoSucursal: pos.branchCode,
        cuis: cuis.codigo,
        nit: id.nit,
      });
      // SIAT's close is irreversible: it is recorded whatever happened locally meanwhile.
      return pointsOfSale.markClosed(tenant.id, pos.id);
    } finally {
      this.closing.delete(pos.id);
    }
  }
}
