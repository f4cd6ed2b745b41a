// Issue 24, item 1, in Chromium: SIAT hangs on a sale's online send, the till answers at once
// with the online CUF and prints the ticket; SIAT never registers it, so once SIAT is back the
// sale is re-issued offline with a new CUF. The sale card then shows the CUF SIAT holds, with its
// QR and the offline state, the cashier is told in words, the printer gets the replacement ticket
// (which names the ticket it replaces), and Facturas shows the same.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage, E2E_WAIT_MS } from './till-page';
import { startReceiptPrinter, type ReceiptPrinter } from './receipt-printer';
import { saleRequest } from '../fixtures/issued-invoice';
import { waitFor } from '../fixtures/wait';
import { sqliteConnection } from '../../main/store/store';

let eng: TestEngine;
let browser: Browser;
let context: BrowserContext;
let till: TillPage;
let printer: ReceiptPrinter;

async function simAdmin(path: string, body: unknown = {}): Promise<any> {
  const get = path === '/received';
  const res = await fetch(`${eng.simulator!.adminUrl}${path}`, get ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 200, `simulator admin ${path}`);
  return res.json();
}

/** Text of an ESC/POS job, without line breaks (a CUF is wider than the paper). */
const jobText = (job: Buffer) => job.toString('latin1').replace(/\s/g, '');

before(async () => {
  ensureRendererBuilt();
  printer = await startReceiptPrinter();
  eng = await startTestEngine({ KIPU_PRINTER_ALLOW_LOOPBACK: '1' }, undefined, {
    rendererDir: RENDERER,
    // Short SIAT time-outs and contingency timings: the test waits seconds, not minutes.
    // A sale's send waits 30 s: the test's two sales must both be in flight before the first send
    // gives up and opens the event (a loaded machine takes many seconds to type a sale).
    siatTimeouts: { saleMs: 30_000, defaultMs: 3000, packageMs: 5000 },
    // settleWindowMs: SIAT's processing window after a send gave up (decision 0057), short here.
    contingency: { probe: { initialMs: 500, maxMs: 1500 }, retry: { initialMs: 300, maxMs: 1500 }, poll: { initialMs: 200, maxMs: 800 }, probeTimeoutMs: 1500, settleWindowMs: 1500 },
  });
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  const res = await eng.api('/api/v1/products', { method: 'POST', json: { code: 'ARR-1', barcode: '7751234000017', description: 'Arroz Grano de Oro 1 kg', priceUnit: 9.5, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' } });
  assert.equal(res.status, 201, await res.clone().text());
  // The till prints every ticket as soon as the sale is issued.
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

test('a sale SIAT never registers is re-issued: the card shows the CUF SIAT holds, the cashier is told, the replacement ticket prints by itself', { timeout: 360_000 }, async () => {
  await till.page.locator('[data-testid="status-indicator"][data-mode="ONLINE"]').waitFor({ timeout: E2E_WAIT_MS });
  await simAdmin('/faults', { mode: 'hang' });

  // Two sales while SIAT hangs: once SIAT answers, the oldest is sent again with its own CUF
  // (decision 0057: never two CUFs for one sale); the second, which SIAT still does not know after
  // its processing window, is re-issued offline. The oldest comes through the API (it answers at
  // once, PENDING); the second is the cashier's, typed at the till while the first is in flight.
  const posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
  const oldest = await eng.api('/api/v1/invoices', { method: 'POST', json: saleRequest(posId) });
  assert.equal(oldest.status, 201, await oldest.clone().text());
  assert.equal(((await oldest.json()) as { data: { state: string } }).data.state, 'PENDING');
  const jobs = printer.jobs.length;
  const n = await till.sellByKeyboard({ items: [[2, 'ARR-1']], docNumber: '5115889', name: 'Juan Pérez', cash: '20' });
  const first = await till.lastInvoiceCuf();
  await till.page.locator('[data-testid="print-status"][data-state="done"]').filter({ hasText: 'Ticket impreso' }).waitFor({ timeout: E2E_WAIT_MS });
  const [ticket] = await printer.jobsSince(jobs, 1);
  assert.ok(ticket && jobText(ticket).includes(first), 'the customer got a ticket with the online CUF');
  const typed = (await (await eng.api(`/api/v1/invoices?q=${n}`)).json()).data.content.find((i: { invoiceNumber: number }) => i.invoiceNumber === n);
  assert.equal(typed.emissionType, 'NORMAL', 'the cashier\'s sale was issued online, before the first send gave up');

  // Both sends time out (SIAT may have them): nothing is re-issued before SIAT answers for them.
  // SIAT comes back only once both gave up, so both belong to the event the first one opened (a
  // send still hanging when SIAT returns would simply be sent again with its CUF and validated).
  await till.page.locator('[data-testid="status-indicator"][data-mode="CONTINGENCY"]').waitFor({ timeout: E2E_WAIT_MS });
  const db = sqliteConnection(eng.store);
  await waitFor('both sends gave up', () => (db.prepare('SELECT COUNT(*) AS n FROM invoices WHERE needs_reconcile = 1 AND siat_attempt_at IS NOT NULL').get() as { n: number }).n === 2, 120_000);
  await simAdmin('/reset-faults');

  // SIAT back: it never got the sale, so the sale is re-issued offline and sent in a package.
  await till.id('last-invoice-reissued').waitFor({ timeout: 150_000 });
  const shown = await till.lastInvoiceCuf();
  assert.notEqual(shown, first, 'the card shows a new CUF');
  assert.equal(await till.id('last-invoice-reissued').getAttribute('data-previous-cuf'), first);
  assert.equal(await till.id('last-invoice-number').textContent(), String(n), 'same number');
  const invoice = (await (await eng.api(`/api/v1/invoices?q=${n}`)).json()).data.content.find((i: { invoiceNumber: number }) => i.invoiceNumber === n);
  assert.equal(invoice.cuf, shown, "the card's CUF is the engine's");
  await till.page.locator('[data-testid="last-invoice-state"][data-state="VALIDATED"]').waitFor({ timeout: 60_000 });
  const received = (await simAdmin('/received')) as { cuf: string; timesRegistered: number }[];
  assert.equal(received.find((r) => r.cuf === shown)?.timesRegistered, 1, 'the CUF on the card is the one SIAT holds');
  assert.ok(!received.some((r) => r.cuf === first), 'SIAT never got the first CUF');
  assert.match((await till.id('open-ticket-link').getAttribute('href')) ?? '', new RegExp(shown), 'the ticket link is the new CUF');
  assert.match((await till.id('last-invoice').textContent()) ?? '', /Fuera de línea/);

  // The cashier is told in words, and the notice stays until closed.
  const notice = till.notice(new RegExp(`La factura N° ${n} se volvió a emitir fuera de línea`));
  await notice.waitFor();
  assert.equal(await notice.getAttribute('data-tone'), 'error');
  assert.match((await notice.textContent()) ?? '', /entregue al cliente el ticket nuevo que se acaba de imprimir/);

  // The replacement ticket was printed by itself and says which ticket it replaces.
  await till.page.locator('[data-testid="print-status"][data-state="done"]').filter({ hasText: 'Ticket nuevo impreso' }).waitFor();
  const after = await printer.jobsSince(jobs, 2);
  assert.equal(after.length, 2, 'a second ticket');
  const replacement = jobText(after[1]!);
  assert.ok(replacement.includes(shown), 'with the new CUF');
  const label = replacement.indexOf('REEMPLAZAALAFACTURACONCUF');
  assert.ok(label >= 0 && replacement.indexOf(first, label) > label, 'naming the invoice it replaces');
  // Read as latin1, PC850's í (0xA1) comes back as ¡.
  assert.ok(replacement.includes('emitidofueradel¡nea'), 'with the offline legend');

  await till.screenshot('reissue-sale-card-1024');

  // Facturas: the detail shows the new CUF and the one it replaces.
  await till.go('facturas');
  await till.page.locator(`[data-testid="invoice-row"][data-invoice-number="${n}"]`).click();
  await till.id('invoice-detail-cuf').filter({ hasText: shown }).waitFor();
  assert.equal(await till.id('invoice-detail-replaces').getAttribute('data-previous-cuf'), first);
  await till.screenshot('reissue-facturas-1024');
  await till.go('ventas');
});
