import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';

let eng: TestEngine;
before(async () => {
  eng = await startTestEngine();
});
after(async () => {
  await eng.stop();
});

const base = { unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' };

async function body(res: Response) {
  return (await res.json()) as { success: boolean; data: any; message?: string; detail?: string; error?: { code: string; fields?: { field: string; rule: string }[] } };
}

test('create, read, update, look up by barcode', async () => {
  const res = await eng.api('/api/v1/products', { method: 'POST', json: { code: 'COCA-2L', barcode: '7751234000012', description: 'Coca Cola 2 L', priceUnit: 14.5, ...base } });
  assert.equal(res.status, 201);
  const created = (await body(res)).data;
  assert.equal(created.priceUnit, 14.5);
  const byId = await body(await eng.api(`/api/v1/products/${created.id}`));
  assert.equal(byId.data.description, 'Coca Cola 2 L');
  const upd = await eng.api(`/api/v1/products/${created.id}`, { method: 'PUT', json: { code: 'COCA-2L', barcode: '7751234000012', description: 'Coca-Cola 2 L', priceUnit: 15, ...base } });
  assert.equal(upd.status, 200);
  const look = await body(await eng.api('/api/v1/products/lookup?code=7751234000012'));
  assert.equal(look.data.description, 'Coca-Cola 2 L');
  assert.equal(look.data.priceUnit, 15);
  assert.equal((await eng.api('/api/v1/products/lookup?code=0000')).status, 404);
});

test('money fields: a string is 400 (no coercion), 3 decimals is 422, unknown fields are 400', async () => {
  const asString = await eng.api('/api/v1/products', { method: 'POST', json: { code: 'A1', description: 'x', priceUnit: '12.50', ...base } });
  assert.equal(asString.status, 400);
  assert.match((await body(asString)).detail!, /priceUnit: debe ser de tipo número/);
  const threeDec = await eng.api('/api/v1/products', { method: 'POST', json: { code: 'A1', description: 'x', priceUnit: 12.505, ...base } });
  assert.equal(threeDec.status, 422);
  const b = await body(threeDec);
  assert.equal(b.error!.fields![0]!.field, 'priceUnit');
  const unknown = await eng.api('/api/v1/products', { method: 'POST', json: { code: 'A1', description: 'x', priceUnit: 1, colour: 'red', ...base } });
  assert.equal(unknown.status, 400);
  assert.match((await body(unknown)).detail!, /colour: no es un campo admitido/);
  const outOfRange = await eng.api('/api/v1/products', { method: 'POST', json: { code: 'A1', description: 'x', priceUnit: 1, ...base, unitMeasure: 999 } });
  assert.equal(outOfRange.status, 422);
  const malformed = await eng.api('/api/v1/products', { method: 'POST', body: '{"code": ', headers: { 'content-type': 'application/json' } });
  assert.equal(malformed.status, 400);
  assert.match((await body(malformed)).detail!, /JSON válido/);
});

test('duplicate code → 409 naming the field', async () => {
  await eng.api('/api/v1/products', { method: 'POST', json: { code: 'DUP', description: 'x', priceUnit: 1, ...base } });
  const res = await eng.api('/api/v1/products', { method: 'POST', json: { code: 'DUP', description: 'y', priceUnit: 2, ...base } });
  assert.equal(res.status, 409);
  assert.match((await body(res)).detail!, /código DUP/);
});

test('CSV import creates and updates by code and reports bad lines', async () => {
  const csv = [
    'code,barcode,description,priceUnit,unitMeasure,activityEconomic,codeProductSin',
    'P-1,111,"Arroz, grano de oro 1 kg",9.50,22,471110,99100',
    'P-2,,Azúcar 1 kg,8,22,471110,99100',
    'P-3,,Sin precio,,22,471110,99100',
    'P-1,111,"Arroz ""extra"" 1 kg",10,22,471110,99100',
  ].join('\r\n');
  const res = await eng.api('/api/v1/products/import', { method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } });
  assert.equal(res.status, 200);
  const d = (await body(res)).data;
  assert.equal(d.created, 2);
  assert.equal(d.updated, 1);
  assert.equal(d.errors.length, 1);
  assert.equal(d.errors[0].line, 4);
  const p1 = (await body(await eng.api('/api/v1/products/lookup?code=P-1'))).data;
  assert.equal(p1.description, 'Arroz "extra" 1 kg');
  assert.equal(p1.priceUnit, 10);
  const badHeader = await eng.api('/api/v1/products/import', { method: 'POST', body: 'code,description\nx,y', headers: { 'content-type': 'text/csv' } });
  assert.equal(badHeader.status, 422);
  assert.match((await body(badHeader)).detail!, /Faltan columnas/);
});

test('pagination: defaults 0/20, page metadata, size 0/51, negative and non-numeric → 400', async () => {
  for (let i = 0; i < 23; i++) {
    await eng.api('/api/v1/products', { method: 'POST', json: { code: `PG-${String(i).padStart(2, '0')}`, description: `Paginado ${String(i).padStart(2, '0')}`, priceUnit: 1, ...base } });
  }
  const first = (await body(await eng.api('/api/v1/products?q=Paginado'))).data;
  assert.equal(first.page, 0);
  assert.equal(first.size, 20);
  assert.equal(first.content.length, 20);
  assert.equal(first.totalElements, 23);
  assert.equal(first.totalPages, 2);
  assert.equal(first.first, true);
  assert.equal(first.last, false);
  const second = (await body(await eng.api('/api/v1/products?q=Paginado&page=1'))).data;
  assert.equal(second.content.length, 3);
  assert.equal(second.last, true);
  assert.equal(second.first, false);
  const beyond = (await body(await eng.api('/api/v1/products?q=Paginado&page=9&size=50'))).data;
  assert.equal(beyond.content.length, 0);
  for (const qs of ['size=0', 'size=51', 'page=-1', 'page=abc', 'size=1.5']) {
    const res = await eng.api(`/api/v1/products?${qs}`);
    assert.equal(res.status, 400, qs);
    const b = await body(res);
    assert.equal(b.success, false);
    assert.match(b.detail!, /parámetro (page|size)/, qs);
  }
  const fifty = (await body(await eng.api('/api/v1/products?size=50'))).data;
  assert.equal(fifty.size, 50);
});

test('tenant isolation: another tenant cannot read, update or find these products', async () => {
  const mine = (await body(await eng.api('/api/v1/products', { method: 'POST', json: { code: 'MINE', barcode: '999', description: 'Mío', priceUnit: 1, ...base } }))).data;
  const other = eng.store.tenants.create({ nit: '3330001', razonSocial: 'AJENO' });
  const key = eng.store.apiKeys.create(other.id, 'k').key;
  assert.equal((await eng.api(`/api/v1/products/${mine.id}`, { key })).status, 404);
  assert.equal((await eng.api('/api/v1/products/lookup?code=999', { key })).status, 404);
  assert.equal((await eng.api(`/api/v1/products/${mine.id}`, { key, method: 'PUT', json: { code: 'X', description: 'x', priceUnit: 1, ...base } })).status, 404);
  const list = (await body(await eng.api('/api/v1/products', { key }))).data;
  assert.equal(list.totalElements, 0);
});

test('search: any part of code, barcode or description; accents and case ignored; every word must match; edits are searchable', async () => {
  const mk = (code: string, barcode: string | null, description: string) =>
    eng.api('/api/v1/products', { method: 'POST', json: { code, barcode, description, priceUnit: 5, ...base } });
  await mk('SRCH-CAFE', '7790001112223', 'Café Andina molido 250 g');
  await mk('SRCH-CAFE2', null, 'CAFE LA PAZ 500 g');
  await mk('SRCH-TE', null, 'Té verde Windsor x25');
  const q = async (term: string) =>
    ((await body(await eng.api(`/api/v1/products?q=${encodeURIComponent(term)}`))).data as { totalElements: number; content: { code: string }[] });
  assert.deepEqual((await q('cafe')).content.map((p) => p.code).sort(), ['SRCH-CAFE', 'SRCH-CAFE2']);
  assert.deepEqual((await q('ANDINA molido')).content.map((p) => p.code), ['SRCH-CAFE']);
  assert.deepEqual((await q('andina paz')).content, [], 'every word must appear');
  assert.deepEqual((await q('0001112')).content.map((p) => p.code), ['SRCH-CAFE'], 'inside a barcode');
  assert.deepEqual((await q('té')).content.map((p) => p.code), ['SRCH-TE'], 'a two-letter word still finds');
  assert.deepEqual((await q('SRCH-CAFE')).content[0]!.code, 'SRCH-CAFE', 'the exact code first');
  const te = (await body(await eng.api('/api/v1/products/lookup?code=SRCH-TE'))).data;
  await eng.api(`/api/v1/products/${te.id}`, { method: 'PUT', json: { code: 'SRCH-TE', description: 'Mate yungueño x25', priceUnit: 5, ...base } });
  assert.equal((await q('windsor')).totalElements, 0, 'the old description is gone from the index');
  assert.deepEqual((await q('yungueno')).content.map((p) => p.code), ['SRCH-TE']);
});

test('search past 1,000 matches reads 1,000 and says so; the exact code still comes first', async () => {
  const tenant = eng.store.tenants.byNit('7000123019')!;
  eng.store.db.transaction(() => {
    for (let i = 0; i < 1005; i++) {
      eng.store.products.create(tenant.id, { code: `MANY-${i}`, barcode: null, description: `Galleta surtida ${i}`, priceCents: 100, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' });
    }
  })();
  const res = await body(await eng.api('/api/v1/products?q=galleta&size=5'));
  assert.equal(res.data.totalElements, 1000);
  assert.equal(res.data.truncated, true);
  assert.match(res.message!, /refine la búsqueda/);
  const exact = await body(await eng.api('/api/v1/products?q=MANY-1004&size=5'));
  assert.equal(exact.data.content[0].code, 'MANY-1004');
  const narrow = await body(await eng.api('/api/v1/products?q=galleta%201004'));
  assert.equal(narrow.data.truncated, false);
  assert.deepEqual(narrow.data.content.map((p: { code: string }) => p.code), ['MANY-1004']);
});
