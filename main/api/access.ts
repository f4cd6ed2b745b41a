// Who may call each route (issue 19, findings 4 and 13), read from the route contract
// (shared/api/routes/, decision 0080): each route declares its access beside its path and
// schemas, grouped by domain, so a review reads the policy there. `server.ts` attaches the access
// to its route as the route's `access` flag when the route is registered, and refuses to start
// when an /api/ route is not in the contract: deny by default. Publicness is decided from the
// matched route, never from the raw URL (which the router decodes: `/%61pi/…` is `/api/…`).
import type { Scope } from '../../shared/api-scopes';
import { ALL_ROUTES, routeKey, type Access } from '../../shared/api/routes';

export type { Access };

/** `METHOD /url` as registered → who may call it. HEAD routes follow their GET. */
export const ROUTE_ACCESS: ReadonlyMap<string, Access> = new Map(ALL_ROUTES.map((r) => [routeKey(r), r.access]));

/**
 * The access of a route as registered, or null when an /api/ route has no entry (the server
 * refuses to start). Routes outside /api/ are the web UI, its files and /docs: public.
 */
export function accessOf(method: string, url: string): Access | null {
  const m = method === 'HEAD' ? 'GET' : method;
  const entry = ROUTE_ACCESS.get(`${m} ${url}`);
  if (entry) return entry;
  return url.startsWith('/api/') ? null : 'public';
}

export function allows(access: readonly Scope[], held: readonly Scope[]): boolean {
  return access.some((s) => held.includes(s));
}

/**
 * The seed operations (seeds 000 and 001) that the demo key's `till` scope does not reach:
 * webhooks, the storage test, the logo, branch offices and third-party users (`demoKeyInTraining`
 * in the contract). The seed publishes the demo key "to test without registering", so in
 * training mode — and only there, only with the published demo key, only on the training tenant,
 * where every SIAT, storage and tenant it touches is fake — it may try them (issue 28, item 9).
 * Outside training the demo key is refused altogether (server.ts), and every other key keeps its
 * scopes everywhere. Kipu's own routes (settings, keys, points of sale in SIAT, cash) are no seed
 * operation and stay scoped.
 */
const SEED_OPERATIONS_FOR_THE_TRAINING_DEMO_KEY: ReadonlySet<string> = new Set(ALL_ROUTES.filter((r) => r.demoKeyInTraining).map(routeKey));

export function demoKeyMayTryInTraining(method: string, url: string | undefined): boolean {
  return url !== undefined && SEED_OPERATIONS_FOR_THE_TRAINING_DEMO_KEY.has(`${method === 'HEAD' ? 'GET' : method} ${url}`);
}
