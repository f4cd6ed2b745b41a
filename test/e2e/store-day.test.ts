// The proof of issue 24: a store's whole day in Chromium, keyboard first, as a cashier walks it —
// open the cash with a float; sell by keyboard and by scanner, to a NIT client, a CI client, the
// quick client (F5, 99002) and with a mixed payment; reprint; cancel an invoice; a return with
// its refund method; cash in and out; a SIAT outage during which a printed sale is re-issued
// offline, then SIAT back; purchases typed the es-BO way; X and Z. Every figure the store hands
// out is checked against the engine and the SIAT simulator: the CUF on every ticket is the one
// SIAT holds, no number is registered twice, every Z figure is the sum of the day's invoices and
// movements as the engine's API returns them, the Libro de Compras holds what was typed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage, E2E_WAIT_MS } from './till-page';
import { startReceiptPrinter, type ReceiptPrinter } from './receipt-printer';
import { buildCuf } from '../../main/invoicing/cuf';
import { formatAmountEs, toHundredths } from '../../shared/money';
import { boliviaDate, formatDateEs, toBoliviaIso } from '../../shared/time';
import type { CashReport, CashSessionView } from '../../shared/api/cash';
import type { Invoice, InvoiceListItem } from '../../shared/api/invoice';
import { CREDIT_DEBIT_NOTE_SECTOR } from '../../shared/sectors';
import { waitFor } from '../fixtures/wait';
import { sqliteConnection } from '../../main/store/store';

let eng: TestEngine;
let browser: Browser;
let context: BrowserContext;
let till: TillPage;
let printer: ReceiptPrinter;
let posId: string;

const ARR = { code: 'ARR-1', barcode: '7751234000017', description: 'Arroz Grano de Oro 1 kg', priceUnit: 9.5 };
const ACE = { code: 'ACE-900', barcode: '7751234000024', description: 'Aceite Fino 900 ml', priceUnit: 27.6 };
/** SIAT's note sector (credit-debit note, a return). */

interface Received {
  cuf: string;
  sector: number | null;
  timesRegistered: number;
  estado: string;
}

async function data<T>(path: string): Promise<T> {
  const res = await eng.api(path);
  assert.equal(res.status, 200, `${path}: ${await res.clone().text()}`);
  return ((await res.json()) as { data: T }).data;
}

async function simAdmin<T = unknown>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${eng.simulator!.adminUrl}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 200, `simulator admin ${path}`);
  return (await res.json()) as T;
}

/** Every document the engine issued today, in full (details, payments, refund method). */
async function dayDocuments(): Promise<Invoice[]> {
  const list = await data<{ content: InvoiceListItem[] }>('/api/v1/invoices?size=50');
  return Promise.all(list.content.map((i) => data<Invoice>(`/api/v1/invoices/${i.id}`)));
}

async function invoiceByNumber(n: number, sector?: number): Promise<Invoice> {
  const docs = await dayDocuments();
  const found = docs.find((d) => d.invoiceNumber === n && (sector === undefined ? d.sector !== CREDIT_DEBIT_NOTE_SECTOR : d.sector === sector));
  assert.ok(found, `document N° ${n}`);
  return found;
}

/** An API amount (Bs, 2 decimals) in centavos; a value with more decimals fails (it never rounds). */
function cents(bs: number): number {
  const c = toHundredths(Math.abs(bs));
  assert.notEqual(c, null, `${bs} is an amount in Bs with 2 decimals`);
  return bs < 0 ? -c! : c!;
}
/** Text of an ESC/POS job, without line breaks (a CUF is wider than the paper). */
const jobText = (job: Buffer) => job.toString('latin1').replace(/\s/g, '');
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The cashier's method kinds of an invoice (a split by its parts; else its one method's kind). */
function paymentParts(inv: Invoice): { method: string; amount: number }[] {
  if (inv.payments && inv.payments.length > 0) return inv.payments.map((p) => ({ method: p.method, amount: cents(p.amount) }));
  const kind = inv.paymentMethodCode === 1 ? 'CASH' : inv.paymentMethodCode === 2 ? 'CARD' : `code ${inv.paymentMethodCode}`;
  return [{ method: kind, amount: cents(inv.amountTotal) }];
}

before(async () => {
  ensureRendererBuilt();
  printer = await startReceiptPrinter();
  eng = await startTestEngine({ KIPU_PRINTER_ALLOW_LOOPBACK: '1' }, undefined, {
    rendererDir: RENDERER,
    // Short SIAT time-outs and contingency timings (as reissue.test.ts): the outage takes seconds.
    // A sale's send waits 15 s: the outage's two sales are both in flight when SIAT stops answering.
    siatTimeouts: { saleMs: 15_000, defaultMs: 3000, packageMs: 5000 },
    // settleWindowMs: SIAT's processing window after a send gave up (decision 0057), short here.
    contingency: { probe: { initialMs: 500, maxMs: 1500 }, retry: { initialMs: 300, maxMs: 1500 }, poll: { initialMs: 200, maxMs: 800 }, probeTimeoutMs: 1500, settleWindowMs: 1500 },
  });
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  for (const p of [ARR, ACE]) {
    const res = await eng.api('/api/v1/products', { method: 'POST', json: { ...p, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' } });
    assert.equal(res.status, 201, await res.clone().text());
  }
  posId = (await data<{ id: string }[]>('/api/v1/pos'))[0]!.id;
  // Every ticket is printed as soon as the sale is issued, on a receipt printer on loopback.
  const put = await eng.api('/api/v1/settings/printer', {
    method: 'PUT',
    json: { type: 'epson', interface: `tcp://127.0.0.1:${printer.port}`, width: 48, characterSet: 'PC850', drawerKick: false, printOnIssue: true, qr: 'native' },
  });
  assert.equal(put.status, 200, await put.clone().text());
  ({ browser, context, till } = await openTill(eng.url));
  await till.page.setViewportSize({ width: 1024, height: 768 });
});

after(async () => {
  await context?.close();
  await browser?.close();
  await eng?.stop();
  await printer?.close();
});

test("a store's day: every ticket's CUF is SIAT's, every Z figure is the day's sums, the Libro de Compras holds what was typed", { timeout: 290_000 }, async () => {
  const k = till.page.keyboard;
  const page = till.page;
  await page.locator('[data-testid="status-indicator"][data-mode="ONLINE"]').waitFor({ timeout: E2E_WAIT_MS });
  /** Invoice number → the CUF its (last) ticket showed. */
  const ticketCuf = new Map<number, string>();
  /** A sale, then its card's CUF, which is also on the ticket printed on issue. */
  const sell = async (run: () => Promise<number>): Promise<number> => {
    const from = printer.jobs.length;
    const n = await run();
    const cuf = await till.lastInvoiceCuf();
    ticketCuf.set(n, cuf);
    await page.locator('[data-testid="print-status"][data-state="done"]').waitFor({ timeout: E2E_WAIT_MS });
    const printed = await printer.jobsSince(from, 1, 30_000);
    assert.ok(printed.some((j) => jobText(j).includes(cuf)), `invoice ${n}: the printed ticket carries the CUF the card shows`);
    return n;
  };

  // 1. Caja: open with a float of Bs 200.
  await till.openCash('200');
  const session = await data<CashSessionView>(`/api/v1/cash/sessions/current?posId=${posId}`);
  assert.equal(session.openingFloat, 200);
  await till.go('ventas');

  // 2. Sales. A CI client by keyboard, cash.
  const ci = await sell(() => till.sellByKeyboard({ items: [[2, ARR.code]], docNumber: '5115889', name: 'Juan Pérez', cash: '20' }));
  // By scanner, a NIT client (active at SIAT), cash.
  const nit = await sell(() =>
    till.sellByKeyboard({
    scans: [
      { barcode: ACE.barcode, code: ACE.code },
      { barcode: ARR.barcode, code: ARR.code },
    ],
    nit: true,
    docNumber: '1003579028',
    name: 'DISTRIBUIDORA ANDINA S.R.L.',
    cash: '50',
    }),
  );
  // The quick client (F5): 99002 CONTROL TRIBUTARIO.
  const quick = await sell(() => till.sellByKeyboard({ items: [[1, ARR.code]], quick: true, cash: '10' }));
  // A mixed payment: 2 × 27,60 = 55,20, card 30, the rest in cash out of 30 handed over.
  const mixed = await sell(() =>
    till.sellByKeyboard({
    items: [[2, ACE.code]],
    docNumber: '4433221',
    name: 'Ana Quispe',
    pay: async () => {
      await k.type('30');
      await k.press('Tab');
      await k.type('30');
      await k.press('Tab');
      await k.type('4797123456789012');
      await till.id('payment-split').filter({ hasText: 'Tarjeta Bs 30,00' }).waitFor();
    },
    }),
  );

  const nitInv = await invoiceByNumber(nit);
  assert.equal(nitInv.clientDocumentType, 5, 'the NIT sale was issued to a NIT');
  assert.equal(nitInv.clientDocumentNumber, '1003579028');
  const quickInv = await invoiceByNumber(quick);
  assert.equal(quickInv.clientDocumentNumber, '99002', 'the quick client is 99002');
  assert.deepEqual(
    (await invoiceByNumber(mixed)).payments?.map((p) => [p.method, p.amount]),
    [
      ['CASH', 25.2],
      ['CARD', 30],
    ],
  );

  // 3. Reprint the last ticket (Shift+F12): the printer gets it again, with the same CUF.
  const jobs = printer.jobs.length;
  await till.reprintLast();
  const [reprint] = await printer.jobsSince(jobs, 1);
  assert.ok(reprint && jobText(reprint).includes(ticketCuf.get(mixed)!), 'the reprint carries the CUF of the sale');

  // Cancel the quick client's sale; a return of one rice from the CI sale, refunded as offered
  // (the original's method: cash).
  await till.openInvoice(quick);
  await till.cancelOpenInvoice();
  await till.openInvoice(ci);
  const noteNumber = await till.returnOpenInvoice(['1']);
  const note = await invoiceByNumber(noteNumber, CREDIT_DEBIT_NOTE_SECTOR);
  assert.equal(note.refundMethodCode, 1, 'refunded in cash, the way the original was paid');
  assert.equal(note.originalInvoiceNumber, ci);

  // 4. Cash in and out.
  await till.go('caja');
  await till.cashMovement('IN', '50', 'Cambio del banco');
  await till.cashMovement('OUT', '30', 'Pago a proveedor de pan');

  // 5. An outage: SIAT hangs; two sales are answered and printed at once with their online CUFs,
  // SIAT registers neither. Once SIAT is back the oldest is sent again with its own CUF (its ticket
  // stays valid: never two CUFs for one sale, decision 0057) and the other, after SIAT's
  // processing window, is re-issued offline: its card, notice and replacement ticket follow.
  await till.go('ventas');
  await simAdmin('/faults', { mode: 'hang' });
  const outageFrom = printer.jobs.length;
  const kept = await till.sellByKeyboard({ items: [[1, ARR.code]], docNumber: '7788991', name: 'Rosa Mamani', cash: '10' });
  const keptCuf = await till.lastInvoiceCuf();
  const outage = await till.sellByKeyboard({ items: [[1, ARR.code]], docNumber: '7788990', name: 'Luis Mamani', cash: '10' });
  const firstCuf = await till.lastInvoiceCuf();
  ticketCuf.set(kept, keptCuf);
  await page.locator('[data-testid="print-status"][data-state="done"]').waitFor({ timeout: E2E_WAIT_MS });
  await page.locator('[data-testid="status-indicator"][data-mode="CONTINGENCY"]').waitFor({ timeout: 60_000 });
  // SIAT comes back only once both sends gave up: a send still hanging when SIAT returns is simply
  // sent again with its CUF and validated (decision 0057), and there would be nothing to re-issue.
  const db = sqliteConnection(eng.store);
  await waitFor('both sends gave up', () => (db.prepare('SELECT COUNT(*) AS n FROM invoices WHERE cuf IN (?, ?) AND needs_reconcile = 1 AND siat_attempt_at IS NOT NULL').get(keptCuf, firstCuf) as { n: number }).n === 2, 120_000);
  await simAdmin('/reset-faults', {});
  await till.id('last-invoice-reissued').waitFor({ timeout: 180_000 });
  assert.equal(await till.id('last-invoice-reissued').getAttribute('data-previous-cuf'), firstCuf);
  await page.locator('[data-testid="last-invoice-state"][data-state="VALIDATED"]').waitFor({ timeout: 90_000 });
  ticketCuf.set(outage, await till.lastInvoiceCuf());
  assert.notEqual(ticketCuf.get(outage), firstCuf, 'the card shows the new CUF');
  await page.locator('[data-testid="status-indicator"][data-mode="ONLINE"]').waitFor({ timeout: 90_000 });
  // The customer's first ticket had the first CUF; the replacement printed by itself has the new one.
  await page.locator('[data-testid="print-status"][data-state="done"]').filter({ hasText: 'Ticket nuevo impreso' }).waitFor({ timeout: E2E_WAIT_MS });
  const outageTickets = (await printer.jobsSince(outageFrom, 3, 30_000)).map(jobText);
  assert.ok(outageTickets[0]?.includes(keptCuf), 'the first outage sale kept the CUF on its ticket');
  assert.ok(outageTickets[1]?.includes(firstCuf), 'the first ticket of the re-issued sale had the online CUF');
  assert.ok(outageTickets.slice(2).some((t) => t.includes(ticketCuf.get(outage)!)), 'the replacement ticket has the CUF SIAT holds');

  // Every ticket's CUF is the engine's and the one SIAT holds, registered once; the first CUF of
  // the re-issued sale never reached SIAT.
  const received = await simAdmin<Received[]>('/received');
  const docs = await dayDocuments();
  for (const [n, cuf] of ticketCuf) {
    const inv = docs.find((d) => d.invoiceNumber === n && d.sector !== CREDIT_DEBIT_NOTE_SECTOR)!;
    assert.equal(inv.cuf, cuf, `invoice ${n}: the ticket's CUF is the engine's`);
    assert.equal(received.find((r) => r.cuf === cuf)?.timesRegistered, 1, `invoice ${n}: SIAT holds the ticket's CUF, registered once`);
  }
  assert.ok(!received.some((r) => r.cuf === firstCuf && r.timesRegistered > 0), 'the first CUF of the re-issued sale was never registered');
  assert.equal(received.find((r) => r.cuf === note.cuf)?.timesRegistered, 1, 'SIAT holds the credit note');
  assert.equal(received.find((r) => r.cuf === quickInv.cuf)?.estado, 'ANULADA', 'SIAT has the cancelled invoice annulled');
  // No invoice number registered twice (per document sector): each registered CUF is one of the
  // engine's documents, and no two of them share a number.
  const registered = received.filter((r) => r.timesRegistered > 0);
  const numbers = registered.map((r) => {
    const d = docs.find((x) => x.cuf === r.cuf);
    assert.ok(d, `the CUF ${r.cuf} SIAT registered is one of the engine's documents`);
    return `${d.sector ?? 1}/${d.invoiceNumber}`;
  });
  assert.equal(new Set(numbers).size, numbers.length, `no number registered twice: ${numbers.join(', ')}`);
  assert.equal(registered.length, docs.length, 'SIAT registered every document of the day, once');

  // 6. Purchases typed the es-BO way.
  const today = new Date();
  const day = boliviaDate(today);
  const supplierNit = 1028625022;
  const purchaseCuf = (number: number) =>
    buildCuf(
      { nit: supplierNit, fechaEmision: toBoliviaIso(today), codigoSucursal: 0, modalidad: 1, tipoEmision: 1, tipoFacturaDocumento: 1, codigoDocumentoSector: 1, numeroFactura: number, codigoPuntoVenta: 0 },
      'A467A75AC82F24C74',
    );
  const typed: [number, string, string][] = [
    [301, '1.500', '1500.00'],
    [302, '1.250,75', '1250.75'],
  ];
  for (const [number, total] of typed) {
    await till.registerPurchase({ nit: String(supplierNit), name: 'FERRETERIA ILLIMANI', auth: purchaseCuf(number), number: String(number), date: formatDateEs(today), total });
  }
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const book = await eng.api(`/api/v1/books/compras?year=${year}&month=${month}&format=csv`);
  assert.equal(book.status, 200);
  const csv = (await book.text()).split(/\r?\n/);
  for (const [number, , amount] of typed) {
    const row = csv.find((l) => l.includes(purchaseCuf(number)));
    assert.ok(row, `purchase ${number} is in the Libro de Compras`);
    assert.ok(row.split(',').includes(amount), `purchase ${number}: the book says ${amount}: ${row}`);
  }
  const totals = await data<{ purchases: { count: number; total: number } }>(`/api/v1/books/totals?year=${year}&month=${month}`);
  assert.deepEqual(totals.purchases, { ...totals.purchases, count: 2, total: 2750.75 });

  // 7. X, then Z with the counted cash. The expected figures are computed here from the day's
  // documents and movements as the engine returns them.
  const fresh = await dayDocuments();
  const sessionView = await data<CashSessionView>(`/api/v1/cash/sessions/${session.id}`);
  const movements = sessionView.movements;
  const cashIn = sum(movements.filter((m) => m.kind === 'IN').map((m) => cents(m.amount)));
  const cashOut = sum(movements.filter((m) => m.kind === 'OUT').map((m) => cents(m.amount)));
  assert.deepEqual([cashIn, cashOut], [5000, 3000], 'the movements typed');
  const invoices = fresh.filter((d) => d.sector !== CREDIT_DEBIT_NOTE_SECTOR);
  const standing = invoices.filter((d) => d.state !== 'CANCELLED');
  const annulled = invoices.filter((d) => d.state === 'CANCELLED');
  const notes = fresh.filter((d) => d.sector === CREDIT_DEBIT_NOTE_SECTOR && d.state !== 'CANCELLED');
  // The day as walked: six sales, one of them annulled, one return.
  assert.deepEqual([standing.length, annulled.length, notes.length], [5, 1, 1], 'the documents of the day');
  const salesOf = (method: string) => sum(standing.flatMap(paymentParts).filter((p) => p.method === method).map((p) => p.amount));
  const refundOf = (code: number) => sum(notes.filter((n) => n.refundMethodCode === code).map((n) => cents(n.amountTotalReturn ?? n.amountTotal)));
  const want = {
    cashSales: salesOf('CASH'),
    cardSales: salesOf('CARD'),
    cashRefunds: refundOf(1),
    annulledTotal: sum(annulled.map((d) => cents(d.amountTotal))),
  };
  assert.equal(want.cashRefunds, cents(ARR.priceUnit), 'the return gave back one rice, in cash');
  const expectedCash = cents(session.openingFloat) + want.cashSales - want.cashRefunds + cashIn - cashOut;

  const checkReport = (r: CashReport, label: string) => {
    const m = (method: string) => r.methods.find((x) => x.method === method)!;
    assert.equal(cents(m('CASH').sales), want.cashSales, `${label}: cash sales`);
    assert.equal(cents(m('CARD').sales), want.cardSales, `${label}: card sales`);
    assert.equal(cents(m('CASH').refunds), want.cashRefunds, `${label}: cash refunds`);
    assert.equal(cents(m('CARD').refunds), 0, `${label}: card refunds`);
    assert.equal(cents(m('CASH').expected), expectedCash, `${label}: expected cash = float + cash sales − cash refunds + in − out`);
    assert.equal(cents(m('CARD').expected), want.cardSales, `${label}: expected card`);
    assert.equal(cents(r.cashIn), cashIn, `${label}: cash in`);
    assert.equal(cents(r.cashOut), cashOut, `${label}: cash out`);
    assert.equal(r.invoices.issued, standing.length, `${label}: invoices that stand`);
    assert.equal(r.invoices.cancelled, annulled.length, `${label}: annulled`);
    assert.equal(cents(r.invoices.cancelledTotal), want.annulledTotal, `${label}: annulled total`);
    assert.equal(r.invoices.notes, notes.length, `${label}: credit notes`);
    assert.equal(cents(r.invoices.notesTotal), want.cashRefunds, `${label}: what the notes gave back`);
    assert.equal(sum(r.sectors.map((s) => cents(s.total))), sum(standing.map((d) => cents(d.amountTotal))), `${label}: the sectors hold only the invoices that stand`);
  };

  await till.go('caja');
  await till.id('cash-report-X').waitFor();
  checkReport(await data<CashReport>(`/api/v1/cash/sessions/${session.id}/report`), 'X');
  await page.waitForFunction((t) => document.querySelector('[data-testid="cash-expected-CASH"]')?.textContent === t, formatAmountEs(expectedCash));

  // Counted: 1 × 200 + 1 × 100 in the drawer, the card terminal's total as expected.
  const counted = 30000;
  const beforeClose = printer.jobs.length;
  await till.closeCash({ pieces: [['200', '1'], ['100', '1']], card: formatAmountEs(want.cardSales) });
  // Print-on-issue is on: the Z comes out by itself at close (a fresh walk needed F7), then a copy is offered.
  const [zJob] = await printer.jobsSince(beforeClose, 1, 30_000);
  assert.ok(zJob && jobText(zJob).includes('REPORTEZ-CIERREDECAJA'), 'the Z printed at close');
  await till.id('cash-print-z-copy').waitFor();
  const z = await data<CashReport>(`/api/v1/cash/sessions/${session.id}/report`);
  assert.equal(z.kind, 'Z');
  checkReport(z, 'Z');
  const zCash = z.methods.find((x) => x.method === 'CASH')!;
  assert.equal(cents(zCash.counted!), counted);
  assert.equal(cents(zCash.difference!), counted - expectedCash, 'Z: cash difference = counted − expected');
  assert.equal(cents(z.totalDifference!), counted - expectedCash, 'Z: total difference (the card adds up)');

  // What the Caja screen shows is the same Z.
  assert.equal(await till.id('cash-expected-CASH').textContent(), formatAmountEs(expectedCash));
  assert.equal(await till.id('cash-expected-CARD').textContent(), formatAmountEs(want.cardSales));
  assert.equal(await till.id('cash-refunds-CASH').textContent(), formatAmountEs(want.cashRefunds));
  assert.equal(await till.id('cash-difference-CASH').textContent(), formatAmountEs(counted - expectedCash));
  assert.equal(await till.id('cash-total-difference').textContent(), `Bs ${formatAmountEs(counted - expectedCash)}`);
  await till.screenshot('store-day-z-1024');
});
