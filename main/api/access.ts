// Who may call each route (issue 19, findings 4 and 13). The whole policy on one page, so a
// review reads it at once. `server.ts` attaches each entry to its route as the route's `access`
// flag when the route is registered, and refuses to start when an /api/ route has no entry:
// deny by default. Publicness is decided from the matched route, never from the raw URL (which
// the router decodes: `/%61pi/…` is `/api/…`).
import { SCOPES, type Scope } from '../../shared/api-scopes';
import { sectorEmissionPaths } from '../../shared/api/sector-emission';

/** `public`: no key. Otherwise the scopes that may call the route (any one of them will do). */
export type Access = 'public' | readonly Scope[];

const ADMIN: readonly Scope[] = ['admin'];
const TILL: readonly Scope[] = ['till'];
const ANY: readonly Scope[] = SCOPES;
/** Selling, cancelling and reading invoices: the till and the integrator's invoice API. */
const SELL: readonly Scope[] = ['till', 'integrator'];
/** The till's management screens, which the store's administrator also uses. */
const STORE: readonly Scope[] = ['admin', 'till'];
const HOOKS: readonly Scope[] = ['admin', 'integrator'];
/** Massive emission: the integrator's (a month of fees or bills from its system) and the administrator's. */
const BATCH: readonly Scope[] = ['admin', 'integrator'];

/** `METHOD /url` as registered → who may call it. HEAD routes follow their GET. */
export const ROUTE_ACCESS: Readonly<Record<string, Access>> = {
  // Public: the seed's customer links (a CUF is the capability, as on SIAT's own QR page;
  // guessing is throttled per address, server.ts) and the till's bootstrap.
  'GET /api/v1/public/till-config': 'public',
  'GET /api/v1/public/invoice/:cuf': 'public',
  'GET /api/v1/public/invoice/:cuf/xml': 'public',
  'GET /api/v1/public/invoice/:cuf/pdf': 'public',
  'GET /api/v1/public/invoice/:cuf/ticket': 'public',
  'GET /api/v1/public/invoice/:cuf/zip': 'public',
  'GET /api/v1/public/storage/*': 'public',

  // Invoices (seed 000) and the sector style's retrieval (seed 001).
  'POST /api/v1/invoices': SELL,
  'GET /api/v1/invoices': SELL,
  'GET /api/v1/invoices/:id': SELL,
  'GET /api/v1/invoices/cuf/:cuf': SELL,
  'GET /api/v1/invoices/:id/status': SELL,
  'POST /api/v1/invoices/:id/cancel': SELL,
  'POST /api/v1/invoices/:id/reverse-cancellation': SELL,
  // Manual CAFC invoices (issue 17): the manager's transcription of a booklet.
  // The manager's "Autorización SIN" screen (issue 29): read only, the administrator's (it shows the system code).
  'GET /api/v1/certification': ADMIN,
  'GET /api/v1/certification/report.json': ADMIN,
  'GET /api/v1/certification/report.pdf': ADMIN,
  'GET /api/v1/certification/self-check': ADMIN,
  'GET /api/v1/certification/onboarding': ADMIN,
  'POST /api/v1/certification/go-live': ADMIN,
  'POST /api/v1/certification/rehearsal': ADMIN,
  'POST /api/v1/contingency/cafc': STORE,
  'GET /api/v1/contingency/cafc': STORE,
  'GET /api/v1/contingency/cafc/:id': STORE,
  // Training demo store (issue 17): the trainee removes it with the demo key.
  'GET /api/v1/training/demo-store': STORE,
  'DELETE /api/v1/training/demo-store': STORE,
  'POST /api/v1/invoices/:id/resend-email': SELL,
  'POST /api/v1/invoices/:id/print': TILL,
  'POST /api/v1/invoices/batch': BATCH,
  'GET /api/v1/invoices/batch': BATCH,
  'GET /api/v1/invoices/batch/:id': BATCH,
  'GET /api/v1/invoice/pagination': SELL,
  'GET /api/v1/invoice/xml': SELL,
  'GET /api/v1/invoice/json': SELL,
  'GET /api/v1/invoice/pdf': SELL,
  // Seed 001's sector emission and cancellation: POST /api/v1/invoice/{electronic|computarized}/
  // {rate|hospital|saleBon|debit|telecom|education}[/anulation], 24 routes, all selling.
  ...Object.fromEntries(sectorEmissionPaths().map((path) => [`POST ${path}`, SELL])),

  // Tax codes, catalogs and contingency events: the till (branch managers sync catalogs and
  // CUFDs) and the seed's integrator operations; reading them harms no one.
  'POST /api/v1/codes/nit': ANY,
  'POST /api/v1/codes/cufd': ANY,
  'GET /api/v1/codes/cufd/:posId': ANY,
  'POST /api/v1/siat/sync/all': ANY,
  'POST /api/v1/siat/sync/:catalog': ANY,
  'GET /api/v1/siat/sync/status': ANY,
  'GET /api/v1/siat/sync/catalogs/activities': ANY,
  'GET /api/v1/siat/sync/catalogs/products': ANY,
  'GET /api/v1/siat/sync/catalogs/legends': ANY,
  'GET /api/v1/siat/sync/catalogs/:type': ANY,
  'GET /api/v1/events/check-connection': ANY,
  'POST /api/v1/events/start': ANY,
  'POST /api/v1/events/end': ANY,
  'POST /api/v1/events': ANY,
  'GET /api/v1/events/active/:posId': ANY,

  // Products: read by all; the catalog is kept at the till or by the administrator.
  'GET /api/v1/products': ANY,
  'GET /api/v1/products/lookup': ANY,
  'GET /api/v1/products/:id': ANY,
  'POST /api/v1/products': STORE,
  'PUT /api/v1/products/:id': STORE,
  'POST /api/v1/products/import': STORE,

  // Branches and points of sale: listed by all; created and closed in SIAT by the administrator.
  'GET /api/v1/pos': ANY,
  'POST /api/v1/pos': ADMIN,
  'DELETE /api/v1/pos/:id': ADMIN,
  'PUT /api/v1/pos/:id/default-invoice-type': ADMIN,
  'GET /api/v1/branchOffice': ANY,
  'GET /api/v1/branchOffice/:branchId': ANY,
  'POST /api/v1/branchOffice': ADMIN,
  'PUT /api/v1/branchOffice': ADMIN,
  'DELETE /api/v1/branchOffice/:branchId': ADMIN,

  // The till's own screens.
  'GET /api/v1/till/status': STORE,
  'GET /api/v1/till/queue': STORE,
  'GET /api/v1/till/stream': STORE,
  'GET /api/v1/till/clients': STORE,
  'GET /api/v1/storage/status': STORE,
  // The store's people (issue 27): a person logs in with user and PIN at a point of sale (no key:
  // the PIN is the credential, wrong ones lock the user); the administrator manages the people.
  'POST /api/v1/till/login': 'public',
  'GET /api/v1/till/me': STORE,
  'POST /api/v1/till/logout': STORE,
  'GET /api/v1/till-users': ADMIN,
  'POST /api/v1/till-users': ADMIN,
  'GET /api/v1/till-users/policy': ADMIN,
  'PUT /api/v1/till-users/policy': ADMIN,
  'GET /api/v1/till-users/:id': ADMIN,
  'PUT /api/v1/till-users/:id': ADMIN,
  // Held sales (issue 27): the till's, and the administrator's to look back.
  'POST /api/v1/parked-sales': STORE,
  'GET /api/v1/parked-sales': STORE,
  'GET /api/v1/parked-sales/:id': STORE,
  'POST /api/v1/parked-sales/:id/recall': STORE,

  // Cash sessions (issue 17): the till's; the administrator reads and reopens them too.
  'GET /api/v1/cash/settings/:posId': STORE,
  // Whether the till may sell without an open cash session is the owner's call, not the cashier's (issue 26, finding 7).
  'PUT /api/v1/cash/settings/:posId': ADMIN,
  'POST /api/v1/cash/sessions': STORE,
  'GET /api/v1/cash/sessions': STORE,
  'GET /api/v1/cash/sessions/current': STORE,
  'GET /api/v1/cash/sessions/:id': STORE,
  'POST /api/v1/cash/sessions/:id/movements': STORE,
  'POST /api/v1/cash/sessions/:id/close': STORE,
  'POST /api/v1/cash/sessions/:id/reopen': STORE,
  'GET /api/v1/cash/sessions/:id/report': STORE,
  'GET /api/v1/cash/sessions/:id/report/pdf': STORE,
  'POST /api/v1/cash/sessions/:id/report/print': STORE,
  'POST /api/v1/cash/drawer/open': TILL,

  // The assistant helps everyone.
  'POST /api/v1/ai/validate': ANY,
  'POST /api/v1/ai/resolve-error': ANY,
  'GET /api/v1/ai/normativas/search': ANY,
  'POST /api/v1/ai/chat': ANY,
  'POST /api/v1/ai/ask': ANY,
  'GET /api/v1/ai/status': ANY,

  // Administration: what changes who the store is, what it trusts and where it sends data.
  'GET /api/v1/settings/sales': ADMIN,
  'PUT /api/v1/settings/sales': ADMIN,
  'GET /api/v1/settings/taxpayer': ADMIN,
  'PUT /api/v1/settings/taxpayer': ADMIN,
  'GET /api/v1/settings/siat': ADMIN,
  'PUT /api/v1/settings/siat': ADMIN,
  'POST /api/v1/settings/certificate': ADMIN,
  'GET /api/v1/settings/printer': ADMIN,
  'GET /api/v1/printing/till-settings': TILL,
  'PUT /api/v1/settings/printer': ADMIN,
  'POST /api/v1/settings/printer/test': ADMIN,
  'GET /api/v1/settings/smtp': ADMIN,
  'PUT /api/v1/settings/smtp': ADMIN,
  'DELETE /api/v1/settings/smtp': ADMIN,
  'GET /api/v1/keys': ADMIN,
  'POST /api/v1/keys': ADMIN,
  'DELETE /api/v1/keys/:id': ADMIN,
  'POST /api/v1/storage/test': ADMIN,
  'POST /api/v1/storage/brand/logo': ADMIN,
  'GET /api/v1/user/additional': ADMIN,
  'POST /api/v1/user/additional': ADMIN,
  'GET /api/v1/user/additional/:userId': ADMIN,

  // Purchases and the monthly books (issue 14): the store's managers (till screens Compras and
  // Libros) and the administrator; seed 001's purchase list also for the integrator.
  'GET /api/v1/invoice/shopping/PageShopping': ANY,
  'POST /api/v1/purchases': STORE,
  'GET /api/v1/purchases': STORE,
  'POST /api/v1/purchases/scan': STORE,
  'POST /api/v1/purchases/import': STORE,
  'GET /api/v1/purchases/queue': STORE,
  'POST /api/v1/purchases/send': STORE,
  'GET /api/v1/purchases/:id': STORE,
  'GET /api/v1/purchases/by-shopping-invoice-id/:shoppingInvoiceId': STORE,
  'DELETE /api/v1/purchases/:id': STORE,
  'POST /api/v1/purchases/confirm': STORE,
  'POST /api/v1/purchases/siat-query': STORE,
  'GET /api/v1/books/totals': STORE,
  'GET /api/v1/books/ventas': STORE,
  'GET /api/v1/books/compras': STORE,
  'GET /api/v1/books/notas': STORE,

  // Webhooks: the integrator's, and the administrator's.
  'GET /api/v1/webhooks/endpoints': HOOKS,
  'POST /api/v1/webhooks/endpoints': HOOKS,
  'GET /api/v1/webhooks/endpoints/:id': HOOKS,
  'PUT /api/v1/webhooks/endpoints/:id': HOOKS,
  'DELETE /api/v1/webhooks/endpoints/:id': HOOKS,
  'POST /api/v1/webhooks/endpoints/:id/rotate-secret': HOOKS,
  'GET /api/v1/webhooks/endpoints/:id/deliveries': HOOKS,
  'POST /api/v1/webhooks/deliveries/:deliveryId/redeliver': HOOKS,
};

/**
 * The access of a route as registered, or null when an /api/ route has no entry (the server
 * refuses to start). Routes outside /api/ are the web UI, its files and /docs: public.
 */
export function accessOf(method: string, url: string): Access | null {
  const m = method === 'HEAD' ? 'GET' : method;
  const entry = ROUTE_ACCESS[`${m} ${url}`];
  if (entry) return entry;
  return url.startsWith('/api/') ? null : 'public';
}

export function allows(access: readonly Scope[], held: readonly Scope[]): boolean {
  return access.some((s) => held.includes(s));
}

/**
 * The seed operations (seeds 000 and 001) that the demo key's `till` scope does not reach:
 * webhooks, the storage test, the logo, branch offices and third-party users. The seed publishes
 * the demo key "to test without registering", so in training mode — and only there, only with
 * the published demo key, only on the training tenant, where every SIAT, storage and tenant it
 * touches is fake — it may try them (issue 28, item 9). Outside training the demo key is refused
 * altogether (server.ts), and every other key keeps its scopes everywhere. Kipu's own routes
 * (settings, keys, points of sale in SIAT, cash) are no seed operation and stay scoped.
 */
const SEED_OPERATIONS_FOR_THE_TRAINING_DEMO_KEY: ReadonlySet<string> = new Set([
  'GET /api/v1/webhooks/endpoints',
  'POST /api/v1/webhooks/endpoints',
  'GET /api/v1/webhooks/endpoints/:id',
  'PUT /api/v1/webhooks/endpoints/:id',
  'DELETE /api/v1/webhooks/endpoints/:id',
  'POST /api/v1/webhooks/endpoints/:id/rotate-secret',
  'GET /api/v1/webhooks/endpoints/:id/deliveries',
  'POST /api/v1/webhooks/deliveries/:deliveryId/redeliver',
  'POST /api/v1/storage/test',
  'POST /api/v1/storage/brand/logo',
  'POST /api/v1/branchOffice',
  'PUT /api/v1/branchOffice',
  'DELETE /api/v1/branchOffice/:branchId',
  'GET /api/v1/user/additional',
  'POST /api/v1/user/additional',
  'GET /api/v1/user/additional/:userId',
]);

export function demoKeyMayTryInTraining(method: string, url: string | undefined): boolean {
  return url !== undefined && SEED_OPERATIONS_FOR_THE_TRAINING_DEMO_KEY.has(`${method === 'HEAD' ? 'GET' : method} ${url}`);
}
