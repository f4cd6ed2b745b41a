// Issue #13: a sale answers once stored and SIAT is sent to in the background. kill -9 with one
// sale sent but unanswered and the others stored but not sent yet: after the restart every sale
// ends VALIDATED, each registered by SIAT exactly once, numbers gapless.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startSiatSimulator } from '../../../main/siat-sim/simulator';
import { tempDir } from '../../fixtures/tmp';
import { engineApi, kill9, spawnEngine } from '../../fixtures/engine-process';
import { adminCall, assertGapless, assertRegisteredOnce, saleBody, stateCounts, waitFor } from './helpers';


/** One SIAT call in flight at a time: the first sale is sent, the others wait in the queue. */
const IN_FLIGHT_1 = { KIPU_SIAT_IN_FLIGHT: '1' };

test('kill -9 with a sale in flight and sales queued: after the restart all are VALIDATED, each registered once', { timeout: 300_000 }, async () => {
  const tmp = tempDir();
  const sim = await startSiatSimulator({ port: 0, dataDir: join(tmp.dir, 'sim') });
  const admin = (path: string, body?: unknown) => adminCall(sim.adminUrl, path, body);
  const dataDir = join(tmp.dir, 'engine');
  let child = await spawnEngine(dataDir, sim.url, IN_FLIGHT_1);
  const api = engineApi(() => child);

  try {
    const pos = (await api('/api/v1/pos'))[0];
    await api('/api/v1/siat/sync/all', { posId: pos.id });
    await api('/api/v1/codes/cufd', { posId: pos.id });
    // SIAT takes 2 s per invoice and one call is in flight at a time: the first sale is sent
    // and unanswered, the other five wait in the queue, all six already stored.
    await admin('/admin/faults', { mode: 'latency', latencyMs: 2000, operations: ['recepcionFactura'] });
    const answered = [];
    for (let i = 0; i < 6; i++) answered.push(await api('/api/v1/invoices', saleBody(pos.id, i)));
    assert.deepEqual(answered.map((a) => a.state), Array(6).fill('PENDING'), 'each sale answers at once, before SIAT');
    await kill9(child);
    // SIAT finishes the call it had received (its answer is lost with the engine).
    await waitFor('SIAT to register the sale in flight', async () => (await admin('/admin/received')).length === 1, 10_000, 50);
    await admin('/admin/reset-faults');

    child = await spawnEngine(dataDir, sim.url, IN_FLIGHT_1);
    const dbPath = join(dataDir, 'kipu.sqlite');
    const counts = () => {
      const db = new Database(dbPath, { readonly: true, fileMustExist: true });
      try {
        return stateCounts(db, pos.id);
      } finally {
        db.close();
      }
    };
    await waitFor('all six VALIDATED', () => counts().VALIDATED === 6, 30_000, 50);
    await kill9(child);
    const db = new Database(dbPath);
    try {
      assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
      assert.deepEqual(stateCounts(db, pos.id), { VALIDATED: 6 });
      assertGapless(db, pos.id);
      // Never sent twice: the restart asked SIAT before sending (verificación), so each CUF was received once.
      await assertRegisteredOnce({ admin }, db, pos.id, { receivedOnce: true });
    } finally {
      db.close();
    }
  } finally {
    await kill9(child);
    await sim.close();
    tmp.cleanup();
  }
});
