// Issue #19 through the real HTTP API of an engine outside training, whose installation SIAT and
// delegated token come from the environment: a tenant cannot make the engine hand that token to a
// listener of its choosing (finding 2), the administrator still can point a tenant anywhere with
// the CLI, and a decompression bomb from "SIAT" is cut off (finding 6).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingHttpHeaders, RequestListener } from 'node:http';
import { Listeners } from '../fixtures/loopback';
import { gzipSync } from 'node:zlib';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { runAdmin } from '../../main/engine/admin';
import { buildResponseEnvelope } from '../../main/siat/soap';
import { serviceByPath, operationSpec } from '../../main/siat/operations';

const INSTALLATION_TOKEN = 'installation-secret-token-19';

interface Listener {
  url: string;
  seen: { path: string; headers: IncomingHttpHeaders }[];
}

const listeners = new Listeners();
const listen = (handler: RequestListener) => listeners.listen(handler);

/** A loopback listener that records every request and answers HTTP 503 (SIAT looks down). */
async function recorder(): Promise<Listener> {
  const seen: Listener['seen'] = [];
  const url = await listen((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    req.resume();
    res.writeHead(503).end();
  });
  return { url, seen };
}

let eng: TestEngine;
let installation: Listener;
let attacker: Listener;

/** A tenant made the way the administrator makes one; its first key is printed once. */
function createTenant(nit: string): { nit: string; key: string; tenantId: string } {
  const lines: string[] = [];
  runAdmin(['tenant', 'create', '--nit', nit, '--name', `Tienda ${nit} SRL`], eng.store, (l) => lines.push(l));
  const key = /guárdela\): (\S+)/.exec(lines.join('\n'))?.[1];
  assert.ok(key, lines.join('\n'));
  return { nit, key, tenantId: eng.store.tenants.byNit(nit)!.id };
}

function admin(...argv: string[]): string {
  const lines: string[] = [];
  runAdmin(argv, eng.store, (l) => lines.push(l));
  return lines.join('\n');
}

async function json(res: Response): Promise<any> {
  return res.json();
}

async function posOf(key: string): Promise<string> {
  return (await json(await eng.api('/api/v1/pos', { key }))).data[0].id;
}

before(async () => {
  installation = await recorder();
  attacker = await recorder();
  eng = await startTestEngine(
    { KIPU_TRAINING: '0', KIPU_SIAT_URL: `${installation.url}/v2`, KIPU_SIAT_TOKEN: INSTALLATION_TOKEN },
    undefined,
    { scheduler: false, siatTimeouts: { saleMs: 3000, defaultMs: 3000 } },
  );
});
after(async () => {
  await eng.stop();
  await listeners.closeAll();
});

describe('finding 2: the installation’s SIAT token', () => {
  test('a tenant cannot aim its SIAT at its own listener; asking for a CUFD sends the token to the installation’s SIAT only', async () => {
    const t = createTenant('7000019011');
    for (const url of [
      `${attacker.url}/v2`,
      'http://pilotosiatservicios.impuestos.gob.bo/v2',
      'https://pilotosiatservicios.impuestos.gob.bo.attacker.example/v2',
      'https://pilotosiatservicios.impuestos.gob.bo:8443/v2',
      'https://x@siatrest.impuestos.gob.bo/v2',
    ]) {
      const res = await eng.api('/api/v1/settings/siat', { method: 'PUT', key: t.key, json: { url } });
      assert.equal(res.status, 422, url);
      const body = await json(res);
      assert.match(body.detail, /debe ser la del SIN: https:\/\/pilotosiatservicios\.impuestos\.gob\.bo\/v2 .* solo la fija el administrador/, url);
      assert.equal(body.error.fields[0].rule, 'official');
    }
    assert.equal((await json(await eng.api('/api/v1/settings/siat', { key: t.key }))).data.url, `${installation.url}/v2`);

    const before = installation.seen.length;
    const cufd = await eng.api('/api/v1/codes/cufd', { method: 'POST', key: t.key, json: { posId: await posOf(t.key) } });
    assert.equal(cufd.status, 503, 'the installation’s SIAT answers 503 in this test');
    assert.deepEqual(attacker.seen, [], 'the tenant’s listener never heard from the engine');
    const sent = installation.seen.slice(before);
    assert.ok(sent.length >= 1);
    assert.equal(sent[0]!.headers.apikey, `TokenApi ${INSTALLATION_TOKEN}`);
  });

  test('a tenant may choose one of SIAT’s own hosts (stored normalized) and go back to the installation’s', async () => {
    const t = createTenant('7000019029');
    const put = (url: string) => eng.api('/api/v1/settings/siat', { method: 'PUT', key: t.key, json: { url } });
    const prod = await put('https://SIATREST.impuestos.gob.bo/v2/');
    assert.equal(prod.status, 200, await prod.clone().text());
    assert.equal((await json(prod)).data.url, 'https://siatrest.impuestos.gob.bo/v2');
    assert.equal((await json(await put(''))).data.url, `${installation.url}/v2`);
  });

  test('a non-SIAT URL a tenant stored before the fix is ignored: the tenant is back on the installation’s SIAT', async () => {
    const t = createTenant('7000019037');
    // What PUT /api/v1/settings/siat used to accept.
    eng.store.settings.set(t.tenantId, 'siat.url', `${attacker.url}/v2`);
    assert.equal((await json(await eng.api('/api/v1/settings/siat', { key: t.key }))).data.url, `${installation.url}/v2`);
    const res = await eng.api('/api/v1/codes/cufd', { method: 'POST', key: t.key, json: { posId: await posOf(t.key) } });
    assert.equal(res.status, 503);
    assert.deepEqual(attacker.seen, []);
  });

  test('the administrator points a tenant anywhere with npm run admin -- siat url; the tenant cannot change it; --clear undoes it', async () => {
    const t = createTenant('7000019045');
    const lab = await recorder();
    assert.match(admin('siat', 'url', '--nit', t.nit, '--url', `${lab.url}/v2/`), new RegExp(`SIAT en ${lab.url}/v2 \\(fijada por el administrador\\)`));
    assert.equal((await json(await eng.api('/api/v1/settings/siat', { key: t.key }))).data.url, `${lab.url}/v2`);

    const res = await eng.api('/api/v1/codes/cufd', { method: 'POST', key: t.key, json: { posId: await posOf(t.key) } });
    assert.equal(res.status, 503);
    assert.ok(lab.seen.length >= 1, 'the engine talks to the URL the administrator chose');
    assert.equal(lab.seen[0]!.path, '/v2/FacturacionCodigos');
    assert.equal(lab.seen[0]!.headers.apikey, `TokenApi ${INSTALLATION_TOKEN}`, 'the administrator’s choice may carry the installation’s token');

    for (const url of ['https://pilotosiatservicios.impuestos.gob.bo/v2', '']) {
      const put = await eng.api('/api/v1/settings/siat', { method: 'PUT', key: t.key, json: { url } });
      assert.equal(put.status, 422, url);
      assert.match((await json(put)).detail, /la fijó el administrador/);
    }
    assert.throws(() => admin('siat', 'url', '--nit', t.nit, '--url', 'ftp://x/v2'), /http:\/\/ o https:\/\//);
    assert.throws(() => admin('siat', 'url', '--nit', t.nit, '--url', `${lab.url}/v1`), /debe terminar en \/v2/);
    assert.throws(() => admin('siat', 'url', '--nit', t.nit, '--url', `${lab.url}/v2`, '--clear'), /no ambos/);

    assert.match(admin('siat', 'url', '--nit', t.nit, '--clear'), /sin URL del SIAT fijada por el administrador/);
    assert.equal((await json(await eng.api('/api/v1/settings/siat', { key: t.key }))).data.url, `${installation.url}/v2`);
  });
});

describe('finding 6: decompression bomb', () => {
  test('an answer that inflates far past the cap fails the request as a malformed SIAT answer', async () => {
    const t = createTenant('7000019053');
    // A well-formed SIAT answer (transaccion=false, 995) padded with 40 MiB of blanks, gzip'd:
    // read whole, it would parse as a rejection; cut at the cap, it is a malformed answer.
    let bodyBytesSent = 0;
    const cache = new Map<string, Buffer>();
    const bombFor = (path: string, operation: string): Buffer | null => {
      const service = serviceByPath(path);
      const spec = service && operationSpec(service.key, operation);
      if (!spec) return null;
      let body = cache.get(operation);
      if (!body) {
        const xml = buildResponseEnvelope(operation, spec, { transaccion: false, mensajesList: [{ codigo: 995, descripcion: 'SERVICIO NO DISPONIBLE' }] });
        const cut = xml.indexOf('</soap:Body>');
        body = gzipSync(Buffer.concat([Buffer.from(xml.slice(0, cut)), Buffer.alloc(40 * 1024 * 1024, 0x20), Buffer.from(xml.slice(cut))]));
        cache.set(operation, body);
      }
      return body;
    };
    // Compressed before the request: on a loaded machine, compressing 40 MiB while the engine
    // waits took longer than its 3 s SIAT time-out, and the answer was "SIAT unavailable".
    assert.ok(bombFor('FacturacionCodigos', 'cuis'));
    const bomb = await listen((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const operation = /<ns:(\w+)/.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '';
        const body = bombFor((req.url ?? '').replace(/^\/v2\//, ''), operation);
        if (!body) return void res.writeHead(404).end();
        bodyBytesSent += body.length;
        res.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8', 'content-encoding': 'gzip', 'content-length': body.length }).end(body);
      });
    });
    admin('siat', 'url', '--nit', t.nit, '--url', `${bomb}/v2`);

    const res = await eng.api('/api/v1/codes/cufd', { method: 'POST', key: t.key, json: { posId: await posOf(t.key) } });
    const body = await json(res);
    assert.ok(bodyBytesSent > 0, 'the bomb was served');
    assert.equal(res.status, 503, JSON.stringify(body));
    assert.equal(body.error.code, 'SIAT_MALFORMED');
    assert.match(body.detail, /SIAT respondió de forma inesperada en FacturacionCodigos\/cuis/);
  });
});
