// Ayuda SIAT and the error guide end to end (issue 20): the built renderer served by a real engine
// in training mode (embedded SIAT simulator), driven in Debian's Chromium by keyboard.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage } from './till-page';

let eng: TestEngine;
let browser: Browser;
let context: BrowserContext;
let till: TillPage;

async function simAdmin(path: string, body: unknown = {}): Promise<void> {
  const res = await fetch(`${eng.simulator!.adminUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 200, `simulator admin ${path}`);
}

async function data<T>(path: string, json?: unknown): Promise<T> {
  const res = await eng.api(path, json === undefined ? {} : { method: 'POST', json });
  assert.equal(res.status, 200, `${path}: ${await res.clone().text()}`);
  return ((await res.json()) as { data: T }).data;
}

async function activeTestId(): Promise<string | null> {
  return till.page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset?.testid ?? null);
}

before(async () => {
  ensureRendererBuilt();
  eng = await startTestEngine({}, undefined, { rendererDir: RENDERER });
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  const res = await eng.api('/api/v1/products', {
    method: 'POST',
    json: { code: 'ARR-1', barcode: '7751234000017', description: 'Arroz Grano de Oro 1 kg', priceUnit: 9.5, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' },
  });
  assert.equal(res.status, 201, await res.clone().text());
  ({ browser, context, till } = await openTill(eng.url));
});

after(async () => {
  await context?.close();
  await browser?.close();
  await eng?.stop();
});

describe('Ayuda SIAT', () => {
  test('F1 in Venta opens the panel; a question gets the card whole with its reference and date; Esc closes and the focus goes back to the search', async () => {
    const k = till.page.keyboard;
    // A sale under way: keys meant for the panel must not reach it.
    await k.press('F2');
    await k.type('ARR-1');
    await k.press('Enter');
    await till.page.locator('[data-testid="cart-line"][data-code="ARR-1"]').waitFor();
    await till.id('search-input').focus();
    await k.press('F1');
    await till.id('assistant-panel').waitFor();
    assert.equal(await activeTestId(), 'assistant-input', 'the question field has the focus');

    const question = '¿Hasta cuándo puedo anular una factura?';
    await k.type(question);
    await k.press('Enter');
    await till.id('assistant-card').waitFor();

    // The same answer the engine gives, shown whole: title, rule, reference and "vigente al".
    const expected = await data<{ tipo: string; respuesta: { id: string; titulo: string; fragmento: string; referencia: string; vigenteAl: string } }>('/api/v1/ai/ask', { mensaje: question });
    assert.equal(expected.tipo, 'ficha');
    const r = expected.respuesta;
    assert.equal(await till.id('assistant-card').getAttribute('data-card'), r.id);
    assert.equal(await till.id('assistant-card-title').textContent(), r.titulo);
    assert.equal(await till.id('assistant-card-rule').textContent(), r.fragmento);
    assert.equal(await till.id('assistant-reference').textContent(), `Referencia: ${r.referencia}`);
    const [y, m, d] = r.vigenteAl.split('-');
    assert.equal(await till.id('assistant-valid-at').textContent(), `Vigente al ${d}/${m}/${y}`);
    await till.screenshot('20-ayuda-siat');

    // In Venta the panel lies over the cart, never over what the cashier needs to finish the sale:
    // at 1024×768 the client, «Total» and F12 are still what the page shows at their place.
    await till.page.setViewportSize({ width: 1024, height: 768 });
    try {
      for (const id of ['total-amount', 'issue-button', 'client-doc-number']) {
        const shown = await till.page.evaluate((testId) => {
          const el = document.querySelector(`[data-testid="${testId}"]`);
          if (!el) return `${testId} missing`;
          const box = el.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return top !== null && (el.contains(top) || top.contains(el)) ? 'visible' : `${testId} covered by ${top?.className ?? 'nothing'}`;
        }, id);
        assert.equal(shown, 'visible', `${id} at 1024×768 with the panel open`);
      }
      await till.screenshot('20-ayuda-siat-1024');
      // A click on the sale behind the panel, then Esc: the panel closes, the sale is not asked to
      // be cancelled (a walk: two Esc opened «¿Cancelar la venta?» under the panel).
      await till.id('client-doc-number').click();
      await k.press('Escape');
      await till.id('assistant-panel').waitFor({ state: 'detached' });
      assert.equal(await till.id('cancel-sale-dialog').count(), 0, 'Esc closed the panel only');
      await till.id('search-input').focus();
      await k.press('F1');
      await till.id('assistant-panel').waitFor();
      await k.type(question);
      await k.press('Enter');
      await till.id('assistant-card').waitFor();
    } finally {
      await till.page.setViewportSize({ width: 1366, height: 768 });
    }

    // A related card picked with the mouse becomes the answer and leaves the list: the focus goes to
    // the answer, inside the panel (a walk found it fell to the sale, where Esc asked to cancel it),
    // and Tab and Shift+Tab go round the panel's own controls.
    const related = till.id('assistant-nearest').first();
    const pickedId = await related.getAttribute('data-card');
    assert.ok(pickedId, 'the answer offers related cards');
    await related.click();
    await till.page.locator(`[data-testid="assistant-card"][data-card="${pickedId}"]`).first().waitFor();
    const inPanel = () => till.page.evaluate(() => document.querySelector('[data-testid="assistant-panel"]')?.contains(document.activeElement) ?? false);
    assert.equal(await inPanel(), true, 'the focus stays in the panel after a pick');
    for (let i = 0; i < 8; i++) {
      await k.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      assert.equal(await inPanel(), true, `Tab ${i + 1} keeps the focus in the panel`);
    }

    // Keys typed in the panel stay there: F12 does not issue the sale behind it, Esc does not cancel it.
    await k.press('F12');
    await k.press('Escape');
    await till.id('assistant-panel').waitFor({ state: 'detached' });
    assert.equal(await activeTestId(), 'search-input', 'the focus is back in the product search');
    assert.equal(await till.id('cancel-sale-dialog').count(), 0, 'Esc closed the panel only');
    assert.equal(await till.id('last-invoice-number').count(), 0, 'no sale was issued');
    assert.equal(await till.page.locator('[data-testid="cart-line"]').count(), 1);

    // Shift+F1 still shows the sale's table of keys; then the sale is cancelled for the next test.
    await k.press('Shift+F1');
    await till.id('help-dialog').waitFor();
    await k.press('Escape');
    await till.id('help-dialog').waitFor({ state: 'detached' });
    // Esc first clears what the search shows ("Agregado …"), then asks to cancel the sale.
    for (let i = 0; i < 3 && (await till.id('cancel-sale-dialog').count()) === 0; i++) await k.press('Escape');
    await till.id('cancel-sale-dialog').waitFor();
    await till.id('confirm-cancel-button').click();
    await till.id('cart-empty').waitFor();
  });

  test('from Facturas: a question naming a SIAT code answers with the error guide; nothing that fits offers the nearest cards', async () => {
    await till.go('facturas');
    await till.id('invoices-search').focus();
    const k = till.page.keyboard;
    await k.press('F1');
    await till.id('assistant-input').waitFor();
    await k.type('¿Qué hago si SIAT responde 902?');
    await k.press('Enter');
    await till.page.locator('[data-testid="assistant-guide"][data-code="902"]').waitFor();

    // A question the cards do not answer but come near: their titles are offered (a recipe gets none).
    await till.id('assistant-input').fill('el sistema esta lento hoy');
    await k.press('Enter');
    await till.page.locator('[data-testid="assistant-answer"][data-kind="sin-respuesta"]').waitFor();
    await till.id('assistant-no-answer').waitFor();
    const expected = await data<{ cercanas: { titulo: string }[] }>('/api/v1/ai/ask', { mensaje: 'el sistema esta lento hoy' });
    assert.ok(expected.cercanas.length > 0);
    assert.deepEqual(await till.id('assistant-nearest').allTextContents(), expected.cercanas.map((c) => c.titulo));

    // An answer of two cards says so above them; a title's link takes the view and the focus to its
    // card (session 19's walk: the second card began below the fold with no hint).
    await till.id('assistant-input').fill('cuanto es de iva y cuanto de it en una venta de 100?');
    await k.press('Enter');
    await till.id('assistant-parts').waitFor();
    assert.equal(await till.id('assistant-card').count(), 2);
    const second = till.id('assistant-part').nth(1);
    const secondId = await second.getAttribute('data-card');
    await second.click();
    const focused = await till.page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return `${el?.dataset?.testid ?? ''}:${el?.dataset?.card ?? ''}`;
    });
    assert.equal(focused, `assistant-card:${secondId}`, 'the focus is on the second card, not left on its link');
    await till.screenshot('21-ayuda-dos-fichas');

    // F1 again closes it too; the focus returns to the invoice search.
    await k.press('F1');
    await till.id('assistant-panel').waitFor({ state: 'detached' });
    assert.equal(await activeTestId(), 'invoices-search');
    await till.go('ventas');
  });
});

describe('the error guide where the error happens', () => {
  test('a rejected invoice: the notice says SIAT’s code and text verbatim and what to do, and Facturas shows the same guide', async () => {
    await simAdmin('/force-code', { operation: 'recepcionFactura', codigo: 1013, times: 1 });
    const n = await till.sellByKeyboard({ items: [[1, 'ARR-1']], docNumber: '5115889', name: 'Juan Pérez', cash: '10' });
    const guide = await data<{ explicacion: string; pasos: string[] }>('/api/v1/ai/resolve-error', { codigoError: 1013 });

    const notice = till.page.locator('[data-testid="notice"][data-tone="error"]').filter({ hasText: `La factura N° ${n} fue rechazada` });
    await notice.waitFor();
    assert.equal(await notice.getAttribute('role'), 'alert');
    assert.equal(await notice.getByTestId('siat-guide-siat').textContent(), 'SIAT 1013: EL CALCULO DEL MONTO TOTAL ES ERRONEO');
    await notice.getByTestId('siat-guide-steps').waitFor();
    assert.equal(await notice.getByTestId('siat-guide-explanation').textContent(), guide.explicacion);
    assert.deepEqual(await notice.getByTestId('siat-guide-steps').locator('li').allTextContents(), guide.pasos);
    await till.screenshot('21-factura-rechazada-aviso');

    await till.go('facturas');
    await till.page.locator(`[data-testid="invoice-row"][data-invoice-number="${n}"]`).click();
    await till.page.locator('[data-testid="invoice-detail-state"][data-state="REJECTED"]').waitFor();
    const inDetail = till.id('invoice-siat-guide');
    await inDetail.getByTestId('siat-guide-steps').waitFor();
    assert.equal(await inDetail.getAttribute('data-codes'), '1013');
    assert.equal(await inDetail.getByTestId('siat-guide-siat').textContent(), 'SIAT 1013: EL CALCULO DEL MONTO TOTAL ES ERRONEO');
    assert.deepEqual(await inDetail.getByTestId('siat-guide-steps').locator('li').allTextContents(), guide.pasos);
    await till.screenshot('22-factura-rechazada-detalle');

    // It stays until the cashier closes it.
    assert.equal(await notice.count(), 1);
    await notice.getByRole('button', { name: 'Cerrar aviso' }).click();
    await notice.waitFor({ state: 'detached' });
  });

  test('a CUFD refused by SIAT: Estado de conexión shows the code’s explanation and steps', async () => {
    await simAdmin('/force-code', { operation: 'cufd', codigo: 989 });
    await till.go('conexion');
    await till.id('renew-cufd-button').click();
    const guide = till.id('cufd-siat-guide');
    await guide.getByTestId('siat-guide-steps').waitFor();
    assert.equal(await guide.getAttribute('data-codes'), '989');
    const expected = await data<{ explicacion: string }>('/api/v1/ai/resolve-error', { codigoError: 989 });
    assert.equal(await guide.getByTestId('siat-guide-explanation').textContent(), expected.explicacion);
    assert.match((await till.id('cufd-panel').getByTestId('error-message').textContent()) ?? '', /SIAT 989: /);
    await till.screenshot('23-cufd-rechazado');
  });
});
