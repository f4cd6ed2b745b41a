// The webhook event catalog and subscription patterns (seed: Events, Event catalog).
// A subscription is validated against the catalog, so an unknown event cannot be subscribed.
import type { KipuEventType } from '../events/event-map';

/**
 * Every type a receiver may subscribe to: the seed's catalog plus the invoice states Kipu
 * publishes (seed: "one event per change of invoice state"). All are emitted; the upkeep ones
 * (siat.token_expiring, certificate.expiring, cufd.renewal_failed, cuis.renewal_failed) by the
 * scheduler (main/engine/scheduler.ts), at most once a day each.
 * Keyed by the event map (main/events/event-map.ts): an event added there and not here, or a
 * name here that the map does not have, fails the typecheck.
 */
const SUBSCRIBABLE: Record<KipuEventType, true> = {
  'invoice.created': true,
  'invoice.validated': true,
  'invoice.rejected': true,
  'invoice.cancelled': true,
  'invoice.contingency': true,
  'invoice.pending': true,
  // A receiver that printed or sent the first CUF has to hand out the new one.
  'invoice.reissued': true,
  'contingency.opened': true,
  'contingency.closed': true,
  'contingency.package_rejected': true,
  'contingency.validation_pending': true,
  'batch.progress': true,
  'batch.completed': true,
  'siat.connection_lost': true,
  'siat.connection_restored': true,
  'siat.clock_skew': true,
  'siat.token_expiring': true,
  'certificate.expiring': true,
  'cufd.renewal_failed': true,
  'cuis.renewal_failed': true,
  // A store may page its supervisor from its own system.
  'till.user_locked': true,
};

export const EVENT_CATALOG: readonly KipuEventType[] = Object.freeze(Object.keys(SUBSCRIBABLE) as KipuEventType[]);

const TYPES = new Set<string>(EVENT_CATALOG);
const NAMESPACES = new Set(EVENT_CATALOG.map((t) => t.slice(0, t.indexOf('.'))));

/** True for `*`, `<namespace>.*` of a catalog namespace, or an exact catalog type. */
export function isValidPattern(p: string): boolean {
  if (p === '*') return true;
  if (p.endsWith('.*')) return NAMESPACES.has(p.slice(0, -2));
  return TYPES.has(p);
}

export function matchesPattern(pattern: string, type: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
  return pattern === type;
}

export function matchesAny(patterns: readonly string[], type: string): boolean {
  return patterns.some((p) => matchesPattern(p, type));
}
