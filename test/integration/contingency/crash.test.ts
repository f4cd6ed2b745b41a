// kill -9 of the engine process during the flush, at several steps; each restart resumes:
// every invoice VALIDATED and registered by SIAT exactly once, numbers gapless, the event
// registered once, PRAGMA integrity_check ok. The simulator runs in this process (so it
// survives the engine's death); the engine is a child process (`main/engine/serve.ts`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startSiatSimulator } from '../../../main/siat-sim/simulator';
import { tempDir } from '../../fixtures/tmp';
import { engineApi, kill9, peeker, spawnEngine } from '../../fixtures/engine-process';
import { adminCall, assertGapless, assertRegisteredOnce, saleBody, stateCounts, waitFor } from './helpers';

test('kill -9 at registration, mid-sending and mid-polling: the flush resumes, nothing lost or doubled', { timeout: 300_000 }, async () => {
  const tmp = tempDir();
  const sim = await startSiatSimulator({ port: 0, dataDir: join(tmp.dir, 'sim'), packageValidationDelayMs: 1500 });
  const admin = (path: string, body?: unknown) => adminCall(sim.adminUrl, path, body);
  const dataDir = join(tmp.dir, 'engine');
  let child = await spawnEngine(dataDir, sim.url);
  const api = engineApi(() => child);
  // Read-only view of the engine's database, to time the kills.
  const dbPath = join(dataDir, 'kipu.sqlite');
  const peek = peeker(dataDir);
  const t0 = Date.now();
  const mark = (what: string) => process.env.KIPU_TEST_TIMING && console.error(`${((Date.now() - t0) / 1000).toFixed(1)}s ${what}`);
  try {
    const pos = (await api('/api/v1/pos'))[0];
    await api('/api/v1/siat/sync/all', { posId: pos.id });
    await api('/api/v1/codes/cufd', { posId: pos.id });
    const ev = await api('/api/v1/events/start', { posId: pos.id, branchId: pos.branchId, codigoMotivo: 2, descripcion: 'SIAT inaccesible' });
    for (let i = 0; i < 1100; i += 10) await Promise.all(Array.from({ length: 10 }, (_, k) => api('/api/v1/invoices?wait=true', saleBody(pos.id, i + k))));

    mark('// 1. SIAT');
    // 1. SIAT registers the event but the answer never comes: killed before the code is stored.
    await admin('/admin/faults', { mode: 'hang', operations: ['registroEventoSignificativo'] });
    await admin('/admin/accept-before-timeout', { enabled: true });
    await api('/api/v1/events/end', { posId: pos.id, branchId: pos.branchId, eventoId: ev.id });
    await waitFor('SIAT to register the event', async () => (await admin('/admin/state')).counts.events === 1);
    await waitFor('step REGISTERING', () => peek<{ step: string }>('SELECT step FROM contingency_events WHERE id = ?', ev.id).step === 'REGISTERING');
    await kill9(child);
    await admin('/admin/reset-faults');

    mark('// 2. Mid');
    // 2. Mid-sending: one package SENT, the others still BUILT.
    await admin('/admin/faults', { mode: 'latency', latencyMs: 700, operations: ['recepcionPaqueteFactura'] });
    child = await spawnEngine(dataDir, sim.url);
    await waitFor('one package sent', () => peek<{ n: number }>(`SELECT COUNT(*) n FROM contingency_packages WHERE state = 'SENT'`).n >= 1, 30_000, 10);
    await kill9(child);
    assert.ok(peek<{ n: number }>(`SELECT COUNT(*) n FROM contingency_packages WHERE state = 'BUILT'`).n >= 1, 'killed mid-sending');
    await admin('/admin/reset-faults');

    mark('// 3. Mid');
    // 3. Mid-polling: every package sent, SIAT still validating (901).
    child = await spawnEngine(dataDir, sim.url);
    await waitFor('step VALIDATING', () => peek<{ step: string }>('SELECT step FROM contingency_events WHERE id = ?', ev.id).step === 'VALIDATING', 30_000, 10);
    await kill9(child);

    mark('// 4. Restart');
    // 4. Restart and let it finish.
    child = await spawnEngine(dataDir, sim.url);
    await waitFor('the event to close', () => peek<{ state: string }>('SELECT state FROM contingency_events WHERE id = ?', ev.id).state === 'CLOSED', 60_000, 50);
    await kill9(child);

    mark('const db = new Datab');
    const db = new Database(dbPath);
    try {
      assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
      assert.deepEqual(stateCounts(db, pos.id), { VALIDATED: 1100 });
      assertGapless(db, pos.id);
      await assertRegisteredOnce({ admin }, db, pos.id);
      const state = await admin('/admin/state');
      assert.equal(state.counts.events, 1, 'the significant event was registered once (consultaEventoSignificativo found it)');
      const e = db.prepare('SELECT codigo_evento_siat c FROM contingency_events WHERE id = ?').get(ev.id) as { c: number };
      assert.equal(e.c, state.events[0].codigo_recepcion);
      const packages = db.prepare('SELECT invoice_count n, state FROM contingency_packages ORDER BY seq').all();
      assert.deepEqual(packages, [
        { n: 500, state: 'VALIDATED' },
        { n: 500, state: 'VALIDATED' },
        { n: 100, state: 'VALIDATED' },
      ]);
    } finally {
      db.close();
    }
  } finally {
    if (child.proc.exitCode === null && child.proc.signalCode === null) await kill9(child);
    await sim.close();
    tmp.cleanup();
  }
});
