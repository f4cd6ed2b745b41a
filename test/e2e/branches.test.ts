// Sucursales y puntos de venta, and Configuración, end to end with the owner's key (admin scope):
// the built renderer served by a real engine in training mode (embedded SIAT simulator), driven
// by keyboard in Debian's Chromium with playwright-core.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage, E2E_WAIT_MS } from './till-page';

let eng: TestEngine;
let browser: Browser;
let context: BrowserContext;
let till: TillPage;

async function data<T>(path: string): Promise<T> {
  const res = await eng.api(path);
  assert.equal(res.status, 200, path);
  return ((await res.json()) as { data: T }).data;
}

before(async () => {
  ensureRendererBuilt();
  eng = await startTestEngine({}, undefined, { rendererDir: RENDERER });
  // Branches and points of sale are the administrator's (issue 19, finding 13): the owner's key.
  ({ browser, context, till } = await openTill(eng.url, eng.ownerKey!));
});

after(async () => {
  await context?.close();
  await browser?.close();
  await eng?.stop();
});

describe('Sucursales y puntos de venta', () => {
  test('a branch created by keyboard is listed; a point of sale registered on it in SIAT; both closed after confirming', async () => {
    const k = till.page.keyboard;
    await till.go('sucursales');
    await till.page.locator('[data-testid="branch-row"][data-siat-code="0"]').waitFor();

    // New branch: Tab through the form, Enter submits.
    await till.id('branch-name').focus();
    await k.type('Sucursal El Alto');
    await till.tabTo('branch-address');
    await k.type('Av. Juan Pablo II N° 123, zona 16 de Julio');
    await till.tabTo('branch-municipality');
    await k.type('El Alto');
    await till.tabTo('branch-city');
    await k.type('El Alto');
    await till.tabTo('branch-phone');
    await k.type('22845566');
    await k.press('Enter');
    await till.id('branch-ok').waitFor();
    const row = till.page.locator('[data-testid="branch-row"]', { has: till.page.locator('[data-testid="branch-row-name"]', { hasText: 'Sucursal El Alto' }) });
    await row.waitFor();
    const branches = await data<{ branchId: number; siatCode: number; name: string; city: string }[]>('/api/v1/branchOffice');
    const created = branches.find((b) => b.name === 'Sucursal El Alto');
    assert.ok(created, 'the engine lists the new branch');
    assert.equal(created.city, 'El Alto');
    assert.equal(await row.getAttribute('data-siat-code'), String(created.siatCode));
    assert.match((await till.id('branch-ok').textContent()) ?? '', new RegExp(`código de sucursal ${created.siatCode}\\b`));
    // The new branch is already chosen in the point-of-sale form.
    assert.equal(await till.id('pos-branch').inputValue(), String(created.branchId));

    // Register a point of sale on it: "+ Punto de venta" moves the focus to the type picker.
    await row.getByTestId('add-pos-button').focus();
    await k.press('Enter');
    await till.page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.dataset?.testid === 'pos-type');
    await till.id('pos-type').selectOption('5');
    await till.tabTo('pos-name');
    await k.type('Caja El Alto 1');
    await till.tabTo('pos-description');
    await k.type('Caja junto a la entrada');
    await k.press('Enter');
    await till.id('pos-ok').waitFor({ timeout: E2E_WAIT_MS });
    // (The engine also opens the branch's point of sale 0 for its CUIS: the new one is not alone.)
    const posRow = row.locator('[data-testid="pos-row"]', { hasText: 'Caja El Alto 1' });
    await posRow.waitFor();
    const posId = (await posRow.getAttribute('data-pos-id'))!;
    const all = await data<{ id: string; branchId: number; name: string }[]>('/api/v1/pos');
    assert.equal(all.find((p) => p.id === posId)?.branchId, created.branchId, 'GET /pos lists it in the new branch');
    await till.screenshot('7-sucursales');

    // The branch cannot close while that point of sale is open: the engine's 409 (sector style)
    // shows inside the confirmation, in Spanish.
    await row.getByTestId('close-branch-button').focus();
    await k.press('Enter');
    await till.page.locator('[data-testid="close-dialog-body"][data-kind="branch"]').waitFor();
    await k.press('Enter');
    await till.id('close-errors').filter({ hasText: /punto\(s\) de venta abierto\(s\)/ }).waitFor();
    await k.press('Escape');
    await till.id('close-dialog').waitFor({ state: 'detached' });

    // Close the point of sale: Esc on the confirmation closes nothing and gives the focus back.
    const closeButton = posRow.getByTestId('close-pos-button');
    await closeButton.focus();
    await k.press('Enter');
    await till.id('close-dialog').waitFor();
    await till.page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.dataset?.testid === 'confirm-close-button');
    await till.screenshot('7b-sucursales-confirmar');
    await k.press('Escape');
    await till.id('close-dialog').waitFor({ state: 'detached' });
    await till.page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.dataset?.testid === 'close-pos-button');
    assert.ok((await data<{ id: string }[]>('/api/v1/pos')).some((p) => p.id === posId), 'still open after Esc');

    // Enter opens the confirmation again, Enter confirms.
    await k.press('Enter');
    await till.id('close-dialog').waitFor();
    await k.press('Enter');
    await till.id('close-ok').waitFor({ timeout: E2E_WAIT_MS });
    await till.page.locator(`[data-testid="pos-row"][data-pos-id="${posId}"]`).waitFor({ state: 'detached' });
    assert.ok(!(await data<{ id: string }[]>('/api/v1/pos')).some((p) => p.id === posId), 'GET /pos no longer lists it');

    // Now the branch closes (its point of sale 0 with it) and leaves the list.
    await row.getByTestId('close-branch-button').focus();
    await k.press('Enter');
    await till.page.locator('[data-testid="close-dialog-body"][data-kind="branch"]').waitFor();
    await k.press('Enter');
    await till.id('close-ok').filter({ hasText: 'Sucursal El Alto' }).waitFor();
    await row.waitFor({ state: 'detached' });
    const left = await data<{ branchId: number }[]>('/api/v1/branchOffice');
    assert.ok(!left.some((b) => b.branchId === created.branchId), 'GET /branchOffice no longer lists it');
  });
});

// The same owner's key opens the administrator's settings (the demo till key sees a notice
// instead: till.test.ts).
describe('Configuración with the owner key', () => {
  test('shows the taxpayer as the engine has it', async () => {
    await till.go('configuracion');
    await till.page.locator('[data-testid="taxpayer-nit"]').waitFor();
    await till.page.waitForFunction(() => (document.querySelector('[data-testid="taxpayer-nit"]') as HTMLInputElement | null)?.value !== '');
    assert.equal(await till.id('settings-forbidden').count(), 0);
    await till.screenshot('6-configuracion');
  });
});
