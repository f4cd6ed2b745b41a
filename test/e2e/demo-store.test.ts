// The training demo store in Chromium (issue 17): a fresh training engine loads about 200 sample
// products, a cashier sells one by its barcode at once (to F5's 99002, its ticket shown by the
// virtual printer: issue 24), and Productos removes them in one step.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage, E2E_WAIT_MS } from './till-page';

let eng: TestEngine;
let browser: Browser;
let context: BrowserContext;
let till: TillPage;

before(async () => {
  ensureRendererBuilt();
  // The fixture leaves the demo store out unless asked: this is a first training start with it.
  eng = await startTestEngine({}, undefined, { rendererDir: RENDERER, demoStore: true });
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  ({ browser, context, till } = await openTill(eng.url));
});

after(async () => {
  await context?.close();
  await browser?.close();
  await eng?.stop();
});

test('a demo product sells by its barcode, and removing the demo store empties the catalog', async () => {
  const catalog = (await (await eng.api('/api/v1/products?size=1')).json()).data as { totalElements: number; content: { code: string; barcode: string; priceUnit: number }[] };
  assert.equal(catalog.totalElements, 200);
  const p = (await (await eng.api('/api/v1/products/lookup?code=DEMO-0001')).json()).data as { code: string; barcode: string; priceUnit: number };
  assert.match(p.barcode, /^777\d{10}$/);

  // The scanner sends the barcode and Enter in one burst, with the focus outside any field.
  const k = till.page.keyboard;
  await till.id('cart-empty').waitFor();
  await till.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await till.scanKeys(p.barcode);
  await till.waitForCartLine(p.code);
  await k.press('F5');
  await k.press('F12');
  await till.id('last-invoice-number').waitFor({ timeout: E2E_WAIT_MS });
  await till.page.locator('[data-testid="last-invoice-state"][data-state="VALIDATED"]').waitFor({ timeout: E2E_WAIT_MS });
  const n = Number(await till.id('last-invoice-number').textContent());
  const list = (await (await eng.api(`/api/v1/invoices?q=${n}`)).json()).data.content as { id: string; invoiceNumber: number }[];
  const inv = (await (await eng.api(`/api/v1/invoices/${list.find((i) => i.invoiceNumber === n)!.id}`)).json()).data as {
    details: { codeProduct: string }[];
    amountTotal: number;
    clientDocumentType: number;
    clientDocumentNumber: string;
    clientBusinessName: string;
  };
  assert.equal(inv.details[0]!.codeProduct, p.code);
  assert.equal(inv.amountTotal, p.priceUnit);
  // F5 is the SIN's special code 99002 as NIT (issue 24, item 4).
  assert.deepEqual([inv.clientDocumentType, inv.clientDocumentNumber, inv.clientBusinessName], [5, '99002', 'CONTROL TRIBUTARIO']);

  // The demo printer is virtual (issue 24, item 7): no paper claimed, the ticket on screen.
  await till.page.locator('[data-testid="print-status"][data-state="done"]').waitFor({ timeout: E2E_WAIT_MS });
  assert.equal(await till.id('print-status').textContent(), 'Ticket en pantalla (impresora virtual)');
  await till.id('virtual-ticket').waitFor();
  assert.match((await till.id('virtual-ticket-frame').getAttribute('src')) ?? '', /\/api\/v1\/public\/invoice\/[0-9A-F]+\/ticket$/);
  await till.page.setViewportSize({ width: 1024, height: 768 });
  await till.screenshot('30-entrenamiento-ticket-virtual-1024');
  await till.page.setViewportSize({ width: 1366, height: 768 });
  // Esc puts the ticket away (it covers the payment's column at 1024 wide).
  await k.press('Escape');
  await till.id('virtual-ticket').waitFor({ state: 'detached' });

  // Productos says the sample products are there and removes them, after a confirmation.
  await till.go('productos');
  await till.page.locator('[data-testid="product-row"][data-code^="DEMO-"]').first().waitFor();
  assert.match((await till.id('demo-store-bar').textContent()) ?? '', /200 productos de demostración/);
  await till.id('demo-store-remove').click();
  await till.id('demo-store-dialog').waitFor();
  await k.press('Enter');
  await till.id('demo-store-result').waitFor();
  assert.match((await till.id('demo-store-result').textContent()) ?? '', /quitada: 200 productos y 5 clientes/);
  await till.page.locator('.empty', { hasText: 'No hay productos' }).waitFor();
  assert.equal(await till.id('product-row').count(), 0);
  assert.equal((await (await eng.api('/api/v1/products')).json()).data.totalElements, 0);
  // The invoice issued with a demo product is untouched.
  assert.equal((await (await eng.api(`/api/v1/invoices?q=${n}`)).json()).data.content.length, 1);
});
