// Each injected fault is seen by the client as the right failure class (errors.ts).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createSiatClient, type SiatClient } from '../../../main/siat/client';
import { isTransportFailure, SiatMalformedError, SiatRejectionError, SiatTransportError } from '../../../main/siat/errors';
import type { SiatSimulator } from '../../../main/siat-sim/simulator';
import type { ReceivedDocument } from '../../../main/siat-sim/state';
import { admin, base, buildInvoice, openSession, receptionBase, recepcionRequest, startSim, type Session } from '../../fixtures/siat-invoice';

let sim: SiatSimulator;
let client: SiatClient;
let s: Session;

before(async () => {
  ({ sim, client } = await startSim());
  s = await openSession(client, 2);
});
after(async () => {
  await sim.close();
});

async function failure(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
}

test('refuse: the SOAP port is closed → transport "refused"; reset-faults reopens it', async () => {
  await admin(sim, '/faults', { mode: 'refuse' });
  const err = await failure(client.codigos.verificarComunicacion());
  assert.ok(err instanceof SiatTransportError);
  assert.equal(err.kind, 'refused');
  assert.ok(isTransportFailure(err));
  await admin(sim, '/reset-faults', {});
  assert.equal((await client.codigos.verificarComunicacion()).mensajesList[0]!.codigo, 926);
});

test('refuse scoped to one operation: the connection is destroyed → transport "reset"', async () => {
  await admin(sim, '/faults', { mode: 'refuse', operations: ['recepcionFactura'] });
  try {
    const inv = buildInvoice(s, { numero: 1 });
    const err = await failure(client.compraVenta.recepcionFactura(recepcionRequest(s, inv.xml) as never));
    assert.ok(err instanceof SiatTransportError);
    assert.equal(err.kind, 'reset');
    // Other operations still work.
    assert.equal((await client.compraVenta.verificarComunicacion()).transaccion, true);
  } finally {
    await admin(sim, '/reset-faults', {});
  }
});

test('a fault for a number of times hits that many matching requests, then is gone; times is checked', async () => {
  await admin(sim, '/faults', { mode: 'http500', operations: ['verificarComunicacion'], times: 2 });
  try {
    for (const left of [1, undefined]) {
      const err = await failure(client.codigos.verificarComunicacion());
      assert.ok(err instanceof SiatTransportError && err.status === 500);
      const now = (await admin(sim, '/state')) as { faults: { mode: string; times?: number } };
      assert.equal(now.faults.times, left);
    }
    assert.equal((await client.codigos.verificarComunicacion()).transaccion, true);
    for (const bad of [{ times: 0 }, { times: 1.5 }, { times: '2' }]) {
      await assert.rejects(admin(sim, '/faults', { mode: 'hang', operations: ['cuis'], ...bad }), /HTTP 400[\s\S]*times must be a whole number/);
    }
    await assert.rejects(admin(sim, '/faults', { mode: 'refuse', times: 1 }), /HTTP 400[\s\S]*times needs services or operations/);
  } finally {
    await admin(sim, '/reset-faults', {});
  }
});

test('hang: no answer → transport "timeout" after timeoutMs', async () => {
  await admin(sim, '/faults', { mode: 'hang', services: ['FacturacionCodigos'] });
  try {
    const t0 = Date.now();
    const err = await failure(client.codigos.verificarComunicacion({ timeoutMs: 200 }));
    assert.ok(err instanceof SiatTransportError);
    assert.equal(err.kind, 'timeout');
    assert.ok(Date.now() - t0 < 2000);
  } finally {
    await admin(sim, '/reset-faults', {});
  }
});

test('http500 → transport "http" with status 500', async () => {
  await admin(sim, '/faults', { mode: 'http500' });
  try {
    const err = await failure(client.sincronizacion.verificarComunicacion());
    assert.ok(err instanceof SiatTransportError);
    assert.equal(err.kind, 'http');
    assert.equal(err.status, 500);
  } finally {
    await admin(sim, '/reset-faults', {});
  }
});

test('latency delays the answer', async () => {
  await admin(sim, '/faults', { mode: 'latency', latencyMs: 150 });
  try {
    const t0 = Date.now();
    await client.codigos.verificarComunicacion();
    assert.ok(Date.now() - t0 >= 140);
    const err = await failure(client.codigos.verificarComunicacion({ timeoutMs: 50 }));
    assert.ok(err instanceof SiatTransportError && err.kind === 'timeout');
  } finally {
    await admin(sim, '/reset-faults', {});
  }
});

test('force-code: Códigos throws a rejection with that code; reception returns 902 with it', async () => {
  await admin(sim, '/force-code', { operation: 'cufd', codigo: 995 });
  const err = await failure(client.codigos.cufd({ ...base(2), codigoPuntoVenta: 0, cuis: s.cuis }));
  assert.ok(err instanceof SiatRejectionError);
  assert.deepEqual(err.messages, [{ codigo: 995, descripcion: 'SERVICIO NO DISPONIBLE' }]);
  // times: 1 → the next call is normal again.
  assert.equal((await client.codigos.cufd({ ...base(2), codigoPuntoVenta: 0, cuis: s.cuis })).transaccion, true);

  await admin(sim, '/force-code', { operation: 'recepcionFactura', codigo: 999, times: 1 });
  const inv = buildInvoice(s, { numero: 2 });
  const r = await client.compraVenta.recepcionFactura(recepcionRequest(s, inv.xml) as never);
  assert.equal(r.codigoEstado, 902);
  assert.equal(r.transaccion, false);
  assert.equal(r.mensajesList[0]!.codigo, 999);
});

test('accept-before-timeout: SIAT registers the invoice, the client times out; it is received exactly once', async () => {
  const { sim: other, client: c } = await startSim();
  try {
    const session = await openSession(c, 2);
    await admin(other, '/faults', { mode: 'hang', operations: ['recepcionFactura'] });
    await admin(other, '/accept-before-timeout', {});
    const inv = buildInvoice(session, { numero: 9 });
    const err = await failure(c.compraVenta.recepcionFactura(recepcionRequest(session, inv.xml) as never, { timeoutMs: 2500 }));
    assert.ok(err instanceof SiatTransportError && err.kind === 'timeout');
    await admin(other, '/reset-faults', {});

    // Reconciliation (DESIGN.md): verificacionEstadoFactura finds it; resending answers 1000.
    const estado = await c.compraVenta.verificacionEstadoFactura({ ...receptionBase(session), cuf: inv.cuf });
    assert.equal(estado.codigoEstado, 908);
    const again = await c.compraVenta.recepcionFactura(recepcionRequest(session, inv.xml) as never);
    assert.equal(again.codigoEstado, 902);
    assert.equal(again.mensajesList[0]!.codigo, 1000);

    const received = (await admin(other, '/received')) as ReceivedDocument[];
    const doc = received.find((d) => d.cuf === inv.cuf);
    assert.ok(doc);
    assert.equal(doc.timesReceived, 2);
    assert.equal(doc.timesRegistered, 1);
  } finally {
    await other.close();
  }
});

test('malformed answers: not SOAP, SOAP fault with HTTP 200, wrong wrapper, no transaccion, HTTP 404', async () => {
  const answers: [number, string][] = [
    [200, 'hello'],
    [200, '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>x</faultstring></soap:Fault></soap:Body></soap:Envelope>'],
    [200, '<Envelope><Body><cufdResponse><RespuestaCuis><transaccion>true</transaccion></RespuestaCuis></cufdResponse></Body></Envelope>'],
    [200, '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><x:cuisResponse xmlns:x="https://siat.impuestos.gob.bo/"><RespuestaCuis><codigo>1</codigo></RespuestaCuis></x:cuisResponse></S:Body></S:Envelope>'],
    [200, '<Envelope><Body><cuisResponse><RespuestaCuis><transaccion>maybe</transaccion></RespuestaCuis></cuisResponse></Body></Envelope>'],
    [404, 'not found'],
  ];
  for (const [status, body] of answers) {
    const c = createSiatClient({ baseUrl: 'http://siat.test/v2', token: 't', fetchImpl: async () => new Response(body, { status }) });
    const err = await failure(c.codigos.cuis({ ...base(2), codigoPuntoVenta: 0 }));
    assert.ok(err instanceof SiatMalformedError, `${status} ${body.slice(0, 30)} → ${String(err)}`);
  }
});

test('HTTP 401/403 is a 989 rejection; network error codes map to transport kinds', async () => {
  const c401 = createSiatClient({ baseUrl: 'http://siat.test/v2', token: 't', fetchImpl: async () => new Response('', { status: 401 }) });
  const e401 = await failure(c401.codigos.verificarComunicacion());
  assert.ok(e401 instanceof SiatRejectionError && e401.has(989));

  const kinds: [string, string][] = [
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['ECONNREFUSED', 'refused'],
    ['ECONNRESET', 'reset'],
    ['UND_ERR_SOCKET', 'reset'],
    ['CERT_HAS_EXPIRED', 'tls'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout'],
  ];
  for (const [code, kind] of kinds) {
    const fetchImpl = async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
    };
    const c = createSiatClient({ baseUrl: 'http://siat.test/v2', token: 't', fetchImpl });
    const err = await failure(c.codigos.verificarComunicacion());
    assert.ok(err instanceof SiatTransportError);
    assert.equal(err.kind, kind, code);
  }
});
