// Issue 17 in Chromium: the reversal of a cancellation in Facturas ("Revertir anulación"), and
// Estado de conexión → "Facturas manuales (CAFC)": paper invoices of the training taxpayer's
// booklet entered after an event of motive 5, sent, and SIAT's verdict per invoice on screen
// (N° 1 validated; N° 5001 is outside the booklet's 1–5000: SIAT 1047, verbatim).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { toBoliviaIso } from '../../shared/time';
import { TRAINING_CAFC } from '../../main/siat-sim/training-taxpayer';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage, E2E_WAIT_MS } from './till-page';

const MIN = 60_000;
const HOUR = 60 * MIN;

let eng: TestEngine;
let browser: Browser;
let context: BrowserContext;
let till: TillPage;
let posId: string;
let tenantId: string;
/** The engine's and the simulator's clocks run this far ahead (the CAFC event lies in the past). */
let skew = 0;

async function simAdmin(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${eng.simulator!.adminUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 200, `simulator admin ${path}`);
}

before(async () => {
  ensureRendererBuilt();
  eng = await startTestEngine({}, undefined, {
    rendererDir: RENDERER,
    now: () => new Date(Date.now() + skew),
    contingency: { probe: { initialMs: 200, maxMs: 800 }, retry: { initialMs: 200, maxMs: 800 }, poll: { initialMs: 50, maxMs: 300 }, probeTimeoutMs: 1000 },
  });
  eng.simulator!.state.packageValidationDelayMs = 20;
  tenantId = eng.store.apiKeys.authenticate(eng.demoApiKey!)!.tenantId;
  posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  assert.equal((await eng.api('/api/v1/codes/cufd', { method: 'POST', json: { posId } })).status, 200);
  const res = await eng.api('/api/v1/products', {
    method: 'POST',
    json: { code: 'ARR-1', barcode: '7751234000017', description: 'Arroz Grano de Oro 1 kg', priceUnit: 9.5, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' },
  });
  assert.equal(res.status, 201);
  ({ browser, context, till } = await openTill(eng.url));
});

after(async () => {
  await context?.close();
  await browser?.close();
  await eng?.stop();
});

test('Facturas: a cancelled invoice is made valid again with "Revertir anulación", once', async () => {
  const n = await till.sellByKeyboard({ items: [[2, 'ARR-1']], docNumber: '5115889', name: 'Juan Pérez', cash: '20' });
  await till.page.locator('[data-testid="last-invoice-state"][data-state="VALIDATED"]').waitFor();
  await till.go('facturas');
  await till.page.locator(`[data-testid="invoice-row"][data-invoice-number="${n}"]`).click();
  await till.page.locator('[data-testid="invoice-detail-state"][data-state="VALIDATED"]').waitFor();
  assert.equal(await till.id('reverse-cancellation-button').count(), 0, 'nothing to revert on a valid invoice');
  await till.id('cancel-invoice-button').click();
  await till.id('cancel-dialog').waitFor();
  await till.id('cancel-reason').selectOption('1');
  await till.id('confirm-cancellation').click();
  await till.page.locator('[data-testid="invoice-detail-state"][data-state="CANCELLED"]').waitFor();

  await till.id('reverse-cancellation-button').click();
  await till.page.locator('[data-testid="invoice-detail-state"][data-state="VALIDATED"]').waitFor();
  assert.match((await till.id('invoice-action-result').textContent()) ?? '', new RegExp(`Anulación revertida: la factura N° ${n} vuelve a ser válida \\(SIAT 907\\)`));
  const list = (await (await eng.api(`/api/v1/invoices?q=${n}`)).json()).data.content as { id: string; invoiceNumber: number; state: string }[];
  const inv = list.find((i) => i.invoiceNumber === n)!;
  assert.equal(inv.state, 'VALIDATED');

  // SIAT allows one reversal: cancelled again, the button answers with the reason.
  await till.id('cancel-invoice-button').click();
  await till.id('cancel-reason').selectOption('1');
  await till.id('confirm-cancellation').click();
  await till.page.locator('[data-testid="invoice-detail-state"][data-state="CANCELLED"]').waitFor();
  await till.id('reverse-cancellation-button').click();
  await till.id('invoice-action-error').waitFor();
  const again = await eng.api(`/api/v1/invoices/${inv.id}/reverse-cancellation`, { method: 'POST' });
  assert.equal(again.status, 422);
  assert.equal((await again.json()).error.code, 'ALREADY_REVERTED');
});

test('Estado de conexión → Facturas manuales (CAFC): a paper booklet entered by keyboard, sent, and SIAT’s verdict per invoice', async () => {
  const t0 = eng.codes.siatNow(tenantId).getTime();
  // As written on the paper: dd/mm/aaaa hh:mm (Bolivia time), typed into the till's own fields.
  const at = (ms: number) => {
    const iso = toBoliviaIso(new Date(t0 + ms));
    return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
  };
  // Two hours later the power is back: the event (10–60 min after t0) is over.
  skew += 2 * HOUR;
  await simAdmin('/clock', { skewMs: skew });

  const k = till.page.keyboard;
  await till.go('conexion');
  await till.id('cafc-panel').waitFor();
  await till.id('cafc-code').focus();
  await k.type(TRAINING_CAFC.codigo);
  await k.press('Tab');
  assert.equal(await till.page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid), 'cafc-motive');
  await till.id('cafc-motive').selectOption('5');
  // A day that does not exist is refused at the field, in Spanish, once the cashier leaves it.
  await k.press('Tab');
  await k.type('30/02/2026 10:00');
  assert.equal(await till.page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid), 'cafc-start');
  await k.press('Tab');
  assert.match((await till.id('cafc-start-error').textContent()) ?? '', /Inicio del evento: el 30\/02\/2026 no existe/);
  await till.id('cafc-start').focus();
  await k.press('Control+A');
  await k.type(at(10 * MIN));
  await k.press('Tab');
  assert.equal(await till.id('cafc-start-error').count(), 0);
  assert.equal(await till.page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid), 'cafc-end');
  await k.type(at(60 * MIN));

  // Each paper invoice: number, date and time as written, client, product code, quantity, Enter.
  const field = async (testId: string, text: string) => {
    await till.id(testId).focus();
    await k.press('Control+A');
    if (text) await k.type(text);
    else await k.press('Delete');
  };
  const paper = async (number: string, date: string, doc: string, name: string) => {
    await field('cafc-number', number);
    await field('cafc-date', date);
    await field('cafc-doc', doc);
    await field('cafc-name', name);
    await field('cafc-quantity', '2');
    await field('cafc-product', 'ARR-1');
    await k.press('Enter');
  };
  await paper('1', at(15 * MIN), '4455667', 'CLIENTE DEL TALONARIO');
  await till.page.locator('[data-testid="cafc-draft"] tr').nth(0).waitFor();
  await paper(String(TRAINING_CAFC.hasta + 1), at(20 * MIN), '', '');
  await till.page.locator('[data-testid="cafc-draft"] tr').nth(1).waitFor();
  assert.match((await till.id('cafc-draft').textContent()) ?? '', /CLIENTE DEL TALONARIO.*Arroz Grano de Oro 1 kg.*19,00/);
  assert.ok(((await till.id('cafc-draft').textContent()) ?? '').includes(at(15 * MIN)), 'the draft shows the date as typed, dd/mm/aaaa hh:mm');

  await k.press('Control+Enter');
  await till.id('cafc-info').waitFor();
  assert.match((await till.id('cafc-info').textContent()) ?? '', new RegExp(`2 facturas del CAFC ${TRAINING_CAFC.codigo}`));

  // The recovery registers the event and sends the package; the panel polls SIAT's verdict.
  await till.page.locator('[data-testid="cafc-event"][data-state="CLOSED"]').waitFor({ timeout: E2E_WAIT_MS });
  const lines = await till.id('cafc-invoice').allTextContents();
  assert.equal(lines.length, 2);
  assert.match(lines.find((l) => l.startsWith('N° 1:'))!, /Validada/i);
  assert.match(lines.find((l) => l.startsWith(`N° ${TRAINING_CAFC.hasta + 1}:`))!, /SIAT 1047/);
  assert.match((await till.id('cafc-event').textContent()) ?? '', new RegExp(`CAFC ${TRAINING_CAFC.codigo} · motivo 5 .* · enviado · SIAT \\d+`));

  // The API agrees: one event of motive 5 registered with SIAT, N° 1 validated, N° 5001 rejected.
  const events = (await (await eng.api(`/api/v1/contingency/cafc?posId=${posId}`)).json()).data as { eventMotive: number; invoices: { invoiceNumber: number; state: string; siatMessages: { codigo: number }[] }[] }[];
  assert.equal(events.length, 1);
  assert.equal(events[0]!.eventMotive, 5);
  const byNumber = new Map(events[0]!.invoices.map((i) => [i.invoiceNumber, i]));
  assert.equal(byNumber.get(1)!.state, 'VALIDATED');
  assert.equal(byNumber.get(TRAINING_CAFC.hasta + 1)!.state, 'REJECTED');
  assert.deepEqual(byNumber.get(TRAINING_CAFC.hasta + 1)!.siatMessages.map((m) => m.codigo), [1047]);
});
