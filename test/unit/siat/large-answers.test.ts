// Issue 25: a SIAT answer over LARGE_ANSWER_CHARS (a catalog, consultaCompras: up to 16 MiB, whose
// parsing held the engine's thread for seconds) is read on the SIAT reader's worker thread
// (engine/siat-answer-worker.ts), with the same result and the same failures as inline; a small one
// (a sale's) is read inline, without a thread hop. SIAT is a fetchImpl answering fixed bodies.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { SiatGateway } from '../../../main/cuis-cufd/siat-gateway';
import { FileSecretStore } from '../../../main/config/secrets';
import type { Tenant } from '../../../main/store/tenants';
import { tempDir } from '../../fixtures/tmp';
import { createSiatClient } from '../../../main/siat/client';
import { SiatMalformedError } from '../../../main/siat/errors';
import { LARGE_ANSWER_CHARS } from '../../../main/siat/answer-read';
import { WorkerPool } from '../../../main/workers/pool';
import type { SiatReadJob, SiatReadResult } from '../../../main/engine/siat-answer-worker';
import type { AnswerRead } from '../../../main/siat/answer-read';
import type { ReadArchivo } from '../../../main/purchases/consulta-archivo';

const pool = new WorkerPool<SiatReadJob, SiatReadResult>({ from: import.meta.url, source: '../../../main/engine/siat-answer-worker.ts', bundled: 'never-bundled.cjs' }, { what: 'respuestas del SIAT', timeoutMs: 120_000 });
after(() => pool.close());

const request = { codigoAmbiente: 2, codigoPuntoVenta: 0, codigoSistema: 'S', codigoSucursal: 0, cuis: 'C', nit: 1 };
function client(body: string) {
  return createSiatClient({
    baseUrl: 'http://siat.test/v2',
    token: 't',
    fetchImpl: async () => new Response(body, { status: 200 }),
    readLarge: async (job) => (await pool.run('tenant', { answer: job })) as AnswerRead,
  });
}
const envelope = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ns2:sincronizarListaProductosServiciosResponse xmlns:ns2="https://siat.impuestos.gob.bo/"><RespuestaListaProductos>${inner}</RespuestaListaProductos></ns2:sincronizarListaProductosServiciosResponse></soap:Body></soap:Envelope>`;
const products = (n: number) =>
  Array.from({ length: n }, (_, i) => `<listaCodigos><codigoActividad>471110</codigoActividad><codigoProducto>${10_000 + i}</codigoProducto><descripcionProducto>PRODUCTO ${i}</descripcionProducto></listaCodigos>`).join('');

test('a large catalog is read on the worker: every item, typed as inline', { timeout: 120_000 }, async () => {
  const body = envelope(`<transaccion>true</transaccion>${products(3_000)}`);
  assert.ok(body.length > LARGE_ANSWER_CHARS);
  const before = pool.completed;
  const r = await client(body).sincronizacion.sincronizarListaProductosServicios(request);
  assert.equal(pool.completed, before + 1, 'read on the worker thread');
  assert.equal(r.transaccion, true);
  assert.equal(r.listaCodigos.length, 3_000);
  assert.deepEqual(r.listaCodigos[2999], { codigoActividad: '471110', codigoProducto: 12_999, descripcionProducto: 'PRODUCTO 2999', nandina: [] });
});

test('a small answer is read inline, without the worker', async () => {
  const before = pool.completed;
  const r = await client(envelope(`<transaccion>true</transaccion>${products(3)}`)).sincronizacion.sincronizarListaProductosServicios(request);
  assert.equal(r.listaCodigos.length, 3);
  assert.equal(pool.completed, before);
});

test('a large answer that is a SOAP fault, or not SOAP, is a SiatMalformedError as inline', { timeout: 120_000 }, async () => {
  const pad = `<!--${' '.repeat(LARGE_ANSWER_CHARS)}-->`;
  const fault = `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>x</faultstring></soap:Fault>${pad}</soap:Body></soap:Envelope>`;
  const before = pool.completed;
  for (const [body, re] of [
    [fault, /SOAP fault with HTTP 200: soap:Server x/],
    [`<a>${'x'.repeat(LARGE_ANSWER_CHARS)}`, /malformed answer/],
  ] as const) {
    await assert.rejects(client(body).sincronizacion.sincronizarListaProductosServicios(request), (e: unknown) => e instanceof SiatMalformedError && re.test(e.message));
  }
  assert.equal(pool.completed, before + 2);
});

test("consultaCompras's archivo is read on the worker as inline", { timeout: 120_000 }, async () => {
  const xml = `<compras>${Array.from({ length: 50 }, (_, i) => `<registroCompra><nitEmisor>1003579028</nitEmisor><codigoAutorizacion>A${i}</codigoAutorizacion><numeroFactura>${i + 1}</numeroFactura></registroCompra>`).join('')}</compras>`;
  const read = (await pool.run('tenant', { archivo: gzipSync(xml) })) as ReadArchivo;
  assert.equal(read.rows.length, 50);
  assert.equal(read.rows[49]!.codigoAutorizacion, 'A49');
});

test("the engine's gateway hands a tenant's large answers to its reader, with the tenant as the pool's caller", { timeout: 120_000 }, async () => {
  const body = envelope(`<transaccion>true</transaccion>${products(2_000)}`);
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/xml' }).end(body));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const tmp = tempDir();
  try {
    const callers: string[] = [];
    const gateway = new SiatGateway({
      baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}/v2`,
      defaultToken: 't',
      secrets: new FileSecretStore(join(tmp.dir, 'secrets.json')),
      readLarge: async (tenantId, answer) => {
        callers.push(tenantId);
        return (await pool.run(tenantId, { answer })) as AnswerRead;
      },
    });
    const before = pool.completed;
    const r = await gateway.client({ id: 'tenant-7' } as Tenant).sincronizacion.sincronizarListaProductosServicios(request);
    assert.equal(r.listaCodigos.length, 2_000);
    assert.deepEqual(callers, ['tenant-7']);
    assert.equal(pool.completed, before + 1);
  } finally {
    server.close();
    tmp.cleanup();
  }
});
