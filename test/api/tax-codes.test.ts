import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { SCOPES } from '../../shared/api-scopes';

// The engine's clock is controlled: tests move it forward together with the simulator's.
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let eng: TestEngine;
let posId: string;

async function json(res: Response): Promise<any> {
  return res.json();
}

async function simAdmin(path: string, body: unknown = {}): Promise<void> {
  const res = await fetch(`${eng.simulator!.adminUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 200, `simulator admin ${path}`);
}

async function advance(ms: number): Promise<void> {
  offsetMs += ms;
  await simAdmin('/clock', { skewMs: offsetMs });
}

before(async () => {
  eng = await startTestEngine({}, undefined, { scheduler: false, now: clock, siatTimeouts: { saleMs: 1500, defaultMs: 1500 } });
  posId = (await json(await eng.api('/api/v1/pos'))).data[0].id;
});
after(async () => {
  await simAdmin('/reset-faults');
  await eng.stop();
});

describe('catalogs', () => {
  test('sync all stores every catalog with its sync time; the seed queries answer from the local copy', async () => {
    const res = await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: { posId } });
    const body = await json(res);
    assert.equal(res.status, 200);
    const names = body.data.map((r: { catalog: string }) => r.catalog);
    for (const n of ['activities', 'products', 'legends', 'cancellation-reasons', 'document-types', 'payment-methods', 'currencies', 'unit-measures', 'significant-events']) {
      assert.ok(names.includes(n), n);
    }
    assert.ok(body.data.every((r: { count: number; syncedAt: string }) => r.count > 0 && /^\d{4}-/.test(r.syncedAt)));

    const acts = (await json(await eng.api('/api/v1/siat/sync/catalogs/activities'))).data;
    assert.ok(acts.length >= 1);
    assert.equal(typeof acts[0].codigo, 'number');
    assert.equal(typeof acts[0].descripcion, 'string');

    const docTypes = (await json(await eng.api('/api/v1/siat/sync/catalogs/document-types'))).data;
    assert.deepEqual(docTypes.map((d: { codigo: number }) => d.codigo), [1, 2, 3, 4, 5]);
    assert.match(docTypes.find((d: { codigo: number }) => d.codigo === 5).descripcion, /NIT/);

    const all = (await json(await eng.api('/api/v1/siat/sync/catalogs/products'))).data;
    const one = (await json(await eng.api('/api/v1/siat/sync/catalogs/products?activityCode=471110'))).data;
    assert.ok(one.length > 0 && one.length < all.length, 'the activity filter narrows the products');
    assert.ok(one.every((p: { codigoActividad: string }) => p.codigoActividad === '471110'));

    const legends = (await json(await eng.api('/api/v1/siat/sync/catalogs/legends?activityCode=471110'))).data;
    assert.ok(legends.length >= 1);
    assert.ok(legends.every((l: { descripcion: string }) => /Ley N° 453/.test(l.descripcion)));

    const status = (await json(await eng.api('/api/v1/siat/sync/status'))).data;
    assert.ok(status.every((s: { lastSync: string | null }) => s.lastSync !== null));
  });

  test('sync one catalog by name; an unknown name is 400 listing the valid ones; an unknown type too', async () => {
    const ok = await eng.api('/api/v1/siat/sync/currencies', { method: 'POST', json: {} });
    assert.equal(ok.status, 200);
    assert.equal((await json(ok)).data.catalog, 'currencies');
    const bad = await eng.api('/api/v1/siat/sync/planets', { method: 'POST', json: {} });
    assert.equal(bad.status, 400);
    assert.match((await json(bad)).detail, /activities, products, legends, cancellation-reasons, document-types, payment-methods, currencies, unit-measures, significant-events/);
    const badType = await eng.api('/api/v1/siat/sync/catalogs/planets');
    assert.equal(badType.status, 400);
    assert.match((await json(badType)).detail, /Tipos válidos/);
  });

  test('catalogs stay usable while SIAT is down; syncing then is 503 with a detail', async () => {
    await simAdmin('/faults', { mode: 'refuse' });
    try {
      const down = await eng.api('/api/v1/siat/sync/unit-measures', { method: 'POST', json: {} });
      assert.equal(down.status, 503);
      const body = await json(down);
      assert.equal(body.error.code, 'SIAT_UNAVAILABLE');
      assert.match(body.detail, /SIAT no responde/);
      const units = (await json(await eng.api('/api/v1/siat/sync/catalogs/unit-measures'))).data;
      assert.ok(units.length > 50, 'served from the local copy');
      assert.equal((await json(await eng.api('/api/v1/events/check-connection'))).data, false);
    } finally {
      await simAdmin('/reset-faults');
    }
    assert.equal((await json(await eng.api('/api/v1/events/check-connection'))).data, true);
  });
});

describe('codes', () => {
  test('NIT check: active, non-existent; a verdict of the last day answers without SIAT, a NIT never checked is 503 when SIAT is down', async () => {
    const good = (await json(await eng.api('/api/v1/codes/nit', { method: 'POST', json: { posId, nit: 1003579028 } }))).data;
    assert.deepEqual(good, { valido: true, nit: 1003579028, mensaje: 'NIT ACTIVO' });
    const bad = (await json(await eng.api('/api/v1/codes/nit', { method: 'POST', json: { posId, nit: 1234567 } }))).data;
    assert.equal(bad.valido, false);
    assert.equal(bad.mensaje, 'NIT INEXISTENTE');
    await simAdmin('/faults', { mode: 'refuse' });
    try {
      // Remembered (issue #13): SIAT's verdict of a moment ago answers with SIAT down.
      assert.deepEqual((await json(await eng.api('/api/v1/codes/nit', { method: 'POST', json: { posId, nit: 1003579028 } }))).data, good);
      assert.equal((await eng.api('/api/v1/codes/nit', { method: 'POST', json: { posId, nit: 1020304022 } })).status, 503);
    } finally {
      await simAdmin('/reset-faults');
    }
    assert.equal((await eng.api('/api/v1/codes/nit', { method: 'POST', json: { posId, nit: '1003579028' } })).status, 400);
  });

  test('a forced SIAT rejection reaches the caller with SIAT’s code and text', async () => {
    await simAdmin('/force-code', { operation: 'cufd', codigo: 989 });
    const res = await eng.api('/api/v1/codes/cufd', { method: 'POST', json: { posId } });
    const body = await json(res);
    assert.equal(res.status, 422);
    assert.equal(body.error.siatCode, 989);
    assert.match(body.detail, /^SIAT 989: /);
  });

  test('CUFD: requested, active, renewed before it expires, history kept, inactive once expired', async () => {
    const first = (await json(await eng.api('/api/v1/codes/cufd', { method: 'POST', json: { posId } }))).data;
    assert.match(first.codigoControl, /^[0-9A-F]{15}$/);
    const active = (await json(await eng.api(`/api/v1/codes/cufd/${posId}`))).data;
    assert.equal(active.cufd, first.cufd);
    assert.equal(active.activo, true);

    const tenant = eng.store.tenants.byNit('7000123019')!;
    const pos = eng.store.pointsOfSale.byId(tenant.id, posId)!;
    // 23 h later less than the renewal margin (2 h) remains: the scheduler renews it.
    await advance(23 * 3600_000);
    assert.deepEqual(eng.codes.dueForRenewal().map((d) => d.posId), [posId]);
    await eng.scheduler.tick();
    const renewed = eng.codes.activeCufd(tenant.id, posId)!;
    assert.notEqual(renewed.codigo, first.cufd);
    const history = eng.codes.history(tenant.id, posId).map((c) => c.codigo);
    assert.ok(history.includes(first.cufd) && history.includes(renewed.codigo), 'older CUFDs are kept');
    // The CUFD in force at a past moment is still known (contingency needs it).
    assert.equal(eng.codes.cufdAt(tenant.id, posId, new Date(Date.now() + offsetMs - 22 * 3600_000))?.codigo, first.cufd);

    // SIAT unreachable and 25 more hours pass: the CUFD is reported, but not active.
    await simAdmin('/faults', { mode: 'refuse' });
    try {
      await advance(25 * 3600_000);
      await eng.scheduler.tick();
      const stale = (await json(await eng.api(`/api/v1/codes/cufd/${posId}`))).data;
      assert.equal(stale.cufd, renewed.codigo);
      assert.equal(stale.activo, false);
      await assert.rejects(eng.codes.ensureCufd(tenant, pos));
    } finally {
      await simAdmin('/reset-faults');
    }
    const fresh = await eng.codes.ensureCufd(tenant, pos);
    assert.notEqual(fresh.codigo, renewed.codigo);
    assert.equal((await json(await eng.api(`/api/v1/codes/cufd/${posId}`))).data.activo, true);
  });

  test('fechaEmision follows SIAT’s clock: the offset measured by sincronizarFechaHora', async () => {
    const tenant = eng.store.tenants.byNit('7000123019')!;
    const pos = eng.store.pointsOfSale.byId(tenant.id, posId)!;
    // SIAT's clock runs 90 s ahead of ours.
    await simAdmin('/clock', { skewMs: offsetMs + 90_000 });
    const { offsetMs: measured } = await eng.codes.syncClock(tenant, pos);
    assert.ok(Math.abs(measured - 90_000) < 2_000, `measured ${measured}`);
    const drift = eng.codes.siatNow(tenant.id).getTime() - clock().getTime();
    assert.ok(Math.abs(drift - 90_000) < 2_000);
    await simAdmin('/clock', { skewMs: offsetMs });
    await eng.codes.syncClock(tenant, pos);
  });

  test('another tenant cannot use this tenant’s point of sale', async () => {
    const other = eng.store.tenants.create({ nit: '8880001', razonSocial: 'AJENO' });
    const key = eng.store.apiKeys.create(other.id, 'k', SCOPES).key;
    assert.equal((await eng.api(`/api/v1/codes/cufd/${posId}`, { key })).status, 404);
    assert.equal((await eng.api('/api/v1/codes/cufd', { key, method: 'POST', json: { posId } })).status, 404);
    assert.equal((await eng.api('/api/v1/codes/nit', { key, method: 'POST', json: { posId, nit: 1003579028 } })).status, 404);
  });
});
