// Seed 001 "Branch offices" over real HTTP: the sector envelope, CRUD, the rules of closing a
// branch, validation and tenant isolation.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { assertEnvelopeFailure } from '../fixtures/envelope-style';
import { SCOPES } from '../../shared/api-scopes';
import { sqliteConnection } from '../../main/store/store';

let eng: TestEngine;
let tenantId: string;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const branch = (over: Record<string, unknown> = {}) => ({
  name: 'Sucursal Sopocachi',
  municipality: 'La Paz',
  address: 'Av. 20 de Octubre 2145',
  city: 'La Paz',
  phone: '2418765',
  description: 'Tienda de barrio',
  ...over,
});

async function call(path: string, init: RequestInit & { key?: string | null; json?: unknown } = {}) {
  const res = await eng.api(path, init);
  return { status: res.status, body: (await res.json()) as any };
}
const create = (body: unknown, key?: string) => call('/api/v1/branchOffice', { method: 'POST', json: body, ...(key ? { key } : {}) });

const assertFailure = assertEnvelopeFailure;

before(async () => {
  eng = await startTestEngine({}, undefined, { scheduler: false });
  tenantId = eng.store.tenants.byNit('7000123019')!.id;
});
after(async () => {
  await eng.stop();
});

describe('branch offices', () => {
  test('the list starts with the casa matriz (code 0) and its point of sale, in the sector envelope', async () => {
    const r = await call('/api/v1/branchOffice');
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ['data', 'errors', 'message', 'success']);
    assert.equal(r.body.message, 'COMPLETED');
    assert.equal(r.body.errors, null);
    assert.equal(r.body.success, true);
    const main = r.body.data[0];
    assert.deepEqual(Object.keys(main).sort(), ['address', 'branchId', 'branchUuid', 'city', 'description', 'municipality', 'name', 'phone', 'pos', 'siatCode']);
    assert.equal(main.siatCode, 0);
    assert.equal(main.name, 'CASA MATRIZ');
    assert.equal(main.pos.length, 1);
    assert.deepEqual(Object.keys(main.pos[0]).sort(), ['code', 'id', 'name']);
    assert.match(main.pos[0].id, UUID_RE);
    assert.equal(main.pos[0].code, 0);
    // The same point of sale the API-key style lists.
    const pos = (await call('/api/v1/pos')).body.data[0];
    assert.equal(main.pos[0].id, pos.id);
    assert.equal(main.branchId, pos.branchId);
  });

  test('create, read, update and close a branch; a closed branch leaves the list and its code is never reused', async () => {
    const created = await create(branch({ name: '  Sucursal Miraflores ' }));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.message, 'COMPLETED');
    const b = created.body.data;
    assert.equal(b.name, 'Sucursal Miraflores', 'trimmed');
    assert.equal(typeof b.branchId, 'number');
    assert.ok(b.siatCode >= 1);
    assert.deepEqual(b.pos, []);

    const read = await call(`/api/v1/branchOffice/${b.branchId}`);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.data, b);
    assert.ok((await call('/api/v1/branchOffice')).body.data.some((x: any) => x.branchId === b.branchId));

    // posId is accepted for the seed's clients and changes nothing.
    const updated = await call('/api/v1/branchOffice', {
      method: 'PUT',
      json: { ...branch({ name: 'Sucursal Miraflores Norte', phone: '' }), branchId: b.branchId, posId: 3 },
    });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.equal(updated.body.data.name, 'Sucursal Miraflores Norte');
    assert.equal(updated.body.data.phone, '');
    assert.equal(updated.body.data.siatCode, b.siatCode, 'the SIAT code never changes');
    assert.deepEqual((await call(`/api/v1/branchOffice/${b.branchId}`)).body.data, updated.body.data);

    const closed = await call(`/api/v1/branchOffice/${b.branchId}`, { method: 'DELETE' });
    assert.equal(closed.status, 200, JSON.stringify(closed.body));
    assert.equal(closed.body.message, 'COMPLETED');
    assert.equal(closed.body.data.branchId, b.branchId);
    assert.equal(closed.body.data.siatCode, b.siatCode);
    assert.equal(closed.body.data.siatCafc, null);
    assert.equal(closed.body.data.name, 'Sucursal Miraflores Norte');

    assertFailure(await call(`/api/v1/branchOffice/${b.branchId}`), 404, 'NOT_FOUND');
    assert.ok(!(await call('/api/v1/branchOffice')).body.data.some((x: any) => x.branchId === b.branchId));
    assertFailure(await call('/api/v1/branchOffice', { method: 'PUT', json: { ...branch(), branchId: b.branchId } }), 404, 'NOT_FOUND');
    assertFailure(await call(`/api/v1/branchOffice/${b.branchId}`, { method: 'DELETE' }), 404, 'NOT_FOUND');
    // Fiscal data is never deleted: the row stays, closed.
    const row = sqliteConnection(eng.store).prepare('SELECT closed_at FROM branches WHERE id = ?').get(b.branchId) as { closed_at: string | null };
    assert.ok(row.closed_at);

    // The next branch gets a new code, not the closed one's (SIAT's padrón and old invoices refer to it).
    const next = await create(branch({ name: 'Sucursal El Alto', municipality: 'El Alto', city: 'El Alto' }));
    assert.equal(next.status, 201);
    assert.equal(next.body.data.siatCode, b.siatCode + 1);
  });

  test('the casa matriz cannot be deleted', async () => {
    const main = (await call('/api/v1/branchOffice')).body.data[0];
    const r = await call(`/api/v1/branchOffice/${main.branchId}`, { method: 'DELETE' });
    assertFailure(r, 409, 'CONFLICT');
    assert.match(r.body.errors[0].message, /casa matriz \(código de sucursal 0, "CASA MATRIZ"\) no se puede eliminar/);
    assert.equal((await call('/api/v1/branchOffice')).body.data[0].branchId, main.branchId);
    // It can be renamed, though, and still not deleted.
    const renamed = await call('/api/v1/branchOffice', { method: 'PUT', json: { ...branch({ name: 'Casa Matriz Centro' }), branchId: main.branchId } });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.data.siatCode, 0);
    assertFailure(await call(`/api/v1/branchOffice/${main.branchId}`, { method: 'DELETE' }), 409, 'CONFLICT');
    await call('/api/v1/branchOffice', { method: 'PUT', json: { ...branch({ name: 'CASA MATRIZ' }), branchId: main.branchId } });
  });

  test('a branch with an open point of sale, or with a contingency event not settled with SIAT, is not closed', async () => {
    const b = (await create(branch({ name: 'Sucursal Cala Cala', municipality: 'Cochabamba', city: 'Cochabamba' }))).body.data;
    // Points of sale are registered with SIAT (POST /api/v1/pos, test/api/pos-registration.test.ts),
    // not through this API; here one is written directly. Code 1: PV 0 is the branch itself and
    // never blocks closing it.
    const posId = randomUUID();
    sqliteConnection(eng.store)
      .prepare(`INSERT INTO points_of_sale (id, tenant_id, branch_id, code, name, created_at) VALUES (?, ?, ?, 1, 'Caja 1', ?)`)
      .run(posId, tenantId, b.branchId, new Date().toISOString());
    const read = await call(`/api/v1/branchOffice/${b.branchId}`);
    assert.deepEqual(read.body.data.pos, [{ id: posId, code: 1, name: 'Caja 1' }]);
    const r = await call(`/api/v1/branchOffice/${b.branchId}`, { method: 'DELETE' });
    assertFailure(r, 409, 'CONFLICT');
    assert.match(r.body.errors[0].message, /1 punto\(s\) de venta abierto\(s\); ciérrelos primero/);

    // Point of sale closed, but its contingency event is not settled with SIAT yet.
    sqliteConnection(eng.store).prepare('UPDATE points_of_sale SET closed_at = ? WHERE id = ?').run(new Date().toISOString(), posId);
    const contingencyId = randomUUID();
    sqliteConnection(eng.store)
      .prepare(
        `INSERT INTO contingency_events (id, tenant_id, pos_id, codigo_motivo, descripcion, fecha_inicio, cufd_evento, state, created_at, updated_at)
         VALUES (?, ?, ?, 1, 'corte de internet', '2026-01-01T10:00:00.000', 'CUFD', 'ACTIVE', ?, ?)`,
      )
      .run(contingencyId, tenantId, posId, new Date().toISOString(), new Date().toISOString());
    const unsent = await call(`/api/v1/branchOffice/${b.branchId}`, { method: 'DELETE' });
    assertFailure(unsent, 409, 'CONFLICT');
    assert.match(unsent.body.errors[0].message, /no resueltos con SIAT/);

    sqliteConnection(eng.store).prepare(`UPDATE contingency_events SET state = 'CLOSED' WHERE id = ?`).run(contingencyId);
    const done = await call(`/api/v1/branchOffice/${b.branchId}`, { method: 'DELETE' });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.deepEqual(done.body.data.pos, []);
  });

  test('a name another open branch has is a conflict (a retried POST does not register the branch twice)', async () => {
    const first = await create(branch({ name: 'Sucursal Equipetrol', municipality: 'Santa Cruz de la Sierra', city: 'Santa Cruz' }));
    assert.equal(first.status, 201);
    const again = await create(branch({ name: 'sucursal EQUIPETROL ', municipality: 'Santa Cruz de la Sierra', city: 'Santa Cruz' }));
    assertFailure(again, 409, 'CONFLICT');
    assert.match(again.body.errors[0].message, /Ya existe la sucursal \d+ con el nombre "Sucursal Equipetrol"/);
    const other = await create(branch({ name: 'Sucursal Urbarí', municipality: 'Santa Cruz de la Sierra', city: 'Santa Cruz' }));
    const rename = await call('/api/v1/branchOffice', { method: 'PUT', json: { ...branch({ name: 'Sucursal Equipetrol' }), branchId: other.body.data.branchId } });
    assertFailure(rename, 409, 'CONFLICT');
    // Keeping its own name is not a clash.
    const same = await call('/api/v1/branchOffice', { method: 'PUT', json: { ...branch({ name: 'Sucursal Urbarí', phone: '3' }), branchId: other.body.data.branchId } });
    assert.equal(same.status, 200);
  });
});

describe('validation and errors in the sector envelope', () => {
  test('a missing field is 400 naming it', async () => {
    const { phone: _phone, ...noPhone } = branch();
    const r = await create(noPhone);
    assertFailure(r, 400, 'BAD_REQUEST');
    assert.deepEqual(r.body.errors, [{ field: 'phone', message: 'es obligatorio' }]);
  });

  test('an unknown field is 400, not ignored (siatCode is assigned by the service)', async () => {
    const r = await create(branch({ siatCode: 7 }));
    assertFailure(r, 400, 'BAD_REQUEST');
    assert.deepEqual(r.body.errors, [{ field: 'siatCode', message: 'no es un campo admitido' }]);
  });

  test('a wrong type is 400', async () => {
    const r = await create(branch({ phone: 2418765, name: null }));
    assertFailure(r, 400, 'BAD_REQUEST');
    assert.deepEqual(r.body.errors.map((e: any) => e.field).sort(), ['name', 'phone']);
    assert.ok(r.body.errors.some((e: any) => e.field === 'phone' && e.message === 'debe ser de tipo texto'));
  });

  test('an empty or blank required text is 422; too long is 422', async () => {
    const empty = await create(branch({ name: '' }));
    assertFailure(empty, 422, 'VALIDATION_FAILED');
    assert.deepEqual(empty.body.errors, [{ field: 'name', message: 'debe tener al menos 1 caracteres' }]);
    const blank = await create(branch({ address: '   ', city: ' ' }));
    assertFailure(blank, 422, 'VALIDATION_FAILED');
    assert.deepEqual(blank.body.errors, [
      { field: 'address', message: 'no puede estar en blanco' },
      { field: 'city', message: 'no puede estar en blanco' },
    ]);
    assertFailure(await create(branch({ description: 'x'.repeat(501) })), 422, 'VALIDATION_FAILED');
  });

  test('update without branchId, or with a posId that is not an integer, is 400', async () => {
    const r = await call('/api/v1/branchOffice', { method: 'PUT', json: branch() });
    assertFailure(r, 400, 'BAD_REQUEST');
    assert.deepEqual(r.body.errors, [{ field: 'branchId', message: 'es obligatorio' }]);
    const main = (await call('/api/v1/branchOffice')).body.data[0];
    const p = await call('/api/v1/branchOffice', { method: 'PUT', json: { ...branch(), branchId: main.branchId, posId: '0' } });
    assertFailure(p, 400, 'BAD_REQUEST');
    assert.equal(p.body.errors[0].field, 'posId');
  });

  test('a branchId that is not a positive integer is 400; an unknown one is 404', async () => {
    const bad = await call('/api/v1/branchOffice/abc');
    assertFailure(bad, 400, 'BAD_REQUEST');
    assert.equal(bad.body.errors[0].field, 'branchId');
    assertFailure(await call('/api/v1/branchOffice/0', { method: 'DELETE' }), 400, 'BAD_REQUEST');
    const missing = await call('/api/v1/branchOffice/999999');
    assertFailure(missing, 404, 'NOT_FOUND');
    assert.match(missing.body.errors[0].message, /Sucursal 999999 no encontrada/);
  });

  test('malformed JSON is 400 in the sector envelope', async () => {
    const res = await eng.api('/api/v1/branchOffice', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    const body = await res.json();
    assertFailure({ status: res.status, body }, 400, 'BAD_REQUEST');
    assert.deepEqual(body.errors, [{ message: 'El cuerpo no es JSON válido' }]);
  });

  test('without a key, or with an unknown one, the answer is 401 in the sector envelope', async () => {
    const none = await call('/api/v1/branchOffice', { key: null });
    assertFailure(none, 401, 'UNAUTHORIZED');
    assert.deepEqual(none.body.errors, [{ message: 'Falta la cabecera X-API-Key' }]);
    assertFailure(await call('/api/v1/branchOffice', { key: 'kipu_abcdefgh_NoEsUnaClaveValida0000' }), 401, 'UNAUTHORIZED');
    assertFailure(await create(branch(), 'kipu_abcdefgh_NoEsUnaClaveValida0000'), 401, 'UNAUTHORIZED');
  });
});

test('the API-key style keeps its own envelope next to the sector style', async () => {
  const res = await eng.api('/api/v1/pos', { key: null });
  const body = (await res.json()) as any;
  assert.equal(res.status, 401);
  assert.equal(body.success, false);
  assert.equal(body.error.code, 'UNAUTHORIZED');
  assert.equal(body.detail, 'Falta la cabecera X-API-Key');
  assert.equal(body.errors, undefined);
  const bad = (await (await eng.api('/api/v1/invoices?size=51')).json()) as any;
  assert.equal(bad.error.code, 'BAD_REQUEST');
  assert.equal(bad.error.fields[0].field, 'size');
});

describe('tenant isolation', () => {
  test("another tenant's key neither sees nor changes this tenant's branches", async () => {
    const mine = (await create(branch({ name: 'Sucursal Privada' }))).body.data;
    const other = eng.store.tenants.create({ nit: '6660101', razonSocial: 'OTRA TIENDA', municipio: 'Sucre', direccion: 'Calle Bolívar 1' });
    const key = eng.store.apiKeys.create(other.id, 'k', SCOPES).key;

    const list = await call('/api/v1/branchOffice', { key });
    assert.equal(list.status, 200);
    assert.equal(list.body.data.length, 1);
    assert.equal(list.body.data[0].siatCode, 0);
    assert.equal(list.body.data[0].municipality, 'Sucre');
    assert.notEqual(list.body.data[0].branchId, mine.branchId);

    assertFailure(await call(`/api/v1/branchOffice/${mine.branchId}`, { key }), 404, 'NOT_FOUND');
    assertFailure(await call('/api/v1/branchOffice', { key, method: 'PUT', json: { ...branch({ name: 'Robada' }), branchId: mine.branchId } }), 404, 'NOT_FOUND');
    assertFailure(await call(`/api/v1/branchOffice/${mine.branchId}`, { key, method: 'DELETE' }), 404, 'NOT_FOUND');
    assert.equal((await call(`/api/v1/branchOffice/${mine.branchId}`)).body.data.name, 'Sucursal Privada', 'untouched');

    // Codes and names are per tenant.
    const theirs = await create(branch({ name: 'Sucursal Privada' }), key);
    assert.equal(theirs.status, 201);
    assert.equal(theirs.body.data.siatCode, 1);
  });
});

test('every branch-office route is in the OpenAPI document with its tag', async () => {
  const spec = (await (await eng.api('/docs/json', { key: null })).json()) as { paths: Record<string, Record<string, { tags?: string[] }>> };
  const ops = [
    spec.paths['/api/v1/branchOffice']?.post,
    spec.paths['/api/v1/branchOffice']?.get,
    spec.paths['/api/v1/branchOffice']?.put,
    spec.paths['/api/v1/branchOffice/{branchId}']?.get,
    spec.paths['/api/v1/branchOffice/{branchId}']?.delete,
  ];
  for (const op of ops) assert.deepEqual(op?.tags, ['Sucursales (estilo sectorial)']);
});
