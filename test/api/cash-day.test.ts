// A whole cash day over HTTP (issue 24, item 3): open with a float, sell in cash, by card, mixed
// and by QR, annul one sale, take two returns back (one refunded in cash by default, one by card
// as chosen), cash in and out, close with a count 27 centavos short. Then every figure of the Z
// (per method, per sector, refunds, annulled, notes, expected cash, differences) must equal the
// sums computed here from the invoices and movements the API answers — nothing hard-coded — and
// the Z's PDF must show them. Real engine, loopback HTTP, the SIAT simulator.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { saleRequest } from '../fixtures/issued-invoice';
import { pdfLines } from '../unit/documents/pdf-tools';
import { formatAmountEs, toHundredths } from '../../shared/money';
import { DENOMINATIONS, denominationKey } from '../../shared/api/cash';

interface Payment { method: string; amount: number; tendered: number }
interface Invoice {
  id: string;
  invoiceNumber: number;
  state: string;
  sector: number;
  amountTotal: number;
  paymentMethodCode: number;
  refundMethodCode?: number;
  payments?: Payment[];
  details: { codeProduct: string; description: string; quantity: number; priceUnit: number; activityEconomic: string; codeProductSin: string; unitMeasure: number }[];
}
interface MethodLine { method: string; sales: number; refunds: number; cancelledEarlier: number; expected: number; counted: number | null; difference: number | null }
interface Report {
  kind: string;
  openingFloat: number;
  cashIn: number;
  cashOut: number;
  methods: MethodLine[];
  sectors: { sector: number; count: number; total: number }[];
  invoices: { issued: number; cancelled: number; cancelledTotal: number; notes: number; notesTotal: number; firstNumber: number | null; lastNumber: number | null };
  cashCounted: number | null;
  totalDifference: number | null;
}

let eng: TestEngine;
let posId: string;
let sessionId: string;
const issued: string[] = [];

before(async () => {
  eng = await startTestEngine({}, undefined, { scheduler: false });
  posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
});
after(async () => {
  await eng.stop();
});

const post = (path: string, json: unknown) => eng.api(path, { method: 'POST', json });
const cents = (bs: number) => toHundredths(Math.abs(bs))! * Math.sign(bs);
const get = async <T>(path: string): Promise<T> => {
  const res = await eng.api(path);
  assert.equal(res.status, 200, path);
  return ((await res.json()) as { data: T }).data;
};

const LINES = [
  { activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'ARR-1', description: 'Arroz 1 kg', quantity: 3, unitMeasure: 57, priceUnit: 9.35 },
  { activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'ACE-9', description: 'Aceite Fino 900 ml', quantity: 1, unitMeasure: 57, priceUnit: 18.27 },
];

async function sell(payments: unknown[]): Promise<Invoice> {
  const { paymentMethodCode: _code, ...body } = saleRequest(posId);
  const res = await post('/api/v1/invoices?wait=true', { ...body, details: LINES, payments });
  const json = await res.json();
  assert.equal(res.status, 201, JSON.stringify(json));
  assert.equal(json.data.state, 'VALIDATED');
  issued.push(json.data.id);
  return json.data as Invoice;
}

async function giveBack(original: Invoice, refundMethodCode?: number): Promise<Invoice> {
  const oil = original.details.find((d) => d.codeProduct === 'ACE-9')!;
  const res = await post('/api/v1/invoices?wait=true', {
    invoiceType: 'COMPUTERIZED_NOTE_CREDIT_DEBIT',
    posId,
    originalInvoiceId: original.id,
    ...(refundMethodCode === undefined ? {} : { refundMethodCode }),
    details: [{ activityEconomic: oil.activityEconomic, codeProductSin: oil.codeProductSin, codeProduct: oil.codeProduct, description: oil.description, quantity: 1, unitMeasure: oil.unitMeasure, priceUnit: oil.priceUnit, returnProduct: true }],
  });
  const json = await res.json();
  assert.equal(res.status, 201, JSON.stringify(json));
  issued.push(json.data.id);
  return json.data as Invoice;
}

test('a refund method only goes on a note, and one method only', async () => {
  const sale = await post('/api/v1/invoices?wait=true', { ...saleRequest(posId), refundMethodCode: 1 });
  // No session yet: training does not require one, so the refusal is the field's.
  const body = await sale.json();
  assert.equal(sale.status, 422, JSON.stringify(body));
  assert.equal(body.error.fields[0].field, 'refundMethodCode');
});

test('a cash day: every Z figure equals the sums of the day’s invoices and movements', async () => {
  const opened = await post('/api/v1/cash/sessions', { posId, openingFloat: 150 });
  assert.equal(opened.status, 201);
  sessionId = (await opened.json()).data.id;

  const cash = await sell([{ method: 'CASH', amount: 50 }]); // change given
  const card = await sell([{ method: 'CARD', amount: 46.32, cardNumber: '5500000000000004' }]);
  const mixed = await sell([{ method: 'CASH', amount: 30 }, { method: 'CARD', amount: 20, cardNumber: '4797123456789012' }]);
  await sell([{ method: 'QR', amount: 46.32 }]);
  const annulled = await sell([{ method: 'CASH', amount: 46.32 }]);
  const c = await eng.api(`/api/v1/invoices/${annulled.id}/cancel?motivo=1`, { method: 'POST' });
  assert.equal(c.status, 200, await c.clone().text());

  // The mixed sale's return goes back in cash by default (it had a cash part); the cash sale's
  // return is refunded by card as the cashier chose.
  const inCash = await giveBack(mixed);
  assert.equal(inCash.refundMethodCode, 1);
  assert.deepEqual(inCash.payments?.map((p) => p.method), ['CASH']);
  const byCard = await giveBack(cash, 2);
  assert.equal(byCard.refundMethodCode, 2);
  assert.deepEqual(byCard.payments?.map((p) => p.method), ['CARD']);
  assert.ok(card);

  assert.equal((await post(`/api/v1/cash/sessions/${sessionId}/movements`, { kind: 'IN', amount: 20, reason: 'Cambio del banco' })).status, 201);
  assert.equal((await post(`/api/v1/cash/sessions/${sessionId}/movements`, { kind: 'OUT', amount: 35.5, reason: 'Retiro a caja fuerte' })).status, 201);

  // Everything below is computed from what the API answers now.
  const invoices = await Promise.all(issued.map((id) => get<Invoice>(`/api/v1/invoices/${id}`)));
  const session = await get<{ openingFloat: number; movements: { kind: 'IN' | 'OUT'; amount: number }[] }>(`/api/v1/cash/sessions/${sessionId}`);
  const standing = invoices.filter((i) => i.state !== 'CANCELLED');
  const sales = standing.filter((i) => i.sector !== 24);
  const notes = standing.filter((i) => i.sector === 24);
  const cancelled = invoices.filter((i) => i.state === 'CANCELLED');
  const byMethod = (list: Invoice[]) => {
    const m = new Map<string, number>();
    for (const i of list) for (const p of i.payments ?? []) m.set(p.method, (m.get(p.method) ?? 0) + cents(p.amount));
    return m;
  };
  const sold = byMethod(sales);
  const refunded = byMethod(notes);
  const moved = (kind: 'IN' | 'OUT') => session.movements.filter((m) => m.kind === kind).reduce((s, m) => s + cents(m.amount), 0);
  const expectedCash = cents(session.openingFloat) + (sold.get('CASH') ?? 0) - (refunded.get('CASH') ?? 0) + moved('IN') - moved('OUT');
  const expectedOf = (m: string) => (m === 'CASH' ? expectedCash : (sold.get(m) ?? 0) - (refunded.get(m) ?? 0));

  // Count: 27 centavos short of what should be there, in Bolivian notes and coins.
  const counted = expectedCash - 27;
  assert.ok(counted > 0 && (expectedCash - 27) % 10 === 0, `pick prices so the count is payable in coins (${expectedCash})`);
  const denominations: Record<string, number> = {};
  let rest = counted;
  for (const d of DENOMINATIONS) {
    if (rest >= d) denominations[denominationKey(d)] = Math.floor(rest / d);
    rest %= d;
  }
  assert.equal(rest, 0);
  const closed = await post(`/api/v1/cash/sessions/${sessionId}/close`, {
    denominations,
    counted: { CARD: expectedOf('CARD') / 100, QR: expectedOf('QR') / 100 },
  });
  assert.equal(closed.status, 200, await closed.clone().text());
  const z = await get<Report>(`/api/v1/cash/sessions/${sessionId}/report`);
  assert.equal(z.kind, 'Z');

  // Per method: sales of the standing invoices, refunds of the notes, expected, difference.
  const methods = new Set([...sold.keys(), ...refunded.keys(), 'CASH', 'CARD', 'QR']);
  assert.deepEqual(new Set(z.methods.map((m) => m.method)), methods, 'no method without activity, nothing under Otros');
  for (const m of z.methods) {
    assert.equal(cents(m.sales), sold.get(m.method) ?? 0, `${m.method} sales`);
    assert.equal(cents(m.refunds), refunded.get(m.method) ?? 0, `${m.method} refunds`);
    assert.equal(m.cancelledEarlier, 0, `${m.method}: nothing annulled from an earlier session`);
    assert.equal(cents(m.expected), expectedOf(m.method), `${m.method} expected`);
  }
  const cashLine = z.methods.find((m) => m.method === 'CASH')!;
  assert.equal(cents(z.cashCounted!), counted);
  assert.equal(cents(cashLine.difference!), -27, 'the drawer is 0,27 short, and that is the difference');
  assert.equal(cents(z.totalDifference!), -27);
  assert.equal(cents(z.openingFloat), cents(session.openingFloat));
  assert.equal(cents(z.cashIn), moved('IN'));
  assert.equal(cents(z.cashOut), moved('OUT'));

  // Per sector: the standing sales only — the annulled invoice and the notes are not a sector's.
  const sectors = new Map<number, { count: number; total: number }>();
  for (const i of sales) {
    const s = sectors.get(i.sector) ?? { count: 0, total: 0 };
    sectors.set(i.sector, { count: s.count + 1, total: s.total + cents(i.amountTotal) });
  }
  assert.deepEqual(
    z.sectors.map((s) => ({ sector: s.sector, count: s.count, total: cents(s.total) })),
    [...sectors.entries()].map(([sector, s]) => ({ sector, ...s })),
  );
  // Their own lines: annulled and notes.
  assert.equal(z.invoices.issued, sales.length);
  assert.equal(z.invoices.cancelled, cancelled.length);
  assert.equal(cents(z.invoices.cancelledTotal), cancelled.reduce((s, i) => s + cents(i.amountTotal), 0));
  assert.equal(z.invoices.notes, notes.length);
  assert.equal(cents(z.invoices.notesTotal), notes.reduce((s, i) => s + cents(i.amountTotal), 0));
  const numbers = invoices.filter((i) => i.sector !== 24).map((i) => i.invoiceNumber);
  assert.equal(z.invoices.firstNumber, Math.min(...numbers));
  assert.equal(z.invoices.lastNumber, Math.max(...numbers));

  // The Z as paper (PDF, read back with pdftotext) shows the same figures.
  const pdf = await eng.api(`/api/v1/cash/sessions/${sessionId}/report/pdf`);
  assert.equal(pdf.status, 200);
  const lines = pdfLines(new Uint8Array(await pdf.arrayBuffer()));
  const shows = (label: string, value: number) => {
    const line = `${label} ${formatAmountEs(value)}`;
    assert.ok(lines.some((l) => l === line || l.endsWith(` ${line}`)), `"${line}" in:\n${lines.join('\n')}`);
  };
  shows('Fondo inicial', cents(session.openingFloat));
  shows('+ Ventas en efectivo', sold.get('CASH') ?? 0);
  shows('- Devoluciones en efectivo', refunded.get('CASH') ?? 0);
  shows('+ Ingresos', moved('IN'));
  shows('- Retiros', moved('OUT'));
  shows('= Efectivo esperado', expectedCash);
  for (const m of z.methods) {
    shows('Ventas', cents(m.sales));
    if (m.refunds !== 0) shows('Devoluciones', -cents(m.refunds));
    shows('Esperado', cents(m.expected));
    shows('Diferencia', cents(m.difference!));
  }
  shows('Efectivo contado', counted);
  shows('DIFERENCIA TOTAL', -27);
  shows(`Anuladas (${cancelled.length})`, cancelled.reduce((s, i) => s + cents(i.amountTotal), 0));
  shows(`Notas de crédito-débito (${notes.length})`, notes.reduce((s, i) => s + cents(i.amountTotal), 0));
  for (const s of sectors.values()) shows(`(${s.count})`, s.total);
  assert.ok(!lines.some((l) => l.includes('Otros')), 'nothing booked under Otros');
});
