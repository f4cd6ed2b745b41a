// What each stage of the sale path took: a count and a sum of wall-clock ms per stage, for issue
// 25's per-stage profile (test/bench/issuing.ts). V8's sampling profiler was the instrument
// before: the pipeline ran under its interrupts (every 0.1 ms, about half again on its time) and
// the stages it was compared with ran alone without them
// (docs/decisions/0096-issuing-profile-by-stage-timers.md). Off unless enabled: a
// start mark then costs one branch and no clock read. Process-wide: one engine per process.
import { performance } from 'node:perf_hooks';

export interface StageTotal {
  /** Items the stage handled (a group commit counts its sales). */
  count: number;
  ms: number;
}

const totals = new Map<string, StageTotal>();
let on = false;

export const stageTimes = {
  /** Starts counting from zero. */
  enable(): void {
    totals.clear();
    on = true;
  },
  disable(): void {
    on = false;
  },
  /** A copy of the totals so far. */
  read(): Map<string, StageTotal> {
    return new Map([...totals].map(([k, v]) => [k, { ...v }]));
  },
};

/** A start mark for stageEnd: 0 while off (no clock read). */
export function stageStart(): number {
  return on ? performance.now() : 0;
}

/** Adds the time since `start` to `stage`, for `count` items. Nothing while off. */
export function stageEnd(stage: string, start: number, count = 1): void {
  if (start === 0) return;
  const t = totals.get(stage);
  const ms = performance.now() - start;
  if (t) {
    t.count += count;
    t.ms += ms;
  } else totals.set(stage, { count, ms });
}
