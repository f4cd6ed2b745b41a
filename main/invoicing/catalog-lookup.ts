// What sale validation (sale-input.ts) asks of the synced catalogs, answered from the local
// copy of one taxpayer's catalogs: never a SIAT call on the sale path.
import type { CatalogService } from '../catalogs/catalog-sync';
import type { CatalogLookup } from './sale-input';

export function catalogLookup(catalogs: CatalogService, tenantId: string): CatalogLookup {
  return {
    synced: (c) => catalogs.lastSync(tenantId, c) !== null,
    activity: (code) => catalogs.has(tenantId, 'activities', code),
    product: (activity, sin) => catalogs.has(tenantId, 'products', sin, activity),
    unit: (code) => catalogs.has(tenantId, 'unit-measures', String(code)),
    paymentMethod: (code) => (catalogs.has(tenantId, 'payment-methods', String(code)) ? catalogs.items(tenantId, 'payment-methods').find((i) => i.codigo === String(code))!.descripcion : null),
    paymentMethods: () => catalogs.items(tenantId, 'payment-methods').map((i) => ({ codigo: Number(i.codigo), descripcion: i.descripcion })),
    documentType: (code) => catalogs.has(tenantId, 'document-types', String(code)),
    currency: (code) => catalogs.has(tenantId, 'currencies', String(code)),
  };
}
