// The till end to end: the built renderer served by a real engine in training mode (embedded
// SIAT simulator), driven in Debian's Chromium with playwright-core.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage, E2E_WAIT_MS } from './till-page';

let eng: TestEngine;
let browser: Browser;
let context: BrowserContext;
let till: TillPage;

async function json(res: Response): Promise<any> {
  return res.json();
}

async function simAdmin(path: string, body: unknown = {}): Promise<void> {
  const res = await fetch(`${eng.simulator!.adminUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 200, `simulator admin ${path}`);
}

const PRODUCTS = [
  { code: 'ARR-1', barcode: '7751234000017', description: 'Arroz Grano de Oro 1 kg', priceUnit: 9.5 },
  { code: 'ACE-900', barcode: '7751234000024', description: 'Aceite Fino 900 ml', priceUnit: 18 },
  { code: 'LEC-1', barcode: '7751234000031', description: 'Leche PIL entera 1 L', priceUnit: 6.5 },
  { code: 'PAN-6', barcode: null, description: 'Pan de batalla (6 unidades)', priceUnit: 3 },
];

before(async () => {
  ensureRendererBuilt();
  eng = await startTestEngine({}, undefined, {
    rendererDir: RENDERER,
    // Short contingency timings: recovery is probed every second, not every minute. The SIAT
    // time-outs stay the test engine's generous ones: the outage here is a refusal (no waiting),
    // and a sale that a loaded machine answers in 4 s must not open a contingency by itself.
    contingency: { probe: { initialMs: 500, maxMs: 1500 }, retry: { initialMs: 300, maxMs: 1500 }, poll: { initialMs: 200, maxMs: 800 }, probeTimeoutMs: 1500 },
  });
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  for (const p of PRODUCTS) {
    const res = await eng.api('/api/v1/products', { method: 'POST', json: { ...p, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' } });
    assert.equal(res.status, 201, await res.clone().text());
  }
  ({ browser, context, till } = await openTill(eng.url));
});

after(async () => {
  await context?.close();
  await browser?.close();
  await eng?.stop();
});

describe('the till', () => {
  test('a full sale by keyboard only: number and CUF on screen, the ticket link is a PDF', async () => {
    await till.id('status-indicator').and(till.page.locator('[data-mode="ONLINE"]')).waitFor();
    const n = await till.sellByKeyboard({ items: [[2, 'ARR-1'], [1, 'ACE-900']], docNumber: '5115889', name: 'Juan Pérez', cash: '50' });
    assert.ok(n >= 1);
    const shown = (await till.id('last-invoice-cuf').textContent()) ?? '';
    const list = (await json(await eng.api(`/api/v1/invoices?q=${n}`))).data.content as { invoiceNumber: number; cuf: string }[];
    const cuf = list.find((i) => i.invoiceNumber === n)!.cuf;
    assert.ok(shown.includes(cuf), `CUF ${cuf} on screen (${shown})`);
    await till.page.locator('[data-testid="last-invoice-state"][data-state="VALIDATED"]').waitFor();
    assert.match((await till.id('last-invoice-change').textContent()) ?? '', /13,00/);
    const href = await till.id('open-ticket-link').getAttribute('href');
    assert.ok(href);
    const ticket = await fetch(new URL(href!, eng.url));
    assert.equal(ticket.status, 200);
    assert.match(ticket.headers.get('content-type') ?? '', /^application\/pdf/);
    assert.equal(Buffer.from(await ticket.arrayBuffer()).subarray(0, 5).toString(), '%PDF-');
    // The cart is empty again and the search has the focus for the next customer.
    await till.id('cart-empty').waitFor();
    await till.screenshot('1-venta');
  });

  test('SIAT refuses → contingency within seconds, sales go on and queue; SIAT back → the queue drains and the invoices are VALIDATED', async () => {
    await simAdmin('/faults', { mode: 'refuse' });
    const first = await till.sellByKeyboard({ items: [[1, 'LEC-1']], docNumber: '4433221', name: 'Ana Quispe', cash: '10' });
    await till.page.locator('[data-testid="status-indicator"][data-mode="CONTINGENCY"]').waitFor({ timeout: E2E_WAIT_MS });
    await till.page.locator('[data-testid="last-invoice-state"][data-state="CONTINGENCY"]').waitFor();
    await till.page.locator('[data-testid="queue-count"][data-count="1"]').waitFor();
    const second = await till.sellByKeyboard({ items: [[3, 'PAN-6']], docNumber: '7788990', name: 'Luis Mamani', cash: '' });
    assert.equal(second, first + 1);
    await till.page.locator('[data-testid="queue-count"][data-count="2"]').waitFor();
    await till.page.locator('[data-testid="siat-reachable"][data-reachable="false"]').waitFor();

    await till.go('conexion');
    await till.page.locator('[data-testid="queue-row"]').nth(1).waitFor();
    await till.id('active-event-panel').waitFor();
    await till.screenshot('4-estado-de-conexion');

    await simAdmin('/reset-faults');
    // Recovery (main/contingency/recovery/): event registered, package sent and validated.
    await till.page.locator('[data-testid="queue-count"][data-count="0"]').waitFor({ timeout: 2 * E2E_WAIT_MS });
    await till.page.locator('[data-testid="status-indicator"][data-mode="ONLINE"]').waitFor({ timeout: E2E_WAIT_MS });
    for (const n of [first, second]) {
      const list = (await json(await eng.api(`/api/v1/invoices?q=${n}`))).data.content as { invoiceNumber: number; state: string }[];
      assert.equal(list.find((i) => i.invoiceNumber === n)?.state, 'VALIDATED', `invoice ${n}`);
    }
    await till.go('facturas');
    await till.page.locator(`[data-testid="invoice-row"][data-invoice-number="${second}"] [data-testid="invoice-row-state"]`).filter({ hasText: /validada/i }).waitFor();
    await till.go('ventas');
  });

  test('cancel an invoice from Facturas', async () => {
    await till.go('facturas');
    const row = till.page.locator('[data-testid="invoice-row"][data-invoice-number="1"]');
    await row.click();
    await till.page.locator('[data-testid="invoice-detail-state"][data-state="VALIDATED"]').waitFor();
    await till.id('invoice-pdf').waitFor();
    await till.screenshot('3-facturas');
    await till.id('cancel-invoice-button').click();
    await till.id('cancel-dialog').waitFor();
    await till.id('cancel-reason').selectOption('1');
    await till.id('confirm-cancellation').click();
    await till.page.locator('[data-testid="invoice-detail-state"][data-state="CANCELLED"]').waitFor();
    const list = (await json(await eng.api('/api/v1/invoices?q=1'))).data.content as { invoiceNumber: number; state: string }[];
    assert.equal(list.find((i) => i.invoiceNumber === 1)?.state, 'CANCELLED');
  });

  test('catalog sync from Sincronización', async () => {
    await till.go('sincronizacion');
    const before = (await json(await eng.api('/api/v1/siat/sync/status'))).data as { catalog: string; lastSync: string }[];
    await till.id('sync-all-button').click();
    await till.id('sync-progress').waitFor();
    await till.id('sync-progress').waitFor({ state: 'detached', timeout: E2E_WAIT_MS });
    assert.deepEqual(await till.id('catalog-error').allTextContents(), []);
    const afterSync = (await json(await eng.api('/api/v1/siat/sync/status'))).data as { catalog: string; lastSync: string; count: number }[];
    for (const c of afterSync) {
      const prev = before.find((b) => b.catalog === c.catalog);
      assert.ok(c.lastSync && (!prev?.lastSync || c.lastSync >= prev.lastSync), `catalog ${c.catalog} synced`);
      assert.ok(c.count > 0, `catalog ${c.catalog} has entries`);
    }
    await till.id('cufd-value').waitFor();
    await till.screenshot('5-sincronizacion');
  });

  test('screens: Productos and Configuración', async () => {
    await till.go('productos');
    await till.page.locator('[data-testid="product-row"][data-code="ARR-1"]').waitFor();
    await till.screenshot('2-productos');
    // The demo key is a till key (issue 19): Configuración says once that the administrator's
    // settings need the owner's key, and keeps the till's own preferences. The owner's view is
    // in branches.test.ts.
    await till.go('configuracion');
    await till.id('settings-forbidden').filter({ hasText: 'La configuración la cambia el dueño' }).waitFor();
    assert.equal(await till.id('taxpayer-nit').count(), 0, 'no taxpayer form for a till key');
    await till.id('pref-key-hints').waitFor();
    await till.screenshot('6b-configuracion-clave-de-caja');
  });
});
