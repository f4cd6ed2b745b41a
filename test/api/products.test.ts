import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { IMPORT_CHUNK_ROWS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../main/api/routes/products';
import { SCOPES } from '../../shared/api-scopes';
import { sqliteConnection } from '../../main/store/store';

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

// Walk of 28/11 (session 15): a price list saved by an es-BO spreadsheet (';' between columns)
// had «1.500» imported as Bs 1,50 and «1.234,56» refused as no price.
test('CSV import from an es-BO spreadsheet: prices read as written; an ambiguous one is refused, never guessed', async () => {
  const es = [
    'code;barcode;description;priceUnit;unitMeasure;activityEconomic;codeProductSin',
    'ES-1;;Televisor 32 pulgadas;1.500;58;471110;99100',
    'ES-2;;Refrigerador;1.234,56;58;471110;99100',
    'ES-3;;Pan;0,5;58;471110;99100',
  ].join('\r\n');
  const res = await eng.api('/api/v1/products/import', { method: 'POST', body: es, headers: { 'content-type': 'text/csv' } });
  assert.equal(res.status, 200);
  assert.deepEqual((await body(res)).data.errors, []);
  const price = async (code: string) => (await body(await eng.api(`/api/v1/products/lookup?code=${code}`))).data.priceUnit;
  assert.deepEqual([await price('ES-1'), await price('ES-2'), await price('ES-3')], [1500, 1234.56, 0.5]);
  // A comma-separated file has a decimal point: «1.500» there is three decimals or mil quinientos.
  const en = ['code,barcode,description,priceUnit,unitMeasure,activityEconomic,codeProductSin', 'EN-1,,Licuadora,1.500,58,471110,99100', 'EN-2,,Tostadora,"1,250.50",58,471110,99100'].join('\r\n');
  const d = (await body(await eng.api('/api/v1/products/import', { method: 'POST', body: en, headers: { 'content-type': 'text/csv' } }))).data;
  assert.equal(d.created, 1);
  assert.deepEqual(
    d.errors.map((e: { line: number; message: string }) => e.line),
    [2],
  );
  assert.match(d.errors[0].message, /«1\.500» puede leerse de dos maneras/);
  assert.equal(await price('EN-2'), 1250.5);
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
  const key = eng.store.apiKeys.create(other.id, 'k', SCOPES).key;
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
  sqliteConnection(eng.store).transaction(() => {
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

describe('CSV import: one tenant cannot stall the others (issue #19, finding 7)', () => {
  const HEADER = 'code,barcode,description,priceUnit,unitMeasure,activityEconomic,codeProductSin';
  const csvOf = (rows: number, description = (i: number) => `Producto ${i}, presentación de 1 kg`) =>
    [HEADER, ...Array.from({ length: rows }, (_, i) => `IMP-${i},${7750000000000 + i},"${description(i)}",${(i % 500) + 1}.50,57,471110,99100`)].join('\n');
  const importCsv = (csv: string, key: string) => eng.api('/api/v1/products/import', { key, method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } });
  let nit = 3340000;
  function tenant() {
    const t = eng.store.tenants.create({ nit: String(++nit), razonSocial: `TIENDA ${nit}` });
    return { id: t.id, key: eng.store.apiKeys.create(t.id, 'k', SCOPES).key };
  }
  const productCount = (tenantId: string) => (sqliteConnection(eng.store).prepare('SELECT COUNT(*) n FROM products WHERE tenant_id = ?').get(tenantId) as { n: number }).n;
  /** Resolves once the import has committed its first rows, i.e. while it is under way. */
  async function underWay(tenantId: string, finished: () => boolean) {
    while (productCount(tenantId) === 0 && !finished()) await new Promise((r) => setImmediate(r));
  }

  test("another tenant's GET /api/v1/pos is answered while an import near the cap is still running", async () => {
    const importer = tenant();
    const other = tenant();
    const rows = IMPORT_MAX_ROWS - 1;
    const done: string[] = [];
    let importedWhenPosAnswered = -1;
    const imp = importCsv(csvOf(rows), importer.key).then((r) => (done.push('import'), r));
    await underWay(importer.id, () => done.includes('import'));
    const pos = eng.api('/api/v1/pos', { key: other.key }).then((r) => {
      importedWhenPosAnswered = productCount(importer.id);
      done.push('pos');
      return r;
    });
    const [ri, rp] = await Promise.all([imp, pos]);
    assert.equal(rp.status, 200);
    assert.equal(ri.status, 200);
    assert.deepEqual(done, ['pos', 'import'], 'the other tenant was answered first');
    assert.ok(importedWhenPosAnswered < rows, `the import had ${importedWhenPosAnswered} of ${rows} rows when /pos answered`);
    const d = (await body(ri)).data;
    assert.deepEqual([d.created, d.updated, d.errors], [rows, 0, []]);
    assert.equal(productCount(importer.id), rows);
  });

  test('an import over the cap is 413 in Spanish and imports nothing: by rows, and by size', async () => {
    const t = tenant();
    const tooManyRows = await importCsv(csvOf(IMPORT_MAX_ROWS + 1), t.key);
    assert.equal(tooManyRows.status, 413);
    const b = await body(tooManyRows);
    assert.equal(b.error!.code, 'PAYLOAD_TOO_LARGE');
    assert.match(b.detail!, /más de 20\.000 filas: el máximo por importación es 20\.000 filas y 5 MB\. Divida el archivo en partes; no se importó nada/);
    assert.equal(productCount(t.id), 0);

    // Few rows, long descriptions: over 5 MB before the row cap is near.
    const big = csvOf(Math.ceil(IMPORT_MAX_BYTES / 300), (i) => `Producto ${i} `.padEnd(300, 'x'));
    assert.ok(Buffer.byteLength(big) > IMPORT_MAX_BYTES);
    const tooBig = await importCsv(big, t.key);
    assert.equal(tooBig.status, 413);
    const bb = await body(tooBig);
    assert.equal(bb.success, false);
    assert.match(bb.detail!, /El archivo CSV supera 5 MB: el máximo por importación es 20\.000 filas y 5 MB/);
    assert.equal(productCount(t.id), 0);
  });

  test('text/csv is refused with 415 on every other route', async () => {
    const t = tenant();
    for (const path of ['/api/v1/invoices', '/api/v1/products']) {
      const res = await eng.api(path, { key: t.key, method: 'POST', body: `${HEADER}\nX,,x,1,57,471110,99100`, headers: { 'content-type': 'text/csv' } });
      assert.equal(res.status, 415, path);
      assert.match((await body(res)).detail!, /Tipo de contenido no admitido: text\/csv/, path);
    }
    assert.equal(productCount(t.id), 0);
  });

  test('a second import of the same tenant while one runs is 409; the first completes', async () => {
    const t = tenant();
    let finished = false;
    const first = importCsv(csvOf(IMPORT_CHUNK_ROWS * 8), t.key).then((r) => ((finished = true), r));
    await underWay(t.id, () => finished);
    const second = await importCsv(csvOf(3), t.key);
    assert.equal(second.status, 409);
    assert.match((await body(second)).detail!, /Ya hay una importación de productos en curso/);
    assert.equal((await first).status, 200);
    assert.equal(productCount(t.id), IMPORT_CHUNK_ROWS * 8);
  });

  test('chunked import: codes repeated across chunks update, bad lines and barcode clashes are reported in line order', async () => {
    const t = tenant();
    const lines = csvOf(IMPORT_CHUNK_ROWS * 2 + 100).split('\n');
    // lines[k] is file line k+1. Line 703 repeats line 12's code (another chunk), line 1003 has no
    // price, line 1053 takes line 22's barcode; then two blank lines before line 601 move the
    // last two to 1005 and 1055 (blank lines count for line numbers, not as rows).
    lines[702] = `IMP-10,7750000000010,Actualizado en otro bloque,99,57,471110,99100`;
    lines[1002] = `IMP-1000,,Sin precio,,57,471110,99100`;
    lines[1052] = `IMP-1050,7750000000020,Choca con IMP-20,5,57,471110,99100`;
    lines.splice(600, 0, '', ' , ');
    const res = await importCsv(lines.join('\r\n'), t.key);
    assert.equal(res.status, 200);
    const d = (await body(res)).data;
    assert.equal(d.updated, 1);
    assert.equal(d.created, IMPORT_CHUNK_ROWS * 2 + 100 - 3);
    assert.deepEqual(
      d.errors.map((e: { line: number }) => e.line),
      [1005, 1055],
    );
    assert.match(d.errors[0].message, /priceUnit/);
    assert.match(d.errors[1].message, /código de barras 7750000000020/);
    const p10 = (await body(await eng.api('/api/v1/products/lookup?code=IMP-10', { key: t.key }))).data;
    assert.equal(p10.description, 'Actualizado en otro bloque');
    assert.equal(p10.priceUnit, 99);
  });
});
