// kill -9 of a till while it pushes to Central, twice, then a restart: nothing duplicated or
// lost (count and Σ total per till equal the till's own SQLite). The till is a child process
// (main/engine/serve.ts) so it can die for real; Central and PostgreSQL run in this process.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_DEMO_API_KEY } from '../../../main/engine/training';
import { tempDir } from '../../fixtures/tmp';
import { saleBody, waitFor } from '../contingency/helpers';
import { centralStack, centralTotals, sqliteTotals } from './helpers';
import { kill9, spawnEngine, type EngineProcess } from '../../fixtures/engine-process';

const stack = await centralStack();
after(() => stack.close());

type Child = EngineProcess;

/** The till as a child process, pushing to this Central (fixtures/engine-process.ts). */
function spawnTill(dataDir: string, centralUrl: string, token: string): Promise<Child> {
  return spawnEngine(dataDir, null, { KIPU_CENTRAL_URL: centralUrl, KIPU_CENTRAL_TOKEN: token });
}

function outboxTop(dbPath: string): { top: number; acked: number } {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return {
      top: (db.prepare('SELECT COALESCE(MAX(seq), 0) FROM central_outbox').pluck().get() as number),
      acked: (db.prepare('SELECT acked_seq FROM central_sync WHERE id = 1').pluck().get() as number),
    };
  } finally {
    db.close();
  }
}

const centralAcked = async (tillId: string) => (await stack.pool.query('SELECT acked_seq FROM tills WHERE id = $1', [tillId])).rows[0].acked_seq as number;

const BACKLOG = 600;

test('kill -9 of a till mid-push, twice, and a restart: nothing duplicated or lost', { timeout: 600_000 }, async () => {
  const central = await stack.startCentral(0);
  const cred = await stack.newTill('Caja que muere');
  const tmp = tempDir();
  const dataDir = join(tmp.dir, 'till');
  const dbPath = join(dataDir, 'kipu.sqlite');
  // Central away while the till sells: a backlog of several batches builds up.
  await stack.stopCentral();
  let child = await spawnTill(dataDir, central.url, cred.token);
  try {
    const api = async (path: string, json: unknown) => {
      const res = await fetch(`${child.url}${path}`, { method: 'POST', headers: { 'x-api-key': DEFAULT_DEMO_API_KEY, 'content-type': 'application/json' }, body: JSON.stringify(json) });
      const body = (await res.json()) as any;
      assert.ok(res.ok, `${path}: ${res.status} ${JSON.stringify(body)}`);
      return body.data;
    };
    const pos = (await (await fetch(`${child.url}/api/v1/pos`, { headers: { 'x-api-key': DEFAULT_DEMO_API_KEY } })).json() as any).data[0];
    await api('/api/v1/siat/sync/all', { posId: pos.id });
    await api('/api/v1/codes/cufd', { posId: pos.id });
    // A backlog of several pushes (250 outbox rows each), so each kill lands between two of them.
    for (let i = 0; i < BACKLOG; i += 10) await Promise.all(Array.from({ length: 10 }, (_, k) => api('/api/v1/invoices', saleBody(pos.id, i + k))));
    const before = outboxTop(dbPath);
    assert.equal(before.acked, 0);

    // 1. Central back: kill the till as soon as Central has committed its first batch.
    await stack.startCentral();
    await waitFor('a first batch at Central', async () => (await centralAcked(cred.tillId)) > 0, 60_000, 5);
    await kill9(child);
    const at1 = await centralAcked(cred.tillId);
    assert.ok(at1 < outboxTop(dbPath).top, `killed mid-push (Central at ${at1} of ${outboxTop(dbPath).top})`);

    // 2. Restart; kill again while it catches up.
    child = await spawnTill(dataDir, central.url, cred.token);
    await waitFor('more batches at Central', async () => (await centralAcked(cred.tillId)) > at1, 60_000, 5);
    await kill9(child);

    // 3. Restart and let it finish; sell a few more on the way.
    child = await spawnTill(dataDir, central.url, cred.token);
    for (let i = BACKLOG; i < BACKLOG + 20; i += 10) await Promise.all(Array.from({ length: 10 }, (_, k) => api('/api/v1/invoices', saleBody(pos.id, i + k))));
    await waitFor('the outbox to drain', () => {
      const o = outboxTop(dbPath);
      return o.acked === o.top;
    }, 120_000, 100);
    const local = sqliteTotals(dbPath);
    assert.equal(local.invoices, BACKLOG + 20);
    assert.deepEqual(await centralTotals(stack, cred.tillId), local);
    // The newest state of each invoice, not a stale one (background submission settles them at the
    // till meanwhile): the till's states are read again at each look, as they may still move — a
    // snapshot taken once was outrun by the till's own later changes and never matched.
    const localStates = () => {
      const db = new Database(dbPath, { readonly: true });
      try {
        return (db.prepare('SELECT state, COUNT(*) n FROM invoices GROUP BY state').all() as { state: string; n: number }[]).map((r) => `${r.state} ${r.n}`).sort();
      } finally {
        db.close();
      }
    };
    await waitFor('states to converge', async () => {
      const { rows } = await stack.pool.query('SELECT state, COUNT(*)::int n FROM invoices WHERE till_id = $1 GROUP BY state', [cred.tillId]);
      // Compared as sorted lines: the two databases need not group in the same order.
      return JSON.stringify(rows.map((r) => `${r.state} ${r.n}`).sort()) === JSON.stringify(localStates());
    }, 120_000, 100);
  } finally {
    await kill9(child);
    await stack.stopCentral();
    tmp.cleanup();
  }
});
