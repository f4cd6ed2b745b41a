// Issue #16: the SIAT client's side, tried as a hostile or broken SIAT would answer. Real loopback
// listeners answer every call with one of: malformed XML, truncated XML (cut inside the document,
// or a connection closed before the announced length), a DOCTYPE with entities (billion laughs,
// an external entity), 100,000 levels of nesting, a 50 MB body, a valid envelope with wrong
// types. Each call must end, in time, as exactly one of the client's failure classes
// (main/siat/errors.ts) — never a TypeError, a RangeError or a hang — and the entity must never
// be expanded into what the caller gets.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RequestListener } from 'node:http';
import { Listeners } from '../../fixtures/loopback';
import { createSiatClient } from '../../../main/siat/client';
import { SiatMalformedError, SiatRejectionError, SiatTransportError } from '../../../main/siat/errors';
import { buildResponseEnvelope } from '../../../main/siat/soap';
import { SIAT_SERVICES } from '../../../main/siat/operations';
import { startTestEngine } from '../../fixtures/engine';
import { sqliteConnection } from '../../../main/store/store';
import { SIAT_ADMIN_URL_SETTING } from '../../../main/cuis-cufd/siat-gateway';

const MB = 1_000_000;
const listeners = new Listeners();
after(async () => {
  await listeners.closeAll();
});

/** A listener that answers every request with `body` (string, or a writer for streams). */
const answering = (body: string | ((res: Parameters<RequestListener>[1]) => void), status = 200): Promise<string> =>
  listeners.listen((req, res) => {
    req.resume();
    if (typeof body === 'function') return body(res);
    res.writeHead(status, { 'content-type': 'text/xml; charset=UTF-8' }).end(body);
  });

type FailureClass = typeof SiatMalformedError | typeof SiatRejectionError | typeof SiatTransportError;

/** Calls cuis and verificarComunicacion against `url`; both must fail with `expected`, within `withinMs`. */
async function mustFailAs(url: string, expected: FailureClass, message: RegExp, withinMs = 10_000): Promise<void> {
  const client = createSiatClient({ baseUrl: `${url}/v2`, token: 't', timeouts: { defaultMs: withinMs } });
  const calls = [
    () => client.codigos.verificarComunicacion(),
    () => client.codigos.cuis({ codigoAmbiente: 2, codigoModalidad: 2, codigoPuntoVenta: 0, codigoSistema: 'ABC', codigoSucursal: 0, nit: 1234567 }),
  ];
  for (const call of calls) {
    const started = Date.now();
    const err = await call().then(
      (r) => assert.fail(`expected ${expected.name}, got an answer: ${JSON.stringify(r).slice(0, 300)}`),
      (e: unknown) => e,
    );
    assert.ok(err instanceof expected, `expected ${expected.name}, got ${String(err)}`);
    assert.match((err as Error).message, message);
    assert.ok(Date.now() - started < withinMs + 2_000, `took ${Date.now() - started} ms`);
  }
}

const comunicacion = SIAT_SERVICES.codigos.operations.verificarComunicacion;
const ok = buildResponseEnvelope('verificarComunicacion', comunicacion, { transaccion: true, mensajesList: [{ codigo: 926, descripcion: 'COMUNICACION EXITOSA' }] });
const soap = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${inner}</soap:Body></soap:Envelope>`;

test('malformed XML answers are malformed answers', async () => {
  for (const body of ['', 'not xml at all', '<<<>>>', '<a><b></a></b>', '{"transaccion":true}', '<soap:Envelope><soap:Body>', '\u0000\u0001\u0002', ok.replace('<', '< ')]) {
    await mustFailAs(await answering(body), SiatMalformedError, /malformed answer/);
  }
});

test('a document cut in the middle is malformed; a connection closed before the announced length is a transport failure', async () => {
  for (const cut of [ok.length - 1, Math.floor(ok.length / 2), 40]) {
    await mustFailAs(await answering(ok.slice(0, cut)), SiatMalformedError, /malformed answer/);
  }
  const closedEarly = await answering((res) => {
    res.writeHead(200, { 'content-type': 'text/xml', 'content-length': String(ok.length * 2) });
    res.write(ok.slice(0, 100));
    setTimeout(() => res.destroy(), 20);
  });
  await mustFailAs(closedEarly, SiatTransportError, /reset/);
});

test('a DOCTYPE is refused before any entity is expanded: billion laughs, external entities, entities in the answer', async () => {
  const laughs =
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
    Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('') +
    ']>' +
    ok.replace(/^<\?xml[^>]*\?>/, '').replace('COMUNICACION EXITOSA', '&lol9;');
  const external = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${ok.replace(/^<\?xml[^>]*\?>/, '').replace('COMUNICACION EXITOSA', '&xxe;')}`;
  const harmless = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "COMUNICACION EXITOSA">]>${ok.replace(/^<\?xml[^>]*\?>/, '').replace('COMUNICACION EXITOSA', '&e;')}`;
  for (const body of [laughs, external, harmless]) {
    await mustFailAs(await answering(body), SiatMalformedError, /DOCTYPE/);
  }
});

test('100,000 levels of nesting are malformed, not a stack overflow', async () => {
  const levels = 100_000;
  const deep = soap(`<verificarComunicacionResponse><RespuestaComunicacion>${'<a>'.repeat(levels)}${'</a>'.repeat(levels)}<transaccion>true</transaccion></RespuestaComunicacion></verificarComunicacionResponse>`);
  await mustFailAs(await answering(deep), SiatMalformedError, /malformed answer/);
  // The same depth, unclosed.
  await mustFailAs(await answering(soap('<a>'.repeat(levels))), SiatMalformedError, /malformed answer/);
});

test('a 50 MB answer is cut off at the cap and is malformed, streamed or announced', async () => {
  const chunk = Buffer.alloc(MB, 'a');
  const streamed = await answering((res) => {
    res.writeHead(200, { 'content-type': 'text/xml' });
    let sent = 0;
    const pump = (): void => {
      while (sent < 50) {
        sent++;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('error', () => undefined);
    pump();
  });
  // verificarComunicacion and cuis: the 4 MiB cap of every operation but the catalogs.
  await mustFailAs(streamed, SiatMalformedError, /respuesta de más de 4 MiB/);
  // 50 MB announced, 17 MiB sent, then silence: the cap decides without waiting for the rest.
  const announced = await answering((res) => {
    res.writeHead(200, { 'content-type': 'text/xml', 'content-length': String(50 * MB) });
    res.on('error', () => undefined);
    for (let i = 0; i < 17; i++) res.write(Buffer.alloc(1024 * 1024, 'a'));
  });
  await mustFailAs(announced, SiatMalformedError, /respuesta de más de 4 MiB/, 5_000);
});

test('a valid envelope with wrong types is malformed, and names the field', async () => {
  const bodies: [string, RegExp][] = [
    [soap('<verificarComunicacionResponse><RespuestaComunicacion><transaccion>maybe</transaccion></RespuestaComunicacion></verificarComunicacionResponse>'), /transaccion.*not a boolean/],
    [soap('<verificarComunicacionResponse><RespuestaComunicacion><transaccion>true</transaccion><mensajesList><codigo>abc</codigo><descripcion>x</descripcion></mensajesList></RespuestaComunicacion></verificarComunicacionResponse>'), /codigo.*not an integer/],
    [soap('<verificarComunicacionResponse><RespuestaComunicacion><transaccion>true</transaccion><mensajesList><codigo>99999999999999999999999</codigo></mensajesList></RespuestaComunicacion></verificarComunicacionResponse>'), /codigo.*out of range/],
    [soap('<verificarComunicacionResponse><RespuestaComunicacion><transaccion><b>true</b></transaccion></RespuestaComunicacion></verificarComunicacionResponse>'), /transaccion: element content/],
    [soap('<verificarComunicacionResponse><RespuestaComunicacion><transaccion>true</transaccion><transaccion>false</transaccion></RespuestaComunicacion></verificarComunicacionResponse>'), /transaccion: repeated/],
    [soap('<verificarComunicacionResponse><RespuestaComunicacion>texto</RespuestaComunicacion></verificarComunicacionResponse>'), /expected child elements|without transaccion/],
    [soap('<verificarComunicacionResponse><RespuestaComunicacion/></verificarComunicacionResponse>'), /without transaccion/],
    [soap('<otraOperacionResponse><x/></otraOperacionResponse>'), /expected verificarComunicacionResponse/],
    [soap('<soap:Fault><faultcode>soap:Server</faultcode><faultstring>boom</faultstring></soap:Fault>'), /SOAP fault/],
    [soap(''), /no SOAP Body|empty SOAP Body/],
  ];
  for (const [body, message] of bodies) {
    const client = createSiatClient({ baseUrl: `${await answering(body)}/v2`, token: 't' });
    const err = await client.codigos.verificarComunicacion().then(
      () => assert.fail(`answered: ${body}`),
      (e: unknown) => e,
    );
    assert.ok(err instanceof SiatMalformedError, `${String(err)} for ${body}`);
    assert.match((err as Error).message, message);
  }
});

test('HTTP statuses keep their classes whatever the body: 5xx transport, 401/403 rejection (989), other 4xx malformed', async () => {
  await mustFailAs(await answering('<html>down</html>', 503), SiatTransportError, /HTTP 503/);
  await mustFailAs(await answering('&lol9;', 401), SiatRejectionError, /989/);
  await mustFailAs(await answering('<!DOCTYPE x>', 418), SiatMalformedError, /unexpected HTTP 418/);
});

// ---- through the engine: nothing is stored from a hostile answer ---------------------------------

/** The engine's answer to `operation`, built valid, with the text ENTITY standing for a hostile piece. */
function answerFor(operation: string): string {
  if (operation === 'cufd') {
    return buildResponseEnvelope('cufd', SIAT_SERVICES.codigos.operations.cufd, {
      transaccion: true, codigo: 'ENTITY', codigoControl: 'ABC', direccion: 'Calle 1', fechaVigencia: '2099-01-01T00:00:00.000', mensajesList: [],
    });
  }
  return buildResponseEnvelope('sincronizarActividades', SIAT_SERVICES.sincronizacion.operations.sincronizarActividades, {
    transaccion: true, mensajesList: [], listaActividades: [{ codigoCaeb: '471110', descripcion: 'ENTITY', tipoActividad: 'P' }],
  });
}

/** Hostile variants of a valid answer, by name. */
const HOSTILE: Record<string, (valid: string) => string | Buffer> = {
  'a DOCTYPE with an entity': (v) => `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "COMERCIO">]>${v.replace(/^<\?xml[^>]*\?>/, '').replace('ENTITY', '&e;')}`,
  'billion laughs': (v) =>
    '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY l0 "lol">' +
    Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('') +
    `]>${v.replace(/^<\?xml[^>]*\?>/, '').replace('ENTITY', '&l9;')}`,
  'truncated': (v) => v.slice(0, Math.floor(v.length * 0.8)),
  'wrong types': (v) => v.replace('<transaccion>true</transaccion>', '<transaccion>1.5</transaccion>'),
  'deep nesting': (v) => v.replace('ENTITY', `${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`),
  '17 MiB': (v) => v.replace('ENTITY', 'x'.repeat(17 * 1024 * 1024)),
};

test('through the engine: a hostile answer to a catalog sync or a CUFD request is a 503 and stores nothing', async () => {
  const eng = await startTestEngine({}, undefined, { scheduler: false });
  try {
    assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
    const posId = ((await (await eng.api('/api/v1/pos')).json()).data as { id: string }[])[0]!.id;
    const tenantId = eng.store.apiKeys.authenticate(eng.ownerKey!)!.tenantId;
    const db = sqliteConnection(eng.store);
    const snapshot = () => JSON.stringify([db.prepare('SELECT * FROM catalog_items ORDER BY 1, 2, 3').raw().all(), db.prepare('SELECT * FROM cufds ORDER BY 1').raw().all(), db.prepare('SELECT * FROM catalog_syncs ORDER BY 1, 2').raw().all()]);
    const before = snapshot();
    let variant = '';
    const hostile = await listeners.listen((req, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (text += c));
      req.on('end', () => {
        const operation = /<(?:\w+:)?Body>\s*<(?:\w+:)?(\w+)/.exec(text)?.[1] ?? '';
        res.on('error', () => undefined);
        res.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8' }).end(HOSTILE[variant]!(answerFor(operation)));
      });
    });
    // What `npm run admin -- siat url` does: the administrator points the tenant at this SIAT.
    eng.store.settings.set(tenantId, SIAT_ADMIN_URL_SETTING, `${hostile}/v2`);
    for (const name of Object.keys(HOSTILE)) {
      variant = name;
      for (const [path, json] of [['/api/v1/siat/sync/activities', { posId }], ['/api/v1/codes/cufd', { posId }]] as const) {
        const res = await eng.api(path, { method: 'POST', json });
        const body = await res.json();
        assert.equal(res.status, 503, `${name} → ${path}: ${JSON.stringify(body).slice(0, 300)}`);
        assert.match(body.detail, /SIAT respondió de forma inesperada|SIAT no responde/, name);
      }
      assert.equal(snapshot(), before, `${name}: something was stored`);
    }
    // The engine still sells from what it had.
    assert.equal((await eng.api('/api/v1/siat/sync/catalogs/activities')).status, 200);
  } finally {
    await eng.stop();
  }
});
