// The till's replication to Kipu Central (issue 15, DESIGN.md "Growth"). Off the sale path: the
// sale only wrote an outbox row in its own transaction (migration 0018); this loop reads the
// outbox after the acknowledged cursor, sends the facts as they are now in batches, in seq order,
// and moves the cursor only when Central has committed them. A crash on either side replays from
// the cursor and Central's upsert (keyed by the till's ids, guarded by its own cursor) absorbs the
// repeat. Central away for a minute or a week: the loop backs off and retries; sales never wait.
// It also pulls the chain's catalog and applies it atomically (docs/decisions/0031).
import type { Logger } from 'pino';
import type { Store } from '../store/store';
import type { OutboxRow } from '../store/central-outbox';
import type { Tenant } from '../store/tenants';
import { CENTRAL_CREDENTIAL_REVOKED, PUSH_BUDGET_BYTES, type CatalogResponse, type PushItem, type PushRequest, type PushResponse, type TillReport } from '../../shared/api/central';
import type { CentralSyncStatus } from '../../shared/api/till';
import { CentralClient, type CentralAnswer, type CentralClientOptions } from './central-client';
import { boundTenant, tillIdOfToken } from './credential-binding';

export interface CentralPusherOptions extends CentralClientOptions {
  store: Store;
  logger: Logger;
  /** KIPU_CENTRAL_NIT: the taxpayer the credential was made for (credential-binding.ts). */
  nit?: string | null;
  /** Outbox rows per push (each invoice carries its XML). */
  batchSize?: number;
  /** Pause when there is nothing to send (also the heartbeat's pace: a push every `heartbeatMs`). */
  idleMs?: number;
  heartbeatMs?: number;
  /** Catalog pull interval. */
  catalogMs?: number;
  backoff?: { initialMs: number; maxMs: number };
}

/**
 * Central refused the till's credential because its administrator revoked it (decision 0045).
 * Nothing the till does fixes that: only a new credential (KIPU_CENTRAL_TOKEN) and a restart.
 */
class CredentialRevokedError extends Error {}

/** Central answered 429: wait what it asks (Retry-After), not the back-off. */
class RateLimitedError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`Kipu Central pidió esperar ${Math.ceil(retryAfterMs / 1000)} s (límite de solicitudes de esta caja)`);
  }
}

interface TillIdentity {
  tillId: string;
  nit: string;
  branchCode: number | null;
}

export class CentralPusher {
  private readonly client: CentralClient;
  private readonly abort = new AbortController();
  private loop: Promise<void> | null = null;
  private identity: TillIdentity | null = null;
  private lastPush = 0;
  private lastCatalog = 0;
  private wake: (() => void) | null = null;
  /** The last failure, for the status endpoint and the logs. */
  lastError: string | null = null;
  /** Central's last answer was "credential revoked" (cleared by the next accepted push). */
  private revoked = false;

  constructor(private readonly o: CentralPusherOptions) {
    this.client = new CentralClient(o);
  }

  start(): void {
    if (!this.loop) this.loop = this.run();
  }

  /** Something was written: push soon (the loop otherwise looks every `idleMs`). */
  nudge(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    this.wake?.();
    await this.loop;
    this.client.close();
  }

  private async run(): Promise<void> {
    const { initialMs, maxMs } = this.o.backoff ?? { initialMs: 500, maxMs: 30_000 };
    let delay = initialMs;
    while (!this.abort.signal.aborted && this.o.store.isOpen) {
      let pause = this.o.idleMs ?? 500;
      let asked = false;
      try {
        const sent = await this.pushOnce();
        if (Date.now() - this.lastCatalog >= (this.o.catalogMs ?? 30_000)) await this.pullCatalog();
        delay = initialMs;
        if (sent > 0) pause = 0;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (message !== this.lastError) this.o.logger.warn({ err: message }, 'Kipu Central: no se pudo sincronizar; se reintentará');
        this.lastError = message;
        if (this.o.store.isOpen) this.o.store.central.setError(message);
        this.revoked = err instanceof CredentialRevokedError;
        if (this.revoked) {
          // Retrying sooner cannot help: straight to the longest pause, still trying (the till keeps
          // selling; whatever it holds goes up once a new credential is configured).
          this.identity = null;
          delay = maxMs;
        }
        pause = delay;
        delay = Math.min(delay * 2, maxMs);
        if (err instanceof RateLimitedError) {
          // Not a failure of Central: the wait it asked for, then the pace resumes.
          pause = err.retryAfterMs;
          delay = initialMs;
          asked = true;
        }
      }
      if (pause > 0) await this.pause(pause, asked || delay > initialMs);
    }
  }

  /** Waits `ms`, or less when stopped or (outside a back-off) nudged by a new fact. */
  private pause(ms: number, backingOff: boolean): Promise<void> {
    return new Promise((resolve) => {
      const signal = this.abort.signal;
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      // While Central is away, a sale must not turn into a retry: only the back-off decides.
      this.wake = backingOff ? null : done;
    });
  }

  /** What the till's status shows of its replication (GET /api/v1/till/status `central`). */
  status(): CentralSyncStatus {
    const c = this.o.store.central.cursor();
    return { lastPushAt: c.lastPushAt, lastError: c.lastError, credentialRevoked: this.revoked };
  }

  /**
   * Who Central says this till is, checked against what the till itself knows (issue 26, finding
   * 2): the till id inside its own credential and the taxpayer the credential is bound to here.
   * Central's answer can confirm the binding, never widen it: another NIT or till is refused and
   * nothing is pushed or applied. Returns the bound tenant.
   */
  private async whoAmI(): Promise<Tenant> {
    const tenant = boundTenant(this.o.store, this.o.token, this.o.nit ?? null);
    if (this.identity) return tenant;
    const res = await this.client.request('GET', 'central/v1/till');
    throwIfRevoked(res);
    throwIfRateLimited(res);
    if (res.status !== 200) throw new Error(`Central rechazó la credencial de la caja (HTTP ${res.status}): ${messageOf(res.body)}`);
    const b = (res.body ?? {}) as Partial<TillIdentity>;
    const tillId = tillIdOfToken(this.o.token);
    if (b.tillId !== tillId) {
      throw new Error(`Kipu Central respondió por otra caja (${String(b.tillId)}) y no por la de esta credencial (${tillId}): no se envía nada ni se aplica su catálogo; revise KIPU_CENTRAL_URL`);
    }
    if (String(b.nit) !== tenant.nit) {
      throw new Error(
        `Kipu Central dice que esta caja es del NIT ${String(b.nit)}, pero su credencial se configuró aquí para el NIT ${tenant.nit} (${tenant.razonSocial}): no se envía nada ni se aplica su catálogo; revise KIPU_CENTRAL_URL y la credencial`,
      );
    }
    this.identity = { tillId, nit: tenant.nit, branchCode: typeof b.branchCode === 'number' ? b.branchCode : null };
    return tenant;
  }

  private report(t: Tenant): TillReport {
    const cert = this.o.store.settings.get<{ notAfter?: string }>(t.id, 'certificate');
    return {
      nit: t.nit,
      razonSocial: t.razonSocial,
      certificateExpiresAt: cert?.notAfter ?? null,
      training: t.training,
      tenant: { ...t },
    };
  }

  /** One push of the next batch (or a heartbeat); returns how many outbox rows it covered. */
  async pushOnce(): Promise<number> {
    const tenant = await this.whoAmI();
    const cursor = this.o.store.central.cursor();
    const rows = this.o.store.central.after(cursor.ackedSeq, this.o.batchSize ?? 250, tenant.id);
    const heartbeatDue = Date.now() - this.lastPush >= (this.o.heartbeatMs ?? 10_000);
    if (rows.length === 0 && !heartbeatDue) return 0;
    const all = this.itemsOf(tenant.id, rows);
    const items = withinBudget(all);
    // Cut short by size: only as far as the facts that go (those left wait for the next push).
    const upTo = items.length < all.length ? items[items.length - 1]!.seq : rows.length > 0 ? rows[rows.length - 1]!.seq : cursor.ackedSeq;
    const body: PushRequest = { after: cursor.ackedSeq, upTo, report: this.report(tenant), items };
    const res = await this.client.request('POST', 'central/v1/push', body);
    throwIfRevoked(res);
    throwIfRateLimited(res);
    if (res.status === 409) {
      // Central has less than the till thought (restored from a backup): resend from its cursor.
      // Never forward: facts Central did not acknowledge one by one are never skipped (issue 26, finding 1).
      const acked = (res.body as { ackedSeq?: number }).ackedSeq;
      if (typeof acked !== 'number' || !Number.isSafeInteger(acked) || acked < 0) throw new Error('Central respondió 409 sin su cursor');
      if (acked >= cursor.ackedSeq) throw new Error(`Central dice tener hasta ${acked}, más de lo que confirmó (${cursor.ackedSeq}); la caja no salta hechos sin confirmar`);
      this.o.store.central.setAcked(acked);
      this.lastPush = Date.now();
      return 1;
    }
    if (res.status !== 200) throw new Error(`Central respondió HTTP ${res.status}: ${messageOf(res.body)}`);
    const ack = res.body as PushResponse;
    if (!Number.isSafeInteger(ack?.ackedSeq)) throw new Error('Central respondió sin un cursor válido');
    // Only as far as this push carried, whatever Central answers.
    this.o.store.central.setAcked(Math.max(cursor.ackedSeq, Math.min(ack.ackedSeq, upTo)));
    this.lastPush = Date.now();
    this.lastError = null;
    this.revoked = false;
    return rows.length;
  }

  /** The facts named by the rows, each once (at its last seq), read as they are now. */
  private itemsOf(tenantId: string, rows: readonly OutboxRow[]): PushItem[] {
    const last = new Map<string, OutboxRow>();
    for (const r of rows) if (r.tenantId === tenantId) last.set(`${r.kind}:${r.entityId}`, r);
    const ids = (kind: OutboxRow['kind']) => [...last.values()].filter((r) => r.kind === kind).map((r) => r.entityId);
    const seqOf = (kind: OutboxRow['kind'], id: string) => last.get(`${kind}:${id}`)!.seq;
    const c = this.o.store.central;
    const items: PushItem[] = [
      ...c.pointsOfSale(tenantId, ids('pos')).map((data): PushItem => ({ seq: seqOf('pos', data.id), kind: 'pos', data })),
      ...c.events(tenantId, ids('event')).map((data): PushItem => ({ seq: seqOf('event', data.id), kind: 'event', data })),
      ...c.cashSessions(tenantId, ids('cash')).map((data): PushItem => ({ seq: seqOf('cash', data.id), kind: 'cash', data })),
      ...c.invoices(tenantId, ids('invoice')).map((data): PushItem => ({ seq: seqOf('invoice', data.id), kind: 'invoice', data })),
    ];
    return items.sort((a, b) => a.seq - b.seq);
  }

  /** Pulls the chain's catalog changes after the applied version and applies each page atomically. */
  async pullCatalog(): Promise<number> {
    // The catalog goes to the credential's own taxpayer, whatever Central's pages say.
    const tenant = await this.whoAmI();
    this.lastCatalog = Date.now();
    let applied = 0;
    for (;;) {
      const after = this.o.store.central.cursor().catalogVersion;
      const res = await this.client.request('GET', `central/v1/catalog?after=${after}`);
      throwIfRevoked(res);
      throwIfRateLimited(res);
      if (res.status !== 200) throw new Error(`Central respondió HTTP ${res.status} al catálogo: ${messageOf(res.body)}`);
      const page = res.body as CatalogResponse;
      if (page.products.length > 0 || page.version !== after) {
        this.o.store.central.applyCatalog(tenant.id, page);
        applied += page.products.length;
      }
      if (!page.more) return applied;
    }
  }
}

/**
 * The first items, in seq order, that fit a push of PUSH_BUDGET_BYTES (always at least one): a
 * batch of long invoices once made a push Central had to take whole (issue 26, finding 3).
 */
function withinBudget(items: PushItem[]): PushItem[] {
  let bytes = 0;
  for (const [i, it] of items.entries()) {
    bytes += Buffer.byteLength(JSON.stringify(it)) + 1;
    if (bytes > PUSH_BUDGET_BYTES && i > 0) return items.slice(0, i);
  }
  return items;
}

/** Central's 401 "credential revoked" becomes the till's sync error, as "credencial revocada: …". */
function throwIfRevoked(res: CentralAnswer): void {
  if (res.status === 401 && (res.body as { code?: unknown } | null)?.code === CENTRAL_CREDENTIAL_REVOKED) {
    throw new CredentialRevokedError(`credencial revocada: ${messageOf(res.body)}`);
  }
}

/** Central's 429 (its per-credential limit, issue 26 finding 3): the till waits its Retry-After. */
function throwIfRateLimited(res: CentralAnswer): void {
  if (res.status !== 429) return;
  const seconds = res.retryAfterSeconds ?? 1;
  // Bounded: a Central asking for an hour is not obeyed past the longest back-off anyway.
  throw new RateLimitedError(Math.min(Math.max(seconds, 1), 60) * 1000);
}

function messageOf(body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body) return String((body as { message: unknown }).message);
  return JSON.stringify(body ?? null).slice(0, 200);
}
