// Kipu's domain events: one typed map, event name → payload (STYLE rule 3), derived from the
// one schema per event in shared/api/events.ts (issue 30, item 3), which the till's stream reads
// too. Publishers are held to the payload of the type they publish (event-bus.ts); the webhook
// catalog is keyed by the names (webhooks/event-catalog.ts), so adding an event without deciding
// whether receivers may subscribe to it fails the typecheck.
// Runs in: engine (type declarations only).
import type { KipuEventMap, KipuEventType } from '../../shared/api/events';

export type { KipuEventMap, KipuEventType };

/** Every invoice event's payload (seed: Events, Payload shape). */
export type InvoiceEventData = KipuEventMap['invoice.created'];
export type BatchProgressData = KipuEventMap['batch.progress'];

/**
 * An event as subscribers receive it. `data` is the payload of `type` (KipuEventMap), read
 * through a generic view because most subscribers forward it without looking inside.
 */
export interface KipuEvent {
  type: KipuEventType;
  tenantId: string;
  posId: string | null;
  occurredAt: string;
  data: Record<string, unknown>;
}

/** What a publisher hands to the bus: the payload must be the one its type declares. */
export type KipuEventInput<K extends KipuEventType> = {
  type: K;
  tenantId: string;
  posId: string | null;
  occurredAt?: string;
  data: KipuEventMap[K];
};
