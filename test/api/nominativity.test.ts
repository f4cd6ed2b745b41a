// Nominativity (issue 24, item 4; CERTIFICATION.md, inspection item 1): a buyer who gives no
// document is invoiced to the SIN's special code 99002 CONTROL TRIBUTARIO as NIT with
// codigoExcepcion 1 — set by the engine whatever the caller sent, never asked to verificarNit —
// and SIAT (the simulator) validates it; document 0 from an API client stays what SIAT accepts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';

let eng: TestEngine;
let posId: string;
/** Every NIT the simulator's verificarNit was asked about (the simulator is embedded, in-process). */
const askedNits: string[] = [];

const sale = (over: Record<string, unknown> = {}, priceUnit = 9.5) => ({
  invoiceType: 'COMPUTERIZED_SALE',
  posId,
  clientDocumentType: 5,
  clientDocumentNumber: '99002',
  clientBusinessName: 'CONTROL TRIBUTARIO',
  clientCode: '99002',
  paymentMethodCode: 1,
  details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'ARR-1', description: 'Arroz 1 kg', quantity: 2, unitMeasure: 57, priceUnit }],
  ...over,
});
const issue = (body: unknown) => eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: body });
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

before(async () => {
  eng = await startTestEngine({}, undefined, { scheduler: false });
  posId = (await (await eng.api('/api/v1/pos')).json()).data[0].id;
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  const padron = eng.simulator!.state.padron;
  const nitStatus = padron.nitStatus.bind(padron);
  padron.nitStatus = (nit: string) => {
    askedNits.push(nit);
    return nitStatus(nit);
  };
});
after(async () => {
  await eng.stop();
});

test('a sale to 99002 goes as NIT with codigoExcepcion 1 (set by the engine) and SIAT validates it, at any amount; verificarNit is never asked', async () => {
  const tenantId = eng.store.tenants.byNit('7000123019')!.id;
  for (const [body, what] of [
    [sale(), 'without exceptionCode'],
    [sale({ exceptionCode: 0 }), 'with exceptionCode 0'],
    [sale({}, 2000), 'Bs 4.000: no amount limit'],
  ] as const) {
    const res = await issue(body);
    const b = await res.json();
    assert.equal(res.status, 201, `${what}: ${JSON.stringify(b)}`);
    assert.equal(b.data.state, 'VALIDATED', `${what}: ${JSON.stringify(b.data.siatMessages ?? b.data)}`);
    const xml = eng.store.invoices.byId(tenantId, b.data.id)!.xml;
    assert.equal(tag(xml, 'numeroDocumento'), '99002', what);
    assert.equal(tag(xml, 'codigoTipoDocumentoIdentidad'), '5', what);
    assert.equal(tag(xml, 'codigoExcepcion'), '1', what);
    assert.equal(tag(xml, 'nombreRazonSocial'), 'CONTROL TRIBUTARIO', what);
    // The simulator registered that very document.
    assert.equal(eng.simulator!.state.reception.invoice(b.data.cuf)?.xml, xml, what);
  }
  // 99001 and 99003 the same way.
  for (const code of ['99001', '99003']) {
    const b = await (await issue(sale({ clientDocumentNumber: code, clientCode: code, clientBusinessName: 'EMBAJADA DE PRUEBA' }))).json();
    assert.equal(b.data.state, 'VALIDATED', code);
  }

  // The till's NIT check refuses a special code with a clear reason instead of asking SIAT.
  const check = await eng.api('/api/v1/codes/nit', { method: 'POST', json: { posId, nit: 99002 } });
  assert.equal(check.status, 422);
  assert.match((await check.json()).detail, /código especial del SIN \(CONTROL TRIBUTARIO\)/);

  // A sale to an unchecked ordinary NIT is verified in the background: once its verdict is in,
  // the special codes, asked before it, would be there too.
  const plain = await issue(sale({ clientDocumentNumber: '7654321', clientCode: 'Y', clientBusinessName: 'EMPRESA Y' }));
  assert.equal(plain.status, 201);
  for (let i = 0; i < 500 && !eng.store.clients.nitVerdict(tenantId, '7654321'); i++) await new Promise((r) => setTimeout(r, 20));
  assert.ok(eng.store.clients.nitVerdict(tenantId, '7654321'), 'the ordinary NIT was verified');
  assert.ok(askedNits.includes('7654321'));
  assert.deepEqual(askedNits.filter((n) => ['99001', '99002', '99003'].includes(n)), []);
});

test('document 0 from an API client: what SIAT accepts (up to Bs 3.000), and SIAT 1010 above', async () => {
  const anonymous = { clientDocumentType: 1, clientDocumentNumber: '0', clientBusinessName: 'S/N', clientCode: '0' };
  const ok = await (await issue(sale(anonymous, 1500))).json();
  assert.equal(ok.data.state, 'VALIDATED', JSON.stringify(ok));
  const over = await issue(sale(anonymous, 1500.01));
  assert.equal(over.status, 422);
  assert.match((await over.json()).detail, /SIAT 1010/);
});
