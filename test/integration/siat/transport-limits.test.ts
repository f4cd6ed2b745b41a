// Issue #19: the client does not follow redirects (finding 2: fetch resent `apikey` to the other
// origin) and stops reading an answer whose decoded size passes the cap (finding 6: a gzip bomb).
// Real loopback listeners play SIAT and the attacker.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingHttpHeaders, RequestListener } from 'node:http';
import { Listeners } from '../../fixtures/loopback';
import { gzipSync } from 'node:zlib';
import { createSiatClient, DEFAULT_MAX_BODY_BYTES, LARGE_MAX_BODY_BYTES, maxBodyBytesFor } from '../../../main/siat/client';
import { SIAT_MESSAGES } from '../../../main/siat/messages';
import { estado, msg } from '../../../main/siat-sim/respond';
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

// ---- issue #16: the cap is per operation ------------------------------------------------------

/** `xml` padded with spaces after <soap:Body> (ignored by the parser) to exactly `bytes` bytes. */
function paddedTo(xml: string, bytes: number): string {
  const missing = bytes - Buffer.byteLength(xml, 'utf8');
  assert.ok(missing >= 0, `the answer is already ${Buffer.byteLength(xml, 'utf8')} bytes`);
  const out = xml.replace('<soap:Body>', `<soap:Body>${' '.repeat(missing)}`);
  assert.equal(Buffer.byteLength(out, 'utf8'), bytes);
  return out;
}

/**
 * A listener answering every POST with `body` (full length announced). Each answer closes its
 * connection: a request sent on a kept-alive socket the listener was just closing came back as
 * ECONNRESET on a loaded machine, instead of the answer under test.
 */
const answering = (body: string): Promise<string> =>
  listen((req, res) => {
    req.resume();
    res.on('error', () => undefined);
    res.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8', connection: 'close' }).end(body);
  });

const saleRequest = {
  codigoAmbiente: 2, codigoDocumentoSector: 1, codigoEmision: 1, codigoModalidad: 1, codigoPuntoVenta: 0,
  codigoSistema: 'ABC', codigoSucursal: 0, cufd: 'CUFD', cuis: 'CUIS', nit: 1234567, tipoFacturaDocumento: 1,
  archivo: Buffer.from('x'), fechaEnvio: '2025-01-01T00:00:00.000', hashArchivo: 'h',
};
const syncRequest = { codigoAmbiente: 2, codigoPuntoVenta: 0, codigoSistema: 'ABC', codigoSucursal: 0, cuis: 'CUIS', nit: 1234567 };

/** A product catalog answer of exactly `bytes` bytes, real rows up to the padding. */
function catalogAnswer(bytes: number): { xml: string; rows: number } {
  const spec = SIAT_SERVICES.sincronizacion.operations.sincronizarListaProductosServicios;
  // Rows of one size (fixed-width numbers), so the count that fits is a division.
  const row = (i: number) => ({ codigoActividad: '471110', codigoProducto: 100_000 + i, descripcionProducto: `PRODUCTO O SERVICIO DE PRUEBA NUMERO ${String(i).padStart(6, '0')} CON UNA DESCRIPCION LARGA COMO LAS DEL SIN`, nandina: [] });
  const one = buildResponseEnvelope('sincronizarListaProductosServicios', spec, { transaccion: true, mensajesList: [], listaCodigos: [row(0), row(1)] });
  const perRow = Buffer.byteLength(one) - Buffer.byteLength(buildResponseEnvelope('sincronizarListaProductosServicios', spec, { transaccion: true, mensajesList: [], listaCodigos: [row(0)] }));
  const rows = Math.floor((bytes - Buffer.byteLength(one)) / perRow);
  const xml = buildResponseEnvelope('sincronizarListaProductosServicios', spec, { transaccion: true, mensajesList: [], listaCodigos: Array.from({ length: rows }, (_, i) => row(i)) });
  return { xml: paddedTo(xml, bytes), rows };
}

test('the default caps: 4 MiB for a sale and every other operation, 16 MiB for catalog synchronization', () => {
  assert.equal(DEFAULT_MAX_BODY_BYTES, 4 * MiB);
  assert.equal(LARGE_MAX_BODY_BYTES, 16 * MiB);
  for (const op of ['recepcionFactura', 'verificacionEstadoFactura', 'cufd', 'cuis', 'validacionRecepcionPaqueteFactura', 'validacionRecepcionMasivaFactura', 'registroEventoSignificativo', 'verificarComunicacion']) {
    assert.equal(maxBodyBytesFor(op), DEFAULT_MAX_BODY_BYTES, op);
  }
  for (const op of ['sincronizarListaProductosServicios', 'sincronizarActividades', 'sincronizarParametricaUnidadMedida', 'consultaCompras']) {
    assert.equal(maxBodyBytesFor(op), LARGE_MAX_BODY_BYTES, op);
  }
});

test('a sale answer of cap + 1 bytes is refused as malformed, one of exactly the cap is read; a catalog answer of cap + 1 is read', async () => {
  const reception = SIAT_SERVICES.compraVenta.operations.recepcionFactura;
  const saleAnswer = buildResponseEnvelope('recepcionFactura', reception, { codigoDescripcion: 'VALIDADA', codigoEstado: 908, codigoRecepcion: 'R-1', mensajesList: [], transaccion: true });

  const over = createSiatClient({ baseUrl: `${await answering(paddedTo(saleAnswer, DEFAULT_MAX_BODY_BYTES + 1))}/v2`, token: 't' });
  const err = await failure(over.compraVenta.recepcionFactura(saleRequest));
  assert.ok(err instanceof SiatMalformedError, String(err));
  assert.equal(err.operation, 'recepcionFactura');
  assert.match(err.message, /respuesta de más de 4 MiB \(descomprimida\): lectura interrumpida/);

  const exact = createSiatClient({ baseUrl: `${await answering(paddedTo(saleAnswer, DEFAULT_MAX_BODY_BYTES))}/v2`, token: 't' });
  const r = await exact.compraVenta.recepcionFactura(saleRequest);
  assert.equal(r.codigoEstado, 908);
  assert.equal(r.codigoRecepcion, 'R-1');

  const { xml, rows } = catalogAnswer(DEFAULT_MAX_BODY_BYTES + 1);
  const catalogs = createSiatClient({ baseUrl: `${await answering(xml)}/v2`, token: 't' });
  const list = await catalogs.sincronizacion.sincronizarListaProductosServicios(syncRequest);
  assert.equal(list.transaccion, true);
  assert.equal(list.listaCodigos.length, rows);
  assert.ok(rows > 15_000, `${rows} rows`);
});

test('a catalog answer past 16 MiB is refused; maxBodyBytes in the options overrides every operation', async () => {
  const { xml } = catalogAnswer(LARGE_MAX_BODY_BYTES + 1);
  const url = `${await answering(xml)}/v2`;
  const err = await failure(createSiatClient({ baseUrl: url, token: 't' }).sincronizacion.sincronizarListaProductosServicios(syncRequest));
  assert.ok(err instanceof SiatMalformedError, String(err));
  assert.match(err.message, /respuesta de más de 16 MiB/);
  const wider = createSiatClient({ baseUrl: url, token: 't', maxBodyBytes: LARGE_MAX_BODY_BYTES + 1 });
  assert.equal((await wider.sincronizacion.sincronizarListaProductosServicios(syncRequest)).transaccion, true);
  const narrower = createSiatClient({ baseUrl: url, token: 't', maxBodyBytes: MiB });
  assert.match(String(await failure(narrower.sincronizacion.sincronizarListaProductosServicios(syncRequest))), /respuesta de más de 1 MiB/);
});

test('the largest legitimate package validation fits the 4 MiB cap with room: 1,000 invoices × 5 of the longest messages', async () => {
  // Built as the simulator builds it (respond.ts: estado + msg), numeroArchivo and numeroDetalle set.
  const longest = Object.keys(SIAT_MESSAGES).map(Number).sort((a, b) => SIAT_MESSAGES[b]!.length - SIAT_MESSAGES[a]!.length).slice(0, 5);
  const messages = Array.from({ length: 1000 }, (_, i) => longest.map((codigo) => msg(codigo, { numeroArchivo: i, numeroDetalle: 500 }))).flat();
  const spec = SIAT_SERVICES.compraVenta.operations.validacionRecepcionMasivaFactura;
  const xml = buildResponseEnvelope('validacionRecepcionMasivaFactura', spec, estado(904, messages, '00000000-0000-4000-8000-000000000000'));
  const bytes = Buffer.byteLength(xml);
  // 1.32 MiB when measured: the cap leaves three times that.
  assert.ok(bytes > MiB && bytes * 3 < DEFAULT_MAX_BODY_BYTES, `${bytes} bytes`);
  const client = createSiatClient({ baseUrl: `${await answering(xml)}/v2`, token: 't' });
  const r = await client.compraVenta.validacionRecepcionMasivaFactura({
    codigoAmbiente: 2, codigoDocumentoSector: 1, codigoEmision: 3, codigoModalidad: 1, codigoPuntoVenta: 0,
    codigoSistema: 'ABC', codigoSucursal: 0, cufd: 'CUFD', cuis: 'CUIS', nit: 1234567, tipoFacturaDocumento: 1,
    codigoRecepcion: '00000000-0000-4000-8000-000000000000',
  });
  assert.equal(r.codigoEstado, 904);
  assert.equal(r.mensajesList.length, 5000);
  assert.equal(r.mensajesList[4999]!.numeroArchivo, 999);
});
