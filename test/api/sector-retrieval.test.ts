// Seed 001 "Invoice list by point of sale" and "Invoice retrieval by short code" over real HTTP,
// against invoices issued through the engine and its embedded SIAT simulator.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { assertEnvelopeFailure } from '../fixtures/envelope-style';
import { issueInvoice, type IssuedInvoice } from '../fixtures/issued-invoice';
import { invoiceShortCode } from '../../main/invoicing/short-code';
import { buildQrUrl } from '../../main/documents/model';
import { fromBoliviaIso } from '../../shared/time';
import { SCOPES } from '../../shared/api-scopes';

let eng: TestEngine;
let tenantId: string;
let mainBranchId: number;
/** Oldest first. */
const issued: IssuedInvoice[] = [];
let electronic: IssuedInvoice;

interface Answer {
  status: number;
  body: any;
}

async function call(path: string, init: RequestInit & { key?: string | null; json?: unknown } = {}): Promise<Answer> {
  const res = await eng.api(path, init);
  return { status: res.status, body: await res.json() };
}

/** GET with a body, as seed 001 sends it (fetch refuses a body on GET). */
function getWithBody(path: string, body: unknown, opts: { key?: string | null; contentType?: string; raw?: string } = {}): Promise<Answer> {
  const payload = Buffer.from(opts.raw ?? JSON.stringify(body));
  const key = opts.key === undefined ? eng.demoApiKey : opts.key;
  return new Promise((resolve, reject) => {
    const req = request(
      `${eng.url}${path}`,
      {
        method: 'GET',
        headers: {
          'content-type': opts.contentType ?? 'application/json',
          'content-length': String(payload.length),
          ...(key ? { 'x-api-key': key } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const codeOf = (inv: IssuedInvoice) => invoiceShortCode(inv.id);
const lookup = (inv: IssuedInvoice) => ({ posId: 0, invoiceNumber: inv.invoiceNumber, invoiceCode: codeOf(inv) });
const query = (fields: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();

const assertFailure = assertEnvelopeFailure;

function assertOk(r: Answer) {
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.message, 'COMPLETED');
  assert.equal(r.body.errors, null);
  assert.equal(r.body.success, true);
}

before(async () => {
  eng = await startTestEngine({}, undefined, { scheduler: false });
  tenantId = eng.store.tenants.byNit('7000123019')!.id;
  for (let i = 0; i < 11; i++) issued.push(await issueInvoice(eng, { clientCode: `C-${i}` }));
  electronic = await issueInvoice(eng, { invoiceType: 'ELECTRONIC_SALE' });
  issued.push(electronic);
  mainBranchId = ((await call('/api/v1/branchOffice')).body.data[0] as { branchId: number }).branchId;
});
after(async () => {
  await eng.stop();
});

describe('invoice list by point of sale', () => {
  test('first page: size 10 by default, newest first, the seed item fields', async () => {
    const r = await call('/api/v1/invoice/pagination?posId=0');
    assertOk(r);
    const d = r.body.data;
    assert.deepEqual(Object.keys(d).sort(), ['limit', 'nextPage', 'page', 'prevPage', 'result', 'totalItems', 'totalPages']);
    assert.equal(d.totalItems, 12);
    assert.equal(d.totalPages, 2);
    assert.equal(d.limit, 10);
    assert.equal(d.page, 0);
    assert.equal(d.prevPage, null);
    assert.equal(d.nextPage, 1);
    assert.equal(d.result.length, 10);
    assert.deepEqual(
      d.result.map((x: any) => x.invoiceNumber),
      [...issued].reverse().slice(0, 10).map((i) => i.invoiceNumber),
    );
    const top = d.result[0];
    assert.deepEqual(Object.keys(top).sort(), ['code', 'invoiceNumber', 'qrCode', 'siatCodeState', 'typeDocSector', 'urlInvoice']);
    assert.equal(top.invoiceNumber, electronic.invoiceNumber);
    assert.equal(top.code, codeOf(electronic));
    assert.match(top.code, /^[0-9A-Z]{8}$/);
    assert.equal(top.qrCode, buildQrUrl({ ambiente: 2, nit: '7000123019', cuf: electronic.cuf, numero: electronic.invoiceNumber }));
    assert.equal(top.urlInvoice, `${eng.url}/api/v1/public/invoice/${electronic.cuf}/pdf`);
    assert.equal(top.siatCodeState, 908);
    assert.equal(top.typeDocSector, 1);
    const pdf = await fetch(top.urlInvoice);
    assert.equal(pdf.status, 200);
    assert.equal(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1'), '%PDF-');
  });

  test('last page, a page past the end, and one page holding everything', async () => {
    const last = (await call('/api/v1/invoice/pagination?posId=0&page=1')).body.data;
    assert.equal(last.result.length, 2);
    assert.equal(last.prevPage, 0);
    assert.equal(last.nextPage, null);
    assert.deepEqual(last.result.map((x: any) => x.invoiceNumber), [issued[1]!.invoiceNumber, issued[0]!.invoiceNumber]);

    const beyond = (await call('/api/v1/invoice/pagination?posId=0&page=7')).body.data;
    assert.deepEqual(beyond.result, []);
    assert.equal(beyond.page, 7);
    assert.equal(beyond.totalPages, 2);
    assert.equal(beyond.prevPage, 1, 'the last page that exists');
    assert.equal(beyond.nextPage, null);

    const all = (await call('/api/v1/invoice/pagination?posId=0&size=50')).body.data;
    assert.equal(all.limit, 50);
    assert.equal(all.totalPages, 1);
    assert.equal(all.result.length, 12);
    assert.equal(all.prevPage, null);
    assert.equal(all.nextPage, null);

    const one = (await call('/api/v1/invoice/pagination?posId=0&size=1&page=3')).body.data;
    assert.equal(one.totalPages, 12);
    assert.equal(one.prevPage, 2);
    assert.equal(one.nextPage, 4);
  });

  test('docSector filters; a sector without invoices gives an empty page with both links null', async () => {
    assert.equal((await call('/api/v1/invoice/pagination?posId=0&docSector=1')).body.data.totalItems, 12);
    const none = (await call('/api/v1/invoice/pagination?posId=0&docSector=2')).body.data;
    assert.deepEqual(none, { totalItems: 0, totalPages: 0, limit: 10, page: 0, prevPage: null, nextPage: null, result: [] });
  });

  test('branchId defaults to the casa matriz; another branch has its own points of sale', async () => {
    const explicit = (await call(`/api/v1/invoice/pagination?posId=0&branchId=${mainBranchId}`)).body.data;
    assert.equal(explicit.totalItems, 12);
    const other = (await call('/api/v1/branchOffice', { method: 'POST', json: { name: 'Sucursal Norte', municipality: 'La Paz', address: 'Av. Norte 1', city: 'La Paz', phone: '', description: '' } })).body.data;
    const r = await call(`/api/v1/invoice/pagination?posId=0&branchId=${other.branchId}`);
    assertFailure(r, 404, 'NOT_FOUND');
    assert.match(r.body.errors[0].message, /El punto de venta 0 no existe en la sucursal \d+/);
    assertFailure(await call('/api/v1/invoice/pagination?posId=0&branchId=999999'), 404, 'NOT_FOUND');
    assertFailure(await call('/api/v1/invoice/pagination?posId=7'), 404, 'NOT_FOUND');
  });

  test('a cancelled invoice shows SIAT state 905', async () => {
    const target = issued[0]!;
    const res = await eng.api(`/api/v1/invoices/${target.id}/cancel?motivo=1`, { method: 'POST' });
    assert.equal(res.status, 200, await res.clone().text());
    const last = (await call('/api/v1/invoice/pagination?posId=0&page=1')).body.data;
    const row = last.result.find((x: any) => x.invoiceNumber === target.invoiceNumber);
    assert.equal(row.siatCodeState, 905);
  });

  test('parameter limits: posId required and an integer, size 1–50, page from 0 → 400', async () => {
    for (const q of ['', 'posId=abc', 'posId=-1', 'posId=0&size=51', 'posId=0&size=0', 'posId=0&page=-1', 'posId=0&page=x', 'posId=0&docSector=0']) {
      const r = await call(`/api/v1/invoice/pagination?${q}`);
      assertFailure(r, 400, 'BAD_REQUEST');
      assert.ok(r.body.errors.every((e: any) => typeof e.field === 'string'), q);
    }
    const missing = await call('/api/v1/invoice/pagination');
    assert.deepEqual(missing.body.errors, [{ field: 'posId', message: 'es obligatorio' }]);
  });
});

describe('retrieval by short code', () => {
  test('xml: the stored XML exactly, with the fields in a GET body or in the query', async () => {
    const inv = issued[3]!;
    const stored = eng.invoices.byId(tenantId, inv.id)!.xml;
    const byBody = await getWithBody('/api/v1/invoice/xml', lookup(inv));
    assertOk(byBody);
    assert.equal(byBody.body.data, stored);
    const byQuery = await call(`/api/v1/invoice/xml?${query(lookup(inv))}`);
    assertOk(byQuery);
    assert.equal(byQuery.body.data, stored);
    const signed = await getWithBody('/api/v1/invoice/xml', { ...lookup(electronic), branchId: mainBranchId });
    assertOk(signed);
    assert.match(signed.body.data, /<ds:SignatureValue>/);
  });

  test('json: cabecera, detalle and signature read from the XML, numbers as numbers, fechaEmision in epoch ms', async () => {
    const inv = issued[4]!;
    const r = await getWithBody('/api/v1/invoice/json', lookup(inv));
    assertOk(r);
    const { cabecera, detalle, signature } = r.body.data;
    assert.deepEqual(Object.keys(r.body.data).sort(), ['cabecera', 'detalle', 'signature']);
    assert.equal(cabecera.numeroFactura, inv.invoiceNumber);
    assert.equal(cabecera.cuf, inv.cuf);
    assert.equal(cabecera.nitEmisor, 7000123019);
    assert.equal(cabecera.codigoSucursal, 0);
    assert.equal(cabecera.codigoPuntoVenta, 0);
    assert.equal(cabecera.montoTotal, inv.amountTotal);
    assert.equal(cabecera.codigoDocumentoSector, 1);
    assert.equal(cabecera.codigoCliente, 'C-4');
    assert.equal(cabecera.numeroDocumento, '5115889');
    assert.equal(cabecera.leyenda, inv.leyenda);
    assert.equal(cabecera.fechaEmision, fromBoliviaIso(eng.invoices.byId(tenantId, inv.id)!.fechaEmision)!.getTime());
    assert.equal(detalle.length, 2);
    assert.equal(detalle[0].descripcion, 'Arroz 1 kg');
    assert.equal(detalle[0].cantidad, 2);
    assert.equal(detalle[0].precioUnitario, 9.5);
    assert.equal(detalle[1].cantidad, 1.5);
    assert.equal(signature, null, 'computerized: not signed');

    const q = await call(`/api/v1/invoice/json?${query(lookup(inv))}`);
    assert.deepEqual(q.body, r.body);

    const e = await getWithBody('/api/v1/invoice/json', lookup(electronic));
    assertOk(e);
    assert.match(e.body.data.signature, /^[A-Za-z0-9+/]{100,}=*$/);
    assert.equal(e.body.data.detalle.length, 2, 'ds:Signature is not a line');
  });

  test('pdf: base64 of the A4 PDF, by body and by query: the stored public PDF, rendered once (issue 25)', async () => {
    const inv = issued[5]!;
    const start = eng.documents.renders.pdf;
    const pub = Buffer.from(await (await fetch(`${eng.url}/api/v1/public/invoice/${inv.cuf}/pdf`)).arrayBuffer());
    for (const r of [await getWithBody('/api/v1/invoice/pdf', lookup(inv)), await call(`/api/v1/invoice/pdf?${query(lookup(inv))}`)]) {
      assertOk(r);
      assert.match(r.body.data, /^[A-Za-z0-9+/]+=*$/);
      const bytes = Buffer.from(r.body.data, 'base64');
      assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.ok(bytes.length > 1000);
      assert.ok(bytes.equals(pub), 'the same bytes as the public download');
    }
    assert.equal(eng.documents.renders.pdf - start, 1);
  });

  test('the code is read as a person may type it: lower case and hyphens work', async () => {
    const inv = issued[6]!;
    const code = codeOf(inv);
    const typed = `${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase();
    assertOk(await getWithBody('/api/v1/invoice/xml', { ...lookup(inv), invoiceCode: typed }));
  });

  test('a wrong code, or a number that does not exist, is 404 with the same answer', async () => {
    const inv = issued[7]!;
    const wrong = await getWithBody('/api/v1/invoice/json', { ...lookup(inv), invoiceCode: codeOf(issued[8]!) });
    assertFailure(wrong, 404, 'NOT_FOUND');
    assert.match(wrong.body.errors[0].message, new RegExp(`No hay una factura número ${inv.invoiceNumber} con código`));
    assertFailure(await call(`/api/v1/invoice/pdf?${query({ ...lookup(inv), invoiceCode: 'ZZZZZZZZ' })}`), 404, 'NOT_FOUND');
    assertFailure(await getWithBody('/api/v1/invoice/xml', { ...lookup(inv), invoiceNumber: 99999 }), 404, 'NOT_FOUND');
    assertFailure(await getWithBody('/api/v1/invoice/xml', { ...lookup(inv), posId: 3 }), 404, 'NOT_FOUND');
    assertFailure(await getWithBody('/api/v1/invoice/xml', { ...lookup(inv), branchId: 999999 }), 404, 'NOT_FOUND');
  });

  test('body validation: missing or unknown field, wrong type → 400 (no coercion in a body); out of range → 422', async () => {
    const inv = issued[2]!;
    const { invoiceCode: _c, ...noCode } = lookup(inv);
    const missing = await getWithBody('/api/v1/invoice/xml', noCode);
    assertFailure(missing, 400, 'BAD_REQUEST');
    assert.deepEqual(missing.body.errors, [{ field: 'invoiceCode', message: 'es obligatorio' }]);
    const extra = await getWithBody('/api/v1/invoice/xml', { ...lookup(inv), cuf: inv.cuf });
    assertFailure(extra, 400, 'BAD_REQUEST');
    assert.deepEqual(extra.body.errors, [{ field: 'cuf', message: 'no es un campo admitido' }]);
    const type = await getWithBody('/api/v1/invoice/xml', { ...lookup(inv), posId: '0' });
    assertFailure(type, 400, 'BAD_REQUEST');
    assert.deepEqual(type.body.errors, [{ field: 'posId', message: 'debe ser de tipo entero' }]);
    const range = await getWithBody('/api/v1/invoice/xml', { ...lookup(inv), invoiceNumber: 0 });
    assertFailure(range, 422, 'VALIDATION_FAILED');
    assert.deepEqual(range.body.errors, [{ field: 'invoiceNumber', message: 'debe ser mayor o igual a 1' }]);
    assertFailure(await getWithBody('/api/v1/invoice/xml', [1, 2]), 400, 'BAD_REQUEST');
  });

  test('query validation, a body that is not JSON, and a body together with query fields', async () => {
    const inv = issued[2]!;
    const q = await call(`/api/v1/invoice/xml?posId=0&invoiceNumber=${inv.invoiceNumber}`);
    assertFailure(q, 400, 'BAD_REQUEST');
    assert.deepEqual(q.body.errors, [{ field: 'invoiceCode', message: 'es obligatorio' }]);
    assertFailure(await call(`/api/v1/invoice/xml?posId=cero&invoiceNumber=1&invoiceCode=X`), 400, 'BAD_REQUEST');
    const bad = await getWithBody('/api/v1/invoice/xml', null, { raw: '{"posId":' });
    assertFailure(bad, 400, 'BAD_REQUEST');
    assert.deepEqual(bad.body.errors, [{ message: 'El cuerpo no es JSON válido' }]);
    assertFailure(await getWithBody('/api/v1/invoice/xml', lookup(inv), { contentType: 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const big = await getWithBody('/api/v1/invoice/xml', null, { raw: JSON.stringify({ ...lookup(inv), pad: 'x'.repeat(20_000) }) });
    assertFailure(big, 413, 'PAYLOAD_TOO_LARGE');
    const both = await getWithBody(`/api/v1/invoice/xml?posId=0`, lookup(inv));
    assertFailure(both, 400, 'BAD_REQUEST');
    assert.match(both.body.errors[0].message, /no en ambos/);
  });

  test('without a key: 401 in the sector envelope, body or not', async () => {
    assertFailure(await getWithBody('/api/v1/invoice/xml', lookup(issued[1]!), { key: null }), 401, 'UNAUTHORIZED');
    assertFailure(await call(`/api/v1/invoice/pagination?posId=0`, { key: null }), 401, 'UNAUTHORIZED');
  });
});

describe('tenant isolation', () => {
  test("another tenant's key lists none of these invoices and retrieves none of them", async () => {
    const other = eng.store.tenants.create({ nit: '6660202', razonSocial: 'OTRA EMPRESA' });
    const key = eng.store.apiKeys.create(other.id, 'k', SCOPES).key;
    const inv = issued[9]!;
    // Same posId (0), number and code: the other tenant's own point of sale 0 has no such invoice.
    const page = await call('/api/v1/invoice/pagination?posId=0', { key });
    assertOk(page);
    assert.equal(page.body.data.totalItems, 0);
    assertFailure(await call(`/api/v1/invoice/pagination?posId=0&branchId=${mainBranchId}`, { key }), 404, 'NOT_FOUND');
    for (const format of ['xml', 'json', 'pdf']) {
      assertFailure(await getWithBody(`/api/v1/invoice/${format}`, lookup(inv), { key }), 404, 'NOT_FOUND');
      assertFailure(await call(`/api/v1/invoice/${format}?${query({ ...lookup(inv), branchId: mainBranchId })}`, { key }), 404, 'NOT_FOUND');
    }
  });
});

test('the list and retrieval routes are in the OpenAPI document with their tag', async () => {
  const spec = (await (await eng.api('/docs/json', { key: null })).json()) as { paths: Record<string, Record<string, { tags?: string[]; parameters?: { name: string; in: string }[] }>> };
  for (const p of ['/api/v1/invoice/pagination', '/api/v1/invoice/xml', '/api/v1/invoice/json', '/api/v1/invoice/pdf']) {
    const op = spec.paths[p]?.get;
    assert.deepEqual(op?.tags, ['Facturas (estilo sectorial)'], p);
    assert.ok(op?.parameters?.some((x) => x.name === 'posId' && x.in === 'query'), p);
  }
});
