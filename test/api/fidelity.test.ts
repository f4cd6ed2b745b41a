// Issue 28: what a client written against the seeds trips on.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { issueInvoice } from '../fixtures/issued-invoice';

let eng: TestEngine;
let posId: string;
let branchId: number;

/** SIAT's code in a synced catalog whose description matches (accents ignored). */
async function siatCode(type: string, description: RegExp): Promise<number> {
  const list: { codigo: number; descripcion: string }[] = (await (await eng.api(`/api/v1/siat/sync/catalogs/${type}`)).json()).data;
  const hit = list.filter((i) => description.test(i.descripcion.normalize('NFD').replace(/[\u0300-\u036f]/g, '')));
  assert.equal(hit.length, 1, `one ${type} entry matches ${description}`);
  return hit[0]!.codigo;
}

before(async () => {
  eng = await startTestEngine({}, undefined, { scheduler: false });
  const pos = (await (await eng.api('/api/v1/pos')).json()).data[0];
  posId = pos.id;
  branchId = pos.branchId;
});
after(async () => {
  await eng.stop();
});

describe('issue 28, item 3: catalog sync needs no body', () => {
  test('sync/all and sync/{catalog} answer 200 with no body, {}, ?posId= and {posId}', async () => {
    const variants: [string, RequestInit & { json?: unknown }][] = [
      ['', { method: 'POST' }],
      ['', { method: 'POST', headers: { 'content-type': 'application/json' } }],
      ['', { method: 'POST', json: {} }],
      [`?posId=${posId}`, { method: 'POST' }],
      ['', { method: 'POST', json: { posId } }],
    ];
    for (const path of ['/api/v1/siat/sync/all', '/api/v1/siat/sync/currencies']) {
      for (const [query, init] of variants) {
        const res = await eng.api(path + query, init);
        const body = await res.json();
        assert.equal(res.status, 200, `${path}${query} ${JSON.stringify(init)}: ${JSON.stringify(body)}`);
        assert.equal(body.success, true);
      }
    }
    const bad = await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: { posId: 'no-es-uuid' } });
    assert.equal(bad.status, 422, "a posId that is not a UUID is still refused");
  });
});

describe('issue 28, item 2: the core seed’s reason codes reach SIAT with the seed’s meaning', () => {
  test('cancellation motivo 2 (return) is SIAT’s "devuelta", 1 (data error) its "datos de emisión incorrectos"; motivoSiat passes as is', async () => {
    const returned = await issueInvoice(eng);
    const res = await eng.api(`/api/v1/invoices/${returned.id}/cancel?motivo=2`, { method: 'POST' });
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(body.data.cancellationReason, await siatCode('cancellation-reasons', /^FACTURA O NOTA DE CREDITO-DEBITO DEVUELTA$/));
    assert.notEqual(body.data.cancellationReason, 2, 'SIAT’s 2 is "nota de crédito-débito mal emitida"');

    const wrongData = await issueInvoice(eng);
    const c1 = await (await eng.api(`/api/v1/invoices/${wrongData.id}/cancel`, { method: 'POST' })).json();
    assert.equal(c1.data.cancellationReason, await siatCode('cancellation-reasons', /^DATOS DE EMISION INCORRECTOS$/), 'the default motivo 1');

    const siat = await issueInvoice(eng);
    const c2 = await (await eng.api(`/api/v1/invoices/${siat.id}/cancel?motivoSiat=1`, { method: 'POST' })).json();
    assert.equal(c2.data.cancellationReason, 1);

    const both = await eng.api(`/api/v1/invoices/${(await issueInvoice(eng)).id}/cancel?motivo=1&motivoSiat=1`, { method: 'POST' });
    assert.equal(both.status, 422);
  });

  test('contingency codigoMotivo 1 is SIAT’s internet outage; 3 (virus) is SIAT’s virus event and leads to the CAFC flow; codigoMotivoSiat 3 stays 3', async () => {
    const start = (json: Record<string, unknown>) => eng.api('/api/v1/events/start', { method: 'POST', json: { posId, branchId, descripcion: 'prueba', ...json } });
    const virus = await start({ codigoMotivo: 3 });
    const vb = await virus.json();
    assert.equal(virus.status, 422, JSON.stringify(vb));
    assert.match(vb.error.detail, /VIRUS INFORM/);
    assert.match(vb.error.detail, /CAFC/);
    assert.match(vb.error.detail, /\/api\/v1\/contingency\/cafc/);

    const mobile = await start({ codigoMotivoSiat: 3 });
    const mb = await mobile.json();
    assert.equal(mobile.status, 200, JSON.stringify(mb));
    assert.equal(mb.data.codigoMotivo, 3, 'SIAT’s own code is kept');
    assert.match(mb.data.descripcionMotivo ?? '', /./);
    const end = await eng.api('/api/v1/events/end', { method: 'POST', json: { posId, branchId, eventoId: mb.data.id } });
    assert.equal(end.status, 200, await end.text());

    const outage = await start({ codigoMotivo: 1 });
    const ob = await outage.json();
    assert.equal(outage.status, 200, JSON.stringify(ob));
    assert.equal(ob.data.codigoMotivo, await siatCode('significant-events', /^CORTE DEL SERVICIO DE INTERNET$/));
    assert.equal((await eng.api('/api/v1/events/end', { method: 'POST', json: { posId, branchId, eventoId: ob.data.id } })).status, 200);

    assert.equal((await start({})).status, 422, 'neither code');
    assert.equal((await start({ codigoMotivo: 5 })).status, 422, 'the seed has 1 to 4');
  });
});
