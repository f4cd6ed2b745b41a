// kill -9 of the engine during a massive emission, at three points; each restart resumes and the
// batch ends with every invoice VALIDATED, registered by SIAT exactly once, numbers gapless:
//   1. mid-issuing: the batch and its items stored, part of the invoices numbered;
//   2. a package received by SIAT whose answer never came (stored, not known as sent);
//   3. every package sent, SIAT still validating (sent, not polled).
// The simulator runs in this process (it survives the engine's death); the engine is a child
// process (`main/engine/serve.ts`), as in test/integration/contingency/crash.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startSiatSimulator } from '../../../main/siat-sim/simulator';
import { TRAINING_TAXPAYER } from '../../../main/siat-sim/training-taxpayer';
import { tempDir } from '../../fixtures/tmp';
import { engineApi, kill9, peeker, spawnEngine } from '../../fixtures/engine-process';
import { adminCall, assertGapless, assertRegisteredOnce, waitFor } from '../contingency/helpers';
import { educationItem } from './helpers';



const TOTAL = 1500;

test('kill -9 mid-issuing, with a package SIAT received unanswered, and mid-polling: the batch resumes, nothing lost or doubled', { timeout: 300_000 }, async () => {
  const tmp = tempDir();
  const sim = await startSiatSimulator({ port: 0, dataDir: join(tmp.dir, 'sim'), packageValidationDelayMs: 1500 });
  const admin = (path: string, body?: unknown) => adminCall(sim.adminUrl, path, body);
  const dataDir = join(tmp.dir, 'engine');
  let child = await spawnEngine(dataDir, sim.url);
  // The published demo key is the till's; massive emission is the integrator's.
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'main/engine/admin.ts', 'key', 'create', '--nit', String(TRAINING_TAXPAYER.nit), '--name', 'ERP', '--scopes', 'integrator,till'], {
    env: { ...process.env, KIPU_DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  const key = /kipu_\S+/.exec(made.stdout)?.[0];
  assert.ok(key, made.stdout + made.stderr);
  const api = engineApi(() => child, key);

  const dbPath = join(dataDir, 'kipu.sqlite');
  const peek = peeker(dataDir);

  const issued = (batchId: string) =>
    peek<{ n: number }>('SELECT COUNT(*) n FROM invoices WHERE id IN (SELECT invoice_id FROM invoice_batch_items WHERE batch_id = ?)', batchId).n;
  try {
    const pos = (await api('/api/v1/pos'))[0];
    await api('/api/v1/siat/sync/all', { posId: pos.id });
    await api('/api/v1/codes/cufd', { posId: pos.id });

    // 1. Mid-issuing: the batch is stored (202), its invoices are being numbered.
    const batch = await api('/api/v1/invoices/batch', { posId: pos.id, items: Array.from({ length: TOTAL }, (_, i) => educationItem(i)) });
    assert.equal(batch.accepted, TOTAL);
    await waitFor('some invoices issued', () => issued(batch.batchId) > 0, 30_000, 5);
    await kill9(child);
    const atKill = issued(batch.batchId);
    assert.ok(atKill < TOTAL, `killed mid-issuing (${atKill} of ${TOTAL} issued)`);

    // 2. SIAT receives the first package but its answer never comes: killed with it BUILT.
    await admin('/admin/faults', { mode: 'hang', operations: ['recepcionMasivaFactura'] });
    await admin('/admin/accept-before-timeout', { enabled: true });
    child = await spawnEngine(dataDir, sim.url);
    await waitFor('SIAT to receive a package', async () => (await admin('/admin/state')).counts.packages >= 1, 60_000, 20);
    await kill9(child);
    assert.equal(issued(batch.batchId), TOTAL, 'every invoice issued before packing');
    assert.equal(peek<{ n: number }>(`SELECT COUNT(*) n FROM invoice_batch_packages WHERE batch_id = ? AND state = 'BUILT'`, batch.batchId).n, 2);
    await admin('/admin/reset-faults');

    // 3. Every package sent, SIAT still validating (901): killed while polling.
    child = await spawnEngine(dataDir, sim.url);
    // Both packages SENT and the batch moved on to polling (two writes: wait for the second).
    await waitFor(
      'packages SENT and the batch VALIDATING',
      () =>
        peek<{ n: number }>(`SELECT COUNT(*) n FROM invoice_batch_packages WHERE batch_id = ? AND state = 'SENT'`, batch.batchId).n === 2 &&
        peek<{ state: string }>('SELECT state FROM invoice_batches WHERE id = ?', batch.batchId).state === 'VALIDATING',
      30_000,
      10,
    );
    await kill9(child);
    assert.equal(peek<{ state: string }>('SELECT state FROM invoice_batches WHERE id = ?', batch.batchId).state, 'VALIDATING');

    // 4. Restart and let it finish.
    child = await spawnEngine(dataDir, sim.url);
    await waitFor('the batch to complete', () => peek<{ state: string }>('SELECT state FROM invoice_batches WHERE id = ?', batch.batchId).state === 'COMPLETED', 60_000, 50);
    const view = await api(`/api/v1/invoices/batch/${batch.batchId}`);
    assert.deepEqual(view.counts, { VALIDATED: TOTAL });
    await kill9(child);

    const db = new Database(dbPath);
    try {
      assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
      assertGapless(db, pos.id);
      await assertRegisteredOnce({ admin }, db, pos.id);
      // The first package went twice (its answer was lost): SIAT's 1000 on the resend said it had them.
      const packages = db.prepare('SELECT invoice_count n, state FROM invoice_batch_packages WHERE batch_id = ? ORDER BY seq').all(batch.batchId);
      assert.deepEqual(packages, [
        { n: 1000, state: 'VALIDATED' },
        { n: 500, state: 'VALIDATED' },
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
