// Issue 27 at the till, in Debian's Chromium at 1024×768, by keyboard: a cashier logged in with
// her PIN parks a sale (F10), serves the next customer, and recalls the parked one from the list
// (Shift+F10) that shows its age and total; a discount of 20 % on it is over the store's limit and
// her F12 asks for a supervisor's PIN in place; her return (nota de crédito-débito) asks for it
// too, a wrong PIN is said in the dialog and the right one makes the return, both names shown
// and recorded; her price override given up at the dialog issues nothing, and "Cambiar cajero"
// parks that sale in her name for the supervisor who logs in next.
// Engine side: test/api/parked-sales.test.ts, test/api/till-users.test.ts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage, E2E_WAIT_MS } from './till-page';

let eng: TestEngine;
let browser: Browser;
let context: BrowserContext;
let till: TillPage;
let tenantId: string;

const ARR = { code: 'ARR-1', barcode: '7751234000017', description: 'Arroz Grano de Oro 1 kg', priceUnit: 9.5 };
const ACE = { code: 'ACE-900', barcode: '7751234000024', description: 'Aceite Fino 900 ml', priceUnit: 27.6 };

before(async () => {
  ensureRendererBuilt();
  eng = await startTestEngine({}, undefined, { rendererDir: RENDERER });
  tenantId = eng.store.tenants.byNit('7000123019')!.id;
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  for (const p of [ARR, ACE]) {
    const res = await eng.api('/api/v1/products', { method: 'POST', json: { ...p, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' } });
    assert.equal(res.status, 201, await res.clone().text());
  }
  for (const [login, name, role, pin] of [
    ['carla', 'Carla Cajera', 'cajero', '1234'],
    ['sergio', 'Sergio Supervisor', 'supervisor', '9999'],
  ] as const) {
    const res = await eng.api('/api/v1/till-users', { method: 'POST', json: { login, name, role, pin } });
    assert.equal(res.status, 201, await res.clone().text());
  }
  // The till's first set-up with the demo key: it learns its point of sale.
  ({ browser, context, till } = await openTill(eng.url));
  await till.page.setViewportSize({ width: 1024, height: 768 });
});

after(async () => {
  await context?.close();
  await browser?.close();
  await eng?.stop();
});

/** The approval dialog: the supervisor's user and PIN, Enter. */
async function approve(user: string, pin: string): Promise<void> {
  await till.id('approval-dialog').waitFor();
  await till.id('approval-user').fill(user);
  await till.id('approval-pin').focus();
  await till.page.keyboard.type(pin);
  await till.page.keyboard.press('Enter');
}

/**
 * What the notice matching `text` covers of what a cashier needs on Venta (a fresh walk at
 * 1024×768: «Aprobado por …» covered «Total» and F12), or where it is outside the window. Called
 * right after the notice shows; one already gone (it lasts 8 s) covers nothing.
 */
async function noticeCovers(text: RegExp): Promise<string[]> {
  return till.page.evaluate((source) => {
    const notice = [...document.querySelectorAll('[data-testid="notice"]')].find((n) => new RegExp(source).test(n.textContent ?? ''));
    if (!notice) return [];
    const a = notice.getBoundingClientRect();
    const out = a.left < 0 || a.top < 0 || a.right > window.innerWidth || a.bottom > window.innerHeight ? [`the notice is outside the window (${Math.round(a.left)},${Math.round(a.top)} → ${Math.round(a.right)},${Math.round(a.bottom)})`] : [];
    for (const id of ['total-amount', 'issue-button', 'sale-payment-area', 'client-doc-number', 'search-input']) {
      const b = document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
      if (b && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.push(id);
    }
    return out;
  }, text.source);
}

test('a cashier parks a sale, serves the next customer, recalls it; over-limit discount and a return are approved by the supervisor’s PIN in place', { timeout: 360_000 }, async () => {
  const page = till.page;
  const k = page.keyboard;
  // Carla logs in with her PIN.
  await till.id('logout-button').click();
  await till.id('login-mode-toggle').click();
  await till.id('user-input').fill('carla');
  await till.id('pin-input').fill('1234');
  await k.press('Enter');
  await till.id('sale-screen').waitFor();
  assert.equal(await till.id('current-person').textContent(), 'Carla Cajera');
  await till.screenshot('issue27-sale-screen-person-1024');

  // Sale A: two kilos of rice for Juan Quispe… who went back for something: F10.
  await k.press('F2');
  await k.type(`2*${ARR.code}`);
  await k.press('Enter');
  await page.locator(`[data-testid="cart-line"][data-code="${ARR.code}"]`).waitFor();
  await k.press('F4');
  await k.type('5115889');
  await till.tabTo('client-name');
  await k.type('Juan Quispe');
  await k.press('F10');
  await till.notice(/Venta en espera \(Bs 19,00\)/).waitFor();
  await till.screenshot('notice-parked-sale-1024');
  assert.deepEqual(await noticeCovers(/Venta en espera/), [], 'the notice leaves the total, the payment and F12 in sight');
  await till.id('cart-empty').waitFor();
  assert.equal(await till.id('client-doc-number').inputValue(), '');

  // Sale B, the next customer, issued meanwhile.
  const b = await till.sellByKeyboard({ items: [[1, ACE.code]], docNumber: '7788991', name: 'Rosa Mamani', cash: '30' });

  // Shift+F10: the waiting sale with its age and total; Enter brings it back.
  await k.press('Shift+F10');
  await till.id('parked-dialog').waitFor();
  const row = till.id('parked-row');
  await row.waitFor();
  assert.equal(await row.count(), 1);
  assert.match((await row.textContent()) ?? '', /Juan Quispe/);
  assert.equal(await till.id('parked-total').textContent(), 'Bs 19,00');
  assert.match((await till.id('parked-age').textContent()) ?? '', /^hace (menos de 1 min|\d+ min)$/);
  await till.screenshot('issue27-parked-sales-1024');
  await k.press('Enter');
  await till.id('parked-dialog').waitFor({ state: 'detached' });
  await page.locator(`[data-testid="cart-line"][data-code="${ARR.code}"]`).waitFor();
  assert.equal(await till.id('client-name').inputValue(), 'Juan Quispe');
  assert.equal(await till.id('client-doc-number').inputValue(), '5115889');
  const posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
  const recalled = (await (await eng.api(`/api/v1/parked-sales?posId=${posId}&status=RECALLED`)).json()).data.content;
  assert.deepEqual(recalled.map((p: { parkedBy: string; recalledBy: string }) => [p.parkedBy, p.recalledBy]), [['Carla Cajera', 'Carla Cajera']]);

  // 20 % off the line (Bs 3,80 of 19,00): typed as a percent, over the store's 10 %.
  await k.press('F8');
  await till.id('line-editor-input').fill('20%');
  await till.screenshot('issue27-line-discount-percent-1024');
  await k.press('Enter');
  await page.locator('[data-testid="cart-line-discount"]', { hasText: '3,80' }).waitFor();
  await k.press('F6');
  await k.type('20');
  await k.press('F12');
  await till.id('approval-dialog').waitFor();
  assert.match((await till.id('approval-need').textContent()) ?? '', /Para dar un descuento mayor al límite de la tienda hace falta el rol «supervisor»; Carla Cajera es cajero\. El descuento de la línea 1 .*pasa del 10 %/);
  await till.screenshot('issue27-approval-discount-1024');
  // Behind the dialog F12 says what the sale waits for; «Emitiendo…» only once the PIN is sent.
  assert.equal(await till.id('issue-button').textContent(), 'Esperando al supervisor…');
  assert.ok(await till.id('issue-button').evaluate((b) => b.scrollWidth <= b.clientWidth + 1), 'F12 says it whole at 1024 px');
  // A notice lasts 8 s and the sale's issue may take longer on a loaded machine: it is awaited from
  // before the PIN is sent, not after.
  const discountApproved = till.notice(/Aprobado por Sergio Supervisor · hecho por Carla Cajera/).waitFor();
  await approve('sergio', '9999');
  await discountApproved;
  await till.screenshot('notice-approved-sale-1024');
  assert.deepEqual(await noticeCovers(/Aprobado por/), [], 'the approval notice leaves the total, the payment and F12 in sight');
  await till.id('cart-empty').waitFor();
  const a = Number(await till.id('last-invoice-number').textContent());
  assert.ok(a > b);

  // Her return of sale B: the supervisor's PIN, a wrong one first (said in the dialog, nothing done).
  await till.openInvoice(b);
  await page.locator('[data-testid="invoice-detail-state"][data-state="VALIDATED"]').waitFor({ timeout: E2E_WAIT_MS });
  await till.pressButton('return-button');
  await till.id('return-dialog').waitFor();
  // The quantity field is sized for a quantity, so the product's name keeps its room (walk of
  // 28/11: its class had no rule, the field took ~190 px and the name wrapped on five lines).
  const qtyWidth = await till.id('return-qty').evaluate((el) => el.getBoundingClientRect().width);
  assert.ok(qtyWidth <= 112, `the return's quantity field is ${Math.round(qtyWidth)} px wide`);
  await till.tabTo('return-qty', 1);
  await k.type('1');
  await k.press('Enter');
  await till.id('approval-dialog').waitFor();
  assert.match((await till.id('approval-need').textContent()) ?? '', /Para registrar una devolución .*hace falta el rol «supervisor»/);
  // The return waits for the supervisor: it is not being issued yet (a fresh walk read «Emitiendo…» here).
  assert.equal(await till.id('confirm-return').textContent(), 'Esperando la aprobación de un supervisor…');
  await approve('sergio', '1111');
  await page.locator('[data-testid="approval-error"]', { hasText: /PIN incorrecto para «sergio»\. Quedan 4 intentos/ }).waitFor();
  await till.screenshot('issue27-approval-wrong-pin-1024');
  await till.id('approval-pin').focus();
  await k.type('9999');
  // The discount's notice is gone first (it lasts 8 s), so the one awaited is the return's; awaited
  // from before the PIN is sent, as the note's issue may outlast the notice on a loaded machine.
  await page.waitForFunction(() => ![...document.querySelectorAll('[data-testid="notice"]')].some((n) => /Aprobado por/.test(n.textContent ?? '')), null, { timeout: E2E_WAIT_MS });
  const returnApproved = till.notice(/Aprobado por Sergio Supervisor · hecho por Carla Cajera/).waitFor();
  await k.press('Enter');
  await returnApproved;
  await till.id('return-note-number').waitFor({ timeout: E2E_WAIT_MS });
  const noteId = await till.id('return-note-result').getAttribute('data-note-id');
  const note = (await (await eng.api(`/api/v1/invoices/${noteId}`)).json()).data;
  assert.equal(note.usuario, 'Carla Cajera');
  assert.equal(note.returnApprovedBy, 'Sergio Supervisor');
  const discounted = eng.store.tillUsers.actsOn(tenantId, (await (await eng.api(`/api/v1/invoices?size=10`)).json()).data.content.find((i: { invoiceNumber: number }) => i.invoiceNumber === a).id);
  // (The ticket's print is recorded too, as a reprint by her.)
  assert.deepEqual(discounted.filter((x) => x.act !== 'reprint').map((x) => [x.act, x.usuario, x.approver]), [['discount-over-limit', 'Carla Cajera', 'Sergio Supervisor']]);

  // "Cambiar cajero" with a sale on screen: it waits, parked in her name, and Sergio logs in.
  await k.press('Escape');
  await k.press('Alt+1');
  await till.id('sale-screen').waitFor();
  const issued = async () => ((await (await eng.api('/api/v1/invoices?size=1')).json()) as { data: { totalElements: number } }).data.totalElements;
  const before = await issued();
  await till.id('last-invoice-number').waitFor();
  await k.press('F2');
  await k.type(`1*${ARR.code}`);
  await k.press('Enter');
  await page.locator(`[data-testid="cart-line"][data-code="${ARR.code}"]`).waitFor();
  // The last sale's card (its «Cambio») goes with the next sale's first line (issue 24, set 12).
  await till.id('last-invoice').waitFor({ state: 'detached' });
  // Her price of Bs 9,00 instead of the catalog's 9,50 (Shift+F8) asks for a supervisor at F12;
  // Esc: nothing is issued and the sale stays as it was.
  await k.press('Shift+F8');
  await till.id('line-editor-input').fill('9');
  await k.press('Enter');
  await page.locator('[data-testid="cart-line-subtotal"]', { hasText: '9,00' }).waitFor();
  await k.press('F5');
  await till.id('quick-client-badge').waitFor();
  await k.press('F12');
  await till.id('approval-dialog').waitFor();
  assert.match((await till.id('approval-need').textContent()) ?? '', /vender a un precio distinto al del catálogo .*Bs 9,00 y el catálogo dice Bs 9,50/);
  await k.press('Escape');
  await till.id('approval-dialog').waitFor({ state: 'detached' });
  await page.locator('[data-testid="issue-errors"]', { hasText: 'Aprobación cancelada: no se hizo nada.' }).waitFor();
  assert.equal(await page.locator('[data-testid="cart-line"]').count(), 1);
  assert.equal(await issued(), before, 'nothing was issued');
  await till.id('switch-cashier').click();
  await till.id('user-input').waitFor();
  await till.screenshot('issue27-switch-cashier-login-1024');
  await till.id('user-input').fill('sergio');
  await till.id('pin-input').fill('9999');
  await k.press('Enter');
  await till.id('sale-screen').waitFor();
  assert.equal(await till.id('current-person').textContent(), 'Sergio Supervisor');
  await till.id('cart-empty').waitFor();
  await k.press('F10'); // nothing on screen: F10 lists the waiting sales
  await till.id('parked-row').waitFor();
  // Only hers: the list opened earlier (with Juan Quispe's sale, recalled since) is not shown again.
  assert.equal(await till.id('parked-row').count(), 1);
  assert.match((await till.id('parked-row').textContent()) ?? '', /Carla Cajera.*Bs 9,00/);
  await till.screenshot('issue27-switch-cashier-parked-1024');
  await k.press('Escape');
  await till.id('parked-dialog').waitFor({ state: 'detached' });
});
