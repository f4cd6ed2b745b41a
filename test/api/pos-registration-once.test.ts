// A point of sale is registered with SIAT once (decision 0109), over real HTTP against the
// embedded simulator: when SIAT's answer to registroPuntoVenta is lost (the simulator registers it
// and then drops the connection), the caller is told the outcome is unknown, and the retry — same
// Idempotency-Key, or the same branch, name and type without one — takes the point of sale SIAT
// made (consultaPuntoVenta) instead of registering another. When SIAT never got it, the retry
// registers one. More unknown points of sale of that name than lost answers: nothing is guessed.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { sqliteConnection } from '../../main/store/store';

const NIT = '7000123019';

let eng: TestEngine;
let tenantId: string;
let branchId: number;

async function call(path: string, init: RequestInit & { json?: unknown } = {}) {
  const res = await eng.api(path, init);
  return { status: res.status, body: (await res.json()) as any };
}

const register = (name: string, key?: string, over: Record<string, unknown> = {}) =>
  call('/api/v1/pos', {
    method: 'POST',
    json: { branchId, name, description: 'Caja de prueba', type: 5, ...over },
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });

async function simAdmin(path: string, body: unknown = {}): Promise<void> {
  const res = await fetch(`${eng.simulator!.adminUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 200, `${path}: ${await res.text()}`);
}

/** SIAT registers the next registroPuntoVenta, then the connection drops before its answer. */
async function loseNextAnswer(): Promise<void> {
  await simAdmin('/accept-before-timeout', { enabled: true });
  await simAdmin('/faults', { mode: 'refuse', operations: ['registroPuntoVenta'], times: 1 });
}

/** The next registroPuntoVenta's connection drops before SIAT handles it. */
async function dropNextRequest(): Promise<void> {
  await simAdmin('/accept-before-timeout', { enabled: false });
  await simAdmin('/faults', { mode: 'refuse', operations: ['registroPuntoVenta'], times: 1 });
}

/** Open points of sale of this name SIAT has in the casa matriz, and the ones Kipu stores. */
function counts(name: string): { siat: number; kipu: number } {
  const siat = eng.simulator!.state.padron.pointsOfSale(NIT, 0).filter((p) => p.nombre === name).length;
  const kipu = (sqliteConnection(eng.store).prepare('SELECT COUNT(*) n FROM points_of_sale WHERE tenant_id = ? AND name = ?').get(tenantId, name) as { n: number }).n;
  return { siat, kipu };
}

before(async () => {
  eng = await startTestEngine({}, undefined, { scheduler: false, siatTimeouts: { saleMs: 20_000, defaultMs: 20_000 } });
  tenantId = eng.store.tenants.byNit(NIT)!.id;
  branchId = (await call('/api/v1/branchOffice')).body.data[0].branchId;
  assert.equal((await call('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
});
after(async () => {
  await simAdmin('/reset-faults');
  await eng.stop();
});

describe('registering a point of sale never twice', () => {
  test('SIAT registered it but its answer was lost: 503 says so; the retry with the same Idempotency-Key gets that one (200), then again; another body is 409', async () => {
    await loseNextAnswer();
    const lost = await register('Caja perdida', 'clave-caja-perdida');
    assert.equal(lost.status, 503, JSON.stringify(lost.body));
    assert.equal(lost.body.error.code, 'SIAT_OUTCOME_UNKNOWN');
    assert.match(lost.body.detail, /^SIAT no responde \(la conexión se cortó\) en FacturacionOperaciones\/registroPuntoVenta: no se sabe si SIAT registró el punto de venta; un reintento \(misma Idempotency-Key, o la misma sucursal, nombre y tipo\) consulta primero la lista de SIAT y no registra otro; reintente más tarde$/);
    assert.deepEqual(counts('Caja perdida'), { siat: 1, kipu: 0 });
    await simAdmin('/reset-faults');

    const retry = await register('Caja perdida', 'clave-caja-perdida');
    assert.equal(retry.status, 200, JSON.stringify(retry.body));
    const siatCode = eng.simulator!.state.padron.pointsOfSale(NIT, 0).find((p) => p.nombre === 'Caja perdida')!.codigo_punto_venta;
    assert.equal(retry.body.data.code, siatCode);
    assert.equal(retry.body.data.name, 'Caja perdida');
    assert.equal(retry.body.data.type, 5);
    assert.match(retry.body.message, new RegExp(`^Punto de venta ${siatCode} ya registrado en SIAT en la sucursal 0 \\(por una solicitud anterior\\)$`));
    assert.deepEqual(counts('Caja perdida'), { siat: 1, kipu: 1 });
    assert.ok((await call('/api/v1/pos')).body.data.some((p: any) => p.id === retry.body.data.id), 'listed');

    const again = await register('Caja perdida', 'clave-caja-perdida');
    assert.equal(again.status, 200);
    assert.equal(again.body.data.id, retry.body.data.id);
    assert.deepEqual(counts('Caja perdida'), { siat: 1, kipu: 1 });

    const other = await register('Caja perdida 2', 'clave-caja-perdida');
    assert.equal(other.status, 409);
    assert.equal(other.body.error.code, 'IDEMPOTENCY_CONFLICT');
    assert.deepEqual(counts('Caja perdida 2'), { siat: 0, kipu: 0 });
  });

  test('without a key: the same branch, name and type after a lost answer takes SIAT’s; after a request SIAT never got, registers one', async () => {
    await loseNextAnswer();
    assert.equal((await register('Caja sin clave')).status, 503);
    await simAdmin('/reset-faults');
    const retry = await register('Caja sin clave');
    assert.equal(retry.status, 200, JSON.stringify(retry.body));
    assert.deepEqual(counts('Caja sin clave'), { siat: 1, kipu: 1 });
    // Now a new one of another name, whose request SIAT never handled.
    await dropNextRequest();
    assert.equal((await register('Caja nunca enviada')).status, 503);
    await simAdmin('/reset-faults');
    assert.deepEqual(counts('Caja nunca enviada'), { siat: 0, kipu: 0 });
    const fresh = await register('Caja nunca enviada');
    assert.equal(fresh.status, 201, JSON.stringify(fresh.body));
    assert.deepEqual(counts('Caja nunca enviada'), { siat: 1, kipu: 1 });
    // A later registration of the same name is a new point of sale: nothing was left unknown.
    assert.equal((await register('Caja nunca enviada')).status, 201);
    assert.deepEqual(counts('Caja nunca enviada'), { siat: 2, kipu: 2 });
  });

  test('more unknown points of sale of that name in SIAT than lost answers: 409 names their codes; once the extra is closed in SIAT, the retry takes the other', async () => {
    await loseNextAnswer();
    assert.equal((await register('Caja dudosa', 'clave-dudosa')).status, 503);
    await simAdmin('/reset-faults');
    // Someone registers one of the same name in SIAT's portal meanwhile.
    const portal = eng.simulator!.state.padron.registerPointOfSale(NIT, 0, 'Caja dudosa', 'Desde el portal', 5);
    const ours = eng.simulator!.state.padron.pointsOfSale(NIT, 0).find((p) => p.nombre === 'Caja dudosa' && p.codigo_punto_venta !== portal)!.codigo_punto_venta;

    const ambiguous = await register('Caja dudosa', 'clave-dudosa');
    assert.equal(ambiguous.status, 409, JSON.stringify(ambiguous.body));
    const codes = [ours, portal].sort((a, b) => a - b).join(', ');
    assert.equal(
      ambiguous.body.detail,
      `SIAT tiene 2 puntos de venta "Caja dudosa" en la sucursal 0 que Kipu no conoce (códigos ${codes}) y no se sabe cuál registró Kipu. Cierre en el portal de SIAT los que no use y reintente`,
    );
    assert.deepEqual(counts('Caja dudosa'), { siat: 2, kipu: 0 });

    eng.simulator!.state.padron.closePointOfSale(NIT, 0, portal);
    const settled = await register('Caja dudosa', 'clave-dudosa');
    assert.equal(settled.status, 200, JSON.stringify(settled.body));
    assert.equal(settled.body.data.code, ours);
    assert.deepEqual(counts('Caja dudosa'), { siat: 1, kipu: 1 });
  });
});
