// TEMPORARY (not committed): look at sector 2 at the till at 1024×768.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage, E2E_WAIT_MS } from './till-page';
import { pdfText } from '../unit/documents/pdf-tools';

let eng: TestEngine;
let browser: Browser;
let context: BrowserContext;
let till: TillPage;

before(async () => {
  ensureRendererBuilt();
  eng = await startTestEngine({}, undefined, { rendererDir: RENDERER });
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  const res = await eng.api('/api/v1/products', { method: 'POST', json: { code: 'ALQ-3B', barcode: null, description: 'Alquiler oficina 3B', priceUnit: 3500, unitMeasure: 58, activityEconomic: '471110', codeProductSin: '99100' } });
  assert.equal(res.status, 201, await res.clone().text());
  ({ browser, context, till } = await openTill(eng.url, eng.ownerKey!));
  await till.page.setViewportSize({ width: 1024, height: 768 });
});
after(async () => {
  await context?.close();
  await browser?.close();
  await eng?.stop();
});

test('look', async () => {
  await till.go('sucursales');
  const select = till.page.locator('[data-testid="pos-row"][data-pos-code="0"] [data-testid="pos-document"]').first();
  await select.selectOption('ELECTRONIC_PROPERTY_RENTAL');
  await till.page.locator('[data-testid="pos-document-ok"], [data-testid="pos-document-errors"]').first().waitFor();
  await till.screenshot('s9-1-sucursales');
  await till.go('ventas');
  await till.page.locator('[data-testid="sector-panel"][data-sector="2"]').waitFor();
  const k = till.page.keyboard;
  await k.press('F2');
  await k.type('1*ALQ-3B');
  await k.press('Enter');
  await till.page.locator('[data-testid="cart-line"][data-code="ALQ-3B"]').waitFor();
  await k.press('F4');
  await k.type('5115889');
  await till.tabTo('client-name');
  await k.type('Juan Pérez');
  await k.press('F12');
  await till.screenshot('s9-2-missing');
  await till.tabTo('sector-field-billedPeriod', 8);
  await k.type('MARZO 2026');
  await till.screenshot('s9-3-filled');
  await k.press('F6');
  await k.type('3500');
  await k.press('F12');
  await till.id('last-invoice-number').waitFor({ timeout: E2E_WAIT_MS });
  await till.page.locator('[data-testid="last-invoice-state"][data-state="VALIDATED"]').waitFor({ timeout: E2E_WAIT_MS });
  await till.screenshot('s9-4-issued');
  const pdfHref = await till.id('open-pdf-link').getAttribute('href');
  console.log(pdfText(new Uint8Array(await (await fetch(new URL(pdfHref!, eng.url))).arrayBuffer())));
});
