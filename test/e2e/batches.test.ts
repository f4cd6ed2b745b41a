// Lotes end to end in Chromium: a school's system sends a batch of three fees through the API
// (one without the student's name, refused by Kipu); the manager opens Lotes from the navigation
// and, with the keyboard, sees it COMPLETED with 2 validated and 1 refused, then opens it and
// reads the refused item's problem.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { ensureRendererBuilt, openTill, RENDERER, type TillPage } from './till-page';
import { educationItem, submitBatch, waitCompleted } from '../integration/massive/helpers';

let eng: TestEngine;
let browser: Browser;
let context: BrowserContext;
let till: TillPage;
let batchId: string;

before(async () => {
  ensureRendererBuilt();
  eng = await startTestEngine({}, undefined, { rendererDir: RENDERER, massive: { poll: { initialMs: 50, maxMs: 300 }, retry: { initialMs: 100, maxMs: 500 } } });
  const pos = (await (await eng.api('/api/v1/pos')).json()).data[0];
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: { posId: pos.id } })).status, 200);
  assert.equal((await eng.api('/api/v1/codes/cufd', { method: 'POST', json: { posId: pos.id } })).status, 200);
  const data = await submitBatch(eng.api, pos.id, [educationItem(1), { ...educationItem(2), nameStudent: undefined }, educationItem(3)]);
  assert.equal(data.accepted, 2, JSON.stringify(data.verdicts));
  batchId = data.batchId;
  await waitCompleted(eng.api, batchId);
  // The manager's key: the batch routes need the admin (or integrator) scope.
  ({ browser, context, till } = await openTill(eng.url, eng.ownerKey!));
});

after(async () => {
  await context?.close();
  await browser?.close();
  await eng?.stop();
});

test('Lotes shows the batch COMPLETED with 2 validated and 1 refused, and opening it shows the refused item’s problem', async () => {
  await till.id('nav-lotes').click();
  await till.id('batches-screen').waitFor();
  const row = till.page.locator(`[data-testid="batch-row"][data-batch-id="${batchId}"]`);
  await row.waitFor();
  assert.equal(await row.getAttribute('data-state'), 'COMPLETED');
  assert.equal(await row.getByTestId('batch-state').textContent(), 'Completado');
  const count = (state: string) => row.locator(`[data-testid="batch-count"][data-state="${state}"]`).getAttribute('data-count');
  assert.equal(await count('VALIDATED'), '2');
  assert.equal(await count('REFUSED'), '1');
  assert.equal(await count('QUEUED'), '0');
  assert.equal(await row.getByTestId('batch-progress').getAttribute('data-percent'), '100');
  // es-BO date: dd/mm/aaaa hh:mm.
  assert.match((await row.textContent()) ?? '', /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

  // Keyboard: the screen has the focus, the first (newest) row is chosen, Enter opens it.
  await till.page.keyboard.press('Enter');
  const detail = till.id('batch-detail');
  await detail.waitFor();
  assert.equal(await detail.getAttribute('data-batch-id'), batchId);
  const items = till.id('batch-item');
  assert.equal(await items.count(), 3);
  assert.deepEqual(await items.evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.state)), ['VALIDATED', 'REFUSED', 'VALIDATED']);
  const numbers = await till.id('batch-item-number').allTextContents();
  assert.match(numbers[0]!, /^\d+$/);
  assert.equal(numbers[1], '—');
  assert.equal(Number(numbers[2]), Number(numbers[0]) + 1);
  const problems = (await items.nth(1).getByTestId('batch-item-problems').textContent()) ?? '';
  assert.match(problems, /items\[1\]\.nameStudent/);
  // The engine's message is Spanish (no English word of the validator leaks through).
  assert.match(problems, /nombre|obligatori|requerid|estudiante/i, problems);

  await till.page.keyboard.press('Escape');
  await till.id('batch-list').waitFor();
  await till.screenshot('lotes');
});
