import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:https';
import { createHmac, generateKeyPairSync, timingSafeEqual } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { tempDir } from '../fixtures/tmp';
import { SCOPES } from '../../shared/api-scopes';
import { sqliteConnection } from '../../main/store/store';

async function json(res: Response): Promise<any> {
  return res.json();
}

/** A self-signed certificate for 127.0.0.1, made here (Node's keys, node-forge's X.509). */
function selfSigned(): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }) as string);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const attrs = [{ name: 'commonName', value: 'kipu-webhook-test' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  return { key: keyPem, cert: forge.pki.certificateToPem(cert) };
}

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** HTTPS receiver on loopback: records every request; `plan[path]` lists status codes to answer in turn (then 200). */
class Receiver {
  readonly got: Received[] = [];
  readonly plan: Record<string, number[]> = {};
  private waiters: { pred: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  server!: Server;
  url = '';

  async start(tls: { key: string; cert: string }): Promise<void> {
    this.server = createServer(tls, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r: Received = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        this.got.push(r);
        res.statusCode = this.plan[r.path]?.shift() ?? 200;
        res.end('ok');
        this.waiters = this.waiters.filter((w) => (w.pred(r) ? (w.resolve(r), false) : true));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const addr = this.server.address();
    this.url = `https://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  }

  /** The first request (already received or to come) matching `pred`. */
  next(pred: (r: Received) => boolean): Promise<Received> {
    const seen = this.got.find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ pred, resolve }));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Independent check of a Standard Webhooks signature (not the engine's code). */
function signatureValid(secret: string, r: Received): boolean {
  const id = r.headers['webhook-id'] as string;
  const ts = r.headers['webhook-timestamp'] as string;
  const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${id}.${ts}.${r.body}`).digest();
  const header = r.headers['webhook-signature'] as string;
  assert.ok(header.startsWith('v1,'), header);
  const got = Buffer.from(header.slice(3), 'base64');
  return got.length === expected.length && timingSafeEqual(got, expected);
}

describe('webhook management without KIPU_WEBHOOK_ALLOW_PRIVATE', () => {
  let eng: TestEngine;
  const register = (json: unknown, key?: string) => eng.api('/api/v1/webhooks/endpoints', { method: 'POST', json, ...(key ? { key } : {}) });
  before(async () => {
    eng = await startTestEngine({}, undefined, { scheduler: false });
  });
  after(async () => {
    await eng.stop();
  });

  test('register returns 201 with the full secret; list and read mask it; update, rotate and delete work', async () => {
    const res = await register({ url: 'https://93.184.216.34/hooks', events: ['invoice.*', 'siat.connection_lost'], description: 'ERP' });
    assert.equal(res.status, 201);
    const created = (await json(res)).data;
    assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(created.active, true);
    assert.equal(created.description, 'ERP');
    assert.deepEqual(created.events, ['invoice.*', 'siat.connection_lost']);
    // The secret is in the secret store, not in SQLite.
    const row = sqliteConnection(eng.store).prepare('SELECT * FROM webhook_endpoints WHERE id = ?').get(created.id) as Record<string, unknown>;
    assert.ok(!JSON.stringify(row).includes(created.secret.slice(6, 30)));

    const list = (await json(await eng.api('/api/v1/webhooks/endpoints'))).data.content;
    assert.equal(list.length, 1);
    assert.equal(list[0].secret, `whsec_****${created.secret.slice(-4)}`);
    const read = (await json(await eng.api(`/api/v1/webhooks/endpoints/${created.id}`))).data;
    assert.equal(read.secret, list[0].secret);

    const upd = await eng.api(`/api/v1/webhooks/endpoints/${created.id}`, { method: 'PUT', json: { active: false, events: ['*'] } });
    assert.equal(upd.status, 200);
    assert.deepEqual([(await json(upd)).data.active, read.url], [false, 'https://93.184.216.34/hooks']);

    const rot = (await json(await eng.api(`/api/v1/webhooks/endpoints/${created.id}/rotate-secret`, { method: 'POST' }))).data;
    assert.match(rot.secret, /^whsec_/);
    assert.notEqual(rot.secret, created.secret);

    assert.equal((await eng.api(`/api/v1/webhooks/endpoints/${created.id}`, { method: 'DELETE' })).status, 200);
    assert.equal((await eng.api(`/api/v1/webhooks/endpoints/${created.id}`)).status, 404);
    // Soft delete: the row stays (history), out of the API.
    assert.ok(sqliteConnection(eng.store).prepare('SELECT deleted_at FROM webhook_endpoints WHERE id = ?').get(created.id));
  });

  test('validation: https only, known events, no private or loopback targets', async () => {
    const cases: [unknown, RegExp][] = [
      [{ url: 'http://93.184.216.34/x', events: ['*'] }, /https:\/\//],
      [{ url: 'https://93.184.216.34/x', events: ['invoice.paid'] }, /invoice\.paid/],
      [{ url: 'https://93.184.216.34/x', events: ['foo.*'] }, /foo\.\*/],
      [{ url: 'https://127.0.0.1/x', events: ['*'] }, /loopback/],
      [{ url: 'https://10.0.0.5/x', events: ['*'] }, /privada/],
      [{ url: 'https://[::1]/x', events: ['*'] }, /loopback/],
      [{ url: 'https://localhost/x', events: ['*'] }, /localhost/],
      [{ url: 'https://169.254.169.254/latest', events: ['*'] }, /enlace local/],
      [{ url: 'https://[::ffff:192.168.0.1]/x', events: ['*'] }, /privada/],
    ];
    for (const [body, detail] of cases) {
      const res = await register(body);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.match((await json(res)).detail, detail);
    }
    assert.equal((await register({ url: 'https://93.184.216.34/x', events: ['*'], extra: 1 })).status, 400);
    assert.equal((await eng.api('/api/v1/webhooks/endpoints')).status, 200);
    const id = (await json(await register({ url: 'https://93.184.216.34/x', events: ['*'] }))).data.id;
    const upd = await eng.api(`/api/v1/webhooks/endpoints/${id}`, { method: 'PUT', json: { url: 'https://192.168.1.10/x' } });
    assert.equal(upd.status, 422);
    await eng.api(`/api/v1/webhooks/endpoints/${id}`, { method: 'DELETE' });
  });

  test('IPv4 inside IPv4-compatible, NAT64, 6to4 and Teredo addresses is judged by that IPv4 address (issue #19, finding 11)', async () => {
    const created: string[] = [];
    const attempt = async (url: string) => {
      const res = await register({ url, events: ['*'] });
      const body = await json(res);
      if (res.status === 201) created.push(body.data.id);
      return { status: res.status, detail: body.detail as string };
    };
    try {
      for (const url of [
        'https://[::127.0.0.1]/x',
        'https://[64:ff9b::7f00:1]/x',
        'https://[2002:7f00:1::]/x',
        'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/x',
        'https://[64:ff9b::a9fe:a9fe]/latest',
      ]) {
        const r = await attempt(url);
        assert.equal(r.status, 422, url);
        assert.match(r.detail, /loopback|enlace local/, url);
      }
      // The same prefixes around a public IPv4 address are accepted.
      assert.equal((await attempt('https://[64:ff9b::5db8:d822]/x')).status, 201);
    } finally {
      for (const id of created) await eng.api(`/api/v1/webhooks/endpoints/${id}`, { method: 'DELETE' });
    }
  });

  test('at most 20 endpoints per tenant; another tenant sees none of them', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await register({ url: `https://93.184.216.34/h${i}`, events: ['*'] });
      assert.equal(res.status, 201);
      ids.push((await json(res)).data.id);
    }
    const res = await register({ url: 'https://93.184.216.34/h21', events: ['*'] });
    assert.equal(res.status, 422);
    assert.match((await json(res)).detail, /20/);

    const other = eng.store.tenants.create({ nit: '6660001', razonSocial: 'OTRO' });
    const otherKey = eng.store.apiKeys.create(other.id, 'otro', SCOPES).key;
    assert.deepEqual((await json(await eng.api('/api/v1/webhooks/endpoints', { key: otherKey }))).data.content, []);
    for (const [method, path] of [
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', '/rotate-secret'],
      ['GET', '/deliveries'],
    ] as const) {
      const r = await eng.api(`/api/v1/webhooks/endpoints/${ids[0]}${path}`, { method, key: otherKey, ...(method === 'PUT' ? { json: { active: false } } : {}) });
      assert.equal(r.status, 404, `${method} ${path}`);
    }
    assert.equal((await register({ url: 'https://93.184.216.34/o', events: ['*'] }, otherKey)).status, 201);
    for (const id of ids) await eng.api(`/api/v1/webhooks/endpoints/${id}`, { method: 'DELETE' });
  });
});

describe('signed delivery to a real HTTPS receiver (KIPU_WEBHOOK_ALLOW_PRIVATE=1)', () => {
  let eng: TestEngine;
  let posId: string;
  const rx = new Receiver();
  const tmp = tempDir();

  const register = async (path: string, events: string[]) => {
    const res = await eng.api('/api/v1/webhooks/endpoints', { method: 'POST', json: { url: `${rx.url}${path}`, events } });
    assert.equal(res.status, 201);
    return (await json(res)).data as { id: string; secret: string };
  };
  const issue = async () => {
    const res = await eng.api('/api/v1/invoices?wait=true', {
      method: 'POST',
      json: {
        invoiceType: 'COMPUTERIZED_SALE',
        posId,
        clientDocumentType: 1,
        clientDocumentNumber: '5115889',
        clientBusinessName: 'Juan Pérez',
        clientCode: 'C-1',
        paymentMethodCode: 1,
        details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P1', description: 'Arroz', quantity: 1, unitMeasure: 57, priceUnit: 9.5 }],
      },
    });
    assert.equal(res.status, 201);
    return (await json(res)).data as { id: string; cuf: string; invoiceNumber: number };
  };
  const deliveries = async (endpointId: string, q = '') => (await json(await eng.api(`/api/v1/webhooks/endpoints/${endpointId}/deliveries${q}`))).data;
  const validatedFor = (path: string, invoiceId: string) => (r: Received) =>
    r.path === path && r.headers['webhook-event'] === 'invoice.validated' && JSON.parse(r.body).data.id === invoiceId;

  before(async () => {
    const tls = selfSigned();
    await rx.start(tls);
    const caFile = join(tmp.dir, 'ca.pem');
    writeFileSync(caFile, tls.cert);
    eng = await startTestEngine({ KIPU_WEBHOOK_ALLOW_PRIVATE: '1', KIPU_WEBHOOK_CA_FILE: caFile }, undefined, {
      scheduler: false,
      webhooks: { intervalMs: 20, retryBaseMs: 1, timeoutMs: 5000 },
    });
    posId = (await json(await eng.api('/api/v1/pos'))).data[0].id;
    assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  });
  after(async () => {
    await eng.stop();
    await rx.close();
    tmp.cleanup();
  });

  test('a validated invoice reaches the receiver with the seed headers, payload and a verifiable signature', async () => {
    const ep = await register('/all', ['*']);
    const inv = await issue();
    const r = await rx.next(validatedFor('/all', inv.id));
    assert.equal(r.headers['content-type'], 'application/json');
    assert.match(r.headers['webhook-id'] as string, /^[0-9a-f-]{36}$/);
    assert.match(r.headers['webhook-timestamp'] as string, /^\d{10}$/);
    assert.ok(signatureValid(ep.secret, r));
    const body = JSON.parse(r.body);
    assert.deepEqual(Object.keys(body).sort(), ['data', 'occurredAt', 'type']);
    assert.equal(body.type, 'invoice.validated');
    assert.deepEqual(body.data, { id: inv.id, cuf: inv.cuf, invoiceNumber: inv.invoiceNumber, state: 'VALIDATED', amountTotal: 9.5 });
    await eng.api(`/api/v1/webhooks/endpoints/${ep.id}`, { method: 'DELETE' });
  });

  test('sector documents are delivered like compra-venta: an education invoice and a credit-debit note on it (issue #12)', async () => {
    const ep = await register('/sectors', ['invoice.validated']);
    const post = async (body: Record<string, unknown>) => {
      const res = await eng.api('/api/v1/invoices?wait=true', {
        method: 'POST',
        json: { posId, clientDocumentType: 1, clientDocumentNumber: '5115889', clientBusinessName: 'Juan Pérez', clientCode: 'C-1', paymentMethodCode: 1, ...body },
      });
      const out = await json(res);
      assert.equal(res.status, 201, JSON.stringify(out));
      return out.data as { id: string; cuf: string; invoiceNumber: number };
    };
    const line = { activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'PEN-3', description: 'Cuaderno', quantity: 2, unitMeasure: 57, priceUnit: 450 };
    const school = await post({ invoiceType: 'COMPUTERIZED_SECTOR_EDUCATION', nameStudent: 'Ana Quispe', billedPeriod: 'MARZO 2026', details: [line] });
    const r1 = await rx.next(validatedFor('/sectors', school.id));
    assert.ok(signatureValid(ep.secret, r1));
    assert.deepEqual(JSON.parse(r1.body).data, { id: school.id, cuf: school.cuf, invoiceNumber: school.invoiceNumber, state: 'VALIDATED', amountTotal: 900 });
    const note = await post({ invoiceType: 'COMPUTERIZED_NOTE_CREDIT_DEBIT', originalInvoiceId: school.id, details: [{ ...line, quantity: 1, returnProduct: true }] });
    const r2 = await rx.next(validatedFor('/sectors', note.id));
    assert.deepEqual(JSON.parse(r2.body).data, { id: note.id, cuf: note.cuf, invoiceNumber: note.invoiceNumber, state: 'VALIDATED', amountTotal: 450 });
    await eng.api(`/api/v1/webhooks/endpoints/${ep.id}`, { method: 'DELETE' });
  });

  test('a receiver answering 500 twice then 200 gets three attempts and the delivery ends DELIVERED', async () => {
    const ep = await register('/flaky', ['invoice.validated']);
    rx.plan['/flaky'] = [500, 500];
    const inv = await issue();
    const r = await rx.next((x) => x.path === '/flaky' && rx.got.filter((y) => y.path === '/flaky').length >= 3 && JSON.parse(x.body).data.id === inv.id);
    const id = r.headers['webhook-id'];
    assert.ok(rx.got.filter((y) => y.path === '/flaky').every((y) => y.headers['webhook-id'] === id), 'retries keep the webhook-id');
    // The attempt is recorded right after the 200 is read; wait for the dispatcher to settle it.
    let d: any;
    while (!d || d.state !== 'DELIVERED') {
      d = (await deliveries(ep.id)).content.find((x: any) => x.id === id);
      await new Promise((res) => setImmediate(res));
    }
    assert.equal(d.attempts, 3);
    assert.deepEqual(d.attemptLog.map((a: any) => a.statusCode), [500, 500, 200]);
    assert.equal(d.attemptLog[0].error, 'HTTP 500');
    assert.equal(d.lastStatusCode, 200);
    await eng.api(`/api/v1/webhooks/endpoints/${ep.id}`, { method: 'DELETE' });
  });

  test('invoice.* receives invoice events; contingency.* does not', async () => {
    const inv = await register('/inv', ['invoice.*']);
    const cont = await register('/cont', ['contingency.*']);
    const issued = await issue();
    await rx.next(validatedFor('/inv', issued.id));
    // Deliveries of one event are written in one transaction before any is sent.
    assert.ok((await deliveries(inv.id)).totalElements >= 1);
    assert.equal((await deliveries(cont.id)).totalElements, 0);
    assert.equal(rx.got.filter((r) => r.path === '/cont').length, 0);
    await eng.api(`/api/v1/webhooks/endpoints/${inv.id}`, { method: 'DELETE' });
    await eng.api(`/api/v1/webhooks/endpoints/${cont.id}`, { method: 'DELETE' });
  });

  test('after rotate-secret the next delivery verifies only with the new secret', async () => {
    const ep = await register('/rot', ['invoice.validated']);
    const rot = (await json(await eng.api(`/api/v1/webhooks/endpoints/${ep.id}/rotate-secret`, { method: 'POST' }))).data;
    const inv = await issue();
    const r = await rx.next(validatedFor('/rot', inv.id));
    assert.ok(signatureValid(rot.secret, r));
    assert.ok(!signatureValid(ep.secret, r));
    await eng.api(`/api/v1/webhooks/endpoints/${ep.id}`, { method: 'DELETE' });
  });

  test('redeliver sends again at once with the same webhook-id; deliveries are paged', async () => {
    const ep = await register('/re', ['invoice.validated']);
    const invs = [await issue(), await issue(), await issue()];
    for (const inv of invs) await rx.next(validatedFor('/re', inv.id));
    let page0: any;
    do page0 = await deliveries(ep.id, '?page=0&size=2');
    while (page0.content.some((d: any) => d.state !== 'DELIVERED'));
    assert.deepEqual([page0.content.length, page0.totalElements, page0.totalPages, page0.first, page0.last, page0.size], [2, 3, 2, true, false, 2]);
    const page1 = await deliveries(ep.id, '?page=1&size=2');
    assert.deepEqual([page1.content.length, page1.last], [1, true]);

    const target = page0.content[0];
    const before = rx.got.filter((r) => r.headers['webhook-id'] === target.id).length;
    const res = await eng.api(`/api/v1/webhooks/deliveries/${target.id}/redeliver`, { method: 'POST' });
    assert.equal(res.status, 200);
    const d = (await json(res)).data;
    assert.equal(d.state, 'DELIVERED');
    assert.equal(d.attempts, target.attempts + 1);
    assert.equal(d.attemptLog.at(-1).manual, true);
    assert.equal(rx.got.filter((r) => r.headers['webhook-id'] === target.id).length, before + 1);
    assert.equal((await eng.api('/api/v1/webhooks/deliveries/00000000-0000-4000-8000-000000000000/redeliver', { method: 'POST' })).status, 404);
  });
});
