// Kipu Central's integration set-up: a real PostgreSQL (test/fixtures/postgres.ts), Central on
// loopback, the training taxpayer as Central's tenant, till credentials and an owner key; tills
// are real engines (contingency helpers' openTill) pushing to it.
import assert from 'node:assert/strict';
import pino from 'pino';
import Database from 'better-sqlite3';
import { startTestPostgres, type TestPostgres } from '../../fixtures/postgres';
import { startCentral, type Central } from '../../../main/central/central';
import { AccountRepository, type TillBinding } from '../../../main/central/store/accounts';
import { DashboardRepository } from '../../../main/central/store/dashboard';
import { migrateCentral, openPool, type Pool } from '../../../main/central/store/pg';
import { TRAINING_TAXPAYER } from '../../../main/siat-sim/training-taxpayer';
import { openTill, waitFor, type Till } from '../contingency/helpers';
import type { EngineDeps } from '../../../main/engine/engine-types';

export const FAST_CENTRAL: NonNullable<EngineDeps['central']> = { idleMs: 50, heartbeatMs: 500, catalogMs: 300, backoff: { initialMs: 50, maxMs: 400 }, timeoutMs: 5000 };

export interface CentralStack {
  pg: TestPostgres;
  databaseUrl: string;
  central: Central | null;
  /** A pool of the test's own, to look at Central's rows. */
  pool: Pool;
  tenantId: string;
  ownerKey: string;
  newTill(name: string, binding?: number | TillBinding): Promise<{ tillId: string; token: string }>;
  /** Starts (or restarts, on the same port once it had one) the Central service. */
  startCentral(port?: number): Promise<Central>;
  stopCentral(): Promise<void>;
  close(): Promise<void>;
}

export async function centralStack(): Promise<CentralStack> {
  const pg = await startTestPostgres({ fast: true });
  const databaseUrl = pg.url;
  const pool = openPool(databaseUrl, 4);
  await migrateCentral(pool);
  const accounts = new AccountRepository(pool);
  const tenant = await accounts.createTenant(String(TRAINING_TAXPAYER.nit), TRAINING_TAXPAYER.razonSocial);
  const ownerKey = (await accounts.createOwnerKey(tenant.id, 'Dueño')).key;
  let lastPort = 0;
  const stack: CentralStack = {
    pg,
    databaseUrl,
    central: null,
    pool,
    tenantId: tenant.id,
    ownerKey,
    newTill: (name, binding = 0) => accounts.createTill(tenant.id, name, binding),
    async startCentral(port = lastPort) {
      stack.central = await startCentral({ databaseUrl, host: '127.0.0.1', port, tls: null, poolSize: 8 }, { logger: pino({ level: 'silent' }), dashboardDir: null });
      lastPort = stack.central.port;
      return stack.central;
    },
    async stopCentral() {
      await stack.central?.close();
      stack.central = null;
    },
    async close() {
      await stack.stopCentral();
      await pool.end();
      pg.stop();
    },
  };
  return stack;
}

export async function centralTill(stack: CentralStack, url: string, name: string): Promise<Till & { tillId: string; token: string }> {
  const cred = await stack.newTill(name);
  const till = await openTill({ KIPU_CENTRAL_URL: url, KIPU_CENTRAL_TOKEN: cred.token }, { central: FAST_CENTRAL });
  return Object.assign(till, cred);
}

/** Invoice count and Σ total in a till's own SQLite file. */
export function sqliteTotals(dbPath: string): { invoices: number; totalCents: number } {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const r = db.prepare('SELECT COUNT(*) n, COALESCE(SUM(total), 0) s FROM invoices').get() as { n: number; s: number };
    return { invoices: r.n, totalCents: r.s };
  } finally {
    db.close();
  }
}

export async function centralTotals(stack: CentralStack, tillId: string): Promise<{ invoices: number; totalCents: number }> {
  const rows = await new DashboardRepository(stack.pool).tillTotals(stack.tenantId);
  const r = rows.find((x) => x.tillId === tillId);
  return { invoices: r?.invoices ?? 0, totalCents: r?.totalCents ?? 0 };
}

/** Waits until the till's outbox is fully acknowledged, then compares its SQLite with Central. */
export async function assertConverged(stack: CentralStack, till: { tillId: string }, dbPath: string, backlog: () => number, timeoutMs = 60_000): Promise<void> {
  await waitFor('the till to push everything', () => backlog() === 0, timeoutMs, 50);
  const local = sqliteTotals(dbPath);
  assert.ok(local.invoices > 0, 'the till has sold something');
  assert.deepEqual(await centralTotals(stack, till.tillId), local);
  // No invoice twice: one row per (till, id) is the key, and one per CUF too.
  const dup = await stack.pool.query('SELECT cuf, COUNT(*) n FROM invoices WHERE tenant_id = $1 AND till_id = $2 GROUP BY cuf HAVING COUNT(*) > 1', [stack.tenantId, till.tillId]);
  assert.equal(dup.rowCount, 0, 'a CUF appears twice at Central');
  // The dashboard's per-day sums (kept by triggers) agree with the invoices themselves.
  const raw = await stack.pool.query(
    `SELECT COUNT(*)::int n, COALESCE(SUM(total_cents), 0)::bigint s FROM invoices WHERE tenant_id = $1 AND till_id = $2 AND state NOT IN ('REJECTED', 'CANCELLED') AND sector <> 24`,
    [stack.tenantId, till.tillId],
  );
  const rolled = await stack.pool.query('SELECT COALESCE(SUM(invoices), 0)::int n, COALESCE(SUM(total_cents), 0)::bigint s FROM sales_daily WHERE tenant_id = $1 AND till_id = $2', [stack.tenantId, till.tillId]);
  assert.deepEqual(rolled.rows[0], raw.rows[0], 'sales_daily agrees with the invoices');
}

export async function owner(stack: CentralStack, path: string, init: RequestInit = {}): Promise<any> {
  const res = await fetch(`${stack.central!.url}${path}`, { ...init, headers: { authorization: `Bearer ${stack.ownerKey}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });
  const body = await res.json();
  assert.ok(res.ok, `${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}
