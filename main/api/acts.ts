// Which act a request is, for the role policy of the store's people (issue 27). Scopes
// (access.ts) say which credential may call a route; for a person logged in at the till, the act
// says which role it needs (shared/till-roles.ts ACT_ROLE). Some acts depend on the body: a POST
// /api/v1/invoices of a credit-debit note type (sector 24) is a return, a cash movement OUT is a cash out, closing a session
// someone else opened is a supervisor's act. The whole mapping on one page.
import type { Act } from '../../shared/till-roles';
import type { RecordedAct } from '../store/till-users';
import { NOTE } from '../invoicing/credit-debit-note-data';
import { invoiceType } from '../../shared/invoice-types';
import type { Cents } from '../../shared/money';
import { discountOverLimit, priceOverride, type DiscountLimit } from '../till-users/sale-limits';
import { ROUTES, routeKey } from '../../shared/api/routes';
import { SECTOR_ROUTES, SECTOR_MODALITIES, emissionPath, cancellationPath, type SectorModality } from '../../shared/api/sector-emission';

/** What a request carries that decides its act. */
export interface ActRequest {
  method: string;
  /** The route as registered (`/api/v1/invoices/:id/cancel`), not the raw URL. */
  route: string;
  params: Record<string, unknown>;
  body: unknown;
}

export interface ActLookup {
  /** True when the cash session `id` was opened by the user `userId` (act_records). */
  openedBy(sessionId: string, userId: string): boolean;
  /** The store's discount limit for a cajero (till-users policy); absent: discounts are not weighed (API keys). */
  discountLimit?(): DiscountLimit;
  /** A product's price in the catalog by its code, or null; absent: prices are not compared (API keys). */
  catalogPrice?(code: string): Cents | null;
  /** True when SIAT registered the purchase `id` (deleting it is anulacionCompra); absent: not weighed (API keys). */
  purchaseInSiat?(id: string): boolean;
}

/** Why a sale is a supervisor's act (a discount over the limit, a price override), in Spanish; null for a plain sale. */
export function saleReason(body: unknown, lookup: ActLookup): { act: Act; reason: string } | null {
  const price = lookup.catalogPrice ? priceOverride(body, lookup.catalogPrice) : null;
  if (price) return { act: 'price-override', reason: price };
  const discount = lookup.discountLimit ? discountOverLimit(body, lookup.discountLimit()) : null;
  return discount ? { act: 'discount-over-limit', reason: discount } : null;
}

const fieldOf = (body: unknown, key: string): unknown => (body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined);

const SECTOR_ACTS = new Map<string, Act>(
  SECTOR_ROUTES.flatMap((r) =>
    (Object.keys(SECTOR_MODALITIES) as SectorModality[]).flatMap((m): [string, Act][] => [
      [`POST ${emissionPath(m, r.segment)}`, r.sector === NOTE.SECTOR ? 'return' : 'sell'],
      [`POST ${cancellationPath(m, r.segment)}`, 'cancel'],
    ]),
  ),
);

/** By the route contract's routes (shared/api/routes/): a route that is not there fails the typecheck. */
const FIXED: Readonly<Record<string, Act>> = {
  [routeKey(ROUTES.invoices.cancel)]: 'cancel',
  [routeKey(ROUTES.invoices.reverseCancellation)]: 'reverse',
  [routeKey(ROUTES.invoices.print)]: 'reprint',
  [routeKey(ROUTES.invoices.resendEmail)]: 'reprint',
  [routeKey(ROUTES.cash.open)]: 'cash-open',
  [routeKey(ROUTES.cash.reopen)]: 'cash-reopen',
  [routeKey(ROUTES.products.create)]: 'catalog',
  [routeKey(ROUTES.products.update)]: 'catalog',
  [routeKey(ROUTES.products.import)]: 'catalog',
  [routeKey(ROUTES.products.removeDemoStore)]: 'administration',
  // Settings and keys: refused to cashiers and supervisors by scope already (access.ts); named
  // here so that who changed them is recorded (recordedAct).
  [routeKey(ROUTES.settings.saveSales)]: 'administration',
  [routeKey(ROUTES.settings.saveTaxpayer)]: 'administration',
  [routeKey(ROUTES.settings.saveSiat)]: 'administration',
  [routeKey(ROUTES.settings.uploadCertificate)]: 'administration',
  [routeKey(ROUTES.printing.save)]: 'administration',
  [routeKey(ROUTES.settings.saveSmtp)]: 'administration',
  [routeKey(ROUTES.settings.removeSmtp)]: 'administration',
  [routeKey(ROUTES.cash.saveSettings)]: 'administration',
  [routeKey(ROUTES.tillUsers.savePolicy)]: 'administration',
  [routeKey(ROUTES.settings.createKey)]: 'administration',
  [routeKey(ROUTES.settings.revokeKey)]: 'administration',
  [routeKey(ROUTES.tillUsers.create)]: 'administration',
  [routeKey(ROUTES.tillUsers.update)]: 'administration',
};

/**
 * The act of a request, or null when the role policy has nothing to say about it (reading, the
 * till's status, syncing catalogs: any role). `lookup` and `userId` decide whose cash session it is.
 */
export function actOf(req: ActRequest, lookup: ActLookup, userId: string): Act | null {
  const key = `${req.method} ${req.route}`;
  if (key === routeKey(ROUTES.invoices.create)) {
    if (invoiceType(String(fieldOf(req.body, 'invoiceType') ?? ''))?.sector === NOTE.SECTOR) return 'return';
    return saleReason(req.body, lookup)?.act ?? 'sell';
  }
  if (key === routeKey(ROUTES.cash.movement)) return fieldOf(req.body, 'kind') === 'OUT' ? 'cash-out' : 'cash-in';
  if (key === routeKey(ROUTES.cash.close)) {
    const id = String(req.params.id ?? '');
    return lookup.openedBy(id, userId) ? 'cash-close-own' : 'cash-close-other';
  }
  // Deleting a purchase SIAT holds is a supervisor's act; withdrawing one it never registered is
  // not (decision 0094). The register checks again when it deletes (the state may change between).
  if (key === routeKey(ROUTES.purchases.remove)) return lookup.purchaseInSiat?.(String(req.params.id ?? '')) ? 'purchase-delete' : null;
  return FIXED[key] ?? SECTOR_ACTS.get(key) ?? null;
}

/**
 * The acts whose doer (and approver) are kept in act_records, and what they are called there.
 * Settings are recorded against the route (`PUT /api/v1/settings/sales`), the rest against the
 * invoice, session, key or user they touched.
 */
export function recordedAct(act: Act, method: string, route: string): RecordedAct | null {
  switch (act) {
    case 'reprint':
      return 'reprint';
    case 'administration':
      if (route === ROUTES.settings.createKey.path) return 'key-create';
      if (route === ROUTES.settings.revokeKey.path) return 'key-revoke';
      if (route === ROUTES.tillUsers.savePolicy.path) return 'settings';
      if (route === ROUTES.tillUsers.create.path || route === ROUTES.tillUsers.update.path) return method === 'POST' ? 'user-create' : 'user-change';
      return route === ROUTES.products.removeDemoStore.path ? null : 'settings';
    case 'cancel':
    case 'return':
    case 'reverse':
    case 'cash-open':
    case 'cash-in':
    case 'cash-out':
    case 'cash-reopen':
    case 'discount-over-limit':
    case 'price-override':
    case 'purchase-delete':
      return act;
    case 'cash-close-own':
    case 'cash-close-other':
      return 'cash-close';
    default:
      return null;
  }
}
