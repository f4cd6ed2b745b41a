// Held (parked) sales and the till's discount limits over real HTTP (issue 27): a cashier parks a
// sale at her point of sale, the list (a Page, oldest first) shows its total computed by the
// engine and its age, recalling marks it recalled (nothing deleted) and only once; another
// tenant's or another point of sale's sales are out of reach. Discounts: a cajero gives up to the
// store's limit (percent of the line or of the sale, and an amount for the sale) alone; over it, or
// at a price other than the catalog's, the sale is a supervisor's act (403 naming the role, or done
// with the supervisor's PIN and recorded with both names).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { saleRequest } from '../fixtures/issued-invoice';

let eng: TestEngine;
let posId: string;
let tenantId: string;
let cajero: string;
let supervisorId: string;

async function tokenOf(user: string, pin: string, at = posId): Promise<string> {
  const res = await eng.api('/api/v1/till/login', { method: 'POST', json: { posId: at, user, pin }, key: null });
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  return body.data.token as string;
}

const line = (over: Record<string, unknown> = {}) => ({
  productId: 'p-arroz',
  code: 'ARR-1',
  description: 'Arroz 1 kg',
  unitMeasure: 57,
  activityEconomic: '471110',
  codeProductSin: '99100',
  unitPrice: 9.5,
  quantity: 2,
  discount: 0,
  ...over,
});

before(async () => {
  eng = await startTestEngine();
  posId = (await (await eng.api('/api/v1/pos')).json()).data[0].id;
  tenantId = eng.store.tenants.byNit('7000123019')!.id;
  for (const [login, name, role, pin] of [
    ['ana', 'Ana Quispe', 'cajero', '1357'],
    ['luis', 'Luis Mamani', 'supervisor', '24680'],
  ] as const) {
    const res = await eng.api('/api/v1/till-users', { method: 'POST', json: { login, name, role, pin } });
    const body = await res.json();
    assert.equal(res.status, 201, JSON.stringify(body));
    if (login === 'luis') supervisorId = body.data.id;
  }
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  cajero = await tokenOf('ana', '1357');
});
after(() => eng.stop());

test('a cashier parks two sales; the Page lists them oldest first with the engine’s total; recalling marks one recalled (kept), once', async () => {
  const park = (json: unknown) => eng.api('/api/v1/parked-sales', { method: 'POST', key: cajero, json });
  const first = await park({ posId, lines: [line({ discount: 1.5 }), line({ productId: 'p-aceite', code: 'ACE-1', description: 'Aceite', unitPrice: 18.4, quantity: 1.5 })], additionalDiscount: 0.4, label: 'Sra. Pérez', draft: { client: { documentNumber: '1234567' } } });
  const a = await first.json();
  assert.equal(first.status, 201, JSON.stringify(a));
  // 2 × 9,50 − 1,50 = 17,50; 1,5 × 18,40 = 27,60; − 0,40 = 44,70
  assert.equal(a.data.total, 44.7);
  assert.equal(a.data.status, 'WAITING');
  assert.equal(a.data.parkedBy, 'Ana Quispe');
  assert.equal(a.data.lineCount, 2);
  assert.deepEqual(a.data.draft, { client: { documentNumber: '1234567' } });
  assert.match(a.data.parkedAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
  const second = await (await park({ posId, lines: [line()] })).json();
  assert.equal(second.data.total, 19);

  const page = await (await eng.api(`/api/v1/parked-sales?posId=${posId}`, { key: cajero })).json();
  assert.equal(page.success, true);
  assert.equal(page.data.totalElements, 2);
  assert.deepEqual(page.data.content.map((p: { id: string }) => p.id), [a.data.id, second.data.id]);

  const recall = await eng.api(`/api/v1/parked-sales/${a.data.id}/recall`, { method: 'POST', key: cajero });
  const r = await recall.json();
  assert.equal(recall.status, 200, JSON.stringify(r));
  assert.equal(r.data.status, 'RECALLED');
  assert.equal(r.data.recalledBy, 'Ana Quispe');
  assert.deepEqual(r.data.lines, a.data.lines);

  const again = await eng.api(`/api/v1/parked-sales/${a.data.id}/recall`, { method: 'POST', key: cajero });
  assert.equal(again.status, 409);
  assert.match((await again.json()).detail, /ya la retomó Ana Quispe/);

  // Waiting: only the second; all: both (the recalled one is kept, not deleted).
  const waiting = (await (await eng.api(`/api/v1/parked-sales?posId=${posId}`, { key: cajero })).json()).data.content;
  assert.deepEqual(waiting.map((p: { id: string }) => p.id), [second.data.id]);
  const all = (await (await eng.api(`/api/v1/parked-sales?posId=${posId}&status=ALL`)).json()).data;
  assert.equal(all.totalElements, 2);
  assert.equal(eng.store.parkedSales.recall(tenantId, a.data.id, 'x', null, new Date().toISOString()), false, 'recalled once');
});

test('bad parked sales are refused with a detail in Spanish; another tenant’s and another point of sale’s are out of reach', async () => {
  const park = (json: unknown, key: string | null = cajero) => eng.api('/api/v1/parked-sales', { method: 'POST', key, json });
  const decimals = await park({ posId, lines: [line({ unitPrice: 9.555 })] });
  assert.equal(decimals.status, 422);
  assert.match((await decimals.json()).detail, /lines\[0\]\.unitPrice: El precio admite hasta 2 decimales/);
  const over = await park({ posId, lines: [line({ discount: 25 })] });
  assert.equal(over.status, 422);
  assert.match((await over.json()).detail, /supera el importe de la línea/);
  const empty = await park({ posId, lines: [] });
  assert.equal(empty.status, 422);
  assert.ok((await empty.json()).detail);

  const mine = (await (await park({ posId, lines: [line()] })).json()).data;
  const other = eng.store.tenants.create({ nit: '7770017', razonSocial: 'OTRA TIENDA S.R.L.' });
  const otherKey = eng.store.apiKeys.create(other.id, 'otra', ['till']).key;
  const otherPos = eng.store.pointsOfSale.list(other.id)[0]!;
  assert.equal((await eng.api(`/api/v1/parked-sales/${mine.id}`, { key: otherKey })).status, 404);
  assert.equal((await eng.api(`/api/v1/parked-sales/${mine.id}/recall`, { method: 'POST', key: otherKey })).status, 404);
  assert.equal((await eng.api(`/api/v1/parked-sales?posId=${posId}`, { key: otherKey })).status, 404);
  const foreignPos = await park({ posId: otherPos.id, lines: [line()] }, eng.ownerKey);
  assert.equal(foreignPos.status, 404);
  // Her session is bound to her point of sale: another of the same tenant is refused.
  const pos2 = eng.store.pointsOfSale.list(tenantId).find((p) => p.id !== posId);
  if (pos2) {
    const there = await park({ posId: pos2.id, lines: [line()] });
    assert.equal(there.status, 403);
    assert.match((await there.json()).detail, /otro punto de venta/);
  }
  assert.equal((await eng.api(`/api/v1/parked-sales/${mine.id}`, { key: cajero })).status, 200);
});

test('discounts: a cajero gives up to the store’s limit alone; over it (percent of a line, of the sale, or the amount) the sale needs a supervisor, whose PIN makes it and is recorded', async () => {
  const policy = await (await eng.api('/api/v1/till-users/policy')).json();
  assert.equal(policy.data.discountLimitPercent, 10);
  assert.equal(policy.data.discountLimitAmount, 100);
  // Gross 2 × 9,50 = 19,00: 10 % is 1,90.
  const sale = (details: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const r = saleRequest(posId);
    return { ...r, details: [{ ...r.details[0], ...details }], ...extra };
  };
  const issue = (json: unknown, headers: Record<string, string> = {}) => eng.api('/api/v1/invoices?wait=true', { method: 'POST', key: cajero, json, headers });

  const within = await issue(sale({ amountDiscount: 1.9 }));
  assert.equal(within.status, 201, JSON.stringify(await within.clone().json()));

  const lineOver = await issue(sale({ amountDiscount: 1.91 }));
  const lo = await lineOver.json();
  assert.equal(lineOver.status, 403, JSON.stringify(lo));
  assert.equal(lo.error.code, 'ROLE_REQUIRED');
  // One level of parentheses, and who approves in plain words: a cashier reads it (issue 24, set 12).
  assert.match(lo.detail, /^Para dar un descuento mayor al límite de la tienda hace falta el rol «supervisor»; Ana Quispe es cajero\. El descuento de la línea 1 \(Bs 1,91 de Bs 19,00\) pasa del 10 %\. Pida a un supervisor que lo apruebe aquí mismo con su usuario y su PIN\.$/);
  assert.doesNotMatch(lo.detail, /X-Supervisor|cabecera/);

  // The additional discount weighs against the sale after line discounts: 10 % of 19,00.
  const totalOver = await issue(sale({}, { additionalDiscount: 2 }));
  assert.equal(totalOver.status, 403);
  assert.match((await totalOver.json()).detail, /El descuento adicional \(Bs 2,00 de Bs 19,00\) pasa del 10 %/);

  // The amount: a limit of Bs 1,00 refuses 1,50 even though it is under 10 %.
  assert.equal((await eng.api('/api/v1/till-users/policy', { method: 'PUT', json: { idleMinutes: 15, sessionHours: 12, lockMinutes: 15, discountLimitAmount: 1 } })).status, 200);
  const amountOver = await issue(sale({ amountDiscount: 1.5 }));
  assert.equal(amountOver.status, 403);
  assert.match((await amountOver.json()).detail, /Los descuentos de la venta suman Bs 1,50, más que Bs 1,00/);
  // The percent kept its value when the PUT left it out.
  assert.equal((await (await eng.api('/api/v1/till-users/policy')).json()).data.discountLimitPercent, 10);

  // With the supervisor's PIN the same request is done, named with both people.
  const approved = await issue(sale({ amountDiscount: 1.91 }), { 'x-supervisor-user': 'luis', 'x-supervisor-pin': '24680' });
  const ap = await approved.json();
  assert.equal(approved.status, 201, JSON.stringify(ap));
  assert.equal(decodeURIComponent(approved.headers.get('x-supervisor-name') ?? ''), 'Luis Mamani');
  assert.equal(ap.data.usuario, 'Ana Quispe');
  const acts = eng.store.tillUsers.actsOn(tenantId, ap.data.id);
  assert.deepEqual(acts.map((x) => [x.act, x.usuario, x.approver, x.approverId]), [['discount-over-limit', 'Ana Quispe', 'Luis Mamani', supervisorId]]);

  // A wrong PIN does nothing.
  const before = eng.store.tillUsers.actsOn(tenantId, ap.data.id).length;
  const wrong = await issue(sale({ amountDiscount: 1.92 }), { 'x-supervisor-user': 'luis', 'x-supervisor-pin': '11111' });
  assert.equal(wrong.status, 403);
  assert.match((await wrong.json()).detail, /PIN incorrecto para «luis»/);
  assert.equal(before, 1);
  // A supervisor gives it alone; an API key is not held to roles.
  const sup = await tokenOf('luis', '24680');
  assert.equal((await eng.api('/api/v1/invoices?wait=true', { method: 'POST', key: sup, json: sale({ amountDiscount: 5 }) })).status, 201);
  assert.equal((await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: sale({ amountDiscount: 5 }) })).status, 201);

  // Refused policies.
  const bad = await eng.api('/api/v1/till-users/policy', { method: 'PUT', json: { idleMinutes: 15, sessionHours: 12, lockMinutes: 15, discountLimitPercent: 120 } });
  assert.equal(bad.status, 422);
  assert.equal((await eng.api('/api/v1/till-users/policy', { method: 'PUT', json: { idleMinutes: 15, sessionHours: 12, lockMinutes: 15, discountLimitAmount: 100 } })).status, 200);
});

test('a price other than the catalog’s is a supervisor’s act for a cajero', async () => {
  const created = await eng.api('/api/v1/products', {
    method: 'POST',
    json: { code: 'LECHE-1', description: 'Leche 1 l', priceUnit: 7, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' },
  });
  assert.equal(created.status, 201, JSON.stringify(await created.clone().json()));
  const r = saleRequest(posId);
  const at = (price: number) => ({ ...r, details: [{ ...r.details[0], codeProduct: 'LECHE-1', description: 'Leche 1 l', priceUnit: price, quantity: 1 }] });
  assert.equal((await eng.api('/api/v1/invoices?wait=true', { method: 'POST', key: cajero, json: at(7) })).status, 201);
  const cheaper = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', key: cajero, json: at(6.5) });
  assert.equal(cheaper.status, 403);
  assert.match((await cheaper.json()).detail, /Para vender a un precio distinto al del catálogo hace falta el rol «supervisor»; .+\. La línea 1 \(«LECHE-1»\) va a Bs 6,50 y el catálogo dice Bs 7,00\./);
});
