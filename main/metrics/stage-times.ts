// What each stage of the sale path took: a count and a sum of wall-clock ms per stage, for issue
// 25's per-stage profile (test/bench/issuing.ts). V8's sampling profiler was the instrument
// before: the pipeline ran under its interrupts (every 0.1 ms, about half again on its time) and
// the stages it was compared with ran alone without them
// (docs/decisions/0096-issuing-profile-by-stage-timers.md). Off unless enabled: a
// start mark then costs one branch and no clock read. Process-wide: one engine per process.
//
// Each stage's wall time is also split by Linux's own account of the thread
// (/proc/thread-self/schedstat, second field: ns spent runnable but waiting for a core): the
// time a stage's thread sat on the run queue while the other core's signatures, V8's helper
// threads or another process ran is not the stage's cost. The split is exact, not sampled: the
// kernel adds a wait to that field when the thread gets its core back, and both marks are read
// while the thread runs, so every wait that began inside a stage ended inside it too.
import { openSync, readSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface StageTotal {
  /** Items the stage handled (a group commit counts its sales). */
  count: number;
  ms: number;
  /** Of `ms`, the time the thread waited for a core (0 where Linux does not say). */
  waitMs: number;
}

const totals = new Map<string, StageTotal>();
let on = false;
/** The run-queue wait at each open start mark, by the mark. */
const waitsAtStart = new Map<number, number>();
let schedstat: { fd: number; buf: Buffer } | null | undefined;

/**
 * ms the engine's thread has waited for a core since it started (Linux), or 0. The first call
 * opens the thread's schedstat and keeps it open: call it from the engine's thread only.
 */
export function runQueueWaitMs(): number {
  if (schedstat === undefined) openSchedstat();
  if (!schedstat) return 0;
  const n = readSync(schedstat.fd, schedstat.buf, 0, schedstat.buf.length, 0);
  const fields = schedstat.buf.toString('latin1', 0, n).split(' ');
  return Number(fields[1]) / 1e6;
}

function openSchedstat(): void {
  try {
    // Opened from this thread, so the descriptor stays this thread's (the engine's).
    schedstat = { fd: openSync('/proc/thread-self/schedstat', 'r'), buf: Buffer.alloc(128) };
  } catch {
    schedstat = null;
  }
}

export const stageTimes = {
  /** Starts counting from zero. */
  enable(): void {
    totals.clear();
    waitsAtStart.clear();
    on = true;
  },
  disable(): void {
    on = false;
    waitsAtStart.clear();
  },
  /** A copy of the totals so far. */
  read(): Map<string, StageTotal> {
    return new Map([...totals].map(([k, v]) => [k, { ...v }]));
  },
};

/** A start mark for stageEnd: 0 while off (no clock read). */
export function stageStart(): number {
  if (!on) return 0;
  const wait = runQueueWaitMs();
  const t = performance.now();
  waitsAtStart.set(t, wait);
  return t;
}

/** Adds the time since `start` to `stage`, for `count` items. Nothing while off. */
export function stageEnd(stage: string, start: number, count = 1): void {
  if (start === 0) return;
  const ms = performance.now() - start;
  const w0 = waitsAtStart.get(start);
  waitsAtStart.delete(start);
  // A mark from before enable() (or a stage that threw before its end) has no wait: none counted.
  const waitMs = w0 === undefined ? 0 : Math.min(ms, Math.max(0, runQueueWaitMs() - w0));
  const t = totals.get(stage);
  if (t) {
    t.count += count;
    t.ms += ms;
    t.waitMs += waitMs;
  } else totals.set(stage, { count, ms, waitMs });
}
