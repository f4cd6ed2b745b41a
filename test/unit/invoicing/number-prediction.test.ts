import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NumberPredictor } from '../../../main/invoicing/number-prediction';

/** A counter as invoice_counters holds it, allocated the way the batch transaction does. */
function counter(last = 0) {
  const c = { last, allocate: () => ++c.last };
  return c;
}

test('predictions start after the stored counter, per point of sale and sector, and hold while this engine allocates', () => {
  const stored = counter(41);
  const other = counter(0);
  const p = new NumberPredictor((_t, pos, sector) => (pos === 'A' && sector === 1 ? stored.last : other.last));
  const a = [p.predict('t', 'A', 1), p.predict('t', 'A', 1)];
  const b = p.predict('t', 'A', 24);
  assert.deepEqual([...a.map((x) => x.number), b.number], [42, 43, 1]);
  assert.equal(p.confirm(a[0]!, stored.allocate()), true);
  assert.equal(p.confirm(a[1]!, stored.allocate()), true);
  assert.equal(p.confirm(b, other.allocate()), true);
  assert.equal(p.mispredicted, 0);
});

test('numbers taken behind its back (a massive batch): every waiting prediction misses, and the counter follows the allocation', () => {
  const stored = counter(10);
  const p = new NumberPredictor(() => stored.last);
  const waiting = [p.predict('t', 'A', 1), p.predict('t', 'A', 1), p.predict('t', 'A', 1)]; // 11, 12, 13
  stored.last += 200; // a massive chunk took 11..210
  assert.deepEqual(
    waiting.map((w) => p.confirm(w, stored.allocate())),
    [false, false, false],
  );
  assert.equal(stored.last, 213);
  assert.equal(p.predict('t', 'A', 1).number, 214);
  assert.equal(p.mispredicted, 3);
});

test('a mismatch while later predictions still wait leaves room for them', () => {
  const stored = counter(0);
  const p = new NumberPredictor(() => stored.last);
  const first = p.predict('t', 'A', 1); // 1
  const second = p.predict('t', 'A', 1); // 2
  stored.last = 5; // taken meanwhile
  assert.equal(p.confirm(first, stored.allocate()), false); // 6
  const third = p.predict('t', 'A', 1); // after `second`, which will take 7
  assert.equal(third.number, 8);
  assert.equal(p.confirm(second, stored.allocate()), false);
  assert.equal(p.confirm(third, stored.allocate()), true);
});

test('numbers given back (a batch that failed to commit): the next sale misses once, then predictions hold again', () => {
  const stored = counter(3);
  const p = new NumberPredictor(() => stored.last);
  const failed = [p.predict('t', 'A', 1), p.predict('t', 'A', 1)]; // 4, 5: allocated, then rolled back
  for (const f of failed) {
    p.confirm(f, stored.allocate());
  }
  stored.last = 3; // the rollback
  for (const f of failed) p.release(f); // their jobs end (rejected): releasing again changes nothing
  const next = p.predict('t', 'A', 1); // 6, but 4 is free
  assert.equal(p.confirm(next, stored.allocate()), false);
  assert.equal(stored.last, 4);
  const after = p.predict('t', 'A', 1);
  assert.equal(after.number, 5);
  assert.equal(p.confirm(after, stored.allocate()), true);
});

test('a job that ends without allocating (a replay, a batch that failed before it ran) only stops counting as waiting', () => {
  const stored = counter(0);
  const p = new NumberPredictor(() => stored.last);
  const replayed = p.predict('t', 'A', 1); // 1, never allocated
  const next = p.predict('t', 'A', 1); // 2
  p.release(replayed);
  assert.equal(p.confirm(next, stored.allocate()), false); // allocated 1
  assert.equal(p.predict('t', 'A', 1).number, 2);
});
