// Webhook delivery (seed: Events, Delivery and retry). Each bus event of a tenant becomes one
// persisted PENDING delivery per matching active endpoint; a dispatcher sends due deliveries
// every 10 s (seed: Limits) and right after an event is enqueued. Failures back off
// exponentially; after 8 attempts the delivery is FAILED. Publishing never waits on any of this
// (the bus calls subscribers after the publisher's transaction, and sending is asynchronous).
import type { Logger } from 'pino';
import type { EventBus } from '../events/event-bus';
import type { KipuEvent } from '../events/event-map';
import type { SecretStore } from '../config/secrets';
import { checkTarget, TargetRejected, type Resolver } from '../net/address-guard';
import { matchesAny } from './event-catalog';
import { payloadOf } from './payload';
import { sign } from './signature';
import { postWebhook, type SendResult } from './https-sender';
import type { DeliveryState, WebhookDelivery, WebhookRepository } from '../store/webhooks';

export const secretName = (endpointId: string) => `webhooks.${endpointId}.secret`;

export interface DispatcherOptions {
  /** Queue cadence (seed: every 10 seconds). */
  intervalMs?: number;
  /** Per-attempt time-out (the seed leaves it open; 10 s). */
  timeoutMs?: number;
  /** First back-off; attempt n waits base × 2^(n-1): 1, 2, 4 … 64 min (≈ 2 h 7 min in all). */
  retryBaseMs?: number;
  /** seed: Limits — 8 attempts. */
  maxAttempts?: number;
  /** KIPU_WEBHOOK_ALLOW_PRIVATE: tests and labs only. */
  allowPrivate?: boolean;
  /** Extra trusted CA, PEM (KIPU_WEBHOOK_CA_FILE). */
  ca?: string | null;
  resolve?: Resolver;
}

export interface DispatcherDeps extends DispatcherOptions {
  repo: WebhookRepository;
  secrets: SecretStore;
  bus: EventBus;
  logger: Logger;
  now: () => Date;
}

export class WebhookDispatcher {
  private readonly inflight = new Map<string, Promise<void>>();
  private unsubscribe: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly o: Required<Omit<DispatcherOptions, 'resolve' | 'ca'>> & { ca: string | null };

  constructor(private readonly deps: DispatcherDeps) {
    this.o = {
      intervalMs: deps.intervalMs ?? 10_000,
      timeoutMs: deps.timeoutMs ?? 10_000,
      retryBaseMs: deps.retryBaseMs ?? 60_000,
      maxAttempts: deps.maxAttempts ?? 8,
      allowPrivate: deps.allowPrivate ?? false,
      ca: deps.ca ?? null,
    };
  }

  start(): void {
    this.unsubscribe = this.deps.bus.subscribe((e) => this.onEvent(e));
    this.timer = setInterval(() => this.tick(), this.o.intervalMs);
    this.timer.unref();
    // Deliveries left PENDING by a crash or a stop go out now.
    this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.inflight.values()]);
  }

  /** Persists the deliveries of one event (before any sending) and kicks the queue. */
  onEvent(e: KipuEvent): void {
    if (this.stopped) return;
    const targets = this.deps.repo.activeFor(e.tenantId).filter((ep) => matchesAny(ep.events, e.type));
    if (targets.length === 0) return;
    this.deps.repo.enqueue(e.tenantId, targets.map((t) => t.id), e.type, JSON.stringify(payloadOf(e)));
    this.tick();
  }

  /** Starts every due delivery that is not already in flight; never waits for them. */
  tick(): void {
    if (this.stopped) return;
    let due: WebhookDelivery[];
    try {
      due = this.deps.repo.due(100);
    } catch (err) {
      this.deps.logger.error({ err }, 'webhooks: could not read the delivery queue');
      return;
    }
    for (const d of due) {
      if (this.inflight.has(d.id)) continue;
      this.track(d.id, this.attempt(d, false));
    }
  }

  /** A manual attempt now, whatever the back-off (seed: "a delivery can be forced manually"). */
  async redeliver(d: WebhookDelivery): Promise<void> {
    // One attempt at a time per delivery: wait for an automatic one already on the wire.
    await this.inflight.get(d.id);
    const p = this.attempt(d, true);
    this.track(d.id, p);
    await p;
  }

  private track(id: string, p: Promise<void>): void {
    const wrapped = p
      .catch((err: unknown) => this.deps.logger.error({ err, delivery: id }, 'webhooks: attempt failed unexpectedly'))
      .finally(() => {
        if (this.inflight.get(id) === wrapped) this.inflight.delete(id);
      });
    this.inflight.set(id, wrapped);
  }

  private async attempt(d: WebhookDelivery, manual: boolean): Promise<void> {
    const { repo, secrets, now } = this.deps;
    const endpoint = repo.endpointOfDelivery(d.id);
    if (!endpoint) return;
    const startedAt = now();
    let result: SendResult;
    const secret = secrets.get(secretName(endpoint.id));
    if (!secret) {
      result = { ok: false, statusCode: null, error: 'Falta el secreto de firma del endpoint' };
    } else {
      try {
        // seed: Webhook management + security standard — check again at delivery time (DNS can
        // change) and connect to the address checked.
        const address = await checkTarget(endpoint.url, { allowPrivate: this.o.allowPrivate, ...(this.deps.resolve ? { resolve: this.deps.resolve } : {}) });
        const ts = Math.floor(now().getTime() / 1000);
        result = await postWebhook({
          url: endpoint.url,
          address,
          body: d.payload,
          timeoutMs: this.o.timeoutMs,
          ca: this.o.ca,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Kipu-Webhooks/1',
            'webhook-id': d.id,
            'webhook-timestamp': String(ts),
            'webhook-signature': sign(secret, d.id, ts, d.payload),
            'webhook-event': d.eventType,
          },
        });
      } catch (err) {
        result = { ok: false, statusCode: null, error: err instanceof TargetRejected ? err.message : String((err as Error)?.message ?? err) };
      }
    }
    const finishedAt = now();
    const n = repo.attemptCount(d.id) + 1;
    const current = repo.delivery(d.tenantId, d.id)?.state ?? d.state;
    let state: DeliveryState;
    let next: string | null = null;
    if (result.ok) state = 'DELIVERED';
    else if (current !== 'PENDING') state = current; // a manual retry of a settled delivery keeps its state
    else if (n >= this.o.maxAttempts) state = 'FAILED';
    else {
      state = 'PENDING';
      next = new Date(finishedAt.getTime() + this.o.retryBaseMs * 2 ** (n - 1)).toISOString();
    }
    repo.recordAttempt(d.id, {
      manual,
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      statusCode: result.statusCode,
      error: result.error?.slice(0, 500) ?? null,
      ok: result.ok,
      state,
      nextAttemptAt: next,
    });
    if (!result.ok) this.deps.logger.warn({ delivery: d.id, endpoint: endpoint.id, attempt: n, error: result.error }, 'webhook delivery attempt failed');
  }
}
