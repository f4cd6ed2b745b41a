// Configuración › Personas (issue 27), in Debian's Chromium at 1024×768: the owner, at the till
// with the store's admin key, adds a cashier from the screen — a weak PIN and a duplicate user are
// refused in the engine's words and what was typed stays —, unlocks her after five wrong PINs by
// giving her a new one, and she then signs in at the till with her user and that PIN. Her own
// Configuración shows the owner's notice, not the people. Back with the key, the owner
// deactivates her (her PIN is refused) and reactivates her.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { launchChromium, ensureRendererBuilt, RENDERER, TillPage, E2E_WAIT_MS } from './till-page';

let eng: TestEngine;
let browser: Browser;

before(async () => {
  ensureRendererBuilt();
  eng = await startTestEngine({}, undefined, { rendererDir: RENDERER, scheduler: false });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await eng?.stop();
});

/** The section's fields hold what was typed (nothing lost on a refusal). */
async function addFormValues(till: TillPage): Promise<string[]> {
  return Promise.all(['people-name', 'people-login', 'people-role', 'people-pin', 'people-pin-again'].map((id) => till.id(id).inputValue()));
}

test('the owner adds a cashier in Configuración › Personas, unlocks her with a new PIN, she signs in with it; deactivated, her PIN is refused', async () => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'es-BO', timezoneId: 'America/La_Paz' });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(E2E_WAIT_MS);
    const till = new TillPage(page);
    await page.goto(eng.url);
    await till.login(eng.ownerKey!);
    await till.go('configuracion');
    const section = till.id('settings-people');
    await section.waitFor();
    await till.id('people-empty').waitFor();

    // A PIN with letters: the engine's sentence, everything typed still there.
    await till.id('people-name').fill('Rosa Mamani');
    await till.id('people-login').fill('Rosa.Mamani');
    await till.id('people-role').selectOption('cajero');
    await till.id('people-pin').fill('48a6');
    await till.id('people-pin-again').fill('48a6');
    await till.id('people-add').click();
    await till.id('people-add-error').waitFor();
    assert.equal(await till.id('people-add-error').textContent(), 'El PIN debe tener de 4 a 6 dígitos (solo números)');
    assert.deepEqual(await addFormValues(till), ['Rosa Mamani', 'Rosa.Mamani', 'cajero', '48a6', '48a6']);

    await till.id('people-pin').fill('4826');
    await till.id('people-pin-again').fill('4826');
    await page.keyboard.press('Enter');
    await till.id('people-add-ok').waitFor();
    assert.match((await till.id('people-add-ok').textContent()) ?? '', /Se agregó a Rosa Mamani \(cajero\): ingresa en la caja con el usuario «rosa\.mamani»/);
    const row = page.locator('[data-testid="person-row"][data-login="rosa.mamani"]');
    await row.waitFor();
    assert.equal(await row.getByTestId('person-state').textContent(), 'Activo');
    assert.deepEqual(await addFormValues(till), ['', '', 'cajero', '', '']);

    // The same user again (another spelling): refused, the form keeps it.
    await till.id('people-name').fill('Rosa M.');
    await till.id('people-login').fill('ROSA.MAMANI');
    await till.id('people-pin').fill('1111');
    await till.id('people-pin-again').fill('1111');
    await till.id('people-add').click();
    await till.id('people-add-error').waitFor();
    assert.match((await till.id('people-add-error').textContent()) ?? '', /^Ya existe el usuario «rosa\.mamani» en esta tienda/);
    assert.deepEqual(await addFormValues(till), ['Rosa M.', 'ROSA.MAMANI', 'cajero', '1111', '1111']);
    await section.scrollIntoViewIfNeeded();
    await till.screenshot('people-duplicate-1024');

    // Five wrong PINs at the till lock her (the engine's lockout); the owner sees it and gives her a new PIN.
    const posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
    for (let i = 0; i < 5; i++) {
      const res = await eng.api('/api/v1/till/login', { method: 'POST', key: null, json: { posId, user: 'rosa.mamani', pin: '0000' } });
      assert.equal(res.status, i < 4 ? 401 : 423);
    }
    await till.go('ventas');
    await till.go('configuracion');
    await page.locator('[data-testid="person-row"][data-login="rosa.mamani"] [data-testid="person-state"]', { hasText: 'Bloqueado hasta' }).waitFor();
    await row.getByTestId('person-edit').click();
    await till.id('person-locked').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'person-name');
    await till.id('person-pin').fill('5937');
    await till.id('person-pin-again').fill('5973');
    await till.id('person-save').click();
    await till.id('person-error').waitFor();
    assert.equal(await till.id('person-error').textContent(), 'Los dos PIN no coinciden: escriba el mismo PIN en los dos campos.');
    // The lockout's notice (the till's event stream) would cover the form in the pictures.
    for (const close of await page.locator('[data-testid="notice"] button').all()) await close.click();
    await till.id('person-editor').scrollIntoViewIfNeeded();
    await till.screenshot('people-locked-1024');
    await till.id('person-pin-again').fill('5937');
    await till.id('person-save').click();
    await till.id('person-ok').waitFor();
    assert.equal(await till.id('person-ok').textContent(), 'Se guardó el PIN de Rosa Mamani. Ya no está bloqueado: ingresa en la caja con el PIN nuevo.');
    await page.locator('[data-testid="person-row"][data-login="rosa.mamani"] [data-testid="person-state"]', { hasText: 'Activo' }).waitFor();
    assert.equal(await till.id('person-locked').count(), 0);
    await till.screenshot('people-unlocked-1024');
    await page.setViewportSize({ width: 1366, height: 768 });
    await till.id('person-editor').scrollIntoViewIfNeeded();
    await till.screenshot('people-unlocked-1366');
    await page.setViewportSize({ width: 1024, height: 768 });

    // She signs in at the till with her user and the new PIN.
    await till.id('logout-button').click();
    await till.id('login-screen').waitFor();
    await till.id('login-mode-toggle').click();
    await till.id('user-input').fill('rosa.mamani');
    await till.id('pin-input').fill('5937');
    await page.keyboard.press('Enter');
    await till.id('sale-screen').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('kipu.apiKey'));
    assert.match(token ?? '', /^kipt_/);
    const me = (await (await eng.api('/api/v1/till/me', { key: token })).json()).data as { user: { login: string; name: string; role: string } };
    assert.deepEqual(me.user && { login: me.user.login, name: me.user.name, role: me.user.role }, { login: 'rosa.mamani', name: 'Rosa Mamani', role: 'cajero' });
    // A cajero's Configuración: the owner's notice, no people.
    await till.go('configuracion');
    await till.id('settings-forbidden').waitFor();
    assert.equal(await till.id('settings-people').count(), 0);

    // The owner again, with the store's key: Rosa leaves. Deactivated (asked first), nobody
    // deleted; her PIN no longer opens the till until she is reactivated.
    await till.id('logout-button').click();
    await till.id('login-mode-toggle').click();
    await till.id('api-key-input').fill(eng.ownerKey!);
    await page.keyboard.press('Enter');
    await till.id('sale-screen').waitFor();
    await till.go('configuracion');
    await row.getByTestId('person-edit').click();
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await till.id('person-deactivate').click();
    await till.id('person-reactivate').waitFor();
    assert.match(asked, /^¿Desactivar a Rosa Mamani\? Ya no podrá ingresar en la caja/);
    assert.match((await till.id('person-ok').textContent()) ?? '', /^Se desactivó a Rosa Mamani: ya no ingresa en la caja ni aprueba/);
    assert.equal(await row.getByTestId('person-state').textContent(), 'Desactivado');
    const refused = await eng.api('/api/v1/till/login', { method: 'POST', key: null, json: { posId, user: 'rosa.mamani', pin: '5937' } });
    assert.equal(refused.status, 403);
    await till.id('person-editor').scrollIntoViewIfNeeded();
    await till.screenshot('people-deactivated-1024');
    await till.id('person-reactivate').click();
    await till.id('person-deactivate').waitFor();
    assert.equal(await row.getByTestId('person-state').textContent(), 'Activo');
    assert.equal((await eng.api('/api/v1/till/login', { method: 'POST', key: null, json: { posId, user: 'rosa.mamani', pin: '5937' } })).status, 201);
    // Esc in the form closes it.
    await till.id('person-name').focus();
    await page.keyboard.press('Escape');
    await till.id('person-editor').waitFor({ state: 'detached' });
  } finally {
    await context.close();
  }
});
