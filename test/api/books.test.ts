// The monthly books over real HTTP (issue 14): invoices issued through the engine and purchases
// registered through the API, downloaded as CSV and XLSX; the XLSX is read back with exceljs and
// its columns and totals must match the invoices, the purchases and the totals endpoint.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { issueInvoice } from '../fixtures/issued-invoice';
import { createPurchase, settlePurchases } from '../fixtures/purchases';
import { SALES_COLUMNS, PURCHASE_COLUMNS } from '../../main/books/book-columns';

let eng: TestEngine;
let year: number;
let month: number;

before(async () => {
  eng = await startTestEngine();
});
after(() => eng.stop());

async function workbook(path: string): Promise<ExcelJS.Workbook> {
  const res = await eng.api(path);
  assert.equal(res.status, 200, await res.clone().text());
  assert.match(res.headers.get('content-disposition') ?? '', /attachment; filename="libro-/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  return wb;
}

async function xlsx(path: string): Promise<ExcelJS.Worksheet> {
  return (await workbook(path)).worksheets[0]!;
}

test('Libro de Ventas and Libro de Compras re-read with exceljs match the invoices, purchases and totals', async () => {
  // Two 52,25 sales (the walk's 104,50): each line's 13 % is 6,79, the month's 13,59 (not 13,58).
  const line = { activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P3', description: 'Queso 1 kg', quantity: 1, unitMeasure: 57, priceUnit: 52.25 };
  const a = await issueInvoice(eng, { details: [line] });
  const b = await issueInvoice(eng, { details: [line] });
  const cancelled = await issueInvoice(eng);
  const c = await eng.api(`/api/v1/invoices/${cancelled.id}/cancel`, { method: 'POST', json: { reasonCode: 1 } });
  assert.equal(c.status, 200, await c.clone().text());
  const p1 = await createPurchase(eng, { totalPurchaseAmount: 130, rates: 30 });
  await createPurchase(eng, { totalPurchaseAmount: 90, iceAmount: 10, rates: 0 });
  // A purchase SIAT refuses (1000000011 is INACTIVO in the simulated padrón: 987) is in no book
  // and gives no crédito fiscal, as a rejected sale is in no Libro de Ventas (decision 0023).
  const refused = await createPurchase(eng, { issuerNit: '1000000011', totalPurchaseAmount: 50, rates: 0 });
  await settlePurchases(eng);
  assert.equal((await (await eng.api(`/api/v1/purchases/${refused.id}`)).json()).data.state, 'REJECTED');
  year = Number(p1.emissionDate.slice(0, 4));
  month = Number(p1.emissionDate.slice(5, 7));

  const salesBook = await workbook(`/api/v1/books/ventas?year=${year}&month=${month}&format=xlsx`);
  const sales = salesBook.worksheets[0]!;
  assert.equal(sales.name, 'Hoja1');
  assert.deepEqual((sales.getRow(1).values as unknown[]).slice(1), SALES_COLUMNS.map((c) => c.header));
  const rows = [] as unknown[][];
  sales.eachRow((r, n) => void (n > 1 && rows.push((r.values as unknown[]).slice(1))));
  assert.equal(rows.length, 3);
  const byCuf = new Map(rows.map((r) => [r[4], r]));
  for (const inv of [a, b]) {
    const r = byCuf.get(inv.cuf)!;
    assert.equal(r[3], inv.invoiceNumber);
    assert.equal(r[21], 'V');
    assert.equal(r[8], inv.amountTotal); // no discount, no gift card: gross = total
    assert.equal(r[19], inv.amountTotal);
    assert.equal(r[20], Math.round(inv.amountTotal * 13) / 100);
  }
  const an = byCuf.get(cancelled.cuf)!;
  assert.equal(an[21], 'A');
  assert.equal(an[8], 0);

  const totals = (await (await eng.api(`/api/v1/books/totals?year=${year}&month=${month}`)).json()).data;
  assert.equal(totals.sales.invoices, 2);
  assert.equal(totals.sales.cancelled, 1);
  const debitOfRows = rows.reduce((s, r) => s + Math.round((r[20] as number) * 100), 0) / 100;
  assert.equal(debitOfRows, 13.58);
  assert.equal(totals.sales.base, 104.5);
  assert.equal(totals.sales.debit, 13.59); // 13 % of the month's base (Ley 843 art. 7), README «Libros»
  assert.equal(totals.sales.debitOfRows, debitOfRows);
  // The XLSX ends with the month's figures, the same as the screen's: 13,59 beside the column's 13,58.
  const monthSheet = salesBook.getWorksheet('Totales del mes')!;
  const figures = new Map<unknown, unknown>();
  monthSheet.eachRow((r, n) => void (n > 1 && figures.set((r.values as unknown[])[1], (r.values as unknown[])[2])));
  assert.deepEqual([...figures.values()], [104.5, 13.59, 13.58]);
  const debit = totals.sales.debit;
  assert.equal(totals.purchases.count, 2);
  assert.equal(totals.purchases.credit, 23.4); // 13 % of 100 + 80 (SIN template examples: 13.00 + 10.40)
  assert.equal(totals.purchases.creditOfRows, 23.4);
  assert.equal(totals.balance, Math.round((debit - 23.4) * 100) / 100);

  const purchases = await xlsx(`/api/v1/books/compras?year=${year}&month=${month}&format=xlsx`);
  assert.deepEqual((purchases.getRow(1).values as unknown[]).slice(1), PURCHASE_COLUMNS.map((c) => c.header));
  const prow = (purchases.getRow(2).values as unknown[]).slice(1);
  assert.equal(prow[2], p1.issuerNit);
  assert.equal(prow[8], 130);
  assert.equal(prow[12], 30);
  assert.equal(prow[16], 100);
  assert.equal(prow[20], 13);

  const csv = await eng.api(`/api/v1/books/compras?year=${year}&month=${month}&format=csv`);
  const text = await csv.text();
  assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
  const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
  assert.equal(lines.length, 3);
  assert.equal(lines[0], PURCHASE_COLUMNS.map((c) => c.header).join(','));
  assert.match(lines[1]!, /,130\.00,0\.00,0\.00,0\.00,30\.00,.*,100\.00,13\.00,1,0$/);
});

test('books refuse a bad month with a 400 naming the field, and are scoped by tenant', async () => {
  const bad = await eng.api('/api/v1/books/totals?year=2025&month=13');
  assert.equal(bad.status, 400);
  assert.ok((await bad.json()).error.fields.some((f: { field: string }) => f.field === 'month'));
  const other = eng.store.tenants.create({ nit: '7700002', razonSocial: 'OTRA' });
  const key = eng.store.apiKeys.create(other.id, 'otra', ['admin']).key;
  const t = (await (await eng.api(`/api/v1/books/totals?year=${year}&month=${month}`, { key })).json()).data;
  assert.equal(t.sales.invoices + t.purchases.count, 0);
});
