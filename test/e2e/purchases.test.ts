// Compras and Libros end to end (issue 14) in Chromium: a supplier's invoice registered by typing
// its QR URL into the scanner field (as the 2D scanner does), then the month's books: the totals
// and the Libro de Compras downloaded as CSV, holding the purchase.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage, E2E_WAIT_MS } from './till-page';
import { buildCuf } from '../../main/invoicing/cuf';
import { formatAmountEs } from '../../shared/money';
import { boliviaDate, formatDateEs, toBoliviaIso } from '../../shared/time';

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
  await till.page.setViewportSize({ width: 1024, height: 768 });
  await k.press('Alt+9');
  await till.id('purchases-screen').waitFor();
  // «Importar CSV/XLSX…» is a button the keyboard reaches (a walk read the old label as text).
  assert.equal(await till.id('purchases-import-button').evaluate((el) => el.tagName), 'BUTTON');
  await till.id('purchase-scan').focus();
  await k.type(qr);
  await k.press('Enter');
  await till.page.waitForFunction((n) => (document.querySelector('[data-testid="purchase-nit"]') as HTMLInputElement | null)?.value === n, String(supplierNit));
  assert.equal(await till.id('purchase-auth').inputValue(), cuf);
  assert.equal(await till.id('purchase-number').inputValue(), '137');
  assert.equal(await till.id('purchase-date').inputValue(), formatDateEs(new Date()), 'the date comes from the CUF’s own digits, shown dd/mm/aaaa');

  await till.id('purchase-name').fill('DISTRIBUIDORA ANDINA S.R.L.');
  await till.id('purchase-totalPurchaseAmount').fill('116');
  await till.id('purchase-save').click();
  await till.id('purchase-row').first().waitFor();
  assert.match((await till.id('purchase-list').textContent()) ?? '', /DISTRIBUIDORA ANDINA S\.R\.L\./);

  // At 1024×768 (issue 24, set 12): what was just registered is in sight, and «Eliminar…» asks in
  // a dialog in sight that Esc and «No eliminar» close, the keyboard back on «Eliminar…».
  const inWindow = async (testId: string) => {
    const box = await till.id(testId).first().boundingBox();
    return box !== null && box.y >= 0 && box.y + box.height <= 768 && box.x >= 0 && box.x + box.width <= 1024;
  };
  assert.ok(await inWindow('purchase-row'), 'the registered purchase is in sight');
  await till.screenshot('walk12-compras-registered-1024');
  // Once SIAT has it: on its way (SENT) the row has no «Eliminar…», which would take the focus with it.
  await till.page.locator('[data-testid="purchase-row"][data-state="ACCEPTED"]').waitFor();
  await till.id('purchase-delete').first().click();
  await till.id('purchase-delete-ask').waitFor();
  assert.ok(await inWindow('purchase-delete-ask'), 'the confirmation is in sight');
  await till.screenshot('walk12-compras-delete-ask-1024');
  await k.press('Escape');
  await till.id('purchase-delete-ask').waitFor({ state: 'detached' });
  assert.equal(await till.focusInScreen(), 'purchase-delete');
  await k.press('Enter');
  await till.id('purchase-delete-ask').waitFor();
  assert.equal(await till.focusInScreen(), 'purchase-delete-cancel', '«No eliminar» first: Enter on opening deletes nothing');
  await k.press('Enter');
  await till.id('purchase-delete-ask').waitFor({ state: 'detached' });
  assert.equal(await till.focusInScreen(), 'purchase-delete');
  assert.notEqual(await till.id('purchase-row').first().getAttribute('data-state'), 'DELETED');

  await k.press('Alt+0');
  await till.id('books-screen').waitFor();
  await till.page.waitForFunction(() => /116,00/.test(document.querySelector('[data-testid="books-purchases-total"]')?.textContent ?? ''));
  // Crédito fiscal: 13 % of 116,00.
  assert.match((await till.id('books-credit').textContent()) ?? '', /15,08/);
  const [download] = await Promise.all([till.page.waitForEvent('download'), till.id('book-compras-csv').click()]);
  // Saved, not read at download.path(): the suite's shared Chromium is a remote browser.
  const saved = join(eng.dataDir, 'libro-compras-descargado.csv');
  await download.saveAs(saved);
  const csv = readFileSync(saved, 'utf8');
  assert.ok(csv.includes(cuf), 'the purchase is in the Libro de Compras');
  assert.ok(csv.includes(String(supplierNit)));
  assert.match(csv, /116[.,]00/);
});

test('amounts typed the es-BO way are stored as typed (issue 24): 1.500, 1.250,75, 1500 and 0,5, with their crédito fiscal; dates are dd/mm/aaaa', async () => {
  const today = new Date();
  const day = boliviaDate(today);
  const supplierNit = 1028625022;
  const k = till.page.keyboard;
  await k.press('Alt+9');
  await till.id('purchases-screen').waitFor();
  // The month is mm/aaaa whatever the computer's language, not "November 2026".
  assert.equal(await till.id('purchases-month').inputValue(), `${day.slice(5, 7)}/${day.slice(0, 4)}`);

  const type = async (testId: string, text: string) => {
    await till.id(testId).focus();
    await k.press('Control+A');
    await k.type(text);
  };
  const fillInvoice = async (number: number, total: string, date: string) => {
    const cuf = buildCuf(
      { nit: supplierNit, fechaEmision: toBoliviaIso(today), codigoSucursal: 0, modalidad: 1, tipoEmision: 1, tipoFacturaDocumento: 1, codigoDocumentoSector: 1, numeroFactura: number, codigoPuntoVenta: 0 },
      'A467A75AC82F24C74',
    );
    await type('purchase-nit', String(supplierNit));
    await type('purchase-name', 'FERRETERIA ILLIMANI');
    await type('purchase-auth', cuf);
    await type('purchase-number', String(number));
    await type('purchase-date', date);
    await type('purchase-totalPurchaseAmount', total);
  };
  const stored = async (number: number) => {
    const page = (await (await eng.api(`/api/v1/purchases?year=${day.slice(0, 4)}&period=${Number(day.slice(5, 7))}&size=50`)).json()).data;
    return (page.content as { invoiceNumber: string; totalPurchaseAmount: number; fiscalCredit: number; emissionDate: string; source: string }[]).find((p) => p.invoiceNumber === String(number));
  };

  // What cannot be read is refused at the field, in Spanish, and nothing is stored.
  await fillInvoice(200, '1,2,3', '30/02/2026');
  await k.press('Tab');
  assert.match((await till.id('purchase-date-error').textContent()) ?? '', /Fecha: el 30\/02\/2026 no existe/);
  assert.match((await till.id('purchase-totalPurchaseAmount-error').textContent()) ?? '', /escriba un importe como 1\.250,75/);
  await till.id('purchase-save').click();
  await till.id('purchase-errors').waitFor();
  const refused = (await till.id('purchase-errors').textContent()) ?? '';
  assert.match(refused, /Fecha: escriba una fecha dd\/mm\/aaaa que exista/);
  assert.match(refused, /Importe total: escriba un importe como 1\.250,75/);
  assert.equal(await stored(200), undefined, 'an unreadable amount is never sent as another value');

  const cases: [number, string, number, number][] = [
    [201, '1.500', 1500, 195],
    [202, '1.250,75', 1250.75, 162.6],
    [203, '1500', 1500, 195],
    [204, '0,5', 0.5, 0.07],
  ];
  const typedDate = formatDateEs(today);
  for (const [number, typed, total, credit] of cases) {
    await fillInvoice(number, typed, typedDate);
    const preview = `Crédito fiscal Bs ${formatAmountEs(Math.round(credit * 100))}`;
    await till.page.waitForFunction((t) => (document.querySelector('[data-testid="purchase-preview"]')?.textContent ?? '').includes(t), preview);
    await till.id('purchase-save').click();
    // Registered, the form is emptied for the next invoice.
    await till.page.waitForFunction(() => (document.querySelector('[data-testid="purchase-number"]') as HTMLInputElement | null)?.value === '');
    const p = await stored(number);
    assert.ok(p, `purchase ${number} stored`);
    assert.equal(p.totalPurchaseAmount, total, `"${typed}" is stored as Bs ${total}`);
    assert.equal(p.fiscalCredit, credit, `crédito fiscal of "${typed}"`);
    assert.equal(p.emissionDate.slice(0, 10), day, `${typedDate} is stored as ${day}`);
    // Typed by hand, every one (the notice of the one before once made the next one «QR»).
    assert.equal(p.source, 'MANUAL', `purchase ${number} was typed, not read from a QR`);
    assert.match((await till.id('purchase-notice').textContent()) ?? '', new RegExp(`crédito fiscal Bs ${formatAmountEs(Math.round(credit * 100)).replace('.', '\\.')}`));
  }

  // The month field steps with the arrow keys: the month before has none of these purchases.
  const thisMonth = `${day.slice(5, 7)}/${day.slice(0, 4)}`;
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const before = m === 1 ? `12/${y - 1}` : `${String(m - 1).padStart(2, '0')}/${y}`;
  await till.id('purchases-month').focus();
  await k.press('ArrowDown');
  assert.equal(await till.id('purchases-month').inputValue(), before);
  await till.page.waitForFunction(() => document.querySelectorAll('[data-testid="purchase-row"]').length === 0);
  await k.press('ArrowUp');
  assert.equal(await till.id('purchases-month').inputValue(), thisMonth);
  await till.page.waitForFunction(() => document.querySelectorAll('[data-testid="purchase-row"]').length >= 4);

  // A supplier's invoice of last month, typed now: it goes to last month's book, and the list
  // moves there and says so (it used to stay on this month, as if nothing had been registered).
  await fillInvoice(205, '100', `10/${before}`);
  await till.id('purchase-save').click();
  await till.page.waitForFunction(() => (document.querySelector('[data-testid="purchase-number"]') as HTMLInputElement | null)?.value === '');
  assert.match((await till.id('purchase-notice').textContent()) ?? '', new RegExp(`es del período ${before.replace('/', '\\/')}, que ahora se muestra`));
  assert.equal(await till.id('purchases-month').inputValue(), before);
  await till.page.waitForFunction(() => document.querySelectorAll('[data-testid="purchase-row"]').length === 1);
  assert.equal(await till.page.locator('[data-testid="purchase-row"] td').nth(4).textContent(), '205', 'the only purchase of last month is the one just typed');

  // Deleted: said in its own words (the registration's notice stayed, as if it were this one's),
  // naming the supplier with its invoice's number (a number alone is any supplier's).
  // Once SIAT has answered: on its way (SENT) the row offers no «Eliminar…».
  await till.page.locator('[data-testid="purchase-row"]:is([data-state="ACCEPTED"], [data-state="REJECTED"])').waitFor({ timeout: E2E_WAIT_MS });
  await till.id('purchase-delete').first().click();
  await till.id('purchase-delete-confirm').click();
  await till.page.locator('[data-testid="purchase-notice"]', { hasText: 'Compra de FERRETERIA ILLIMANI, factura 205, eliminada' }).waitFor({ timeout: E2E_WAIT_MS });
});
