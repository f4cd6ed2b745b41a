// Issue 25, fairness: the gate for heavy jobs (purchase imports, batches' issuing). One job of a
// kind per tenant, a global cap, and a freed turn goes to the oldest waiter whose tenant has
// nothing of that kind running.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GateFullError, HeavyWorkGate, HEAVY_WORK_LIMITS } from '../../../main/heavy-work/gate';

/** Whether a promise has settled, after the microtasks queued so far have run. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setImmediate(r));
  return done;
}

test('a tenant runs one import at a time: its second waits until the first ends', async () => {
  const gate = new HeavyWorkGate();
  const first = await gate.acquire('A', 'import');
  const second = gate.acquire('A', 'import');
  assert.equal(await settled(second), false);
  assert.deepEqual(gate.snapshot(), { running: ['A|import'], waiting: ['A|import'] });
  first();
  (await second)();
  assert.deepEqual(gate.snapshot(), { running: [], waiting: [] });
});

test("another tenant's import runs beside it, and one batch per tenant runs beside its import", async () => {
  const gate = new HeavyWorkGate({ global: 3 });
  await gate.acquire('A', 'import');
  assert.equal(await settled(gate.acquire('B', 'import')), true);
  assert.equal(await settled(gate.acquire('A', 'batch')), true);
  assert.equal(await settled(gate.acquire('A', 'batch')), false);
});

test('the global cap (2) holds the third tenant back; the freed turn goes to it before a busy tenant’s second', async () => {
  assert.equal(HEAVY_WORK_LIMITS.global, 2);
  const gate = new HeavyWorkGate();
  const a1 = await gate.acquire('A', 'import');
  const b1 = await gate.acquire('B', 'import');
  const a2 = gate.acquire('A', 'import'); // waits: A runs one
  const c1 = gate.acquire('C', 'import'); // waits: the cap
  assert.equal(await settled(c1), false);
  b1();
  // A's second came first but A still runs its first: C's first passes it.
  assert.equal(await settled(c1), true);
  assert.equal(await settled(a2), false);
  a1();
  assert.equal(await settled(a2), true);
  (await c1)();
  (await a2)();
  assert.deepEqual(gate.snapshot(), { running: [], waiting: [] });
});

test('past maxWaiting a tenant is refused at once (the route answers 429); a release twice frees once', async () => {
  const gate = new HeavyWorkGate();
  const a1 = await gate.acquire('A', 'import', 1);
  const a2 = gate.acquire('A', 'import', 1);
  await assert.rejects(gate.acquire('A', 'import', 1), (e: unknown) => e instanceof GateFullError && e.waiting === 1 && e.kind === 'import');
  // Batches wait whatever their number.
  const batches = [await gate.acquire('A', 'batch'), gate.acquire('A', 'batch'), gate.acquire('A', 'batch')];
  assert.equal(gate.snapshot().waiting.filter((k) => k === 'A|batch').length, 2);
  a1();
  a1();
  assert.deepEqual(gate.snapshot().running.sort(), ['A|batch', 'A|import']);
  (await a2)();
  (batches[0] as () => void)();
});
