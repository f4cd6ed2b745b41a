// Scratch (not committed): screenshots at 1024×768.
import { test, before, after } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage } from './till-page';

let eng: TestEngine;
let browser: Browser;
let context: BrowserContext;
let till: TillPage;

before(async () => {
  ensureRendererBuilt();
  eng = await startTestEngine({}, undefined, { rendererDir: RENDERER });
  ({ browser, context, till } = await openTill(eng.url));
  await till.page.setViewportSize({ width: 1024, height: 768 });
});
after(async () => {
  await context?.close();
  await browser?.close();
  await eng?.stop();
});

test('shots', { timeout: 200_000 }, async () => {
  await till.go('sucursales');
  await till.id('pos-document').first().waitFor();
  await till.id('pos-document').first().selectOption({ index: 1 });
  await till.id('pos-document-errors').waitFor();
  console.log('ERR', await till.id('pos-document-errors').textContent());
  await till.screenshot('s11-sucursales');
  await till.go('compras');
  await till.id('purchases-empty').waitFor();
  await till.screenshot('s11-compras-empty');
});
