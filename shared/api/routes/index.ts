// Every route of the engine's HTTP API, declared once (issue 30, decision 0080). The engine
// refuses to start with an /api/ route that is not here and takes each route's access from here
// (main/api/access.ts); test/api/route-contract.test.ts holds the engine's routes and schemas to
// this list; the renderer calls `call(ROUTES.<domain>.<name>, …)` (renderer/src/api/http.ts).
// Adding a route: docs/adding-a-route.md.
import { CERTIFICATION_ROUTES, PRINTING_ROUTES, SETTINGS_ROUTES, STORAGE_ROUTES, THIRD_PARTY_USER_ROUTES, TILL_USER_ROUTES } from './admin';
import { CASH_ROUTES } from './cash';
import { BRANCH_ROUTES, CATALOG_ROUTES, CODE_ROUTES, CONTINGENCY_ROUTES, POS_ROUTES, PRODUCT_ROUTES } from './catalog';
import { AI_ROUTES, BATCH_ROUTES, BOOK_ROUTES, PURCHASE_ROUTES, SECTOR_INVOICE_ROUTES, WEBHOOK_ROUTES } from './records';
import { INVOICE_ROUTES, PARKED_SALE_ROUTES, PUBLIC_ROUTES, TILL_ROUTES } from './sale';
import { SECTOR_EMISSION } from './sector-emission';
import type { Route } from './route';

export const ROUTES = {
  invoices: INVOICE_ROUTES,
  till: TILL_ROUTES,
  parkedSales: PARKED_SALE_ROUTES,
  public: PUBLIC_ROUTES,
  cash: CASH_ROUTES,
  codes: CODE_ROUTES,
  catalogs: CATALOG_ROUTES,
  contingency: CONTINGENCY_ROUTES,
  products: PRODUCT_ROUTES,
  pos: POS_ROUTES,
  branches: BRANCH_ROUTES,
  tillUsers: TILL_USER_ROUTES,
  settings: SETTINGS_ROUTES,
  printing: PRINTING_ROUTES,
  storage: STORAGE_ROUTES,
  thirdPartyUsers: THIRD_PARTY_USER_ROUTES,
  certification: CERTIFICATION_ROUTES,
  purchases: PURCHASE_ROUTES,
  books: BOOK_ROUTES,
  batches: BATCH_ROUTES,
  sectorInvoices: SECTOR_INVOICE_ROUTES,
  webhooks: WEBHOOK_ROUTES,
  ai: AI_ROUTES,
} as const;

/** Seed 001's 24 sector emission and cancellation routes (./sector-emission.ts), in one list. */
const SECTOR_EMISSION_ROUTES: readonly Route[] = SECTOR_EMISSION.flatMap((s) => [s.emit, s.cancel]);

/** Every route, once: what the engine registers (test/api/route-contract.test.ts). */
export const ALL_ROUTES: readonly Route[] = [...Object.values(ROUTES).flatMap((domain) => Object.values(domain) as Route[]), ...SECTOR_EMISSION_ROUTES];

export { pathOf, queryString, routeKey } from './route';
export type { Access, BodyOf, ParamsOf, QueryOf, QueryValue, ResponseOf, Route } from './route';
