// Central's "Ventas de hoy" net of returns and cancellations (issue 24, item 17): a till sells,
// annuls one sale and takes a product back (a credit-debit note); once it has pushed, today's
// figure is the standing sales minus the returns, both computed here from the till's own invoices.
// A real PostgreSQL (test/fixtures/postgres.ts), Central on loopback, a real till.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { centralStack, centralTill, owner } from './helpers';
import { waitFor } from '../contingency/helpers';

const stack = await centralStack();
after(() => stack.close());

interface Inv { id: string; state: string; sector?: number; amountTotal: number }
const cents = (bs: number) => Math.round(bs * 100);

test('today’s sales are net of returns; annulled invoices and annulled notes count nowhere', { timeout: 120_000 }, async () => {
  const central = await stack.startCentral(0);
  const till = await centralTill(stack, central.url, 'Caja Centro');
  try {
    const sold = await till.sell(4, 2);
    // SIAT's verdict may come after the sale's answer on a loaded machine: wait for it (only a
    // validated invoice is annulled or taken back).
    const validated = (id: string) => till.eng.store.invoices.byId(till.tenantId, id)?.state === 'VALIDATED';
    await waitFor('the sales validated', () => sold.every((s) => validated(s.id)), 60_000, 50);
    const cancel = await till.eng.api(`/api/v1/invoices/${sold[0].id}/cancel?motivo=1`, { method: 'POST' });
    assert.equal(cancel.status, 200, await cancel.text());
    const notes: string[] = [];
    const note = async (original: Inv) => {
      const res = await till.eng.api('/api/v1/invoices?wait=true', {
        method: 'POST',
        json: {
          invoiceType: 'COMPUTERIZED_NOTE_CREDIT_DEBIT',
          posId: till.posId,
          originalInvoiceId: original.id,
          details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P1', description: 'Producto de prueba', quantity: 1, unitMeasure: 57, priceUnit: 10.5, returnProduct: true }],
        },
      });
      const body = await res.json();
      assert.equal(res.status, 201, JSON.stringify(body));
      notes.push(body.data.id);
      await waitFor('the note validated', () => validated(body.data.id), 60_000, 50);
      return body.data as Inv;
    };
    await note(sold[1]);
    // A note annulled is no return.
    const annulledNote = await note(sold[2]);
    const c2 = await till.eng.api(`/api/v1/invoices/${annulledNote.id}/cancel?motivoSiat=2`, { method: 'POST' });
    assert.equal(c2.status, 200, await c2.text());
    await waitFor('the till to push everything', () => till.eng.store.central.backlog() === 0, 60_000, 50);

    // Expected from the till's own invoices, as its API answers them.
    const ids = [...sold.map((i: Inv) => i.id), ...notes];
    const invoices = await Promise.all(ids.map(async (id) => ((await (await till.eng.api(`/api/v1/invoices/${id}`)).json()) as { data: Inv }).data));
    const standing = invoices.filter((i) => i.state !== 'CANCELLED' && i.state !== 'REJECTED');
    const sales = standing.filter((i) => i.sector !== 24);
    const returns = standing.filter((i) => i.sector === 24);
    const gross = sales.reduce((s, i) => s + cents(i.amountTotal), 0);
    const back = returns.reduce((s, i) => s + cents(i.amountTotal), 0);
    assert.equal(returns.length, 1);
    assert.ok(back > 0);

    const today = await owner(stack, '/central/api/sales/today');
    assert.equal(today.totalCents, gross - back, 'net of the return');
    assert.equal(today.grossCents, gross);
    assert.equal(today.returns, 1);
    assert.equal(today.returnsCents, back);
    assert.equal(today.invoices, sales.length, 'the annulled sale is not counted');
    const row = today.rows.find((r: { tillId: string }) => r.tillId === till.tillId);
    assert.deepEqual({ invoices: row.invoices, totalCents: row.totalCents, returnsCents: row.returnsCents }, { invoices: sales.length, totalCents: gross - back, returnsCents: back });
  } finally {
    await till.eng.stop();
    await stack.stopCentral();
  }
});
