// Caja end to end (issue 17) in Chromium, by keyboard: open the cash with a float, sell (cash by
// keyboard in Venta; a cash + card sale through the API, as the Venta split screen is not built
// yet), cash out, close with a difference, the Z report as a PDF.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { saleRequest } from '../fixtures/issued-invoice';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage } from './till-page';

let eng: TestEngine;
let browser: Browser;
let context: BrowserContext;
let till: TillPage;
let posId: string;

before(async () => {
  ensureRendererBuilt();
  eng = await startTestEngine({}, undefined, { rendererDir: RENDERER });
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  const res = await eng.api('/api/v1/products', {
    method: 'POST',
    json: { code: 'ARR-1', barcode: '7751234000017', description: 'Arroz Grano de Oro 1 kg', priceUnit: 9.5, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' },
  });
  assert.equal(res.status, 201);
  posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
  // The store requires an open cash session at this point of sale.
  assert.equal((await eng.api(`/api/v1/cash/settings/${posId}`, { method: 'PUT', json: { requireSession: true } })).status, 200);
  ({ browser, context, till } = await openTill(eng.url));
});

after(async () => {
  await context?.close();
  await browser?.close();
  await eng?.stop();
});

test('open, sell, cash out, close with a difference and get the Z report PDF, by keyboard', async () => {
  const k = till.page.keyboard;
  await till.go('caja');
  await till.id('cash-float-input').waitFor();
  assert.equal(await till.page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid), 'cash-float-input');
  await k.type('100');
  await k.press('Enter');
  await till.id('cash-report-X').waitFor();
  assert.match((await till.id('cash-session-state').textContent()) ?? '', /Sesión 1 abierta/);

  // A cash sale by keyboard at Venta: 2 × 9,50 = 19,00.
  await till.go('ventas');
  await till.sellByKeyboard({ items: [[2, 'ARR-1']], docNumber: '5115889', name: 'Juan Pérez', cash: '20' });
  // Cash + card: 46,60 = card 20 + cash 26,60 (the Venta split screen is not built yet: API).
  const { paymentMethodCode: _c, ...body } = saleRequest(posId);
  const mixed = await eng.api('/api/v1/invoices?wait=true', {
    method: 'POST',
    json: {
      ...body,
      details: [
        { activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P1', description: 'Arroz 1 kg', quantity: 2, unitMeasure: 57, priceUnit: 9.5 },
        { activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P2', description: 'Aceite 900 ml', quantity: 1.5, unitMeasure: 57, priceUnit: 18.4 },
      ],
      payments: [
        { method: 'CASH', amount: 30 },
        { method: 'CARD', amount: 20, cardNumber: '4797123456789012' },
      ],
    },
  });
  assert.equal(mixed.status, 201, await mixed.clone().text());

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
  // 100 + 19 + 26,60 − 40 = 105,60
  await till.page.waitForFunction(() => document.querySelector('[data-testid="cash-expected-CASH"]')?.textContent === '105,60');
  assert.equal(await till.id('cash-expected-CARD').textContent(), '20,00');

  // F8: close; count 100 + 5 = 105,00 (60 centavos short), card 20.
  await k.press('F8');
  await till.id('cash-denomination-200').waitFor();
  await till.tabTo('cash-denomination-100', 3);
  await k.type('1');
  await till.tabTo('cash-denomination-5', 6);
  await k.type('1');
  await till.tabTo('cash-counted-card', 10);
  await k.type('20');
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
