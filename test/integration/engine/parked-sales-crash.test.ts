// A parked sale survives kill -9 of the engine (issue 27): the demo cashier parks a sale at the
// till, the engine process is killed with SIGKILL right after the answer, and once restarted on
// the same data directory she logs in again and recalls it, lines and total as parked. The
// simulator runs in this process; the engine is a child process (`main/engine/serve.ts`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startSiatSimulator } from '../../../main/siat-sim/simulator';
import { tempDir } from '../../fixtures/tmp';
import { engineApi, kill9, spawnEngine, type EngineProcess } from '../../fixtures/engine-process';

async function call(c: EngineProcess, path: string, init: { key?: string; json?: unknown } = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${c.url}${path}`, {
    method: init.json === undefined ? 'GET' : 'POST',
    headers: { ...(init.key ? { 'x-api-key': init.key } : {}), ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
  return { status: res.status, body: await res.json() };
}

test('a parked sale survives kill -9 of the engine and is recalled after the restart', { timeout: 300_000 }, async () => {
  const tmp = tempDir();
  const sim = await startSiatSimulator({ port: 0, dataDir: join(tmp.dir, 'sim') });
  const dataDir = join(tmp.dir, 'engine');
  let child = await spawnEngine(dataDir, sim.url);
  const api = engineApi(() => child);
  try {
    const posId = (await api('/api/v1/pos'))[0].id as string;
    // The demo store's cajero (PIN 1234) at the till.
    const login = async () => {
      const r = await call(child, '/api/v1/till/login', { json: { posId, user: 'cajero', pin: '1234' } });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      return r.body.data.token as string;
    };
    let token = await login();
    const lines = [
      { productId: 'p1', code: 'ARR-1', description: 'Arroz 1 kg', unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100', unitPrice: 9.5, quantity: 2, discount: 1.9 },
      { productId: 'p2', code: 'ACE-1', description: 'Aceite 900 ml', unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100', unitPrice: 27.6, quantity: 1, discount: 0 },
    ];
    const parked = await call(child, '/api/v1/parked-sales', { key: token, json: { posId, lines, label: 'Juan Quispe', draft: { client: { documentNumber: '5115889' } } } });
    assert.equal(parked.status, 201, JSON.stringify(parked.body));
    const id = parked.body.data.id as string;

    // The power goes: no shutdown, no checkpoint.
    await kill9(child);
    child = await spawnEngine(dataDir, sim.url);
    token = await login();
    const waiting = await call(child, `/api/v1/parked-sales?posId=${posId}`, { key: token });
    assert.equal(waiting.status, 200);
    assert.deepEqual(waiting.body.data.content.map((p: { id: string; total: number; label: string }) => [p.id, p.total, p.label]), [[id, 44.7, 'Juan Quispe']]);
    const recalled = await call(child, `/api/v1/parked-sales/${id}/recall`, { key: token, json: {} });
    assert.equal(recalled.status, 200, JSON.stringify(recalled.body));
    assert.deepEqual(recalled.body.data.lines, lines);
    assert.deepEqual(recalled.body.data.draft, { client: { documentNumber: '5115889' } });
    assert.equal(recalled.body.data.recalledBy, 'Carla Cajera (demo)');
    await kill9(child);

    const db = new Database(join(dataDir, 'kipu.sqlite'), { readonly: true });
    try {
      assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
      const row = db.prepare('SELECT recalled_at IS NOT NULL AS recalled, parked_by FROM parked_sales WHERE id = ?').get(id);
      assert.deepEqual({ ...(row as object) }, { recalled: 1, parked_by: 'Carla Cajera (demo)' });
    } finally {
      db.close();
    }
  } finally {
    await kill9(child);
    await sim.close();
    tmp.cleanup();
  }
});
