// Issue #13: a sale answers once stored and SIAT is sent to in the background. kill -9 with one
// sale sent but unanswered and the others stored but not sent yet: after the restart every sale
// ends VALIDATED, each registered by SIAT exactly once, numbers gapless.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startSiatSimulator } from '../../../main/siat-sim/simulator';
import { DEFAULT_DEMO_API_KEY } from '../../../main/engine/training';
import { tempDir } from '../../fixtures/tmp';
import { adminCall, assertGapless, assertRegisteredOnce, saleBody, stateCounts, waitFor } from './helpers';

async function spawnEngine(dataDir: string, siatUrl: string): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'main/engine/serve.ts'], {
    env: { ...process.env, KIPU_DATA_DIR: dataDir, KIPU_PORT: '0', KIPU_SIAT_URL: siatUrl, KIPU_TRAINING: '1', KIPU_LOG_LEVEL: 'silent', KIPU_RATE_LIMIT: '100000', KIPU_SIAT_IN_FLIGHT: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const url = await waitFor('the engine to listen', () => /escuchando en (\S+)/.exec(out)?.[1], 30_000);
  return { proc, url };
}

test('kill -9 with a sale in flight and sales queued: after the restart all are VALIDATED, each registered once', { timeout: 120_000 }, async () => {
  const tmp = tempDir();
  const sim = await startSiatSimulator({ port: 0, dataDir: join(tmp.dir, 'sim') });
  const admin = (path: string, body?: unknown) => adminCall(sim.adminUrl, path, body);
  const dataDir = join(tmp.dir, 'engine');
  let child = await spawnEngine(dataDir, sim.url);
  const api = async (path: string, json?: unknown) => {
    const res = await fetch(`${child.url}${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { 'x-api-key': DEFAULT_DEMO_API_KEY, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    const body = (await res.json()) as any;
    assert.ok(res.ok, `${path}: ${res.status} ${JSON.stringify(body)}`);
    return body.data;
  };
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
    child.proc.kill('SIGKILL');
    await once(child.proc, 'exit');
    // SIAT finishes the call it had received (its answer is lost with the engine).
    await waitFor('SIAT to register the sale in flight', async () => (await admin('/admin/received')).length === 1, 10_000, 50);
    await admin('/admin/reset-faults');

    child = await spawnEngine(dataDir, sim.url);
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
    child.proc.kill('SIGKILL');
    await once(child.proc, 'exit');
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
    if (child.proc.exitCode === null && child.proc.signalCode === null) child.proc.kill('SIGKILL');
    await sim.close();
    tmp.cleanup();
  }
});
