// The calls to ServicioRecepcionCompras (CONTRACT §2.6) with the identification fields of the
// tenant's default point of sale. Purchases have nothing to do with the sales path: no
// contingency event is opened here, whatever SIAT does.
import type { SiatGateway } from '../cuis-cufd/siat-gateway';
import type { CodesService } from '../cuis-cufd/cuis-cufd-service';
import type { PointOfSaleRepository } from '../store/points-of-sale';
import type { Tenant } from '../store/tenants';
import { siatMessagesOf } from '../siat/messages';
import type { SiatMessageRow } from '../store/purchases';
import { SiatRejectionError } from '../siat/errors';
import { PurchaseError } from './purchase-error';
import { DomainError } from '../errors/domain-error';

export interface ComprasAnswer {
  transaccion: boolean;
  codigoEstado: number | null;
  codigoDescripcion: string | null;
  codigoRecepcion: string | null;
  messages: SiatMessageRow[];
  archivo?: string | undefined;
}

/** The tenant has no point of sale to speak to SIAT from. */
export class NoPointOfSaleError extends DomainError<'NO_POINT_OF_SALE'> {
  readonly domain = 'purchaseNoPointOfSale';
  override name = 'NoPointOfSaleError';
  constructor(message: string) {
    super('NO_POINT_OF_SALE', message);
  }
}

export interface SiatComprasDeps {
  gateway: SiatGateway;
  codes: CodesService;
  pointsOfSale: PointOfSaleRepository;
}

export type ComprasOperation = 'recepcionPaqueteCompras' | 'validacionRecepcionPaqueteCompras' | 'confirmacionCompras' | 'anulacionCompra' | 'consultaCompras';

/** What each call is, in the words of the person who reads SIAT's refusal in Compras (not SIAT's operation names). */
export const COMPRAS_OPERATION_WORDS: Readonly<Record<ComprasOperation, string>> = {
  recepcionPaqueteCompras: 'el envío de las compras',
  validacionRecepcionPaqueteCompras: 'la validación del envío de las compras',
  confirmacionCompras: 'la confirmación de las compras',
  anulacionCompra: 'eliminar la compra',
  consultaCompras: 'la consulta de las compras',
};

/** Calls `operation` with the base fields (solicitudCompras) plus `fields`. */
export async function callCompras(deps: SiatComprasDeps, tenant: Tenant, operation: ComprasOperation, fields: Record<string, unknown>): Promise<ComprasAnswer> {
  const pos = deps.pointsOfSale.defaultFor(tenant.id);
  if (!pos) throw new NoPointOfSaleError('El contribuyente no tiene un punto de venta desde el cual hablar con SIAT');
  const cuis = await deps.codes.ensureCuis(tenant, pos);
  const cufd = await deps.codes.ensureCufd(tenant, pos);
  const id = deps.gateway.identity(tenant);
  const call = deps.gateway.client(tenant).call('recepcionCompras', operation, {
    codigoAmbiente: id.codigoAmbiente,
    codigoPuntoVenta: pos.code,
    codigoSistema: id.codigoSistema,
    codigoSucursal: pos.branchCode,
    cufd: cufd.codigo,
    cuis: cuis.codigo,
    nit: id.nit,
    ...fields,
  } as never);
  let res: Record<string, unknown>;
  try {
    res = (await call) as Record<string, unknown>;
  } catch (err) {
    // SIAT refused to look at the request at all (989 token, 913 CUIS …): its codes, verbatim.
    if (!(err instanceof SiatRejectionError)) throw err;
    const text = err.messages.map((m) => `${m.codigo} ${m.descripcion}`).join('; ');
    throw new PurchaseError('SIAT_REFUSED', `SIAT rechazó ${COMPRAS_OPERATION_WORDS[operation]}: ${text}`, [], { code: err.messages[0]?.codigo ?? null, messages: err.messages });
  }
  return {
    transaccion: res['transaccion'] === true,
    codigoEstado: typeof res['codigoEstado'] === 'number' ? res['codigoEstado'] : null,
    codigoDescripcion: typeof res['codigoDescripcion'] === 'string' ? res['codigoDescripcion'] : null,
    codigoRecepcion: typeof res['codigoRecepcion'] === 'string' ? res['codigoRecepcion'] : null,
    messages: siatMessagesOf(res['mensajesList']) as SiatMessageRow[],
    archivo: typeof res['archivo'] === 'string' ? res['archivo'] : undefined,
  };
}
