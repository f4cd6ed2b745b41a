// The `posId` a request names, resolved for routes that issue from it or talk to SIAT as it.
import type { Store } from '../store/store';
import type { PointOfSale } from '../store/points-of-sale';
import type { PointOfSale as PointOfSaleDto } from '../../shared/api/point-of-sale';
import { formatDateEs } from '../../shared/time';
import { ApiError, notFound } from './errors';

/** The API's view of a point of sale (shared/api/point-of-sale.ts), without the store's extras. */
export const posDto = (p: PointOfSale): PointOfSaleDto => ({ id: p.id, code: p.code, branchId: p.branchId, branchCode: p.branchCode, name: p.name, defaultInvoiceType: p.defaultInvoiceType });

/**
 * The open point of sale `posId` of the tenant, for whatever issues from it or talks to SIAT as
 * it: 404 when unknown (or another tenant's), 409 POS_CLOSED once closed in SIAT. Reading its
 * invoices does not go through here: they stay readable.
 */
export function openPointOfSale(store: Store, tenantId: string, posId: string): PointOfSale {
  const p = store.pointsOfSale.details(tenantId, posId);
  if (!p) throw notFound(`Punto de venta ${posId} no encontrado`);
  if (p.closedAt) {
    throw new ApiError(
      409,
      'POS_CLOSED',
      `El punto de venta ${p.code} de la sucursal ${p.branchCode} ("${p.name}") se cerró en SIAT el ${formatDateEs(new Date(p.closedAt))}: ` +
        'ya no emite facturas ni opera con SIAT; sus facturas siguen consultables',
    );
  }
  return posDto(p);
}
