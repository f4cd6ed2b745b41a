// Internal notifications (invoice state changes, contingency, SIAT connectivity, upkeep). The event
// stream and the webhooks subscribe here; publishers never wait on subscribers.
// Runs in: engine.
import { EventEmitter } from 'node:events';
import type { KipuEvent, KipuEventInput, KipuEventType } from './event-map';

export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  publish<K extends KipuEventType>(e: KipuEventInput<K>): void {
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
