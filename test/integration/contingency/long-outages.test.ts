// Long outages (docs/decisions/0003-contingency-limits.md), with the engine's clock and the
// simulator's clock (/admin/clock) moved together:
// - the cufdEvento expires during the event: offline invoices keep using it (72 h extension);
// - past 72 h the till stops issuing offline; the event is registered with its end capped;
// - a newer CUFD during a long (manual) event splits it: one event per cufdEvento;
// - packages sent more than 48 h after the event ended: SIAT 983, kept verbatim.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertRegisteredOnce, clockedTill, saleBody, stateCounts, waitFor, type Till } from './helpers';
import { sqliteConnection } from '../../../main/store/store';

const HOUR = 60 * 60 * 1000;


const closed = (till: Till, id: string) => waitFor(`event ${id} closed`, () => till.eng.contingencyEvents.byId(till.tenantId, id)?.state === 'CLOSED', 30_000);

test('the cufdEvento expires during an outage: offline sales keep using it within 72 h and SIAT validates them', { timeout: 300_000 }, async () => {
  const { till, shift } = await clockedTill();
  const { eng, posId } = till;
  try {
    await till.admin('/admin/faults', { mode: 'refuse' });
    const early = await till.sell(3, 1);
    const ev = eng.contingencyEvents.activeFor(till.tenantId, posId)!;
    await shift(30 * HOUR);
    assert.equal(eng.codes.activeCufd(till.tenantId, posId), null, 'the CUFD of the event expired');
    const late = await till.sell(3, 1);
    assert.ok([...early, ...late].every((i) => i.state === 'CONTINGENCY'));
    assert.equal(eng.contingencyEvents.activeFor(till.tenantId, posId)!.id, ev.id, 'same event: no newer CUFD to split on');
    for (const i of late) assert.equal(eng.invoices.byId(till.tenantId, i.id)!.cufd, ev.cufdEvento);

    await till.admin('/admin/reset-faults');
    await closed(till, ev.id);
    const done = eng.contingencyEvents.byId(till.tenantId, ev.id)!;
    assert.notEqual(done.cufdRegistro, ev.cufdEvento, 'registered with a new CUFD');
    assert.deepEqual(stateCounts(sqliteConnection(eng.store), posId), { VALIDATED: 6 });
    await assertRegisteredOnce(till, sqliteConnection(eng.store), posId, { receivedOnce: true });
  } finally {
    await eng.stop();
  }
});

test('beyond the 72 h CUFD extension no offline invoice is issued; the event is registered up to the limit', { timeout: 300_000 }, async () => {
  const { till, shift } = await clockedTill();
  const { eng, posId } = till;
  try {
    await till.admin('/admin/faults', { mode: 'refuse' });
    await till.sell(2, 1);
    const ev = eng.contingencyEvents.activeFor(till.tenantId, posId)!;
    await shift(73 * HOUR);
    const res = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: saleBody(posId, 99) });
    assert.equal(res.status, 503);
    const body = await res.json();
    assert.equal(body.error.code, 'CONTINGENCY_LIMIT');
    assert.match(body.error.detail, /72 horas/);

    await till.admin('/admin/reset-faults');
    await closed(till, ev.id);
    const done = eng.contingencyEvents.byId(till.tenantId, ev.id)!;
    assert.ok(done.fechaFin! < eng.contingencyEvents.byId(till.tenantId, ev.id)!.updatedAt.replace('Z', ''), 'end capped below now');
    assert.deepEqual(stateCounts(sqliteConnection(eng.store), posId), { VALIDATED: 2 });
    const [online] = await till.sell(1, 1);
    const inv = eng.invoices.byId(till.tenantId, online.id)!;
    assert.equal(inv.codigoEmision, 1, 'issued online again');
    assert.equal(inv.cufd, done.cufdRegistro, 'with the CUFD obtained on recovery');
  } finally {
    await eng.stop();
  }
});

test('a newer CUFD during a long manual event splits it: one event per cufdEvento, both validated', { timeout: 300_000 }, async () => {
  const { till, shift } = await clockedTill();
  const { eng, posId } = till;
  try {
    const start = await eng.api('/api/v1/events/start', { method: 'POST', json: { posId, branchId: till.branchId, codigoMotivoSiat: 3, descripcion: 'Punto de venta móvil sin internet' } });
    const first = (await start.json()).data;
    await till.sell(2, 1);
    await shift(25 * HOUR);
    // SIAT is reachable (the event is manual): the till renews its CUFD as the scheduler would.
    assert.equal((await eng.api('/api/v1/codes/cufd', { method: 'POST', json: { posId } })).status, 200);
    const [after] = await till.sell(1, 1);
    assert.equal(after.state, 'CONTINGENCY');
    const second = eng.contingencyEvents.activeFor(till.tenantId, posId)!;
    assert.notEqual(second.id, first.id, 'a new event began with the new CUFD');
    assert.notEqual(second.cufdEvento, first.cufdEvento);
    assert.equal(second.manual, true);
    await closed(till, first.id);
    const end = await eng.api('/api/v1/events/end', { method: 'POST', json: { posId, branchId: till.branchId, eventoId: second.id } });
    assert.equal(end.status, 200);
    await closed(till, second.id);
    assert.deepEqual(stateCounts(sqliteConnection(eng.store), posId), { VALIDATED: 3 });
    const codes = [first.id, second.id].map((id) => eng.contingencyEvents.byId(till.tenantId, id)!.codigoEventoSiat);
    assert.equal(new Set(codes).size, 2, 'two significant events registered');
  } finally {
    await eng.stop();
  }
});

test('packages sent more than 48 h after the event ended: SIAT answers 983 and the invoices keep it', { timeout: 300_000 }, async () => {
  const { till, shift } = await clockedTill();
  const { eng, posId } = till;
  try {
    const ev = (await (await eng.api('/api/v1/events/start', { method: 'POST', json: { posId, branchId: till.branchId, codigoMotivo: 1, descripcion: 'Corte de internet' } })).json()).data;
    await till.sell(2, 1);
    await till.admin('/admin/faults', { mode: 'refuse', operations: ['recepcionPaqueteFactura'] });
    await eng.api('/api/v1/events/end', { method: 'POST', json: { posId, branchId: till.branchId, eventoId: ev.id } });
    await waitFor('sending to fail', () => {
      const e = eng.contingencyEvents.byId(till.tenantId, ev.id)!;
      return e.step === 'SENDING' && e.lastError !== null;
    });
    await shift(49 * HOUR);
    await till.admin('/admin/reset-faults');
    await closed(till, ev.id);
    const [pkg] = eng.contingencyEvents.packages(ev.id);
    assert.equal(pkg!.state, 'REJECTED');
    assert.deepEqual(stateCounts(sqliteConnection(eng.store), posId), { REJECTED: 2 });
    for (const id of pkg!.invoiceIds) assert.deepEqual(eng.invoices.byId(till.tenantId, id)!.siatMessages.map((m) => m.codigo), [983]);
  } finally {
    await eng.stop();
  }
});
