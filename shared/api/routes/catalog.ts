// What a till needs from SIAT and keeps locally: tax codes, catalogs, contingency events and CAFC
// booklets, products, branches and points of sale (the contract: route.ts, decision 0080).
import Type from 'typebox';
import { PageQuery } from '../envelope';
import { ActivityFilter, CatalogEntrySchema, CatalogSyncStatusSchema, CufdRequestBody, CufdSchema, CufdStateSchema, NitCheckBody, NitCheckResultSchema, PosSelector, SyncResultSchema } from '../tax-codes';
import { ContingencyEventSchema, EndEventBody, EventsOnDayBody, StartEventBody } from '../contingency-event';
import { CafcEventSchema, CafcTranscriptionBody } from '../cafc';
import { ProductBody, ProductImportResultSchema, ProductSchema, type Product } from '../product';
import { DemoStoreRemovalSchema, DemoStoreStateSchema } from '../demo-store';
import { ClosedPointOfSaleSchema, ListedPointOfSaleSchema, PointOfSaleSchema, PosDefaultInvoiceTypeBody, RegisterPointOfSaleBody, RegisteredPointOfSaleSchema } from '../point-of-sale';
import { BranchOfficeSchema, CreateBranchOfficeBody, DeletedBranchOfficeSchema, UpdateBranchOfficeBody } from '../branch';
import type { Page } from '../envelope';
import { ADMIN, ANY, STORE, route, typed } from './route';

/** Tax codes: the till (branch managers renew CUFDs) and the seed's integrator operations. */
export const CODE_ROUTES = {
  checkNit: route('POST', '/api/v1/codes/nit', ANY, { body: NitCheckBody, response: NitCheckResultSchema }),
  renewCufd: route('POST', '/api/v1/codes/cufd', ANY, { body: CufdRequestBody, response: CufdSchema }),
  activeCufd: route('GET', '/api/v1/codes/cufd/:posId', ANY, { response: CufdStateSchema }),
} as const;

/** SIAT's catalogs, synchronized and read; reading them harms no one. */
export const CATALOG_ROUTES = {
  syncAll: route('POST', '/api/v1/siat/sync/all', ANY, { query: PosSelector, body: Type.Optional(PosSelector), response: Type.Array(SyncResultSchema) }),
  syncOne: route('POST', '/api/v1/siat/sync/:catalog', ANY, { query: PosSelector, body: Type.Optional(PosSelector), response: SyncResultSchema }),
  status: route('GET', '/api/v1/siat/sync/status', ANY, { response: Type.Array(CatalogSyncStatusSchema) }),
  activities: route('GET', '/api/v1/siat/sync/catalogs/activities', ANY, { response: Type.Array(CatalogEntrySchema) }),
  products: route('GET', '/api/v1/siat/sync/catalogs/products', ANY, { query: ActivityFilter, response: Type.Array(CatalogEntrySchema) }),
  legends: route('GET', '/api/v1/siat/sync/catalogs/legends', ANY, { query: ActivityFilter, response: Type.Array(CatalogEntrySchema) }),
  catalog: route('GET', '/api/v1/siat/sync/catalogs/:type', ANY, { response: Type.Array(CatalogEntrySchema) }),
} as const;

/** Contingency events (seed 000) and the manager's CAFC booklets (issue 17). */
export const CONTINGENCY_ROUTES = {
  checkConnection: route('GET', '/api/v1/events/check-connection', ANY, { response: Type.Boolean() }),
  start: route('POST', '/api/v1/events/start', ANY, { body: StartEventBody, response: ContingencyEventSchema }),
  end: route('POST', '/api/v1/events/end', ANY, { body: EndEventBody, response: ContingencyEventSchema }),
  onDay: route('POST', '/api/v1/events', ANY, { body: EventsOnDayBody, response: Type.Array(ContingencyEventSchema) }),
  active: route('GET', '/api/v1/events/active/:posId', ANY, { response: Type.Union([ContingencyEventSchema, Type.Null()]) }),
  transcribeCafc: route('POST', '/api/v1/contingency/cafc', STORE, { body: CafcTranscriptionBody, response: CafcEventSchema }),
  cafcEvents: route('GET', '/api/v1/contingency/cafc', STORE, { query: Type.Object({ posId: Type.Optional(Type.String({ format: 'uuid' })) }), response: Type.Array(CafcEventSchema) }),
  cafcEvent: route('GET', '/api/v1/contingency/cafc/:id', STORE, { response: CafcEventSchema }),
} as const;

/** Products: read by all; the catalog is kept at the till or by the administrator. */
export const PRODUCT_ROUTES = {
  list: route('GET', '/api/v1/products', ANY, {
    query: Type.Intersect([PageQuery, Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })) })]),
    // More than 1.000 matches read only 1.000 (`truncated`).
    response: typed<Page<Product> & { truncated?: boolean }>(),
  }),
  lookup: route('GET', '/api/v1/products/lookup', ANY, { query: Type.Object({ code: Type.String({ minLength: 1, maxLength: 50 }) }), response: ProductSchema }),
  get: route('GET', '/api/v1/products/:id', ANY, { response: ProductSchema }),
  create: route('POST', '/api/v1/products', STORE, { body: ProductBody, response: ProductSchema }),
  update: route('PUT', '/api/v1/products/:id', STORE, { body: ProductBody, response: ProductSchema }),
  /** A CSV body (text/csv), not JSON. */
  import: route('POST', '/api/v1/products/import', STORE, { response: ProductImportResultSchema }),
  /** Training demo store (issue 17): the trainee removes it with the demo key; 409 outside training. */
  demoStore: route('GET', '/api/v1/training/demo-store', STORE, { response: DemoStoreStateSchema }),
  removeDemoStore: route('DELETE', '/api/v1/training/demo-store', STORE, { response: DemoStoreRemovalSchema }),
} as const;

/** Points of sale: listed by all; registered and closed in SIAT by the administrator. */
export const POS_ROUTES = {
  list: route('GET', '/api/v1/pos', ANY, { response: Type.Array(ListedPointOfSaleSchema) }),
  /** Registers the point of sale in SIAT: 503 while SIAT is offline. */
  create: route('POST', '/api/v1/pos', ADMIN, { body: RegisterPointOfSaleBody, response: RegisteredPointOfSaleSchema }),
  close: route('DELETE', '/api/v1/pos/:id', ADMIN, { response: ClosedPointOfSaleSchema }),
  /** The document the till issues by default at this point of sale (null = compra-venta). */
  setDefaultInvoiceType: route('PUT', '/api/v1/pos/:id/default-invoice-type', ADMIN, { body: PosDefaultInvoiceTypeBody, response: PointOfSaleSchema }),
} as const;

/** Branch offices, in seed 001's style (its envelope): listed by all, changed by the administrator. */
export const BRANCH_ROUTES = {
  list: route('GET', '/api/v1/branchOffice', ANY, { response: Type.Array(BranchOfficeSchema) }),
  get: route('GET', '/api/v1/branchOffice/:branchId', ANY, { response: BranchOfficeSchema }),
  create: route('POST', '/api/v1/branchOffice', ADMIN, { body: CreateBranchOfficeBody, response: BranchOfficeSchema, demoKeyInTraining: true }),
  update: route('PUT', '/api/v1/branchOffice', ADMIN, { body: UpdateBranchOfficeBody, response: BranchOfficeSchema, demoKeyInTraining: true }),
  close: route('DELETE', '/api/v1/branchOffice/:branchId', ADMIN, { response: DeletedBranchOfficeSchema, demoKeyInTraining: true }),
} as const;
