// Seed "Contingency events": start, end, query by day, active; bad bodies; unknown event;
// another tenant's event is invisible.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openTill, waitFor } from '../integration/contingency/helpers';
import { SCOPES } from '../../shared/api-scopes';

test('contingency events API: start, active, query, end; errors and tenant isolation', { timeout: 300_000 }, async () => {
  const till = await openTill();
  const { eng, posId, branchId } = till;
  const post = (path: string, json: unknown, key?: string | null) => eng.api(path, { method: 'POST', json, ...(key !== undefined ? { key } : {}) });
  try {
    const none = await (await eng.api(`/api/v1/events/active/${posId}`)).json();
    assert.equal(none.success, true);
    assert.equal(none.data, null, 'online: data null');

    // Bad bodies: structure → 400, values → 422.
    assert.equal((await post('/api/v1/events/start', { posId, branchId, codigoMotivo: 1 })).status, 400, 'descripcion missing');
    assert.equal((await post('/api/v1/events/start', { posId, branchId, codigoMotivo: '1', descripcion: 'x' })).status, 400, 'codigoMotivo as text');
    assert.equal((await post('/api/v1/events/start', { posId, branchId, codigoMotivo: 1, descripcion: 'x', extra: 1 })).status, 400, 'unknown field');
    assert.equal((await post('/api/v1/events/start', { posId: 'no-uuid', branchId, codigoMotivo: 1, descripcion: 'x' })).status, 422, 'posId not a UUID: a value problem');
    const cafc = await post('/api/v1/events/start', { posId, branchId, codigoMotivoSiat: 6, descripcion: 'Virus' });
    assert.equal(cafc.status, 422, 'motives 5–7 need CAFC manual invoices');
    assert.match((await cafc.json()).error.detail, /CAFC/);
    assert.equal((await post('/api/v1/events/start', { posId, branchId: 999, codigoMotivo: 1, descripcion: 'x' })).status, 422, 'branch of another POS');
    assert.equal((await post('/api/v1/events/start', { posId: '00000000-0000-4000-8000-000000000000', branchId, codigoMotivo: 1, descripcion: 'x' })).status, 404);

    const started = await post('/api/v1/events/start', { posId, branchId: String(branchId), codigoMotivo: 4, descripcion: 'Venta en feria sin internet' });
    assert.equal(started.status, 200);
    const ev = (await started.json()).data;
    assert.deepEqual(
      Object.keys(ev).sort(),
      ['codigoEventoSiat', 'codigoMotivo', 'createdAt', 'cufdEvento', 'descripcionMotivo', 'estado', 'fechaFin', 'fechaInicio', 'finalizado', 'id', 'posId'].sort(),
    );
    assert.equal(ev.finalizado, false);
    assert.equal(ev.fechaFin, null);
    assert.equal(ev.codigoMotivo, 4);
    assert.equal(ev.descripcionMotivo, 'Venta en feria sin internet');
    assert.equal((await post('/api/v1/events/start', { posId, branchId, codigoMotivo: 1, descripcion: 'otra' })).status, 409, 'one active event per POS');

    const active = await (await eng.api(`/api/v1/events/active/${posId}`)).json();
    assert.equal(active.data.id, ev.id);
    const [sale] = await till.sell(1, 1);
    assert.equal(sale.state, 'CONTINGENCY');

    const day = ev.fechaInicio.slice(0, 10);
    const q = await (await post('/api/v1/events', { posId, branchId, fechaEvento: day })).json();
    assert.deepEqual(q.data.map((e: { id: string }) => e.id), [ev.id]);
    assert.deepEqual((await (await post('/api/v1/events', { posId, branchId, fechaEvento: '2001-01-01' })).json()).data, []);
    assert.equal((await post('/api/v1/events', { posId, branchId, fechaEvento: '2024-02-30' })).status, 422);
    assert.equal((await post('/api/v1/events', { posId, branchId, fechaEvento: '01/02/2024' })).status, 422, 'not YYYY-MM-DD');

    // Another tenant sees nothing of it.
    const other = eng.store.tenants.create({ nit: '5550001', razonSocial: 'OTRO CONTRIBUYENTE' });
    const otherKey = eng.store.apiKeys.create(other.id, 'otro', SCOPES).key;
    const otherPos = eng.store.pointsOfSale.list(other.id)[0]!;
    assert.equal((await eng.api(`/api/v1/events/active/${posId}`, { key: otherKey })).status, 404);
    assert.equal((await post('/api/v1/events/end', { posId: otherPos.id, branchId: otherPos.branchId, eventoId: ev.id }, otherKey)).status, 404);
    assert.deepEqual((await (await post('/api/v1/events', { posId: otherPos.id, branchId: otherPos.branchId, fechaEvento: day }, otherKey)).json()).data, []);

    assert.equal((await post('/api/v1/events/end', { posId, branchId, eventoId: '00000000-0000-4000-8000-000000000000' })).status, 404, 'unknown event');
    const ended = await post('/api/v1/events/end', { posId, branchId, eventoId: ev.id });
    assert.equal(ended.status, 200);
    const endedEv = (await ended.json()).data;
    assert.equal(endedEv.finalizado, true);
    assert.ok(endedEv.fechaFin);
    assert.equal((await post('/api/v1/events/end', { posId, branchId, eventoId: ev.id })).status, 409, 'already ended');
    assert.equal((await (await eng.api(`/api/v1/events/active/${posId}`)).json()).data, null);

    await waitFor('the event to close', () => eng.contingencyEvents.byId(till.tenantId, ev.id)?.state === 'CLOSED', 30_000);
    const closed = (await (await post('/api/v1/events', { posId, branchId, fechaEvento: day })).json()).data[0];
    assert.equal(typeof closed.codigoEventoSiat, 'number', 'SIAT registered it');
    assert.equal(closed.estado, 'CLOSED');
    assert.equal(eng.invoices.byId(till.tenantId, sale.id)!.state, 'VALIDATED');
  } finally {
    await eng.stop();
  }
});
