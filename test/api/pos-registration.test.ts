// Registering and closing points of sale with SIAT (POST /api/v1/pos, DELETE /api/v1/pos/{id};
// CONTRACT §2.3) over real HTTP, against the embedded simulator in training mode: SIAT's code is
// the one stored, SIAT's rejections arrive unchanged, nothing is stored without SIAT, a closed
// point of sale leaves the lists and stops issuing while its invoices stay readable.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { SIAT_MESSAGES } from '../../main/siat/messages';
import { SCOPES } from '../../shared/api-scopes';
import { sqliteConnection } from '../../main/store/store';
import { saleRequest } from '../fixtures/issued-invoice';

const NIT = '7000123019';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let eng: TestEngine;
let tenantId: string;
let mainBranchId: number;

async function call(path: string, init: RequestInit & { key?: string | null; json?: unknown } = {}) {
  const res = await eng.api(path, init);
  return { status: res.status, body: (await res.json()) as any };
}

const register = (body: Record<string, unknown>, key?: string) => call('/api/v1/pos', { method: 'POST', json: body, ...(key ? { key } : {}) });
const closePos = (id: string, key?: string) => call(`/api/v1/pos/${id}`, { method: 'DELETE', ...(key ? { key } : {}) });
const listPos = async (key?: string) => (await call('/api/v1/pos', key ? { key } : {})).body.data as any[];
const branchPos = async (branchId: number) => (await call(`/api/v1/branchOffice/${branchId}`)).body.data.pos as any[];

const newPos = (over: Record<string, unknown> = {}) => ({
  branchId: mainBranchId,
  name: 'Caja 2',
  description: 'Caja rápida junto a la entrada',
  type: 5,
  ...over,
});

const newBranch = (name: string) => ({
  name,
  municipality: 'La Paz',
  address: 'Calle 21 de Calacoto 8050',
  city: 'La Paz',
  phone: '2771234',
  description: 'Tienda de prueba',
});

async function simAdmin(path: string, body: unknown = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${eng.simulator!.adminUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

/** Points of sale Kipu stores for the tenant, open or closed. */
const storedCount = () => (sqliteConnection(eng.store).prepare('SELECT COUNT(*) n FROM points_of_sale WHERE tenant_id = ?').get(tenantId) as { n: number }).n;
/** Points of sale the simulator (SIAT) knows. */
const simCount = () => (eng.simulator!.state.db.prepare('SELECT COUNT(*) n FROM points_of_sale').get() as { n: number }).n;


before(async () => {
  eng = await startTestEngine({}, undefined, { scheduler: false, siatTimeouts: { saleMs: 1500, defaultMs: 1500 } });
  tenantId = eng.store.tenants.byNit(NIT)!.id;
  mainBranchId = (await call('/api/v1/branchOffice')).body.data[0].branchId;
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
});
after(async () => {
  await simAdmin('/reset-faults');
  await eng.stop();
});

describe('registering a point of sale', () => {
  test('on the casa matriz: stored with the code SIAT returns, listed by GET /api/v1/pos and under its branch', async () => {
    const r = await register(newPos({ name: '  Caja 2 ' }));
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.success, true);
    const pos = r.body.data;
    assert.deepEqual(Object.keys(pos).sort(), ['branchCode', 'branchId', 'code', 'defaultInvoiceType', 'id', 'name', 'type']);
    assert.match(pos.id, UUID_RE);
    assert.equal(pos.branchId, mainBranchId);
    assert.equal(pos.branchCode, 0);
    assert.equal(pos.name, 'Caja 2', 'trimmed');
    assert.equal(pos.type, 5);
    assert.ok(pos.code >= 1);
    assert.match(r.body.message, new RegExp(`Punto de venta ${pos.code} registrado en SIAT`));

    // The code is SIAT's: the simulator registered exactly this point of sale.
    const inSiat = eng.simulator!.state.pointOfSale(NIT, 0, pos.code);
    assert.deepEqual(inSiat, { nombre: 'Caja 2', tipo: 5, closed: 0 });
    const row = sqliteConnection(eng.store).prepare('SELECT tipo, closed_at FROM points_of_sale WHERE id = ?').get(pos.id) as { tipo: number; closed_at: string | null };
    assert.deepEqual(row, { tipo: 5, closed_at: null });

    const { type: _type, ...listed } = pos;
    // GET /pos adds the branch's UUID (the contingency events' branchId, issue 28).
    const { branchUuid, ...inList } = (await listPos()).find((p) => p.id === pos.id);
    assert.match(branchUuid, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-/);
    assert.deepEqual(inList, listed);
    assert.deepEqual((await branchPos(mainBranchId)).find((p) => p.id === pos.id), { id: pos.id, code: pos.code, name: 'Caja 2' });

    // SIAT hands out the next code; the first point of sale of the list is still PV 0.
    const second = await register(newPos({ name: 'Caja 3', type: 2 }));
    assert.equal(second.status, 201);
    assert.equal(second.body.data.code, pos.code + 1);
    assert.equal((await listPos())[0].code, 0);
  });

  test('on a new branch: created with POST /api/v1/branchOffice, which in training adds it to the simulated padrón', async () => {
    const b = (await call('/api/v1/branchOffice', { method: 'POST', json: newBranch('Sucursal Calacoto') })).body.data;
    assert.ok(b.siatCode >= 1);
    assert.deepEqual(eng.simulator!.state.branch(NIT, b.siatCode), { direccion: 'CALLE 21 DE CALACOTO 8050', municipio: 'La Paz' });

    const r = await register(newPos({ branchId: b.branchId, name: 'Caja móvil', description: 'Venta en ferias', type: 3 }));
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.data.branchId, b.branchId);
    assert.equal(r.body.data.branchCode, b.siatCode);
    assert.equal(r.body.data.code, 1, 'the first point of sale SIAT registers after the branch itself');
    assert.equal(eng.simulator!.state.pointOfSale(NIT, b.siatCode, 1)?.nombre, 'Caja móvil');

    // PV 0 (the branch itself) was recorded to hold the CUIS registroPuntoVenta needs.
    const pos = await branchPos(b.branchId);
    assert.deepEqual(pos.map((p) => p.code), [0, 1]);
    assert.equal(pos[0].name, 'Caja principal');
    assert.ok(eng.codes.currentCuis(tenantId, pos[0].id), 'CUIS of the branch’s PV 0');
    assert.ok((await listPos()).some((p) => p.id === r.body.data.id));
  });

  test('a branch missing from SIAT’s padrón: SIAT’s 918 arrives unchanged; once the padrón has it (/admin/branch) it registers', async () => {
    // Created behind the API's back, so the training hook does not add it to the padrón.
    const b = eng.store.branches.create(tenantId, { ...newBranch('Sucursal Fuera Del Padrón'), phone: '', description: '' });
    const before = simCount();
    const r = await register(newPos({ branchId: b.id }));
    assert.equal(r.status, 422, JSON.stringify(r.body));
    assert.equal(r.body.error.code, 'SIAT_REJECTED');
    assert.equal(r.body.error.siatCode, 918);
    assert.deepEqual(r.body.error.siatMessages, [{ codigo: 918, descripcion: SIAT_MESSAGES[918] }]);
    assert.equal(r.body.detail, `SIAT 918: ${SIAT_MESSAGES[918]}`);
    assert.equal(simCount(), before);
    assert.ok(!(await branchPos(b.id)).some((p) => p.code !== 0), 'no point of sale stored');

    assert.equal((await simAdmin('/branch', { codigoSucursal: 'x' })).status, 400);
    assert.equal((await simAdmin('/branch', { nit: 123, codigoSucursal: b.codigoSucursal })).status, 404);
    const added = await simAdmin('/branch', { codigoSucursal: b.codigoSucursal, direccion: 'AV. BUSCH 1234', municipio: 'La Paz' });
    assert.equal(added.status, 200);
    assert.ok(added.body.branches.some((x: any) => x.codigo_sucursal === b.codigoSucursal && x.direccion === 'AV. BUSCH 1234'));

    const ok = await register(newPos({ branchId: b.id }));
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.body.data.branchCode, b.codigoSucursal);
  });

  test('a body with a missing, unknown or mistyped field is 400; a value out of range or blank is 422; nothing reaches SIAT', async () => {
    const before = { stored: storedCount(), siat: simCount() };
    const { type: _t, ...noType } = newPos();
    const missing = await register(noType);
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.body.error.fields.map((f: any) => [f.field, f.message]), [['type', 'es obligatorio']]);
    const unknown = await register(newPos({ code: 7 }));
    assert.equal(unknown.status, 400);
    assert.deepEqual(unknown.body.error.fields.map((f: any) => [f.field, f.message]), [['code', 'no es un campo admitido']]);
    const mistyped = await register(newPos({ type: '5', branchId: String(mainBranchId) }));
    assert.equal(mistyped.status, 400);
    assert.deepEqual(mistyped.body.error.fields.map((f: any) => f.field).sort(), ['branchId', 'type']);

    for (const [over, field] of [
      [{ type: 0 }, 'type'],
      [{ type: 7 }, 'type'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ description: '' }, 'description'],
      [{ description: 'x'.repeat(501) }, 'description'],
      [{ branchId: 0 }, 'branchId'],
    ] as const) {
      const r = await register(newPos(over));
      assert.equal(r.status, 422, JSON.stringify(over));
      assert.equal(r.body.error.code, 'VALIDATION_FAILED');
      assert.equal(r.body.error.fields[0].field, field);
    }
    const blank = await register(newPos({ name: '   ', description: ' ' }));
    assert.equal(blank.status, 422);
    assert.deepEqual(blank.body.error.fields.map((f: any) => [f.field, f.message]), [
      ['name', 'no puede estar en blanco'],
      ['description', 'no puede estar en blanco'],
    ]);
    assert.deepEqual({ stored: storedCount(), siat: simCount() }, before);
  });

  test('an unknown or closed branch is 404', async () => {
    const unknown = await register(newPos({ branchId: 999999 }));
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.detail, /Sucursal 999999 no encontrada/);
    const b = (await call('/api/v1/branchOffice', { method: 'POST', json: newBranch('Sucursal Cerrada Pronto') })).body.data;
    assert.equal((await call(`/api/v1/branchOffice/${b.branchId}`, { method: 'DELETE' })).status, 200);
    const closed = await register(newPos({ branchId: b.branchId }));
    assert.equal(closed.status, 404);
    assert.equal(closed.body.error.code, 'NOT_FOUND');
  });

  test('a SIAT rejection reaches the caller unchanged (422 with SIAT’s code and text) and nothing is stored', async () => {
    const before = { stored: storedCount(), siat: simCount() };
    assert.equal((await simAdmin('/force-code', { operation: 'registroPuntoVenta', codigo: 947 })).status, 200);
    const r = await register(newPos());
    assert.equal(r.status, 422);
    assert.equal(r.body.success, false);
    assert.equal(r.body.error.code, 'SIAT_REJECTED');
    assert.equal(r.body.error.siatCode, 947);
    assert.deepEqual(r.body.error.siatMessages, [{ codigo: 947, descripcion: SIAT_MESSAGES[947] }]);
    assert.equal(r.body.detail, `SIAT 947: ${SIAT_MESSAGES[947]}`);
    assert.deepEqual({ stored: storedCount(), siat: simCount() }, before);
  });

  test('SIAT unreachable: 503 in Spanish, nothing stored', async () => {
    const before = { stored: storedCount(), siat: simCount() };
    await simAdmin('/faults', { mode: 'refuse' });
    try {
      const r = await register(newPos({ name: 'Caja sin SIAT' }));
      assert.equal(r.status, 503);
      assert.equal(r.body.error.code, 'SIAT_UNAVAILABLE');
      assert.match(r.body.detail, /^SIAT no responde \(conexión rechazada\) en FacturacionOperaciones\/registroPuntoVenta: registrar un punto de venta requiere SIAT en línea; reintente más tarde$/);
    } finally {
      await simAdmin('/reset-faults');
    }
    assert.deepEqual({ stored: storedCount(), siat: simCount() }, before);
    assert.ok(!(await listPos()).some((p) => p.name === 'Caja sin SIAT'));
  });
});

describe('closing a point of sale', () => {
  test('PV 0 is the branch itself: 409 for the casa matriz’s and for a branch’s', async () => {
    const main = (await listPos()).find((p) => p.branchCode === 0 && p.code === 0);
    const r = await closePos(main.id);
    assert.equal(r.status, 409);
    assert.equal(r.body.error.code, 'CONFLICT');
    assert.match(r.body.detail, /El punto de venta 0 de la sucursal 0 \("Caja principal"\) es la propia casa matriz/);

    const b = (await call('/api/v1/branchOffice', { method: 'POST', json: newBranch('Sucursal Obrajes') })).body.data;
    assert.equal((await register(newPos({ branchId: b.branchId }))).status, 201);
    const pv0 = (await branchPos(b.branchId)).find((p) => p.code === 0);
    const r2 = await closePos(pv0.id);
    assert.equal(r2.status, 409);
    assert.match(r2.body.detail, /es la propia sucursal: SIAT no lo cierra con cierrePuntoVenta; se cierra junto con la sucursal/);
    assert.ok((await listPos()).some((p) => p.id === pv0.id), 'still open');
  });

  test('refused while it has invoices not settled with SIAT, or a contingency event not closed', async () => {
    const pos = (await register(newPos({ name: 'Caja con pendientes' }))).body.data;
    const issued = await call('/api/v1/invoices?wait=true', { method: 'POST', json: saleRequest(pos.id) });
    assert.equal(issued.status, 201, JSON.stringify(issued.body));
    const invoiceId = issued.body.data.id;

    // An invoice whose outcome is not known yet (PENDING), then one issued offline (CONTINGENCY).
    for (const state of ['PENDING', 'CONTINGENCY']) {
      sqliteConnection(eng.store).prepare('UPDATE invoices SET state = ? WHERE id = ?').run(state, invoiceId);
      const r = await closePos(pos.id);
      assert.equal(r.status, 409, state);
      assert.match(r.body.detail, /tiene 1 factura\(s\) pendiente\(s\) o de contingencia aún no resueltas con SIAT/);
    }
    sqliteConnection(eng.store).prepare(`UPDATE invoices SET state = 'VALIDATED' WHERE id = ?`).run(invoiceId);

    const eventId = randomUUID();
    sqliteConnection(eng.store)
      .prepare(
        `INSERT INTO contingency_events (id, tenant_id, pos_id, codigo_motivo, descripcion, fecha_inicio, cufd_evento, state, created_at, updated_at)
         VALUES (?, ?, ?, 1, 'corte de internet', '2026-01-01T10:00:00.000', 'CUFD', ?, ?, ?)`,
      )
      .run(eventId, tenantId, pos.id, 'RECOVERING', new Date().toISOString(), new Date().toISOString());
    const r = await closePos(pos.id);
    assert.equal(r.status, 409);
    assert.match(r.body.detail, /tiene un evento de contingencia sin cerrar/);
    assert.equal(eng.simulator!.state.pointOfSale(NIT, 0, pos.code)?.closed, 0, 'SIAT was not asked');

    sqliteConnection(eng.store).prepare(`UPDATE contingency_events SET state = 'CLOSED' WHERE id = ?`).run(eventId);
    assert.equal((await closePos(pos.id)).status, 200);
  });

  test('closed in SIAT: gone from the lists, issuing and SIAT actions on it are refused, its invoices stay readable', async () => {
    const pos = (await register(newPos({ name: 'Caja temporal', type: 6 }))).body.data;
    const retryKey = { 'idempotency-key': 'venta-antes-del-cierre' };
    const issued = await call('/api/v1/invoices?wait=true', { method: 'POST', json: saleRequest(pos.id), headers: retryKey });
    assert.equal(issued.status, 201, JSON.stringify(issued.body));
    assert.equal(issued.body.data.state, 'VALIDATED');

    const r = await closePos(pos.id);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body.data).sort(), ['branchCode', 'branchId', 'closedAt', 'code', 'defaultInvoiceType', 'id', 'name', 'type']);
    assert.equal(r.body.data.id, pos.id);
    assert.equal(r.body.data.code, pos.code);
    assert.equal(r.body.data.type, 6);
    assert.match(r.body.data.closedAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
    assert.match(r.body.message, new RegExp(`Punto de venta ${pos.code} de la sucursal 0 cerrado en SIAT`));
    assert.equal(eng.simulator!.state.pointOfSale(NIT, 0, pos.code)?.closed, 1, 'closed in SIAT');

    // Nothing deleted: the row stays, closed.
    assert.ok((sqliteConnection(eng.store).prepare('SELECT closed_at FROM points_of_sale WHERE id = ?').get(pos.id) as { closed_at: string | null }).closed_at);
    assert.ok(!(await listPos()).some((p) => p.id === pos.id));
    assert.ok(!(await branchPos(mainBranchId)).some((p) => p.id === pos.id));

    const refused = await call('/api/v1/invoices?wait=true', { method: 'POST', json: saleRequest(pos.id) });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error.code, 'POS_CLOSED');
    assert.match(refused.body.detail, new RegExp(`El punto de venta ${pos.code} de la sucursal 0 \\("Caja temporal"\\) se cerró en SIAT el \\d{2}/\\d{2}/\\d{4}: ya no emite facturas`));
    // A retry of the sale made before the close still gets its invoice back (same key, same body);
    // the same key with another body is the usual idempotency conflict.
    const retried = await call('/api/v1/invoices?wait=true', { method: 'POST', json: saleRequest(pos.id), headers: retryKey });
    assert.equal(retried.status, 200, JSON.stringify(retried.body));
    assert.equal(retried.body.data.id, issued.body.data.id);
    const otherBody = await call('/api/v1/invoices?wait=true', { method: 'POST', json: { ...saleRequest(pos.id), clientCode: 'C-2' }, headers: retryKey });
    assert.equal(otherBody.status, 409);
    assert.equal(otherBody.body.error.code, 'IDEMPOTENCY_CONFLICT');
    const cufd = await call('/api/v1/codes/cufd', { method: 'POST', json: { posId: pos.id } });
    assert.equal(cufd.status, 409);
    assert.equal(cufd.body.error.code, 'POS_CLOSED');

    const read = await call(`/api/v1/invoices/${issued.body.data.id}`);
    assert.equal(read.status, 200);
    assert.equal(read.body.data.cuf, issued.body.data.cuf);
    const listed = await call(`/api/v1/invoices?posId=${pos.id}`);
    assert.deepEqual(listed.body.data.content.map((i: any) => i.id), [issued.body.data.id]);

    const again = await closePos(pos.id);
    assert.equal(again.status, 409);
    assert.match(again.body.detail, /ya está cerrado/);
  });

  test('a SIAT rejection of cierrePuntoVenta arrives unchanged and the point of sale stays open; SIAT unreachable is 503', async () => {
    const pos = (await register(newPos({ name: 'Caja que no cierra' }))).body.data;
    assert.equal((await simAdmin('/force-code', { operation: 'cierrePuntoVenta', codigo: 933 })).status, 200);
    const r = await closePos(pos.id);
    assert.equal(r.status, 422);
    assert.equal(r.body.error.code, 'SIAT_REJECTED');
    assert.equal(r.body.error.siatCode, 933);
    assert.deepEqual(r.body.error.siatMessages, [{ codigo: 933, descripcion: SIAT_MESSAGES[933] }]);
    assert.ok((await listPos()).some((p) => p.id === pos.id), 'still open');

    await simAdmin('/faults', { mode: 'refuse' });
    try {
      const down = await closePos(pos.id);
      assert.equal(down.status, 503);
      assert.equal(down.body.error.code, 'SIAT_UNAVAILABLE');
      assert.match(down.body.detail, /cerrar un punto de venta requiere SIAT en línea/);
    } finally {
      await simAdmin('/reset-faults');
    }
    assert.ok((await listPos()).some((p) => p.id === pos.id), 'still open');
    assert.equal((await closePos(pos.id)).status, 200);
  });

  test('a branch closes once its points of sale are closed; its PV 0 closes with it', async () => {
    const b = (await call('/api/v1/branchOffice', { method: 'POST', json: newBranch('Sucursal Achumani') })).body.data;
    const pos = (await register(newPos({ branchId: b.branchId, name: 'Caja Achumani' }))).body.data;
    const pv0 = (await branchPos(b.branchId)).find((p) => p.code === 0);

    const blocked = await call(`/api/v1/branchOffice/${b.branchId}`, { method: 'DELETE' });
    assert.equal(blocked.status, 409);
    assert.match(blocked.body.errors[0].message, /tiene 1 punto\(s\) de venta abierto\(s\); ciérrelos primero/);

    assert.equal((await closePos(pos.id)).status, 200);
    const closed = await call(`/api/v1/branchOffice/${b.branchId}`, { method: 'DELETE' });
    assert.equal(closed.status, 200, JSON.stringify(closed.body));
    assert.deepEqual(closed.body.data.pos, []);
    const ids = (await listPos()).map((p) => p.id);
    assert.ok(!ids.includes(pos.id) && !ids.includes(pv0.id));
    assert.ok((sqliteConnection(eng.store).prepare('SELECT closed_at FROM points_of_sale WHERE id = ?').get(pv0.id) as { closed_at: string | null }).closed_at);
  });
});

describe('tenant isolation', () => {
  test('another tenant can neither register on this tenant’s branch nor close its points of sale', async () => {
    const mine = (await register(newPos({ name: 'Caja privada' }))).body.data;
    const other = eng.store.tenants.create({ nit: '6660202', razonSocial: 'OTRA TIENDA', municipio: 'Sucre', direccion: 'Calle Bolívar 1' });
    const key = eng.store.apiKeys.create(other.id, 'k', SCOPES).key;
    const before = simCount();

    const reg = await register(newPos({ name: 'Intrusa' }), key);
    assert.equal(reg.status, 404);
    assert.match(reg.body.detail, new RegExp(`Sucursal ${mainBranchId} no encontrada`));
    const del = await closePos(mine.id, key);
    assert.equal(del.status, 404);
    assert.match(del.body.detail, /no encontrado/);

    assert.equal(simCount(), before);
    assert.equal(eng.simulator!.state.pointOfSale(NIT, 0, mine.code)?.closed, 0);
    assert.ok((await listPos()).some((p) => p.id === mine.id));
    assert.ok(!(await listPos(key)).some((p) => p.id === mine.id));
  });
});

test('both routes are in the OpenAPI document with the points-of-sale tag', async () => {
  const spec = (await (await eng.api('/docs/json', { key: null })).json()) as { paths: Record<string, Record<string, { tags?: string[] }>> };
  assert.deepEqual(spec.paths['/api/v1/pos']?.post?.tags, ['Puntos de venta']);
  assert.deepEqual(spec.paths['/api/v1/pos/{id}']?.delete?.tags, ['Puntos de venta']);
});
