// Issue 25 (decision 0088): heavy work stored in short lots, one transaction each, the engine's
// thread given back between them — a batch's received items, its issuing steps, a purchase
// import's rows. Real SQLite transactions; items that hold the thread for a known time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { storeInLots, type LotLimits } from '../../../main/heavy-work/lots';

function table() {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (i INTEGER PRIMARY KEY)');
  const insert = db.prepare('INSERT INTO t (i) VALUES (?)');
  return {
    transaction: (fn: () => void) => db.transaction(fn).immediate(),
    insert: (i: number) => void insert.run(i),
    rows: () => db.prepare('SELECT i FROM t ORDER BY i').pluck().all() as number[],
  };
}

/** Holds the thread `ms` milliseconds, as a costly row does. */
function hold(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** Stores `count` items with `limits`; each lot's size as committed. */
async function lotsOf(count: number, limits: LotLimits, each: (i: number) => void = () => {}) {
  const t = table();
  const sizes: number[] = [];
  let before = 0;
  const done = await storeInLots(count, limits, t.transaction, (i) => (each(i), t.insert(i)), (n) => {
    sizes.push(n - before);
    before = n;
  });
  return { done, sizes, rows: t.rows() };
}

test('a lot ends once it has held the thread its time: items of 4 ms make lots of at most 3 under a 10 ms bound, all stored', async () => {
  const { done, sizes, rows } = await lotsOf(12, { max: 100, min: 1, ms: 10 }, () => hold(4));
  assert.equal(done, 12);
  assert.deepEqual(rows, Array.from({ length: 12 }, (_, i) => i));
  // After 3 items 12 ms have passed whatever the load (a slower machine only ends lots sooner).
  assert.ok(sizes.every((n) => n >= 1 && n <= 3), `lots ${sizes.join(', ')}`);
  assert.ok(sizes.length >= 4, `lots ${sizes.join(', ')}`);
});

test('a lot ends at its count when the items are quick, and never under its least count when they are slow', async () => {
  assert.deepEqual((await lotsOf(10, { max: 4, min: 1, ms: 60_000 })).sizes, [4, 4, 2]);
  assert.deepEqual((await lotsOf(5, { max: 10, min: 2, ms: 1 }, () => hold(3))).sizes, [2, 2, 1]);
});

test('the event loop runs between two lots: what a lot queued runs before the next lot starts', async () => {
  const order: string[] = [];
  await lotsOf(4, { max: 2, min: 1, ms: 60_000 }, (i) => {
    order.push(`item ${i}`);
    if (i === 0) setImmediate(() => order.push('a sale'));
  });
  assert.deepEqual(order, ['item 0', 'item 1', 'a sale', 'item 2', 'item 3']);
});

test('an item that answers false ends the work there: the lot keeps what came before it, nothing after it runs', async () => {
  const t = table();
  const seen: number[] = [];
  const done = await storeInLots(10, { max: 4, min: 1, ms: 60_000 }, t.transaction, (i) => {
    seen.push(i);
    if (i === 5) return false;
    t.insert(i);
  });
  assert.equal(done, 5);
  assert.deepEqual(seen, [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(t.rows(), [0, 1, 2, 3, 4]);
});

test('an item that throws rolls back its own lot only: the lots committed before it stay', async () => {
  const t = table();
  await assert.rejects(
    storeInLots(10, { max: 2, min: 1, ms: 60_000 }, t.transaction, (i) => {
      if (i === 3) throw new Error('disco lleno');
      t.insert(i);
    }),
    /disco lleno/,
  );
  assert.deepEqual(t.rows(), [0, 1]);
});
