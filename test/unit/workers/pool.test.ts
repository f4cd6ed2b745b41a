// main/workers/pool.ts (issues 25 and 26): jobs run on worker threads, never on the caller's; each
// caller has a share of the queue and the queue a cap; a job past its time ends its worker and the
// next job gets a new one; a worker that dies or fails loses only its own job.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { threadId } from 'node:worker_threads';
import { WorkerPool, WorkBusyError } from '../../../main/workers/pool';
import type { SpinJob } from '../../fixtures/workers/spin-worker';

const entry = { from: import.meta.url, source: '../../fixtures/workers/spin-worker.ts', bundled: 'never-bundled.cjs' };
const pool = (o: { workers?: number; queueMax?: number; perCallerMax?: number; timeoutMs?: number } = {}) => new WorkerPool<SpinJob, { threadId: number }>(entry, { what: 'trabajos', ...o });

test('a job runs on a worker thread, not on the caller’s, and the caller’s loop keeps turning while it does', { timeout: 120_000 }, async () => {
  const p = pool({ workers: 2 });
  try {
    // The caller's loop: a timer that ticks every 10 ms counts while the workers spin 1.5 s each.
    let ticks = 0;
    const t = setInterval(() => ticks++, 10);
    const answers = await Promise.all([p.run('A', { ms: 1500 }), p.run('B', { ms: 1500 })]);
    clearInterval(t);
    for (const a of answers) assert.notEqual(a.threadId, threadId, 'ran on a worker thread');
    assert.notEqual(answers[0]!.threadId, answers[1]!.threadId, 'two workers, two threads');
    assert.equal(p.completed, 2);
    // Spinning on the caller's thread would have held every tick until both jobs were done.
    assert.ok(ticks > 10, `the caller's timers ran meanwhile (${ticks} ticks)`);
  } finally {
    await p.close();
  }
});

test('over a caller’s share: 429; over the whole queue: 503; both in Spanish, with a time to come back', { timeout: 120_000 }, async () => {
  const p = pool({ workers: 1, perCallerMax: 2, queueMax: 3 });
  try {
    const running = [p.run('A', { ms: 300 }), p.run('A', { ms: 300 })];
    await assert.rejects(p.run('A', { ms: 1 }), (e: unknown) => e instanceof WorkBusyError && e.code === 'CALLER_SHARE' && /Ya se prepara el máximo de trabajos a la vez para este contribuyente \(2\)/.test(e.message) && e.retryAfterSeconds > 0);
    const b = p.run('B', { ms: 1 });
    await assert.rejects(p.run('C', { ms: 1 }), (e: unknown) => e instanceof WorkBusyError && e.code === 'FULL' && /muchos trabajos/.test(e.message));
    await Promise.all([...running, b]);
    // Shares are given back when jobs end.
    assert.ok((await p.run('A', { ms: 1 })).threadId > 0);
    assert.equal(p.inFlight, 0);
  } finally {
    await p.close();
  }
});

test('a job past its time ends its worker with a 503; the next job runs on a new worker', { timeout: 120_000 }, async () => {
  // The bound counts a new worker's start too (tsx compiles it here): generous, against a job that
  // would spin for two minutes.
  const p = pool({ workers: 1, timeoutMs: 10_000 });
  try {
    const first = await p.run('A', { ms: 1 });
    await assert.rejects(p.run('A', { ms: 120_000 }), (e: unknown) => e instanceof WorkBusyError && e.code === 'FULL' && /tardó demasiado/.test(e.message));
    const next = await p.run('A', { ms: 1 });
    assert.notEqual(next.threadId, first.threadId, 'a new worker thread');
  } finally {
    await p.close();
  }
});

test('a job that fails, or a worker that dies, fails only that job', { timeout: 120_000 }, async () => {
  const p = pool({ workers: 1 });
  try {
    await assert.rejects(p.run('A', { ms: 1, fail: true }), /el trabajo falló a propósito/);
    await assert.rejects(p.run('A', { ms: 1, exit: true }), /el proceso que prepara trabajos terminó/);
    assert.ok((await p.run('A', { ms: 1 })).threadId > 0, 'the pool goes on');
  } finally {
    await p.close();
  }
});

test('closing fails what waits with a 503 and refuses new jobs', { timeout: 120_000 }, async () => {
  const p = pool({ workers: 1 });
  const busy = (e: unknown) => e instanceof WorkBusyError && e.code === 'FULL';
  const running = assert.rejects(p.run('A', { ms: 300 }), busy);
  const waiting = assert.rejects(p.run('A', { ms: 1 }), busy);
  await p.close();
  await Promise.all([running, waiting]);
  await assert.rejects(p.run('A', { ms: 1 }), (e: unknown) => e instanceof WorkBusyError && e.code === 'FULL');
});
