// Issue 25, "the till's sale and its ticket always go first" (decision 0097): heavy work on the
// engine's thread (lots, a batch's steps, a purchase package's build) waits while a sale is in
// flight, within a bound so that a till that never stops selling does not starve it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { SaleFirst, saleFirst } from '../../../main/heavy-work/sale-first';
import { storeInLots } from '../../../main/heavy-work/lots';
import { countSalesInFlight } from '../../../main/api/sale-first-hook';
import { ROUTES } from '../../../shared/api/routes';

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

test('with no sale in flight heavy work goes on at once', async () => {
  const gate = new SaleFirst(60_000);
  let passed = false;
  void gate.clear().then(() => (passed = true));
  await turns(1);
  assert.equal(passed, true);
});

test('heavy work waits while sales are in flight and goes on when the last one ends; ending a sale twice counts once', async () => {
  const gate = new SaleFirst(60_000);
  const endA = gate.begin();
  const endB = gate.begin();
  const order: string[] = [];
  const waits = [gate.clear().then(() => order.push('lot 1')), gate.clear().then(() => order.push('lot 2'))];
  await turns(5);
  endA();
  endA();
  assert.equal(gate.salesInFlight, 1, 'a second end of the same sale is not another sale ended');
  await turns(5);
  assert.equal(order.length, 0, 'nothing ran while a sale was still in flight');
  order.push('sale B ended');
  endB();
  await Promise.all(waits);
  assert.deepEqual(order, ['sale B ended', 'lot 1', 'lot 2']);
  assert.equal(gate.overruns, 0);
});

test('a till that never stops selling does not starve heavy work: past the bound it runs beside the sale, and that is counted', async () => {
  const gate = new SaleFirst(20);
  gate.begin();
  const t0 = performance.now();
  await gate.clear();
  assert.ok(performance.now() - t0 >= 19, 'it waited for the bound');
  assert.equal(gate.overruns, 1);
  assert.equal(gate.salesInFlight, 1, 'the sale is still in flight');
});

test('storeInLots holds its lots while the engine’s sale is in flight, and stores them all once it ends', async () => {
  const stored: number[] = [];
  const end = saleFirst.begin();
  try {
    const work = storeInLots(3, { max: 1, min: 1, ms: 10 }, (fn) => fn(), (i) => void stored.push(i));
    await turns(10);
    assert.deepEqual(stored, [], 'no lot ran while the sale was in flight');
    end();
    assert.equal(await work, 3);
    assert.deepEqual(stored, [0, 1, 2]);
  } finally {
    end();
  }
});

test('the sale route and the ticket route are counted from their routing to their answer; other routes are not', async () => {
  const gate = new SaleFirst(60_000);
  const app = Fastify();
  countSalesInFlight(app, gate);
  const seen: Record<string, number> = {};
  const path = (p: string) => p.replace(':id', '0192d1f0-0000-7000-8000-000000000000');
  for (const [name, r] of Object.entries({ sale: ROUTES.invoices.create, ticket: ROUTES.invoices.print, list: ROUTES.invoices.list })) {
    app.route({ method: r.method, url: r.path, handler: async () => ((seen[name] = gate.salesInFlight), { ok: true }) });
  }
  for (const [name, r] of Object.entries({ sale: ROUTES.invoices.create, ticket: ROUTES.invoices.print, list: ROUTES.invoices.list })) {
    const res = await app.inject({ method: r.method, url: path(r.path), ...(r.method === 'POST' ? { payload: {} } : {}) });
    assert.equal(res.statusCode, 200, name);
    assert.equal(gate.salesInFlight, 0, `${name}: nothing in flight once answered`);
  }
  assert.deepEqual(seen, { sale: 1, ticket: 1, list: 0 });
  await app.close();
});

test('with a grace, heavy work waits that long after the last answer; a sale that begins meanwhile holds it again', async (t) => {
  // The grace's clock is mocked: on a loaded machine three turns of the event loop can outlast a
  // real 30 ms (a loaded CI run failed here), and a test never races the clock.
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const gate = new SaleFirst(60_000, 30);
  const end = gate.begin();
  let passed = false;
  const wait = gate.clear().then(() => (passed = true));
  end();
  await turns(3);
  assert.equal(passed, false, 'still held just after the answer');
  t.mock.timers.tick(29);
  await turns(3);
  assert.equal(passed, false, 'still held until the grace has passed');
  const endNext = gate.begin();
  t.mock.timers.tick(60);
  await turns(3);
  assert.equal(passed, false, 'a new sale holds it past the first grace');
  endNext();
  t.mock.timers.tick(29);
  await turns(3);
  assert.equal(passed, false, 'the grace counts from the last answer');
  t.mock.timers.tick(1);
  await wait;
  assert.equal(passed, true, 'it went on once the grace after the last answer passed');
  assert.equal(gate.overruns, 0);
  let after = false;
  void gate.clear().then(() => (after = true));
  await turns(1);
  assert.equal(after, true, 'with nothing in flight nor just answered, at once');
});

test('waiting work goes one at a time, a turn apart: a sale that comes between two holds the rest', async () => {
  const gate = new SaleFirst(60_000);
  const end = gate.begin();
  const went: number[] = [];
  let nextSaleEnd: (() => void) | null = null;
  const waits = [1, 2, 3].map((n) =>
    gate.clear().then(() => {
      went.push(n);
      // The first one's work done, a sale arrives before the next turn.
      if (n === 1) nextSaleEnd = gate.begin();
    }),
  );
  end();
  await turns(5);
  assert.deepEqual(went, [1], 'the others wait for the sale that came after the first');
  nextSaleEnd!();
  await Promise.all(waits);
  assert.deepEqual(went, [1, 2, 3]);
});
