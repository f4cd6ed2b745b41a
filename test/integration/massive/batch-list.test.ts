// GET /api/v1/invoices/batch: the tenant's batches newest first with their counts per state (the
// till's Lotes screen reads it), over real HTTP on a real engine with the SIAT simulator.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openTill, type Till } from '../contingency/helpers';
import { educationItem, submitBatch, waitCompleted } from './helpers';
import { SCOPES } from '../../../shared/api-scopes';
import { MAX_PAGE, MAX_PAGE_SIZE } from '../../../shared/api/limits';

let till: Till;
let first: { batchId: string };
let second: { batchId: string };

before(async () => {
  till = await openTill({}, { massive: { poll: { initialMs: 50, maxMs: 300 }, retry: { initialMs: 100, maxMs: 500 } } });
  const { eng, posId } = till;
  first = await submitBatch(eng.api, posId, [educationItem(1), educationItem(2)]);
  await waitCompleted(eng.api, first.batchId);
  // The second has one refused item: its counts carry REFUSED and its detail the problems.
  second = await submitBatch(eng.api, posId, [educationItem(3), { ...educationItem(4), nameStudent: undefined }, educationItem(5)]);
  await waitCompleted(eng.api, second.batchId);
});
after(async () => {
  await till.eng.stop();
});

test('lists the tenant’s batches newest first with state, item count and counts per state', async () => {
  const res = await till.eng.api('/api/v1/invoices/batch?page=0&size=20');
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  const page = body.data;
  assert.equal(page.totalElements, 2);
  assert.equal(page.totalPages, 1);
  assert.deepEqual(
    page.content.map((b: any) => b.batchId),
    [second.batchId, first.batchId],
  );
  const [newest, oldest] = page.content;
  assert.equal(newest.state, 'COMPLETED');
  assert.equal(newest.items, 3);
  assert.deepEqual(newest.counts, { VALIDATED: 2, REFUSED: 1 });
  assert.equal(newest.lastError, null);
  assert.equal(newest.posId, till.posId);
  assert.match(newest.createdAt, /^\d{4}-\d{2}-\d{2}T/);
  assert.ok(newest.completedAt, 'completedAt set');
  assert.deepEqual(oldest.counts, { VALIDATED: 2 });
  assert.equal(oldest.items, 2);
  // The list row carries no items: the detail does.
  assert.equal('invoices' in newest, false);
});

test('pages: size 1 gives one batch per page and says whether more follow', async () => {
  const p0 = (await (await till.eng.api('/api/v1/invoices/batch?page=0&size=1')).json()).data;
  const p1 = (await (await till.eng.api('/api/v1/invoices/batch?page=1&size=1')).json()).data;
  assert.deepEqual([p0.content[0].batchId, p0.first, p0.last, p0.totalPages], [second.batchId, true, false, 2]);
  assert.deepEqual([p1.content[0].batchId, p1.first, p1.last], [first.batchId, false, true]);
});

test('page or size out of bounds is a 400 naming the parameter', async () => {
  for (const [query, field] of [
    [`page=${MAX_PAGE + 1}&size=20`, 'page'],
    [`page=0&size=${MAX_PAGE_SIZE + 1}`, 'size'],
    ['page=-1&size=20', 'page'],
    ['page=0&size=0', 'size'],
  ] as const) {
    const res = await till.eng.api(`/api/v1/invoices/batch?${query}`);
    const body = await res.json();
    assert.equal(res.status, 400, `${query}: ${JSON.stringify(body)}`);
    assert.match(JSON.stringify(body), new RegExp(field), query);
  }
});

test('the detail gives each issued item its invoice number and each refused item its problems', async () => {
  const done = (await (await till.eng.api(`/api/v1/invoices/batch/${second.batchId}`)).json()).data;
  assert.deepEqual(done.invoices.map((i: any) => i.state), ['VALIDATED', 'REFUSED', 'VALIDATED']);
  const [a, refused, c] = done.invoices;
  assert.ok(Number.isInteger(a.invoiceNumber) && a.invoiceNumber > 0, JSON.stringify(a));
  assert.equal(c.invoiceNumber, a.invoiceNumber + 1);
  const inv = (await (await till.eng.api(`/api/v1/invoices/${a.invoiceId}`)).json()).data;
  assert.equal(inv.invoiceNumber, a.invoiceNumber);
  assert.equal(refused.invoiceNumber, null);
  assert.equal(refused.invoiceId, null);
  assert.ok(refused.problems.some((p: any) => p.field === 'items[1].nameStudent'), JSON.stringify(refused.problems));
});

test('another tenant’s key sees none of these batches; a till-only key is refused like the detail', async () => {
  const { eng } = till;
  const other = eng.store.tenants.create({ nit: '7770099', razonSocial: 'OTRO COLEGIO S.R.L.' });
  const keyB = eng.store.apiKeys.create(other.id, 'b', SCOPES).key;
  const res = await eng.api('/api/v1/invoices/batch?page=0&size=50', { key: keyB });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.deepEqual(body.data.content, []);
  assert.equal(body.data.totalElements, 0);
  assert.equal((await eng.api(`/api/v1/invoices/batch/${second.batchId}`, { key: keyB })).status, 404);

  const tenantA = eng.store.apiKeys.authenticate(eng.ownerKey!)!.tenantId;
  const tillKey = eng.store.apiKeys.create(tenantA, 'caja', ['till']).key;
  assert.equal((await eng.api('/api/v1/invoices/batch', { key: tillKey })).status, 403);
  assert.equal((await eng.api(`/api/v1/invoices/batch/${second.batchId}`, { key: tillKey })).status, 403);
});
