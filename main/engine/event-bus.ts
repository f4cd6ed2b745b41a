// Internal notifications (invoice state changes, contingency, SIAT connectivity, upkeep). The event
// stream and the webhooks subscribe here; publishers never wait on subscribers.
import { EventEmitter } from 'node:events';

export type KipuEventType =
  | 'invoice.created'
  | 'invoice.validated'
  | 'invoice.rejected'
  | 'invoice.cancelled'
  | 'invoice.contingency'
  | 'invoice.pending'
  | 'contingency.opened'
  | 'contingency.closed'
  | 'contingency.package_rejected'
  | 'siat.connection_lost'
  | 'siat.connection_restored'
  | 'siat.token_expiring'
  | 'certificate.expiring'
  | 'cufd.renewal_failed'
  | 'cuis.renewal_failed';

export interface KipuEvent {
  type: KipuEventType;
  tenantId: string;
  posId: string | null;
  occurredAt: string;
  data: Record<string, unknown>;
}

export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  publish(e: Omit<KipuEvent, 'occurredAt'> & { occurredAt?: string }): void {
    const event: KipuEvent = { ...e, occurredAt: e.occurredAt ?? new Date().toISOString() };
    // Subscribers run after the publisher's transaction, never inside it.
    queueMicrotask(() => this.emitter.emit('event', event));
  }

  subscribe(fn: (e: KipuEvent) => void): () => void {
    const safe = (e: KipuEvent) => {
      try {
        fn(e);
      } catch {
        // A broken subscriber must never break issuing.
      }
    };
    this.emitter.on('event', safe);
    return () => this.emitter.off('event', safe);
  }
}
