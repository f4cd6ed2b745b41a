// Issue 28: what a client written against the seeds trips on.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { tempDir } from '../fixtures/tmp';
import { issueInvoice, makePng } from '../fixtures/issued-invoice';
import { createPurchase, settlePurchases } from '../fixtures/purchases';

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

async function endActiveEvent(): Promise<void> {
  const active = (await (await eng.api(`/api/v1/events/active/${posId}`)).json()).data;
  if (active) assert.equal((await eng.api('/api/v1/events/end', { method: 'POST', json: { posId, branchId, eventoId: active.id } })).status, 200);
}

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

  test('contingency codigoMotivo 1 is SIAT’s internet outage; 3 (virus) is SIAT’s virus event and leads to the CAFC flow; codigoMotivoSiat 3 stays 3', async (t) => {
    // Whatever fails, no event stays open to turn the next tests' sales into contingency ones.
    t.after(endActiveEvent);
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

describe('issue 28, item 1: a credit-debit note on an invoice with a line given away whole', () => {
  const sectorLine = (over: Record<string, unknown>) => ({ activityEconomic: '471110', unitMeasure: 57, codeProductSin: '99100', qty: 1, amountDiscount: null, ...over });
  const sectorPost = async (path: string, json: unknown) => {
    const res = await eng.api(path, { method: 'POST', json });
    return { status: res.status, body: await res.json() };
  };

  test('sector style: the note leaves the 0.00 line out of the original part; returning the gift is refused with its reason', async () => {
    const branch = (await (await eng.api('/api/v1/branchOffice')).json()).data[0].branchId;
    const o = await sectorPost('/api/v1/invoice/electronic/saleBon', {
      posId: 0, clientReasonSocial: 'Juan Pérez', clientDocumentType: 1, clientNroDocument: '5115889', clientCode: 'C-1', paramPaymentMethod: 1, userPos: 'cajero1', typeInvoice: 1, paramCurrency: 1, clientCity: 'La Paz', clientEmail: 'juan@example.com', clientComplement: null, exceptionCode: null, additionalDiscount: 0, clientPhone: '70012345',
      detailInvoice: [
        sectorLine({ codeProduct: 'ARR-1', description: 'Arroz 1 kg', qty: 3, priceUnit: 10 }),
        sectorLine({ codeProduct: 'ACE-1', description: 'Aceite 900 ml (bonificación)', priceUnit: 18.4, amountDiscount: 18.4 }),
      ],
    });
    assert.equal(o.status, 201, JSON.stringify(o.body));
    const note = (lines: Record<string, unknown>[]) => ({ posId: 0, branchId: branch, invoiceNumber: o.body.data.invoiceNumber, invoiceCode: o.body.data.invoiceCode, userPos: 'cajero2', detailInvoice: lines });
    for (const modality of ['electronic', 'computarized']) {
      const r = await sectorPost(`/api/v1/invoice/${modality}/debit`, note([sectorLine({ detailId: 1, codeProduct: 'ARR-1', description: 'Arroz 1 kg', priceUnit: 10, returnProduct: true })]));
      assert.equal(r.status, 201, `${modality}: ${JSON.stringify(r.body).slice(0, 1500)}`);
      assert.equal(r.body.data.siatCodeState, 908);
      assert.equal(r.body.data.amountTotalOriginal, 30);
      assert.deepEqual(r.body.data.detailInvoice.map((l: any) => [l.codeProduct, l.codeDetailTransaction]), [['ARR-1', 1], ['ARR-1', 2]]);
    }
    const gift = await sectorPost('/api/v1/invoice/electronic/debit', note([sectorLine({ detailId: 2, codeProduct: 'ACE-1', description: 'Aceite 900 ml (bonificación)', priceUnit: 18.4, returnProduct: true })]));
    assert.equal(gift.status, 422, JSON.stringify(gift.body));
    assert.ok(gift.body.errors.some((e: any) => /bonificación del 100 %/.test(e.message)), JSON.stringify(gift.body.errors));
  });

  test('core style: NOTE_CREDIT_DEBIT on an ELECTRONIC_SALE_BONUS original with a 0.00 line is validated', async () => {
    const line = (over: Record<string, unknown>) => ({ activityEconomic: '471110', codeProductSin: '99100', unitMeasure: 57, quantity: 1, ...over });
    const base = { posId, clientDocumentType: 1, clientDocumentNumber: '5115889', clientBusinessName: 'Juan Pérez', clientCode: 'C-1', paymentMethodCode: 1 };
    const o = await eng.api('/api/v1/invoices?wait=true', {
      method: 'POST',
      json: { ...base, invoiceType: 'ELECTRONIC_SALE_BONUS', details: [line({ codeProduct: 'ARR-1', description: 'Arroz 1 kg', quantity: 3, priceUnit: 10 }), line({ codeProduct: 'ACE-1', description: 'Aceite (bonificación)', priceUnit: 18.4, amountDiscount: 18.4 })] },
    });
    const ob = await o.json();
    assert.equal(o.status, 201, JSON.stringify(ob));
    const n = await eng.api('/api/v1/invoices?wait=true', {
      method: 'POST',
      json: { ...base, invoiceType: 'NOTE_CREDIT_DEBIT', originalInvoiceId: ob.data.id, details: [line({ codeProduct: 'ARR-1', description: 'Arroz 1 kg', priceUnit: 10, returnProduct: true })] },
    });
    const nb = await n.json();
    assert.equal(n.status, 201, JSON.stringify(nb).slice(0, 1500));
    assert.equal(nb.data.state, 'VALIDATED', JSON.stringify(nb.data.siatMessages));
  });
});

describe('issue 28, item 4: contingency branchId takes the branch’s UUID', () => {
  test('GET /pos and GET /branchOffice show the same branchUuid; events start, end and query with it; the integer still works', async (t) => {
    t.after(endActiveEvent);
    const pos = (await (await eng.api('/api/v1/pos')).json()).data[0];
    assert.match(pos.branchUuid, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const branches = (await (await eng.api('/api/v1/branchOffice')).json()).data;
    const mine = branches.find((b: any) => b.branchId === pos.branchId);
    assert.equal(mine.branchUuid, pos.branchUuid);
    const one = (await (await eng.api(`/api/v1/branchOffice/${pos.branchId}`)).json()).data;
    assert.equal(one.branchUuid, pos.branchUuid);

    const start = await eng.api('/api/v1/events/start', { method: 'POST', json: { posId: pos.id, branchId: pos.branchUuid, codigoMotivo: 1, descripcion: 'Corte de internet' } });
    const sb = await start.json();
    assert.equal(start.status, 200, JSON.stringify(sb));
    const day = new Date().toISOString().slice(0, 10);
    const q = await eng.api('/api/v1/events', { method: 'POST', json: { posId: pos.id, branchId: pos.branchUuid.toUpperCase(), fechaEvento: day } });
    assert.equal(q.status, 200, await q.clone().text());
    const end = await eng.api('/api/v1/events/end', { method: 'POST', json: { posId: pos.id, branchId: pos.branchUuid, eventoId: sb.data.id } });
    assert.equal(end.status, 200, await end.text());

    const other = await eng.api('/api/v1/events', { method: 'POST', json: { posId: pos.id, branchId: '00000000-0000-4000-8000-000000000000', fechaEvento: day } });
    assert.equal(other.status, 422);
    const byInteger = await eng.api('/api/v1/events', { method: 'POST', json: { posId: pos.id, branchId: pos.branchId, fechaEvento: day } });
    assert.equal(byInteger.status, 200);
  });
});

describe('issue 28, item 5: GET /webhooks/endpoints is a Page', () => {
  test('content, page, size, totalElements, totalPages, first, last; page and size are honoured', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await eng.api('/api/v1/webhooks/endpoints', { method: 'POST', json: { url: `https://93.184.216.34/hook/${i}`, events: ['*'] } });
      assert.equal(r.status, 201, await r.text());
    }
    const all = (await (await eng.api('/api/v1/webhooks/endpoints')).json()).data;
    assert.equal(all.content.length, 3);
    assert.equal(all.page, 0);
    assert.equal(all.size, 20);
    assert.equal(all.totalElements, 3);
    assert.equal(all.totalPages, 1);
    assert.equal(all.first, true);
    assert.equal(all.last, true);
    const second = (await (await eng.api('/api/v1/webhooks/endpoints?page=1&size=2')).json()).data;
    assert.deepEqual([second.content.length, second.page, second.size, second.totalPages, second.first, second.last], [1, 1, 2, 2, false, true]);
    assert.equal(second.content[0].id, all.content[2].id);
  });
});

describe('issue 28, item 6: numberSerial and numberImei as the seed types them', () => {
  const telecom = (lineOver: Record<string, unknown>) => ({
    posId: 0, clientReasonSocial: 'Juan Pérez', clientDocumentType: 1, clientNroDocument: '5115889', clientCode: 'C-1', paramPaymentMethod: 1, userPos: 'cajero1', typeInvoice: 1, paramCurrency: 1,
    clientCity: 'La Paz', clientEmail: 'juan@example.com', clientComplement: null, exceptionCode: null, additionalDiscount: 0, clientPhone: '70012345', nitSet: 1020304019,
    detailInvoice: [{ activityEconomic: '471110', unitMeasure: 58, codeProductSin: '99100', codeProduct: 'CEL-1', description: 'Teléfono', qty: 1, priceUnit: 150, amountDiscount: null, ...lineOver }],
  });
  test('integers are accepted, the 15-digit IMEI stays exact in the document and is answered as an integer; text stays text', async () => {
    const res = await eng.api('/api/v1/invoice/electronic/telecom', { method: 'POST', json: telecom({ numberSerial: 8959101, numberImei: 356938035643809 }) });
    const body = await res.json();
    assert.equal(res.status, 201, JSON.stringify(body).slice(0, 1500));
    assert.equal(body.data.detailInvoice[0].numberImei, 356938035643809);
    assert.equal(body.data.detailInvoice[0].numberSerial, 8959101);
    const q = new URLSearchParams({ posId: '0', invoiceNumber: String(body.data.invoiceNumber), invoiceCode: body.data.invoiceCode });
    const doc = (await (await eng.api(`/api/v1/invoice/json?${q.toString()}`)).json()).data;
    assert.equal(String(doc.detalle[0].numeroImei), '356938035643809');

    const text = await eng.api('/api/v1/invoice/electronic/telecom', { method: 'POST', json: telecom({ numberSerial: 'SIM-8959101', numberImei: '356938035643809' }) });
    const tb = await text.json();
    assert.equal(text.status, 201, JSON.stringify(tb).slice(0, 1500));
    assert.equal(tb.data.detailInvoice[0].numberSerial, 'SIM-8959101');
    assert.equal(tb.data.detailInvoice[0].numberImei, 356938035643809);

    const tooLong = await eng.api('/api/v1/invoice/electronic/telecom', { method: 'POST', json: telecom({ numberImei: Number.MAX_SAFE_INTEGER + 1 }) });
    assert.ok(tooLong.status === 400 || tooLong.status === 422, `a number that JSON cannot keep exact is refused, not altered (${tooLong.status})`);
  });
});

describe('issue 28, item 7: PageShopping’s response fields come from SIAT’s answer', () => {
  test('a purchase SIAT accepted (908) has every response* field filled', async () => {
    const p = await createPurchase(eng);
    await settlePurchases(eng, 60_000);
    const row = (await (await eng.api(`/api/v1/invoice/shopping/PageShopping?page=0&size=5&cuf=${p.authorizationCode ?? ''}`)).json()).data.result.find((r: any) => r.authorizationCode === p.authorizationCode);
    assert.ok(row, 'the purchase is listed');
    assert.equal(row.responseCode, 908);
    assert.equal(row.responseCodeStatus, '908');
    assert.match(row.responseDescription ?? '', /\S/);
    assert.match(row.responseCodeDescription ?? '', /\S/, 'responseCodeDescription is SIAT’s description once it answered');
    assert.match(row.responseCodeReception ?? '', /\S/);
    assert.equal(row.isValidated, true);
  });
});

describe('issue 28, item 8: the taxpayer settings carry the logo’s companyId', () => {
  test('GET /settings/taxpayer answers the key’s own tenant id, which the logo upload accepts; a PUT echoing it is accepted', async () => {
    const t = (await (await eng.api('/api/v1/settings/taxpayer')).json()).data;
    const tenant = eng.store.tenants.byNit(t.nit)!;
    assert.equal(t.companyId, tenant.id);

    const other = eng.store.tenants.create({ nit: '6660002', razonSocial: 'OTRA EMPRESA' });
    const otherKey = eng.store.apiKeys.create(other.id, 'otra', ['admin']).key;
    const theirs = (await (await eng.api('/api/v1/settings/taxpayer', { key: otherKey })).json()).data;
    assert.equal(theirs.companyId, other.id, 'a third-party tenant learns its own id');

    const logo = await eng.api(`/api/v1/storage/brand/logo?companyId=${t.companyId}`, { method: 'POST', headers: { 'content-type': 'image/png' }, body: new Uint8Array(makePng(8, 8)) });
    assert.equal(logo.status, 200, await logo.text());

    const put = await eng.api('/api/v1/settings/taxpayer', { method: 'PUT', json: t });
    assert.equal(put.status, 200, await put.text());
    assert.equal((await eng.api('/api/v1/settings/taxpayer', { method: 'PUT', json: { ...t, companyId: other.id } })).status, 422, 'companyId is read-only');
  });
});

describe('issue 28, item 9: in training the demo key may try every seed operation; scopes stay everywhere else', () => {
  const SEED_ONLY_BY_SCOPE: [string, string][] = [
    ['GET', '/api/v1/webhooks/endpoints'],
    ['POST', '/api/v1/webhooks/endpoints'],
    ['GET', '/api/v1/webhooks/endpoints/00000000-0000-4000-8000-000000000000'],
    ['PUT', '/api/v1/webhooks/endpoints/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/v1/webhooks/endpoints/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/v1/webhooks/endpoints/00000000-0000-4000-8000-000000000000/rotate-secret'],
    ['GET', '/api/v1/webhooks/endpoints/00000000-0000-4000-8000-000000000000/deliveries'],
    ['POST', '/api/v1/webhooks/deliveries/00000000-0000-4000-8000-000000000000/redeliver'],
    ['POST', '/api/v1/storage/test'],
    ['POST', '/api/v1/storage/brand/logo'],
    ['POST', '/api/v1/branchOffice'],
    ['PUT', '/api/v1/branchOffice'],
    ['DELETE', '/api/v1/branchOffice/999'],
    ['GET', '/api/v1/user/additional'],
    ['POST', '/api/v1/user/additional'],
    ['GET', '/api/v1/user/additional/999'],
  ];
  const call = (e: TestEngine, key: string, [method, path]: [string, string]) => e.api(path, { method, key, ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }) });

  test('training: the demo key reaches the 16 seed operations beyond its till scope, not Kipu’s own admin routes; another till key stays scoped', async () => {
    const demo = eng.demoApiKey!;
    for (const op of SEED_ONLY_BY_SCOPE) {
      const res = await call(eng, demo, op);
      assert.notEqual(res.status, 403, `${op.join(' ')}: ${await res.text()}`);
      assert.notEqual(res.status, 401, op.join(' '));
    }
    assert.equal((await eng.api('/api/v1/webhooks/endpoints', { key: demo })).status, 200);
    assert.equal((await eng.api('/api/v1/user/additional', { key: demo })).status, 200);
    for (const op of [['PUT', '/api/v1/settings/printer'], ['GET', '/api/v1/keys'], ['POST', '/api/v1/pos'], ['GET', '/api/v1/settings/taxpayer']] as [string, string][]) {
      assert.equal((await call(eng, demo, op)).status, 403, `${op.join(' ')} is Kipu's, not the seed's`);
    }
    const tenantId = eng.store.apiKeys.authenticate(demo)!.tenantId;
    const tillKey = eng.store.apiKeys.create(tenantId, 'caja 2', ['till']).key;
    for (const op of SEED_ONLY_BY_SCOPE) assert.equal((await call(eng, tillKey, op)).status, 403, `another till key: ${op.join(' ')}`);
  });

  test('live: a till key keeps its scope on those operations and the demo key is refused', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const trainingRun = await startTestEngine({}, dir, { scheduler: false });
      const demo = trainingRun.demoApiKey!;
      const liveTenant = trainingRun.store.tenants.create({ nit: '7654321', razonSocial: 'TIENDA REAL' });
      const tillKey = trainingRun.store.apiKeys.create(liveTenant.id, 'caja', ['till']).key;
      await trainingRun.close();
      const live = await startTestEngine({ KIPU_TRAINING: '0', KIPU_SIAT_URL: 'http://127.0.0.1:9/v2', KIPU_SIAT_TOKEN: 't' }, dir, { scheduler: false });
      try {
        for (const op of SEED_ONLY_BY_SCOPE) {
          assert.equal((await call(live, tillKey, op)).status, 403, `live till key: ${op.join(' ')}`);
          assert.equal((await call(live, demo, op)).status, 401, `live demo key: ${op.join(' ')}`);
        }
      } finally {
        await live.close();
      }
    } finally {
      cleanup();
    }
  });
});

describe('issue 28, item 11: tasa cero writes montoTotalSujetoIva as 0', () => {
  test('the signed document of a sector 8 invoice SIAT validated carries <montoTotalSujetoIva>0</montoTotalSujetoIva>', async () => {
    const res = await eng.api('/api/v1/invoice/electronic/rate', {
      method: 'POST',
      json: {
        posId: 0, clientReasonSocial: 'Juan Pérez', clientDocumentType: 1, clientNroDocument: '5115889', clientCode: 'C-1', paramPaymentMethod: 1, userPos: 'cajero1', paramCurrency: 1,
        clientCity: 'La Paz', clientEmail: 'juan@example.com', clientComplement: null, exceptionCode: null, additionalDiscount: 0, clientPhone: '70012345',
        detailInvoice: [{ activityEconomic: '471110', unitMeasure: 57, codeProductSin: '99100', codeProduct: 'LIB-1', description: 'Libro de texto', qty: 2, priceUnit: 75, amountDiscount: null }],
      },
    });
    const body = await res.json();
    assert.equal(res.status, 201, JSON.stringify(body).slice(0, 1500));
    assert.equal(body.data.siatCodeState, 908);
    const q = new URLSearchParams({ posId: '0', invoiceNumber: String(body.data.invoiceNumber), invoiceCode: body.data.invoiceCode });
    const xmlRes = await eng.api(`/api/v1/invoice/xml?${q.toString()}`);
    assert.equal(xmlRes.status, 200);
    const xml: string = (await xmlRes.json()).data;
    assert.match(xml, /<ds:SignatureValue>/);
    assert.match(xml, /<montoTotalSujetoIva>0<\/montoTotalSujetoIva>/);
    assert.match(xml, /<montoTotal>150\.00<\/montoTotal>/, 'other amounts keep two decimals');
  });
});
