// A connection reset before any answer (a kept-alive connection the server closed just as it was
// reused: nodejs/undici#3492) is tried once more on an operation SIAT may safely get twice; a
// sale would otherwise open a contingency event for no outage. Real loopback listeners that
// reset the connection of the requests they are told to, and count what reached them.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { Listeners } from '../../fixtures/loopback';
import { createSiatClient } from '../../../main/siat/client';
import { SiatTransportError } from '../../../main/siat/errors';
import { buildResponseEnvelope } from '../../../main/siat/soap';
import { SIAT_SERVICES } from '../../../main/siat/operations';

const listeners = new Listeners();
after(async () => {
  await listeners.closeAll();
});

const ok = buildResponseEnvelope('verificarComunicacion', SIAT_SERVICES.codigos.operations.verificarComunicacion, {
  transaccion: true,
  mensajesList: [{ codigo: 926, descripcion: 'COMUNICACION EXITOSA' }],
});
const closed = buildResponseEnvelope('cierreOperacionesSistema', SIAT_SERVICES.operaciones.operations.cierreOperacionesSistema, {
  codigoSistema: 'ABC',
  transaccion: true,
});

/** A SIAT whose first `resets` requests lose their connection unanswered; it counts every request. */
async function resetting(resets: number, answer: string): Promise<{ url: string; seen: () => number }> {
  let seen = 0;
  const url = await listeners.listen((req, res) => {
    seen++;
    req.resume();
    if (seen <= resets) return void req.socket.destroy();
    res.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8' }).end(answer);
  });
  return { url, seen: () => seen };
}

const client = (url: string) => createSiatClient({ baseUrl: `${url}/v2`, token: 't', timeouts: { defaultMs: 10_000 } });

test('a read whose connection is reset before any answer is asked once more, and answers', async () => {
  const siat = await resetting(1, ok);
  const res = await client(siat.url).codigos.verificarComunicacion();
  assert.equal(res.transaccion, true);
  assert.equal(siat.seen(), 2);
});

test('reset twice: the second reset is the answer (a transport failure), after exactly two requests', async () => {
  const siat = await resetting(2, ok);
  await assert.rejects(client(siat.url).codigos.verificarComunicacion(), (err: unknown) => err instanceof SiatTransportError && err.kind === 'reset');
  assert.equal(siat.seen(), 2);
});

test('an operation whose second call would say something else (a closing) is never asked twice', async () => {
  const siat = await resetting(1, closed);
  const request = { codigoAmbiente: 2, codigoModalidad: 1, codigoPuntoVenta: 0, codigoSistema: 'ABC', codigoSucursal: 0, cuis: 'C', nit: 1234567 };
  await assert.rejects(client(siat.url).operaciones.cierreOperacionesSistema(request), (err: unknown) => err instanceof SiatTransportError && err.kind === 'reset');
  assert.equal(siat.seen(), 1);
});

test('an answer cut after it began is not asked again', async () => {
  let seen = 0;
  const url = await listeners.listen((req, res) => {
    seen++;
    req.resume();
    res.writeHead(200, { 'content-type': 'text/xml', 'content-length': String(ok.length * 2) });
    res.write(ok.slice(0, 100), () => res.destroy());
  });
  await assert.rejects(client(url).codigos.verificarComunicacion(), (err: unknown) => err instanceof SiatTransportError && err.kind === 'reset');
  assert.equal(seen, 1);
});
