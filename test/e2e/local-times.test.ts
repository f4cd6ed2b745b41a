// Instants in Bolivia time whatever the computer's zone (issue 24 item 5): Caja said "abierta
// desde 27/11/2026 02:45" for a session opened at 22:45 of the 26th, because the engine's "…Z"
// instant was shown from its text. Here the browser runs in UTC (a till whose Windows is set to
// UTC) and in Tokyo, and Caja and the API keys must read La Paz's wall clock.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { launchChromium, ensureRendererBuilt, RENDERER, TillPage, E2E_WAIT_MS } from './till-page';
import { toBoliviaIso } from '../../shared/time';

let eng: TestEngine;
let browser: Browser;

before(async () => {
  ensureRendererBuilt();
  eng = await startTestEngine({}, undefined, { rendererDir: RENDERER });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await eng?.stop();
});

/** dd/mm/aaaa hh:mm of an instant in La Paz, from shared/time.ts (not the formatter under test). */
function laPaz(instant: string): string {
  const iso = toBoliviaIso(new Date(instant));
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
}

test('Caja and Configuración › Claves de API show the engine’s "…Z" instants in La Paz time on a computer set to UTC or Tokyo', async () => {
  const posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
  const opened = await eng.api('/api/v1/cash/sessions', { method: 'POST', json: { posId, openingFloat: 100 } });
  assert.equal(opened.status, 201, await opened.clone().text());
  const session = (await opened.json()).data as { number: number; openedAt: string };
  assert.match(session.openedAt, /Z$/, 'the engine sends the opening as a UTC instant');
  const keys = (await (await eng.api('/api/v1/keys')).json()).data as { createdAt: string }[];
  assert.ok(keys.length > 0);

  for (const timezoneId of ['UTC', 'Asia/Tokyo']) {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'en-US', timezoneId });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(E2E_WAIT_MS);
      const till = new TillPage(page);
      await page.goto(eng.url);
      await till.login(eng.ownerKey ?? undefined);
      await till.go('caja');
      await page.waitForFunction(() => /abierta desde/.test(document.querySelector('[data-testid="cash-session-state"]')?.textContent ?? ''));
      const state = (await till.id('cash-session-state').textContent()) ?? '';
      assert.ok(state.includes(`Sesión ${session.number} abierta desde ${laPaz(session.openedAt)}`), `${timezoneId}: ${state}`);

      await till.go('configuracion');
      await till.id('api-key-row').first().waitFor();
      const rows = (await till.id('settings-api-keys').textContent()) ?? '';
      for (const k of keys) assert.ok(rows.includes(`Creada ${laPaz(k.createdAt)}`), `${timezoneId}: ${rows}`);
    } finally {
      await context.close();
    }
  }
});
