// Issue 25: a batch of big invoices (many lines each) is issued in steps whose lines stay under
// the bound (massive/issue-items.ts STEP_LIMITS), and still ends with every invoice VALIDATED,
// its amounts those of the request. Before, one step took 200 items whatever their size.
// And a tenant's batches take turns (heavy-work/gate.ts): the second is issued after the first.
// The steps are sealed on the batch worker (decision 0072); a sale that takes a number the worker
// sealed makes that step be sealed again, never a gap or a number twice. A step's invoices are
// stored in lots, each announced once committed (decision 0088; lots of one here, so they show).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openTill, type Till } from '../contingency/helpers';
import { STEP_LIMITS } from '../../../main/invoicing/massive/issue-items';
import { sqliteConnection } from '../../../main/store/store';
import { educationItem, submitBatch, waitCompleted } from './helpers';

const LINES = 300;
const ITEMS = 10;
let till: Till;
const issuedSteps: { batchId: string; issued: number }[] = [];
/** Per invoice.created of a batch's invoice: how many of that batch's invoices were stored when it was announced. */
const storedWhenAnnounced = new Map<string, number[]>();

before(async () => {
  till = await openTill({}, {
    massive: {
      poll: { initialMs: 50, maxMs: 300 },
      retry: { initialMs: 100, maxMs: 500 },
      onStep: (batch, step) => {
        const m = /^ISSUED:(\d+)$/.exec(step);
        if (m) issuedSteps.push({ batchId: batch.id, issued: Number(m[1]) });
      },
      stepLots: { max: 1, min: 1, ms: 10 },
    },
  });
  const { eng } = till;
  const stored = sqliteConnection(eng.store).prepare('SELECT b.batch_id batchId, (SELECT COUNT(*) FROM invoices i JOIN invoice_batch_items c ON c.invoice_id = i.id WHERE c.batch_id = b.batch_id) n FROM invoice_batch_items b WHERE b.invoice_id = ?');
  eng.bus.subscribe((e) => {
    if (e.type !== 'invoice.created') return;
    const row = stored.get(e.data.id) as { batchId: string; n: number } | undefined;
    if (row) storedWhenAnnounced.set(row.batchId, [...(storedWhenAnnounced.get(row.batchId) ?? []), row.n]);
  });
});
after(async () => {
  await till.eng.stop();
});

/** A school's invoice with `LINES` lines (fees, books, uniforms …), each 1 × (10 + k % 5) Bs. */
function bigItem(i: number) {
  const base = educationItem(i);
  const line = base.details[0]!;
  return { ...base, details: Array.from({ length: LINES }, (_, k) => ({ ...line, codeProduct: `P${k}`, description: `Concepto ${k}`, priceUnit: 10 + (k % 5) }) ) };
}

test(`${ITEMS} invoices of ${LINES} lines are issued in steps of at most ${STEP_LIMITS.lines} lines, and all end VALIDATED with their amounts`, { timeout: 240_000 }, async () => {
  const { eng, posId } = till;
  const data = await submitBatch(eng.api, posId, Array.from({ length: ITEMS }, (_, i) => bigItem(i)));
  assert.equal(data.accepted, ITEMS, JSON.stringify(data.verdicts.filter((v: any) => !v.accepted)).slice(0, 1000));
  const done = await waitCompleted(eng.api, data.batchId, 180_000);
  assert.deepEqual(done.counts, { VALIDATED: ITEMS });

  const mine = issuedSteps.filter((s) => s.batchId === data.batchId).map((s) => s.issued);
  const perStep = mine.map((n, k) => n - (k === 0 ? 0 : mine[k - 1]!));
  assert.equal(mine.at(-1), ITEMS, `steps ${JSON.stringify(mine)}`);
  for (const n of perStep) assert.ok(n >= 1 && n * LINES <= STEP_LIMITS.lines, `a step of ${n} invoices × ${LINES} lines (steps ${JSON.stringify(perStep)})`);
  // Each invoice announced once its own lot committed, before the rest of its step was stored
  // (a step in one transaction announced its invoices when all of them were stored: 3, 3, 3, 6 …).
  assert.deepEqual(storedWhenAnnounced.get(data.batchId), Array.from({ length: ITEMS }, (_, k) => k + 1));

  // Sum of (10 + k % 5) over 300 lines: 60 rounds of 10+11+12+13+14 = 3,600 Bs.
  const inv = await (await eng.api(`/api/v1/invoices/${data.verdicts[3].invoiceId}`)).json();
  assert.equal(inv.data.state, 'VALIDATED');
  assert.equal(inv.data.details.length, LINES);
  assert.equal(inv.data.amountTotal, 3600);
});

test("a tenant's two batches take turns: every step of the first is issued before any of the second", { timeout: 240_000 }, async () => {
  const { eng, posId } = till;
  const first = await submitBatch(eng.api, posId, Array.from({ length: ITEMS }, (_, i) => bigItem(100 + i)));
  const second = await submitBatch(eng.api, posId, Array.from({ length: ITEMS }, (_, i) => bigItem(200 + i)));
  const [a, b] = await Promise.all([waitCompleted(eng.api, first.batchId, 180_000), waitCompleted(eng.api, second.batchId, 180_000)]);
  assert.deepEqual(a.counts, { VALIDATED: ITEMS });
  assert.deepEqual(b.counts, { VALIDATED: ITEMS });
  const order = issuedSteps.filter((s) => s.batchId === first.batchId || s.batchId === second.batchId).map((s) => (s.batchId === first.batchId ? 'A' : 'B'));
  assert.ok(order.filter((x) => x === 'A').length > 1, order.join(''));
  // The first batch's runner starts first (its 202 came first): all its steps, then the second's.
  assert.equal(order.join(''), 'A'.repeat(order.indexOf('B')) + 'B'.repeat(order.length - order.indexOf('B')), order.join(''));
});

test('a sale that takes the batch’s next number while a step is sealed on the worker: that step is sealed again, numbers gapless, each document carries its stored number', { timeout: 240_000 }, async () => {
  const { eng, posId } = till;
  const db = new Database(join(eng.dataDir, 'kipu.sqlite'), { readonly: true });
  const pool = eng.batchSealers;
  const run = pool.run.bind(pool);
  const before = pool.completed;
  let sale: { invoiceNumber: number } | null = null;
  // Between the worker's answer and the step's transaction, the till sells one invoice of the
  // same sector on the same point of sale: the numbers the worker sealed are no longer free.
  pool.run = async (caller, job, transfer) => {
    const sealed = await run(caller, job, transfer);
    if (!sale) {
      const res = await eng.api('/api/v1/invoices', { method: 'POST', json: { ...educationItem(900), posId } });
      const body = await res.json();
      assert.equal(res.status, 201, JSON.stringify(body));
      sale = body.data;
    }
    return sealed;
  };
  try {
    // 3 × 300 lines: one step of 900 lines. Its numbers taken, the step is sealed again at half
    // the bound (500 lines: one invoice), on the worker, with no failed attempt between; the next
    // step is whole again (the two left). A failed attempt and its retry would make one step of 3.
    const data = await submitBatch(eng.api, posId, Array.from({ length: 3 }, (_, i) => bigItem(200 + i)));
    const done = await waitCompleted(eng.api, data.batchId, 180_000);
    assert.deepEqual(done.counts, { VALIDATED: 3 });
    assert.deepEqual(issuedSteps.filter((st) => st.batchId === data.batchId).map((st) => st.issued), [1, 3]);
    assert.equal(pool.completed - before, 3, 'the first sealing was discarded, the two steps after it sealed on the worker');
    const rows = data.verdicts.map((v: { invoiceId: string }) => db.prepare('SELECT number, xml FROM invoices WHERE id = ?').get(v.invoiceId) as { number: number; xml: string });
    for (const r of rows) assert.match(r.xml, new RegExp(`<numeroFactura>${r.number}</numeroFactura>`));
    const numbers = [sale!.invoiceNumber, ...rows.map((r: { number: number }) => r.number)].sort((a, b) => a - b);
    assert.deepEqual(numbers, [0, 1, 2, 3].map((k) => numbers[0]! + k), `gapless, none twice: ${numbers.join(', ')}`);
    assert.ok(sale!.invoiceNumber < rows[0].number, 'the sale kept the number it took; the batch took the ones after it');
  } finally {
    pool.run = run;
    db.close();
  }
});
