// The sale screen a cashier meets (issue 24, items 6, 14, 15 and 17): a scan with the cursor in
// the client's name (handed over late by a busy till too), a scan with the focus on «Emitir e
// imprimir», a returning client typed at scanner speed then F12, a closed cash session told with the first product, and the reprint key.
// The built renderer served by a real engine in training mode (embedded SIAT simulator), driven by
// keyboard in Debian's Chromium.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { formatBs } from '../../shared/money';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage, E2E_WAIT_MS } from './till-page';

let eng: TestEngine;
let browser: Browser;
let context: BrowserContext;
let till: TillPage;
let posId: string;

const PRODUCTS = [
  { code: 'LEC-1', barcode: '7770000000043', description: 'Leche PIL entera 1 L', priceUnit: 6.5 },
  { code: 'ARR-1', barcode: '7751234000017', description: 'Arroz Grano de Oro 1 kg', priceUnit: 9.5 },
];

async function data<T>(path: string): Promise<T> {
  const res = await eng.api(path);
  assert.equal(res.status, 200, path);
  return ((await res.json()) as { data: T }).data;
}

/** Keys typed into the focused field faster than any person (one burst, no Enter), as typing does. */
async function typeAtScannerSpeed(text: string): Promise<void> {
  await till.page.evaluate((keys) => {
    for (const key of keys) {
      const target = document.activeElement ?? document.body;
      if (target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))) document.execCommand('insertText', false, key);
    }
  }, [...text]);
}

async function fieldState(testId: string): Promise<{ value: string; start: number | null; end: number | null; focused: boolean }> {
  return till.page.evaluate((id) => {
    const el = document.querySelector<HTMLInputElement>(`[data-testid="${id}"]`)!;
    return { value: el.value, start: el.selectionStart, end: el.selectionEnd, focused: document.activeElement === el };
  }, testId);
}

/** Cancels the sale whose last product came by a scan: Esc clears the search's «1 × …», Esc asks, Enter confirms. */
async function cancelSaleAfterAScan(): Promise<void> {
  const k = till.page.keyboard;
  await k.press('F2');
  await till.id('search-info').waitFor();
  await k.press('Escape');
  await till.id('search-info').waitFor({ state: 'detached' });
  await k.press('Escape');
  await till.id('cancel-sale-dialog').waitFor();
  await k.press('Enter');
  await till.id('cart-empty').waitFor();
}

before(async () => {
  ensureRendererBuilt();
  eng = await startTestEngine({}, undefined, { rendererDir: RENDERER, siatTimeouts: { saleMs: 3000, defaultMs: 4000, packageMs: 5000 } });
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  for (const p of PRODUCTS) {
    const res = await eng.api('/api/v1/products', { method: 'POST', json: { ...p, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' } });
    assert.equal(res.status, 201, await res.clone().text());
  }
  posId = (await data<{ id: string }[]>('/api/v1/pos'))[0]!.id;
  ({ browser, context, till } = await openTill(eng.url));
  // The smallest screen the till supports (README, Till).
  await till.page.setViewportSize({ width: 1024, height: 768 });
});

after(async () => {
  await context?.close();
  await browser?.close();
  await eng?.stop();
});

describe('the sale screen', () => {
  test('a scan with the cursor in the client name adds the product and leaves the name, its caret and the focus as they were', async () => {
    const k = till.page.keyboard;
    await till.id('cart-empty').waitFor();
    await k.press('F4');
    await k.type('5115889');
    await till.tabTo('client-name');
    await k.type('Juan Quispe');
    await till.page.waitForFunction(() => (document.querySelector('[data-testid="client-name"]') as HTMLInputElement).value === 'Juan Quispe');
    // The caret after "Juan", as if the cashier were correcting the name.
    await k.press('Home');
    for (let i = 0; i < 4; i++) await k.press('ArrowRight');

    await till.scan('7770000000043');
    await till.page.locator('[data-testid="cart-line"][data-code="LEC-1"]').waitFor();
    assert.deepEqual(await fieldState('client-name'), { value: 'Juan Quispe', start: 4, end: 4, focused: true });
    assert.equal(await till.id('cart-line').count(), 1);

    // A till too busy to hand a scan's keys over in time: the guard's 50 ms passed after the first
    // six, so they went into the name; the rest come later, stamped 4 ms after them, as the system
    // got them. The first of those takes the six back out: the name and its caret are as they were.
    const start = Date.now() / 1000 - 1;
    await till.keysAt([...'775123'], start);
    await till.page.waitForFunction(() => (document.querySelector('[data-testid="client-name"]') as HTMLInputElement).value === 'Juan775123 Quispe');
    await till.keysAt([...'4000017', 'Enter'], start + 6 * 0.004);
    await till.waitForCartLine('ARR-1');
    assert.deepEqual(await fieldState('client-name'), { value: 'Juan Quispe', start: 4, end: 4, focused: true });
    assert.equal(await till.id('cart-line').count(), 2);

    // A person's typing still goes where the caret is.
    await k.type('a');
    await till.page.waitForFunction(() => (document.querySelector('[data-testid="client-name"]') as HTMLInputElement).value === 'Juana Quispe');

    // A scan of a code no product has, in the document's field, is the client's document.
    await k.press('F4');
    await till.scan('9988776');
    await till.page.waitForFunction(() => (document.querySelector('[data-testid="client-doc-number"]') as HTMLInputElement).value === '9988776');
    assert.equal(await till.id('cart-line').count(), 2);
    // Esc clears the search's message first, then asks to cancel the sale.
    await k.press('Escape');
    await k.press('Escape');
    await till.id('cancel-sale-dialog').waitFor();
    await k.press('Enter');
    await till.id('cart-empty').waitFor();
  });

  test('a scan while «Emitir e imprimir» has the focus adds the product and issues nothing', async () => {
    // The scanner's Enter ends its code; before, it pressed the focused button (a sale issued
    // half-scanned). The keys are Chromium's own, so a focused button does get an Enter's press.
    await till.id('cart-empty').waitFor();
    const before = await till.lastInvoiceNumber();
    await till.scanKeys('7770000000043');
    await till.waitForCartLine('LEC-1');
    await till.id('issue-button').focus();
    await till.scanKeys('7751234000017');
    await till.waitForCartLine('ARR-1');
    assert.equal(await till.id('cart-line').count(), 2);
    assert.equal(await till.id('issue-button').isEnabled(), true);
    assert.equal(await till.lastInvoiceNumber(), before);
    await cancelSaleAfterAScan();
  });

  test('where walks saw scans go wrong: back to back, after half a search, a fast hand, in «¿Cancelar la venta?», with a line editor open, in «Ventas en espera», «1000» typed fast in Recibido', async () => {
    const k = till.page.keyboard;
    await till.id('cart-empty').waitFor();
    // Back to back in the search: the second scan's keys may come before the first's lookup answers.
    await k.press('F2');
    await till.scanKeys('7770000000043');
    await till.scanKeys('7751234000017');
    await till.waitForCartLine('LEC-1');
    await till.waitForCartLine('ARR-1');

    // Half a search typed by hand, then a scan: the product goes in, the typed words stay.
    await k.type('lec');
    await till.id('search-results').waitFor();
    await till.scanKeys('7751234000017');
    await till.page.locator('[data-testid="cart-line"][data-code="ARR-1"] [data-testid="cart-line-quantity"]', { hasText: '2' }).waitFor();
    assert.equal(await till.id('search-input').inputValue(), 'lec');
    assert.equal(await till.id('search-error').count(), 0);

    // A code typed by hand whose last keys a loaded till handed over in a cluster («A», then «RR-1»
    // and Enter 4 ms apart): one code, read whole, not «A» kept and «RR-1» looked up.
    await k.press('Escape');
    await k.type('A');
    await till.page.waitForFunction(() => (document.querySelector('[data-testid="search-input"]') as HTMLInputElement).value === 'A');
    const after = (await till.page.evaluate(() => performance.timeOrigin + performance.now())) / 1000 + 0.1;
    await till.page.waitForFunction((t) => performance.timeOrigin + performance.now() > t * 1000 + 40, after);
    await till.keysAt([...'RR-1', 'Enter'], after);
    await till.page.locator('[data-testid="cart-line"][data-code="ARR-1"] [data-testid="cart-line-quantity"]', { hasText: '3' }).waitFor();
    assert.equal(await till.id('search-input').inputValue(), '');

    // A scan while «¿Cancelar la venta?» is asked presses nothing: the sale stays whole.
    await k.press('Escape'); // the search's text and message
    await k.press('Escape');
    await till.id('cancel-sale-dialog').waitFor();
    await till.scanKeys('7770000000043');
    await till.page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'confirm-cancel-button');
    assert.equal(await till.id('cancel-sale-dialog').count(), 1);
    assert.equal(await till.id('cart-line').count(), 2);
    await k.press('Escape');
    await till.id('cancel-sale-dialog').waitFor({ state: 'detached' });
    assert.equal(await till.id('cart-line').count(), 2);

    // A scan while a line's quantity is being typed closes the editor: the «4» is not applied to
    // the scanned product (a walk saw F3/F8/Shift+F8 values land on the new line).
    await k.press('F3');
    await till.id('line-editor').waitFor();
    await k.type('4');
    await till.scanKeys('7770000000043');
    await till.id('line-editor').waitFor({ state: 'detached' });
    await till.page.locator('[data-testid="cart-line"][data-code="LEC-1"] [data-testid="cart-line-quantity"]', { hasText: '2' }).waitFor();
    assert.match((await till.page.locator('[data-testid="cart-line"][data-code="ARR-1"] [data-testid="cart-line-quantity"]').textContent()) ?? '', /^3/);

    // «Ventas en espera» opens with the focus on its list, whose Enter brings a sale back: a scan's
    // Enter there does nothing. (F10 holds this sale, a scan starts another.)
    await k.press('F10');
    await till.id('cart-empty').waitFor();
    await till.scanKeys('7751234000017');
    await till.waitForCartLine('ARR-1');
    await k.press('Shift+F10');
    await till.id('parked-keys').waitFor();
    await till.scanKeys('7770000000043');
    await till.page.waitForFunction(() => document.activeElement?.closest('[data-testid="parked-keys"]') !== null);
    assert.equal(await till.id('parked-row').count(), 1);
    assert.deepEqual(await till.page.locator('[data-testid="cart-line"]').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-code'))), ['ARR-1']);
    await k.press('Escape');
    await till.id('parked-keys').waitFor({ state: 'detached' });

    // «1000» and Enter in Recibido faster than the scanner limit: an amount, not a lost scan.
    await till.id('cash-received').focus();
    await typeAtScannerSpeed('1000');
    await k.press('Enter');
    await till.page.waitForFunction(() => /^1\.?000/.test((document.querySelector('[data-testid="cash-received"]') as HTMLInputElement).value));
    assert.equal(await till.id('search-error').count(), 0);

    await cancelSaleAfterAScan();
  });

  test('a name with accents typed at full speed keeps its letters in order', async () => {
    // Playwright types "é" without a key press (as an input method or an on-screen keyboard does):
    // the "P" held back as a possible scan must go in before it ("Juan éPrez" before the fix).
    const k = till.page.keyboard;
    await till.id('cart-empty').waitFor();
    await k.press('F4');
    await till.tabTo('client-name');
    await k.type('María Pérez Ñuflo');
    await till.page.waitForFunction(() => (document.querySelector('[data-testid="client-name"]') as HTMLInputElement).value.length === 17, undefined, { timeout: E2E_WAIT_MS });
    assert.equal(await till.id('client-name').inputValue(), 'María Pérez Ñuflo');
    await k.press('Control+A');
    await k.press('Backspace');
    await till.page.waitForFunction(() => (document.querySelector('[data-testid="client-name"]') as HTMLInputElement).value === '');
  });

  test('a returning client is filled in as soon as the document matches, at scanner speed, and F12 right after it issues with the name', async () => {
    const k = till.page.keyboard;
    const first = await till.sellByKeyboard({ items: [[1, 'ARR-1']], docNumber: '4433221', name: 'Ana Quispe', cash: '' });
    assert.ok(first >= 1);

    // The document alone, faster than any person types: the name comes without a pause.
    await k.press('F2');
    await k.type('LEC-1');
    await k.press('Enter');
    await till.page.locator('[data-testid="cart-line"][data-code="LEC-1"]').waitFor();
    await k.press('F4');
    await typeAtScannerSpeed('4433221');
    await till.page.waitForFunction(() => (document.querySelector('[data-testid="client-name"]') as HTMLInputElement).value === 'Ana Quispe', undefined, { timeout: E2E_WAIT_MS });

    // Another number: the recalled name goes away with it (it is not this client's).
    await till.id('client-doc-number').focus();
    await k.press('End');
    await typeAtScannerSpeed('9');
    await till.page.waitForFunction(() => (document.querySelector('[data-testid="client-name"]') as HTMLInputElement).value === '');

    // A fast typist: the document, then F12 at once.
    await k.press('F4'); // selects the number
    await typeAtScannerSpeed('4433221');
    await k.press('F12');
    await till.page.waitForFunction(
      (prev) => {
        const el = document.querySelector('[data-testid="last-invoice-number"]');
        return el !== null && el.textContent !== prev;
      },
      String(first),
      { timeout: E2E_WAIT_MS },
    );
    const n = Number(await till.id('last-invoice-number').textContent());
    const list = await data<{ content: { id: string; invoiceNumber: number }[] }>(`/api/v1/invoices?q=${n}`);
    const inv = await data<{ clientBusinessName: string; clientDocumentNumber: string }>(`/api/v1/invoices/${list.content.find((i) => i.invoiceNumber === n)!.id}`);
    assert.equal(inv.clientDocumentNumber, '4433221');
    assert.equal(inv.clientBusinessName, 'Ana Quispe');
  });

  test('Shift+F12 reprints the last ticket, and the key bar says so', async () => {
    const k = till.page.keyboard;
    await till.id('last-invoice').waitFor();
    assert.match((await till.id('key-shift-f12').textContent()) ?? '', /Mayús\+F12\s*Reimprimir/);
    await till.page.locator('[data-testid="print-status"][data-state="done"]').waitFor({ timeout: E2E_WAIT_MS });
    const printed = till.page.waitForRequest((r) => r.method() === 'POST' && /\/api\/v1\/invoices\/[^/]+\/print$/.test(r.url()), { timeout: E2E_WAIT_MS });
    await k.press('Shift+F12');
    await printed;
    await till.page.locator('[data-testid="print-status"][data-state="done"]').waitFor({ timeout: E2E_WAIT_MS });
  });

  test('a closed cash session is told when the first product goes in, not at F12', async () => {
    const k = till.page.keyboard;
    assert.equal((await eng.api(`/api/v1/cash/settings/${posId}`, { method: 'PUT', json: { requireSession: true } })).status, 200);
    assert.equal(await data<unknown>(`/api/v1/cash/sessions/current?posId=${posId}`), null);
    await till.id('cart-empty').waitFor();
    assert.equal(await till.id('cash-closed-notice').count(), 0);
    await k.press('F2');
    await k.type('ARR-1');
    await k.press('Enter');
    await till.page.locator('[data-testid="cart-line"][data-code="ARR-1"]').waitFor();
    await till.id('cash-closed-notice').waitFor();
    assert.match((await till.id('cash-closed-notice').textContent()) ?? '', /caja está cerrada.*Alt\+8/);
    await till.screenshot('sale-cash-closed-1024');

    // Opened in Caja, the warning is gone when the cashier comes back to the same sale.
    await till.go('caja');
    await till.id('cash-float-input').waitFor();
    await k.type('100');
    await k.press('Enter');
    await till.page.locator('[data-testid="cash-session-state"]', { hasText: /abierta/i }).waitFor();
    await till.go('ventas');
    await till.page.locator('[data-testid="cart-line"][data-code="ARR-1"]').waitFor();
    await till.page.waitForFunction(() => document.querySelector('[data-testid="cash-closed-notice"]') === null);
  });

  test('«Recibido»: F6 again replaces what is there; a text that is no amount stops F12 and says so; corrected, the change is the right one', async () => {
    // A walk typed «20», F6, «100» and got «20100» (change Bs 20.052,20); «50,0050» turned the
    // field red and F12 issued the sale as exact cash, with no change to give.
    const k = till.page.keyboard;
    const received = () => till.page.evaluate(() => (document.querySelector('[data-testid="cash-received"]') as HTMLInputElement).value);
    await k.press('F2');
    await k.type('2*LEC-1');
    await k.press('Enter');
    await till.waitForCartLine('LEC-1');
    await k.press('F5');
    await till.id('quick-client-badge').waitFor();
    const due = Number(await till.id('total-amount').getAttribute('data-cents'));
    assert.ok(due > 0 && due < 10_000, String(due));
    const before = await till.lastInvoiceNumber();

    await k.press('F6');
    await k.type('20');
    await till.page.waitForFunction(() => (document.querySelector('[data-testid="cash-received"]') as HTMLInputElement).value === '20');
    await k.press('F6');
    await k.type('100');
    await till.page.waitForFunction(() => (document.querySelector('[data-testid="cash-received"]') as HTMLInputElement).value === '100');
    await till.id('change-amount').getByText(formatBs(10_000 - due)).waitFor();

    await k.press('F6');
    await k.type('100,00100');
    await till.page.locator('[data-testid="cash-received"][aria-invalid="true"]').waitFor();
    // No change is shown for it (a walk saw a green «Bs 0,00» beside the red field).
    await till.id('change-amount').getByText('—').waitFor();
    await k.press('F12');
    await till.id('issue-errors').getByText('Efectivo recibido: «100,00100» no es un monto (ejemplo: 50 o 50,50); corríjalo o bórrelo.').waitFor();
    assert.equal(await till.lastInvoiceNumber(), before);
    // Tab away: the text stays on screen as typed, red, until corrected.
    await k.press('Tab');
    assert.equal(await received(), '100,00100');

    await k.press('F6');
    await k.type('100');
    await till.page.locator('[data-testid="cash-received"][aria-invalid="false"]').waitFor();
    await k.press('F12');
    await till.page.waitForFunction((prev) => {
      const el = document.querySelector('[data-testid="last-invoice-number"]');
      return el !== null && el.textContent !== prev;
    }, before);
    await till.id('last-invoice-change').getByText(`Cambio ${formatBs(10_000 - due)}`).waitFor();
    await till.id('cart-empty').waitFor();
    assert.equal(await received(), '');
  });

  test('with a CI, Tab after the number goes to the name, never into the complement', async () => {
    const k = till.page.keyboard;
    await k.press('F4');
    await till.id('client-doc-type').selectOption('1');
    await till.id('client-doc-number').focus();
    await k.type('4785963');
    await k.press('Tab');
    await k.type('Ana Flores');
    // Keys typed in a field of the sale are held up to 50 ms (a scan may be starting): wait for them.
    await till.page.waitForFunction(() => (document.querySelector('[data-testid="client-name"]') as HTMLInputElement).value === 'Ana Flores', undefined, { timeout: E2E_WAIT_MS });
    assert.equal(await till.id('client-complement').inputValue(), '');
    // The complement is still reachable, one Shift+Tab back from the name.
    await k.press('Shift+Tab');
    assert.equal(await till.page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'client-complement');
  });
});
