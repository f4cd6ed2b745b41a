// Caja end to end (issue 17) in Chromium, all by keyboard: open the cash with a float, sell in
// Venta (cash; cash + card split; card only), cash out, close with a difference, the Z report as
// a PDF. The printer is a raw TCP receipt printer on loopback with print-on-issue off and a
// drawer: the till sends the drawer pulse itself after a sale with cash, never after card only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { saleRequest } from '../fixtures/issued-invoice';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage, E2E_WAIT_MS } from './till-page';

let eng: TestEngine;
let browser: Browser;
let context: BrowserContext;
let till: TillPage;
let posId: string;
let printer: { port: number; jobs: Buffer[]; close: () => Promise<void> };

/** EPSON ESC p 0 t1 t2: the drawer kick (main/printing/escpos-ticket.ts). */
const KICK = Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa]);

/** A raw TCP receipt printer that answers status queries "fine" and keeps every job. */
async function startPrinter(): Promise<typeof printer> {
  const jobs: Buffer[] = [];
  const server = net.createServer((sock) => {
    const chunks: Buffer[] = [];
    sock.on('data', (c: Buffer) => {
      chunks.push(c);
      if (c.includes(Buffer.from([0x10, 0x04, 0x02]))) sock.write(Buffer.from([0x12, 0x12]));
    });
    sock.on('end', () => jobs.push(Buffer.concat(chunks)));
    sock.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, jobs, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

before(async () => {
  ensureRendererBuilt();
  printer = await startPrinter();
  eng = await startTestEngine({ KIPU_PRINTER_ALLOW_LOOPBACK: '1' }, undefined, { rendererDir: RENDERER });
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  for (const p of [
    { code: 'ARR-1', barcode: '7751234000017', description: 'Arroz Grano de Oro 1 kg', priceUnit: 9.5 },
    { code: 'ACE-900', barcode: '7751234000024', description: 'Aceite Fino 900 ml', priceUnit: 27.6 },
  ]) {
    const res = await eng.api('/api/v1/products', { method: 'POST', json: { ...p, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' } });
    assert.equal(res.status, 201);
  }
  posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
  // The store requires an open cash session at this point of sale.
  assert.equal((await eng.api(`/api/v1/cash/settings/${posId}`, { method: 'PUT', json: { requireSession: true } })).status, 200);
  // Tickets are not printed on issue; the printer has a cash drawer.
  const put = await eng.api('/api/v1/settings/printer', {
    method: 'PUT',
    json: { type: 'epson', interface: `tcp://127.0.0.1:${printer.port}`, width: 48, characterSet: 'PC850', drawerKick: true, printOnIssue: false, qr: 'native' },
  });
  assert.equal(put.status, 200, await put.clone().text());
  ({ browser, context, till } = await openTill(eng.url));
});

after(async () => {
  await context?.close();
  await browser?.close();
  await eng?.stop();
  await printer?.close();
});

/** The printer jobs that arrived after `from`, once they are all in (a pulse is one short job). */
async function jobsSince(from: number, count: number): Promise<Buffer[]> {
  const until = Date.now() + E2E_WAIT_MS;
  while (printer.jobs.length < from + count && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  return printer.jobs.slice(from);
}

async function invoiceByNumber(n: number): Promise<{ paymentMethodCode: number; amountTotal: number }> {
  const list = (await (await eng.api(`/api/v1/invoices?q=${n}`)).json()).data.content as { id: string; invoiceNumber: number }[];
  const id = list.find((i) => i.invoiceNumber === n)!.id;
  return (await (await eng.api(`/api/v1/invoices/${id}`)).json()).data;
}

test('open, sell, cash out, close with a difference and get the Z report PDF, by keyboard', async () => {
  const k = till.page.keyboard;
  await till.go('caja');
  await till.id('cash-float-input').waitFor();
  assert.equal(await till.page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid), 'cash-float-input');
  await k.type('100');
  await k.press('Enter');
  await till.id('cash-report-X').waitFor();
  assert.match((await till.id('cash-session-state').textContent()) ?? '', /Sesión 1 abierta/);

  // A cash sale by keyboard at Venta: 2 × 9,50 = 19,00. No ticket is printed, so the till opens
  // the drawer itself.
  await till.go('ventas');
  let jobs = printer.jobs.length;
  await till.sellByKeyboard({ items: [[2, 'ARR-1']], docNumber: '5115889', name: 'Juan Pérez', cash: '20' });
  await till.page.locator('[data-testid="drawer-status"][data-state="opened"]').waitFor();
  const pulses = await jobsSince(jobs, 1);
  assert.equal(pulses.length, 1);
  assert.ok(pulses[0]!.includes(KICK), 'the drawer pulse');
  assert.ok(pulses[0]!.length < 20, 'a pulse, not a ticket');

  // Cash + card by keyboard: 2 × 9,50 + 27,60 = 46,60 = card 20 (F6, Tab to "+ Tarjeta", Tab to
  // its number) + cash 26,60 out of 30 handed over: change 3,40 on the cash part only.
  jobs = printer.jobs.length;
  const mixed = await till.sellByKeyboard({
    items: [[2, 'ARR-1'], [1, 'ACE-900']],
    docNumber: '4433221',
    name: 'Ana Quispe',
    pay: async () => {
      await k.type('30');
      await k.press('Tab');
      assert.equal(await till.page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid), 'split-card-amount');
      await k.type('20');
      await k.press('Tab');
      assert.equal(await till.page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid), 'card-number');
      await k.type('4797123456789012');
      assert.equal(await till.id('payment-split').textContent(), 'Efectivo Bs 26,60 · Tarjeta Bs 20,00');
      assert.equal(await till.id('payment-label').textContent(), '— Efectivo + Tarjeta');
      assert.match((await till.id('change-amount').textContent()) ?? '', /3,40/);
    },
  });
  assert.match((await till.id('last-invoice-change').textContent()) ?? '', /Bs 3,40/);
  await till.page.locator('[data-testid="drawer-status"][data-state="opened"]').waitFor();
  assert.equal((await jobsSince(jobs, 1)).length, 1);
  const mixedInv = await invoiceByNumber(mixed);
  assert.equal(mixedInv.paymentMethodCode, 10, 'SIAT code EFECTIVO-TARJETA from the synced catalog');
  assert.equal(mixedInv.amountTotal, 46.6);

  // Card only by keyboard (F6, Shift+Tab to the method, → Tarjeta, Tab to the number): no drawer.
  jobs = printer.jobs.length;
  const card = await till.sellByKeyboard({
    items: [[1, 'ARR-1']],
    docNumber: '7788990',
    name: 'Luis Mamani',
    pay: async () => {
      await k.press('Shift+Tab');
      await k.press('ArrowRight');
      await k.press('Tab');
      assert.equal(await till.page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid), 'card-number');
      await k.type('41111234');
    },
  });
  assert.equal((await invoiceByNumber(card)).paymentMethodCode, 2);
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(await till.id('drawer-status').count(), 0, 'no drawer for a card-only sale');
  assert.equal(printer.jobs.length, jobs, 'nothing sent to the printer');

  await till.go('caja');
  await till.id('cash-report-X').waitFor();
  // F3: cash out 40 to the safe.
  await k.press('F3');
  await till.id('cash-movement-amount').waitFor();
  await k.type('40');
  await k.press('Tab');
  await k.type('Retiro a caja fuerte');
  await k.press('Enter');
  await till.id('cash-movements').waitFor();
  // 100 + 19 + 26,60 − 40 = 105,60; card 20 + 9,50.
  await till.page.waitForFunction(() => document.querySelector('[data-testid="cash-expected-CASH"]')?.textContent === '105,60');
  assert.equal(await till.id('cash-expected-CARD').textContent(), '29,50');

  // F8: close; count 100 + 5 = 105,00 (60 centavos short), card 29,50.
  await k.press('F8');
  await till.id('cash-denomination-200').waitFor();
  await till.tabTo('cash-denomination-100', 3);
  await k.type('1');
  await till.tabTo('cash-denomination-5', 6);
  await k.type('1');
  await till.tabTo('cash-counted-card', 10);
  await k.type('29,50');
  assert.equal(await till.id('cash-counted-total').textContent(), 'Bs 105,00');
  await k.press('Enter');
  await till.id('cash-report-Z').waitFor();
  assert.equal(await till.id('cash-difference-CASH').textContent(), '-0,60');
  assert.equal(await till.id('cash-total-difference').textContent(), 'Bs -0,60');
  assert.match((await till.id('cash-session-state').textContent()) ?? '', /Caja cerrada/);

  // F6: the Z report as a PDF.
  await k.press('F6');
  await till.id('cash-report-pdf').waitFor();
  assert.equal(await till.id('cash-report-pdf').getAttribute('data-magic'), '%PDF-');
  assert.ok(Number(await till.id('cash-report-pdf').getAttribute('data-size')) > 1000);

  // Selling with the cash closed is refused with the reason.
  const refused = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: saleRequest(posId), key: eng.demoApiKey });
  assert.equal(refused.status, 409);
});
