// Issue #19: the client does not follow redirects (finding 2: fetch resent `apikey` to the other
// origin) and stops reading an answer whose decoded size passes the cap (finding 6: a gzip bomb).
// Real loopback listeners play SIAT and the attacker.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingHttpHeaders, RequestListener } from 'node:http';
import { Listeners } from '../../fixtures/loopback';
import { gzipSync } from 'node:zlib';
import { createSiatClient } from '../../../main/siat/client';
import { SiatMalformedError } from '../../../main/siat/errors';
import { buildResponseEnvelope } from '../../../main/siat/soap';
import { SIAT_SERVICES } from '../../../main/siat/operations';

const MiB = 1024 * 1024;
const listeners = new Listeners();
const listen = (handler: RequestListener) => listeners.listen(handler);

after(async () => {
  await listeners.closeAll();
});

async function failure(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
}

/** What SIAT answers to verificarComunicacion (§2.1): transaccion=true, message 926. */
const comunicacionOk = buildResponseEnvelope('verificarComunicacion', SIAT_SERVICES.codigos.operations.verificarComunicacion, {
  transaccion: true,
  mensajesList: [{ codigo: 926, descripcion: 'COMUNICACION EXITOSA' }],
});

/** fetch that counts the decoded bytes the client actually pulls out of the answer. */
function countingFetch(counter: { bytes: number }): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    if (!res.body) return res;
    const counted = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, ctl) {
          counter.bytes += chunk.byteLength;
          ctl.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

let attacker: { url: string; seen: IncomingHttpHeaders[] };

before(async () => {
  const seen: IncomingHttpHeaders[] = [];
  const url = await listen((req, res) => {
    seen.push(req.headers);
    req.resume();
    res.writeHead(200, { 'content-type': 'text/xml' }).end(comunicacionOk);
  });
  attacker = { url, seen };
});

test('a redirect to another origin is a malformed answer; the other origin receives nothing, the token least of all', async () => {
  for (const status of [301, 302, 303, 307, 308]) {
    const siat = await listen((req, res) => {
      req.resume();
      res.writeHead(status, { location: `${attacker.url}/v2/FacturacionCodigos` }).end();
    });
    const client = createSiatClient({ baseUrl: `${siat}/v2`, token: 'installation-token' });
    const err = await failure(client.codigos.verificarComunicacion());
    assert.ok(err instanceof SiatMalformedError, `${status}: ${String(err)}`);
    assert.equal(err.status, status);
    assert.match(err.message, new RegExp(`redirección HTTP ${status} hacia ${attacker.url}.* rechazada`));
  }
  assert.deepEqual(attacker.seen, [], 'the redirect target was never contacted');
});

test('a gzip answer that inflates past the cap fails as malformed, and the read stops at the cap', async () => {
  // 20 MiB of zeros, about 20 KB on the wire.
  const bomb = gzipSync(Buffer.alloc(20 * MiB));
  assert.ok(bomb.length < 100_000);
  const siat = await listen((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/xml', 'content-encoding': 'gzip', 'content-length': bomb.length }).end(bomb);
  });
  const counter = { bytes: 0 };
  const client = createSiatClient({ baseUrl: `${siat}/v2`, token: 't', maxBodyBytes: MiB, fetchImpl: countingFetch(counter) });
  const err = await failure(client.codigos.verificarComunicacion());
  assert.ok(err instanceof SiatMalformedError, String(err));
  assert.match(err.message, /respuesta de más de 1 MiB \(descomprimida\): lectura interrumpida/);
  // At most one decoder chunk past the cap was pulled, not the 20 MiB the answer inflates to.
  assert.ok(counter.bytes > MiB && counter.bytes < 2 * MiB, `decoded bytes read: ${counter.bytes}`);
});

test('a gzip answer within the cap is read as before; the cap counts decoded bytes, inclusive', async () => {
  const body = Buffer.from(comunicacionOk, 'utf8');
  const siat = await listen((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8', 'content-encoding': 'gzip' }).end(gzipSync(body));
  });
  const exact = createSiatClient({ baseUrl: `${siat}/v2`, token: 't', maxBodyBytes: body.length });
  const r = await exact.codigos.verificarComunicacion();
  assert.equal(r.transaccion, true);
  assert.equal(r.mensajesList[0]!.codigo, 926);
  const oneShort = createSiatClient({ baseUrl: `${siat}/v2`, token: 't', maxBodyBytes: body.length - 1 });
  assert.ok((await failure(oneShort.codigos.verificarComunicacion())) instanceof SiatMalformedError);
});
