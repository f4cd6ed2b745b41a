import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runQueueWaitMs, stageEnd, stageStart, stageTimes } from '../../../main/metrics/stage-times';
import { openStore } from '../../../main/store/store';

test('stage timers count nothing while off and read no clock', () => {
  stageTimes.disable();
  const t = stageStart();
  assert.equal(t, 0);
  stageEnd('x', t);
  assert.equal(stageTimes.read().size, 0);
});

test('stage timers sum each stage’s time and count, from zero at each enable; the group commit counts its sales', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kipu-stages-'));
  const store = openStore(dir);
  try {
    stageTimes.enable();
    const t = stageStart();
    assert.ok(t > 0);
    stageEnd('uno', t);
    stageEnd('uno', stageStart(), 3);
    await Promise.all([1, 2, 3].map((n) => store.groupCommit(() => store.settings.get('t', `stage-${n}`))));
    const read = stageTimes.read();
    assert.equal(read.get('uno')?.count, 4);
    assert.ok(read.get('uno')!.ms >= 0);
    for (const [stage, t] of read) assert.ok(t.waitMs >= 0 && t.waitMs <= t.ms, `${stage}: the run-queue wait is part of the stage's time`);
    assert.equal(read.get('transaction')?.count, 3, 'three sales, however many commits they shared');
    stageTimes.enable();
    assert.equal(stageTimes.read().size, 0, 'enable starts from zero');
  } finally {
    stageTimes.disable();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the run-queue wait is this thread’s own, as Linux counts it, and never decreases', { skip: process.platform !== 'linux' }, () => {
  const before = Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ')[1]) / 1e6;
  const a = runQueueWaitMs();
  const after = Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ')[1]) / 1e6;
  assert.ok(a >= before && a <= after, `${before} ≤ ${a} ≤ ${after}`);
  assert.ok(runQueueWaitMs() >= a);
});
