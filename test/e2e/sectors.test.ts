// Sector documents at the till (issue #12), in Chromium against the built renderer and a real
// engine in training mode: a school's point of sale issues sector-education invoices (the Venta
// screen asks for the student and the period), then Facturas → Devolución issues a
// credit-debit note on one line and prints it.
import { test, before, after, describe } from 'node:test';
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
  for (const p of [
    { code: 'PEN-3', barcode: null, description: 'Pensión escolar marzo', priceUnit: 450 },
    { code: 'CUA-1', barcode: null, description: 'Cuaderno 100 hojas', priceUnit: 10 },
  ]) {
    const res = await eng.api('/api/v1/products', { method: 'POST', json: { ...p, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' } });
    assert.equal(res.status, 201, await res.clone().text());
  }
  // The manager's key: setting a point of sale's document is an admin change.
  ({ browser, context, till } = await openTill(eng.url, eng.ownerKey!));
});

after(async () => {
  await context?.close();
  await browser?.close();
  await eng?.stop();
});

describe("a school's till", () => {
  let invoiceNumber = 0;

  test('Sucursales sets the point of sale to sector education; Venta asks for the student and the period and issues it', async () => {
    await till.go('sucursales');
    const select = till.page.locator('[data-testid="pos-row"][data-pos-code="0"] [data-testid="pos-document"]').first();
    await select.selectOption('ELECTRONIC_SECTOR_EDUCATION');
    await till.page.locator('[data-testid="pos-document-ok"], [data-testid="pos-document-errors"]').first().waitFor();
    assert.equal(await till.id('pos-document-errors').count(), 0, (await till.id('pos-document-errors').allTextContents()).join(' '));
    const listed = (await (await eng.api('/api/v1/pos')).json()) as { data: { code: number; defaultInvoiceType: string | null }[] };
    assert.equal(listed.data.find((p) => p.code === 0)!.defaultInvoiceType, 'ELECTRONIC_SECTOR_EDUCATION');

    await till.go('ventas');
    await till.page.locator('[data-testid="sector-panel"][data-sector="11"]').waitFor();
    assert.equal(await till.id('sale-sector-label').textContent(), 'Sector educativo');

    const k = till.page.keyboard;
    await k.press('F2');
    for (const item of ['1*PEN-3', '2*CUA-1']) {
      await k.type(item);
      await k.press('Enter');
      await till.page.locator(`[data-testid="cart-line"][data-code="${item.split('*')[1]}"]`).waitFor();
    }
    await k.press('F4');
    await k.type('5115889');
    await till.tabTo('client-name');
    await k.type('Juan Pérez');
    // Without the student the engine is not even asked: the screen names the missing fields.
    await k.press('F12');
    const errors = (await till.page.locator('.error-box').first().textContent()) ?? '';
    assert.match(errors, /Estudiante: es obligatorio/);
    await till.tabTo('sector-field-nameStudent', 8);
    await k.type('Ana Quispe Mamani');
    await till.tabTo('sector-field-billedPeriod', 2);
    await k.type('MARZO 2026');
    await k.press('F6');
    await k.type('500');
    await k.press('F12');
    await till.id('last-invoice-number').waitFor({ timeout: E2E_WAIT_MS });
    invoiceNumber = Number(await till.id('last-invoice-number').textContent());
    const card = (await till.id('last-invoice-sector').textContent()) ?? '';
    assert.match(card, /Sector educativo/);
    assert.match(card, /Estudiante: Ana Quispe Mamani/);
    assert.match(card, /Periodo facturado: MARZO 2026/);
    await till.page.locator('[data-testid="last-invoice-state"][data-state="VALIDATED"]').waitFor({ timeout: E2E_WAIT_MS });
    // The sector fields were cleared with the sale.
    assert.equal(await till.id('sector-field-nameStudent').inputValue(), '');
    const pdfHref = await till.id('open-pdf-link').getAttribute('href');
    const text = pdfText(new Uint8Array(await (await fetch(new URL(pdfHref!, eng.url))).arrayBuffer()));
    assert.ok(text.includes('Estudiante: Ana Quispe Mamani') && text.includes('SECTOR EDUCATIVO'), text);
    await till.screenshot('sectors-1-venta-educativa');
  });

  test('Facturas → Devolución of one line: the note is issued, its amounts shown, printed by itself, then a copy', async () => {
    // The virtual printer with print-on-issue, as a training till has it (set here, after the sale above).
    const printer = await eng.api('/api/v1/settings/printer', { method: 'PUT', json: { type: 'epson', interface: 'virtual', width: 48, characterSet: 'PC850', drawerKick: false, printOnIssue: true, qr: 'native' } });
    assert.equal(printer.status, 200, await printer.clone().text());
    assert.ok(invoiceNumber > 0);
    await till.go('facturas');
    await till.page.locator(`[data-testid="invoice-row"][data-invoice-number="${invoiceNumber}"]`).first().click();
    await till.page.locator('[data-testid="invoice-detail-state"][data-state="VALIDATED"]').waitFor();
    await till.id('return-button').click();
    await till.id('return-dialog').waitFor();
    await till.page.locator('[data-testid="return-line"][data-code="CUA-1"] [data-testid="return-qty"]').fill('1');
    assert.match((await till.id('return-estimate').textContent()) ?? '', /10,00/);
    // How the money goes back (issue 24): Tab reaches it, the original's method (cash) is preselected,
    // an arrow changes it, Enter issues from there.
    await till.tabTo('refund-method', 4);
    assert.equal(await till.id('refund-method').inputValue(), '1');
    await till.page.keyboard.press('ArrowDown');
    assert.equal(await till.id('refund-method').inputValue(), '2');
    await till.page.keyboard.press('Enter');
    await till.id('return-note-result').waitFor({ timeout: E2E_WAIT_MS });
    assert.equal(await till.id('return-note-refund-method').textContent(), 'TARJETA');
    assert.match((await till.id('return-note-amount-original').textContent()) ?? '', /470,00/);
    assert.match((await till.id('return-note-amount-return').textContent()) ?? '', /10,00/);
    assert.match((await till.id('return-note-amount-cash').textContent()) ?? '', /1,30/);
    const noteId = await till.id('return-note-result').getAttribute('data-note-id');
    const note = ((await (await eng.api(`/api/v1/invoices/${noteId}`)).json()) as { data: { invoiceType: string; amountTotalReturn: number; refundMethodCode?: number; details: { returnProduct?: boolean }[] } }).data;
    assert.equal(note.invoiceType, 'NOTE_CREDIT_DEBIT');
    assert.equal(note.refundMethodCode, 2);
    assert.equal(note.amountTotalReturn, 10);
    assert.deepEqual(note.details.map((d) => d.returnProduct), [false, false, true]);

    // Print-on-issue: the note comes out without a key press; the button then prints a copy.
    await till.page.locator('[data-testid="print-note-result"]').filter({ hasNotText: 'Imprimiendo' }).waitFor();
    const printed = (await till.id('print-note-result').textContent()) ?? '';
    assert.match(printed, /^Ticket de la nota de crédito-débito \d+ en pantalla/, printed);
    for (const p of context.pages()) if (p !== till.page) await p.close();
    // The keyboard waits where the cashier goes on, the next sale (a walk found it on «Reimprimir
    // nota», where Enter printed a copy nobody asked for).
    assert.equal(await till.page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'return-next-sale');
    assert.equal(await till.id('print-note-button').textContent(), 'Reimprimir nota (copia)');
    const popup = context.waitForEvent('page', { timeout: 5000 }).catch(() => null);
    await till.id('print-note-button').click();
    await till.page.locator('[data-testid="print-note-result"]').filter({ hasText: 'Copia del ticket de la nota de crédito-débito' }).waitFor();
    await (await popup)?.close();
    const pdfHref = await till.id('note-pdf-link').getAttribute('href');
    const text = pdfText(new Uint8Array(await (await fetch(new URL(pdfHref!, eng.url))).arrayBuffer()));
    assert.ok(text.includes('NOTA CRÉDITO-DÉBITO') && text.includes('DETALLE DE LA DEVOLUCIÓN'), text);
    await till.screenshot('sectors-2-devolucion');
  });
});
