// Issue 32 item 8: while sales wait for SIAT the monitor probes at least every 15 s, whatever the
// back-off reached; without waiting sales it backs off to 2 min as before. The clock is the
// test's: a 10-minute outage is simulated, not waited for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_BUSY_PROBE_CAP_MS, ProbeSchedule } from '../../../main/contingency/probe-schedule';
import { DEFAULT_PROBE_BACKOFF } from '../../../main/contingency/monitor';

/** Runs a SIAT outage of `outageMs` second by second: every due probe fails. Returns the probe times. */
function outage(outageMs: number, salesWaiting: (now: number) => boolean): number[] {
  const s = new ProbeSchedule(DEFAULT_PROBE_BACKOFF, DEFAULT_BUSY_PROBE_CAP_MS, 0);
  const probes: number[] = [];
  for (let now = 0; now <= outageMs; now += 1_000) {
    if (s.due(now, () => salesWaiting(now))) {
      probes.push(now);
      s.failed(now);
    }
  }
  return probes;
}

const gaps = (t: number[]) => t.slice(1).map((x, i) => x - t[i]!);

test('sales waiting through a 10-minute outage: never more than 15 s between probes', () => {
  const probes = outage(600_000, () => true);
  assert.equal(probes[0], 5_000, 'first probe after the initial 5 s');
  assert.ok(Math.max(...gaps(probes)) <= 15_000, `gaps: ${gaps(probes).join(', ')}`);
  // SIAT back at minute 10: noticed within 15 s.
  assert.ok(600_000 - probes.at(-1)! < 15_000);
});

test('nothing waiting: the back-off grows to 2 min as before', () => {
  const probes = outage(600_000, () => false);
  assert.deepEqual(gaps(probes).slice(0, 5), [10_000, 20_000, 40_000, 80_000, 120_000]);
  assert.equal(Math.max(...gaps(probes)), 120_000);
});

test('a sale made offline after the back-off reached 2 min pulls the next probe in to 15 s after the last one', () => {
  // Nothing waits for 5 minutes (long gaps), then a sale is made offline at 300 s.
  const probes = outage(600_000, (now) => now >= 300_000);
  const last = probes.filter((t) => t < 300_000).at(-1)!;
  const next = probes.find((t) => t >= 300_000)!;
  assert.ok(next <= Math.max(300_000, last + 15_000), `last probe at ${last}, next at ${next}`);
  assert.ok(Math.max(...gaps(probes.filter((t) => t >= next))) <= 15_000);
});

test('the hold of the hysteresis is kept even while sales wait', () => {
  const s = new ProbeSchedule(DEFAULT_PROBE_BACKOFF, DEFAULT_BUSY_PROBE_CAP_MS, 0);
  s.holdUntil(1_000, 40_000);
  assert.equal(s.due(20_000, () => true), false);
  assert.equal(s.due(40_000, () => true), true);
});
