// Compras and Libros end to end (issue 14) in Chromium: a supplier's invoice registered by typing
// its QR URL into the scanner field (as the 2D scanner does), then the month's books: the totals
// and the Libro de Compras downloaded as CSV, holding the purchase.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage } from './till-page';
import { buildCuf } from '../../main/invoicing/cuf';
import { toBoliviaIso } from '../../shared/time';

let eng: TestEngine;
let browser: Browser;
let context: BrowserContext;
let till: TillPage;

before(async () => {
  ensureRendererBuilt();
  eng = await startTestEngine({}, undefined, { rendererDir: RENDERER });
  ({ browser, context, till } = await openTill(eng.url));
});

after(async () => {
  await context?.close();
  await browser?.close();
  await eng?.stop();
});

test('a supplier invoice registered from its QR URL typed into the scanner field; the month’s books show and download it', async () => {
  const now = toBoliviaIso(new Date());
  // The supplier's electronic invoice of today: SIN's QR page URL with its NIT, CUF and number.
  const supplierNit = 1003579028;
  const cuf = buildCuf(
    { nit: supplierNit, fechaEmision: now, codigoSucursal: 0, modalidad: 1, tipoEmision: 1, tipoFacturaDocumento: 1, codigoDocumentoSector: 1, numeroFactura: 137, codigoPuntoVenta: 0 },
    'A467A75AC82F24C74',
  );
  const qr = `https://pilotosiat.impuestos.gob.bo/consulta/QR?nit=${supplierNit}&cuf=${cuf}&numero=137`;

  const k = till.page.keyboard;
  await k.press('Alt+9');
  await till.id('purchases-screen').waitFor();
  await till.id('purchase-scan').focus();
  await k.type(qr);
  await k.press('Enter');
  await till.page.waitForFunction((n) => (document.querySelector('[data-testid="purchase-nit"]') as HTMLInputElement | null)?.value === n, String(supplierNit));
  assert.equal(await till.id('purchase-auth').inputValue(), cuf);
  assert.equal(await till.id('purchase-number').inputValue(), '137');
  assert.equal(await till.id('purchase-date').inputValue(), now.slice(0, 10), 'the date comes from the CUF’s own digits');

  await till.id('purchase-name').fill('DISTRIBUIDORA ANDINA S.R.L.');
  await till.id('purchase-totalPurchaseAmount').fill('116');
  await till.id('purchase-save').click();
  await till.id('purchase-row').first().waitFor();
  assert.match((await till.id('purchase-list').textContent()) ?? '', /DISTRIBUIDORA ANDINA S\.R\.L\./);

  await k.press('Alt+0');
  await till.id('books-screen').waitFor();
  await till.page.waitForFunction(() => /116,00/.test(document.querySelector('[data-testid="books-purchases-total"]')?.textContent ?? ''));
  // Crédito fiscal: 13 % of 116,00.
  assert.match((await till.id('books-credit').textContent()) ?? '', /15,08/);
  const [download] = await Promise.all([till.page.waitForEvent('download'), till.id('book-compras-csv').click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  assert.ok(csv.includes(cuf), 'the purchase is in the Libro de Compras');
  assert.ok(csv.includes(String(supplierNit)));
  assert.match(csv, /116[.,]00/);
});
