// Registering and closing points of sale with SIAT (CONTRACT §2.3: registroPuntoVenta,
// cierrePuntoVenta). SIAT is the one that hands out codigoPuntoVenta, so there is no offline
// path: a point of sale exists in Kipu only once SIAT has registered it, and is closed in Kipu
// only once SIAT has closed it (irreversible, §2.3).
import type { Tenant } from '../store/tenants';
import type { PointOfSaleDetails, PointOfSaleRepository } from '../store/points-of-sale';
import type { BranchRepository } from '../store/branches';
import type { InvoiceRepository } from '../store/invoices';
import type { ContingencyRepository } from '../store/contingency-events';
import type { CodesService } from '../cuis-cufd/cuis-cufd-service';
import type { SiatGateway } from '../cuis-cufd/siat-gateway';
import { SiatMalformedError } from '../siat/errors';
import { SIAT_SERVICES } from '../siat/operations';
import { DomainError } from '../errors/domain-error';

export type PosErrorCode = 'BRANCH_NOT_FOUND' | 'NOT_FOUND' | 'BRANCH_ITSELF' | 'ALREADY_CLOSED' | 'UNSETTLED' | 'CLOSING' | 'NOT_STORED';

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
  branches: BranchRepository;
  invoices: InvoiceRepository;
  contingency: ContingencyRepository;
  codes: CodesService;
  gateway: SiatGateway;
}

/** codigoPuntoVenta range Kipu stores (points_of_sale.code CHECK); PV 0 is the branch itself. */
const MAX_POS_CODE = 9999;

export class PointOfSaleRegistration {
  /** Points of sale whose cierrePuntoVenta is on its way: a second DELETE waits for no SIAT call. */
  private readonly closing = new Set<string>();

  constructor(private readonly deps: PointOfSaleRegistrationDeps) {}

  /**
   * registroPuntoVenta with the CUIS of the branch's PV 0 (asked for when missing), then the new
   * point of sale is stored in one transaction right after SIAT's answer.
   *
   * The window: if the process dies (or the insert fails) between SIAT's answer and the commit,
   * SIAT has a point of sale Kipu does not know. Nothing is retried automatically — registering
   * again would create a second one in SIAT. The manager sees it in SIAT's portal
   * (consultaPuntoVenta lists it) and closes it there; the NOT_STORED error names its code.
   */
  async register(tenant: Tenant, input: NewPointOfSale): Promise<PointOfSaleDetails> {
    const { pointsOfSale, branches, codes, gateway } = this.deps;
    const branch = branches.byId(tenant.id, input.branchId);
    if (!branch) throw new PosError('BRANCH_NOT_FOUND', `Sucursal ${input.branchId} no encontrada`);
    const branchItself = pointsOfSale.ensureBranchPos(tenant.id, branch.id);
    const cuis = await codes.ensureCuis(tenant, branchItself);
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
      details = pointsOfSale.addRegistered(tenant.id, branch.id, { code, name: input.name, type: input.type });
    } catch (err) {
      throw new PosError(
        'NOT_STORED',
        `SIAT registró el punto de venta ${code} en la sucursal ${branch.codigoSucursal}, pero Kipu no pudo guardarlo ` +
          `(${(err as Error).message}). No lo registre de nuevo: ciérrelo en el portal de SIAT o consulte a soporte`,
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
