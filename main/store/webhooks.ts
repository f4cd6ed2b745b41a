// SQLite access for webhook endpoints, deliveries and attempts (migration 0007).
import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import { prepared } from './statements';

export interface WebhookEndpoint {
  id: string;
  tenantId: string;
  url: string;
  events: string[];
  description: string | null;
  active: boolean;
  secretHint: string;
  createdAt: string;
  deletedAt: string | null;
}

export type DeliveryState = 'PENDING' | 'DELIVERED' | 'FAILED';

export interface WebhookDelivery {
  id: string;
  tenantId: string;
  endpointId: string;
  eventType: string;
  payload: string;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export interface WebhookAttempt {
  attempt: number;
  manual: boolean;
  startedAt: string;
  finishedAt: string;
  statusCode: number | null;
  error: string | null;
}

type Row = Record<string, unknown>;

const endpointOf = (r: Row): WebhookEndpoint => ({
  id: r.id as string,
  tenantId: r.tenant_id as string,
  url: r.url as string,
  events: JSON.parse(r.events as string) as string[],
  description: (r.description as string | null) ?? null,
  active: r.active === 1,
  secretHint: r.secret_hint as string,
  createdAt: r.created_at as string,
  deletedAt: (r.deleted_at as string | null) ?? null,
});

const deliveryOf = (r: Row): WebhookDelivery => ({
  id: r.id as string,
  tenantId: r.tenant_id as string,
  endpointId: r.endpoint_id as string,
  eventType: r.event_type as string,
  payload: r.payload as string,
  state: r.state as DeliveryState,
  attempts: r.attempts as number,
  nextAttemptAt: (r.next_attempt_at as string | null) ?? null,
  lastStatusCode: (r.last_status_code as number | null) ?? null,
  lastError: (r.last_error as string | null) ?? null,
  createdAt: r.created_at as string,
  deliveredAt: (r.delivered_at as string | null) ?? null,
});

export class WebhookRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  private iso(): string {
    return this.now().toISOString();
  }

  countActive(tenantId: string): number {
    return (prepared(this.db, 'SELECT COUNT(*) AS n FROM webhook_endpoints WHERE tenant_id = ? AND deleted_at IS NULL').get(tenantId) as { n: number }).n;
  }

  create(tenantId: string, e: { id?: string; url: string; events: string[]; description: string | null; secretHint: string }): WebhookEndpoint {
    const id = e.id ?? randomUUID();
    const at = this.iso();
    prepared(
      this.db,
      `INSERT INTO webhook_endpoints (id, tenant_id, url, events, description, active, secret_hint, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)`,
    ).run(id, tenantId, e.url, JSON.stringify(e.events), e.description, e.secretHint, at, at);
    return this.byId(tenantId, id)!;
  }

  /** A live (not deleted) endpoint of the tenant. */
  byId(tenantId: string, id: string): WebhookEndpoint | null {
    const r = prepared(this.db, 'SELECT * FROM webhook_endpoints WHERE id = ? AND tenant_id = ? AND deleted_at IS NULL').get(id, tenantId) as Row | undefined;
    return r ? endpointOf(r) : null;
  }

  list(tenantId: string): WebhookEndpoint[] {
    return (prepared(this.db, 'SELECT * FROM webhook_endpoints WHERE tenant_id = ? AND deleted_at IS NULL ORDER BY created_at, id').all(tenantId) as Row[]).map(endpointOf);
  }

  activeFor(tenantId: string): WebhookEndpoint[] {
    return this.list(tenantId).filter((e) => e.active);
  }

  update(tenantId: string, id: string, p: { url?: string; events?: string[]; active?: boolean; description?: string | null; secretHint?: string }): WebhookEndpoint | null {
    const cur = this.byId(tenantId, id);
    if (!cur) return null;
    prepared(
      this.db,
      'UPDATE webhook_endpoints SET url = ?, events = ?, active = ?, description = ?, secret_hint = ?, updated_at = ? WHERE id = ? AND tenant_id = ?',
    ).run(
      p.url ?? cur.url,
      JSON.stringify(p.events ?? cur.events),
      (p.active ?? cur.active) ? 1 : 0,
      p.description === undefined ? cur.description : p.description,
      p.secretHint ?? cur.secretHint,
      this.iso(),
      id,
      tenantId,
    );
    return this.byId(tenantId, id);
  }

  /** Soft delete: the row and its deliveries stay as history; pending deliveries stop. */
  softDelete(tenantId: string, id: string): boolean {
    const at = this.iso();
    return this.db.transaction(() => {
      const r = prepared(this.db, 'UPDATE webhook_endpoints SET deleted_at = ?, active = 0, updated_at = ? WHERE id = ? AND tenant_id = ? AND deleted_at IS NULL').run(at, at, id, tenantId);
      if (r.changes === 0) return false;
      prepared(
        this.db,
        `UPDATE webhook_deliveries SET state = 'FAILED', next_attempt_at = NULL, last_error = 'Endpoint eliminado', updated_at = ? WHERE endpoint_id = ? AND state = 'PENDING'`,
      ).run(at, id);
      return true;
    })();
  }

  /** Persists one PENDING delivery per endpoint, due now, in one transaction (before any sending). */
  enqueue(tenantId: string, endpointIds: string[], eventType: string, payload: string): string[] {
    const at = this.iso();
    const ins = prepared(
      this.db,
      `INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, event_type, payload, state, attempts, next_attempt_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'PENDING', 0, ?, ?, ?)`,
    );
    return this.db.transaction(() =>
      endpointIds.map((eid) => {
        const id = randomUUID();
        ins.run(id, tenantId, eid, eventType, payload, at, at, at);
        return id;
      }),
    )();
  }

  /** PENDING deliveries due by now whose endpoint is live and active. */
  due(limit: number): WebhookDelivery[] {
    return (
      prepared(
        this.db,
        `SELECT d.* FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
         WHERE d.state = 'PENDING' AND d.next_attempt_at <= ? AND e.active = 1 AND e.deleted_at IS NULL
         ORDER BY d.next_attempt_at LIMIT ?`,
      ).all(this.iso(), limit) as Row[]
    ).map(deliveryOf);
  }

  delivery(tenantId: string, id: string): WebhookDelivery | null {
    const r = prepared(this.db, 'SELECT * FROM webhook_deliveries WHERE id = ? AND tenant_id = ?').get(id, tenantId) as Row | undefined;
    return r ? deliveryOf(r) : null;
  }

  endpointOfDelivery(id: string): WebhookEndpoint | null {
    const r = prepared(this.db, 'SELECT e.* FROM webhook_endpoints e JOIN webhook_deliveries d ON d.endpoint_id = e.id WHERE d.id = ?').get(id) as Row | undefined;
    return r ? endpointOf(r) : null;
  }

  deliveries(endpointId: string, offset: number, limit: number): { items: WebhookDelivery[]; total: number } {
    const total = (prepared(this.db, 'SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?').get(endpointId) as { n: number }).n;
    const items = (
      prepared(this.db, 'SELECT * FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?').all(endpointId, limit, offset) as Row[]
    ).map(deliveryOf);
    return { items, total };
  }

  /** The number of attempts made so far (read just before a new one). */
  attemptCount(id: string): number {
    return (prepared(this.db, 'SELECT attempts FROM webhook_deliveries WHERE id = ?').get(id) as { attempts: number } | undefined)?.attempts ?? 0;
  }

  attempts(deliveryId: string): WebhookAttempt[] {
    return (prepared(this.db, 'SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt').all(deliveryId) as Row[]).map((r) => ({
      attempt: r.attempt as number,
      manual: r.manual === 1,
      startedAt: r.started_at as string,
      finishedAt: r.finished_at as string,
      statusCode: (r.status_code as number | null) ?? null,
      error: (r.error as string | null) ?? null,
    }));
  }

  /** Records one attempt and the delivery's resulting state in one transaction. */
  recordAttempt(
    id: string,
    a: { manual: boolean; startedAt: string; finishedAt: string; statusCode: number | null; error: string | null; ok: boolean; state: DeliveryState; nextAttemptAt: string | null },
  ): void {
    this.db.transaction(() => {
      const cur = prepared(this.db, 'SELECT attempts FROM webhook_deliveries WHERE id = ?').get(id) as { attempts: number };
      const n = cur.attempts + 1;
      prepared(
        this.db,
        'INSERT INTO webhook_attempts (delivery_id, attempt, manual, started_at, finished_at, status_code, error) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run(id, n, a.manual ? 1 : 0, a.startedAt, a.finishedAt, a.statusCode, a.error);
      prepared(
        this.db,
        `UPDATE webhook_deliveries SET attempts = ?, state = ?, next_attempt_at = ?, last_status_code = ?, last_error = ?,
           delivered_at = CASE WHEN ? THEN ? ELSE delivered_at END, updated_at = ? WHERE id = ?`,
      ).run(n, a.state, a.state === 'PENDING' ? a.nextAttemptAt : null, a.statusCode, a.error, a.ok ? 1 : 0, a.finishedAt, a.finishedAt, id);
    })();
  }
}
