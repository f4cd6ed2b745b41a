// The credit-debit notes in the monthly books (issue 14, decision 0043), over real HTTP with the
// real engine and the SIAT simulator: a sale, then two notes against it through the API (one
// kept, one cancelled with anulacionDocumentoAjuste); the notes register must list both (the
// cancelled one as A with amounts 0, as the sales book lists a cancelled invoice), the totals
// must count the kept note's crédito fiscal in the balance, and the CSV, the XLSX register and
// the Libro de Ventas XLSX's second sheet must carry the same rows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { issueInvoice, saleRequest, type IssuedInvoice } from '../fixtures/issued-invoice';
import { NOTE_COLUMNS, SALES_COLUMNS } from '../../main/books/book-columns';

let eng: TestEngine;
let posId: string;
let tenantId: string;

before(async () => {
  eng = await startTestEngine();
  posId = (await (await eng.api('/api/v1/pos')).json()).data[0].id;
  tenantId = eng.store.tenants.byNit('7000123019')!.id;
});
after(() => eng.stop());

/** A note returning `quantity` of the fixture sale's line P1 (2 × 9.50). */
async function issueNote(original: IssuedInvoice, quantity: number): Promise<{ id: string; invoiceNumber: number; cuf: string; state: string }> {
  const res = await eng.api('/api/v1/invoices?wait=true', {
    method: 'POST',
    json: {
      ...saleRequest(posId),
      invoiceType: 'COMPUTERIZED_NOTE_CREDIT_DEBIT',
      originalInvoiceId: original.id,
      details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P1', description: 'Arroz 1 kg', quantity, unitMeasure: 57, priceUnit: 9.5, returnProduct: true }],
    },
  });
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  assert.equal(body.data.state, 'VALIDATED', JSON.stringify(body.data.siatMessages));
  return body.data;
}

async function workbook(path: string): Promise<ExcelJS.Workbook> {
  const res = await eng.api(path);
  assert.equal(res.status, 200, await res.clone().text());
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  return wb;
}

const rowsOf = (sheet: ExcelJS.Worksheet): unknown[][] => {
  const rows: unknown[][] = [];
  sheet.eachRow((r, n) => void (n > 1 && rows.push((r.values as unknown[]).slice(1))));
  return rows;
};

const ddmmyyyy = (fecha: string) => `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}/${fecha.slice(0, 4)}`;

test('a credit-debit note issued through the API is in the notes register (JSON totals, CSV, XLSX) with its crédito fiscal; a cancelled one as A with 0', async () => {
  const original = await issueInvoice(eng); // 2 × 9.50 + 1.5 × 18.40 = 46.60
  const kept = await issueNote(original, 1); // 9.50 returned → 13 % = 1.235 → 1.24 (HALF-UP, as the note sent it)
  const voided = await issueNote(original, 1);
  const cancel = await eng.api(`/api/v1/invoices/${voided.id}/cancel?motivoSiat=2`, { method: 'POST' });
  assert.equal(cancel.status, 200, await cancel.clone().text());
  assert.equal((await cancel.json()).data.state, 'CANCELLED');

  const keptRecord = eng.invoices.byId(tenantId, kept.id)!;
  const originalRecord = eng.invoices.byId(tenantId, original.id)!;
  const year = Number(keptRecord.fechaEmision.slice(0, 4));
  const month = Number(keptRecord.fechaEmision.slice(5, 7));

  // JSON totals: the sale in ventas (the notes are not sales), the notes apart, the balance net of their crédito.
  const totals = (await (await eng.api(`/api/v1/books/totals?year=${year}&month=${month}`)).json()).data;
  assert.equal(totals.sales.invoices, 1);
  assert.equal(totals.sales.total, 46.6);
  assert.equal(totals.sales.debit, 6.06); // 46.60 × 13 % = 6.058
  assert.deepEqual(totals.notes, { count: 1, cancelled: 1, returned: 9.5, credit: 1.24, creditOfRows: 1.24 });
  assert.equal(totals.purchases.credit, 0);
  assert.equal(totals.balance, 4.82); // 6.06 − 0 − 1.24

  // CSV: header, the kept note, the cancelled one.
  const csv = await eng.api(`/api/v1/books/notas?year=${year}&month=${month}&format=csv`);
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
  assert.match(csv.headers.get('content-disposition') ?? '', /filename="libro-notas-\d{4}-\d{2}\.csv"/);
  const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
  assert.equal(lines.length, 3);
  assert.equal(lines[0], NOTE_COLUMNS.map((c) => c.header).join(','));
  const byNumber = new Map(lines.slice(1).map((l) => [Number(l.split(',')[2]), l.split(',')]));
  const k = byNumber.get(kept.invoiceNumber)!;
  assert.deepEqual(k, [
    k[0],
    ddmmyyyy(keptRecord.fechaEmision),
    String(kept.invoiceNumber),
    kept.cuf,
    '5115889',
    '',
    'Juan Pérez',
    '9.50',
    '1.24',
    '0',
    ddmmyyyy(originalRecord.fechaEmision),
    String(original.invoiceNumber),
    original.cuf,
    '46.60',
    'V',
  ]);
  const v = byNumber.get(voided.invoiceNumber)!;
  assert.equal(v[3], voided.cuf);
  assert.deepEqual([v[7], v[8], v[13], v[14]], ['0.00', '0.00', '0.00', 'A']);

  // XLSX register: the same rows, amounts as numbers.
  const notes = (await workbook(`/api/v1/books/notas?year=${year}&month=${month}&format=xlsx`)).worksheets;
  assert.deepEqual(notes.map((s) => s.name), ['Notas credito-debito', 'Totales del mes']);
  assert.deepEqual((notes[0]!.getRow(1).values as unknown[]).slice(1), NOTE_COLUMNS.map((c) => c.header));
  const xrows = rowsOf(notes[0]!);
  assert.equal(xrows.length, 2);
  const xk = xrows.find((r) => r[2] === kept.invoiceNumber)!;
  assert.deepEqual([xk[3], xk[7], xk[8], xk[11], xk[12], xk[13], xk[14]], [kept.cuf, 9.5, 1.24, original.invoiceNumber, original.cuf, 46.6, 'V']);
  const xv = xrows.find((r) => r[2] === voided.invoiceNumber)!;
  assert.deepEqual([xv[7], xv[8], xv[14]], [0, 0, 'A']);
  const credit = xrows.reduce((s, r) => s + Math.round((r[8] as number) * 100), 0) / 100;
  assert.equal(credit, totals.notes.credit);

  // Libro de Ventas XLSX: «Hoja1» stays the template with only the sale; the notes follow on a second sheet.
  const ventas = (await workbook(`/api/v1/books/ventas?year=${year}&month=${month}&format=xlsx`)).worksheets;
  assert.deepEqual(ventas.map((s) => s.name), ['Hoja1', 'Notas credito-debito', 'Totales del mes']);
  assert.deepEqual((ventas[0]!.getRow(1).values as unknown[]).slice(1), SALES_COLUMNS.map((c) => c.header));
  const sales = rowsOf(ventas[0]!);
  assert.deepEqual(sales.map((r) => r[4]), [original.cuf]);
  assert.deepEqual(rowsOf(ventas[1]!), xrows);

  // The sales CSV stays the 24-column template: the notes are not in it.
  const salesCsv = (await (await eng.api(`/api/v1/books/ventas?year=${year}&month=${month}&format=csv`)).text()).trim().split('\r\n');
  assert.equal(salesCsv.length, 2);
  assert.ok(!salesCsv.some((l) => l.includes(kept.cuf)));
});

test('the notes register is scoped by tenant and refuses a bad format with a 400 naming the field', async () => {
  const bad = await eng.api('/api/v1/books/notas?year=2025&month=3&format=pdf');
  assert.equal(bad.status, 400);
  assert.ok((await bad.json()).error.fields.some((f: { field: string }) => f.field === 'format'));
  const other = eng.store.tenants.create({ nit: '7700003', razonSocial: 'OTRA NOTAS' });
  const key = eng.store.apiKeys.create(other.id, 'otra', ['admin']).key;
  const now = new Date();
  const t = (await (await eng.api(`/api/v1/books/totals?year=${now.getFullYear()}&month=${now.getMonth() + 1}`, { key })).json()).data;
  assert.deepEqual(t.notes, { count: 0, cancelled: 0, returned: 0, credit: 0, creditOfRows: 0 });
  const csv = await (await eng.api(`/api/v1/books/notas?year=${now.getFullYear()}&month=${now.getMonth() + 1}&format=csv`, { key })).text();
  assert.equal(csv.replace(/^\uFEFF/, '').trim().split('\r\n').length, 1);
});
