// Issue 19, findings 3, 4, 5, 9, 13 and 14: who may call what, through the real HTTP API.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { ALL_ROUTES, routeKey, type Route } from '../../shared/api/routes';
import { tempDir } from '../fixtures/tmp';
import { Listeners } from '../fixtures/loopback';

let eng: TestEngine;
/** Every route the engine registered, as Fastify saw it (with its schemas). */
const registered: RouteOptions[] = [];
before(async () => {
  eng = await startTestEngine({ KIPU_ALLOWED_HOSTS: 'caja.tienda.bo', KIPU_PUBLIC_URL: 'https://facturas.tienda.bo' }, undefined, {
    scheduler: false,
    routeRegistered: (r) => registered.push(r),
  });
});
after(async () => {
  await eng.stop();
});

/** A GET with a chosen Host header (fetch does not let a caller set Host). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

const randomKey = () => `kipu_${randomBytes(4).toString('hex')}_${randomBytes(20).toString('hex')}`;

test('finding 4: a URL-encoded path is judged by its matched route, so /%61pi/… still needs a key', async () => {
  const res = await eng.api('/%61pi/v1/storage/status', { key: null });
  assert.equal(res.status, 401);
  const unknown = await eng.api('/%61pi/v1/no-such-thing', { key: null });
  assert.equal(unknown.status, 401, 'an unmatched /api/ path tells nothing without a key');
  assert.equal((await eng.api('/api/v1/%70ublic/till-config', { key: null })).status, 200, 'a public route stays public however it is spelt');
});

test('finding 4, issue 30: the engine registers exactly the routes of the contract, and a route outside it stops start-up', async () => {
  const app = eng.app as FastifyInstance;
  const methods = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).map(String).filter((m) => m !== 'HEAD');
  const engineKeys = new Set(registered.filter((r) => r.url.startsWith('/api/')).flatMap((r) => methods(r).map((m) => `${m} ${r.url}`)));
  const contractKeys = new Set(ALL_ROUTES.map(routeKey));
  assert.equal(contractKeys.size, ALL_ROUTES.length, 'a route is declared twice in the contract');
  assert.deepEqual([...engineKeys].filter((k) => !contractKeys.has(k)), [], 'registered by the engine but not in shared/api/routes/');
  assert.deepEqual([...contractKeys].filter((k) => !engineKeys.has(k)), [], 'in shared/api/routes/ but not registered by the engine');
  for (const r of ALL_ROUTES) assert.ok(app.hasRoute({ method: r.method, url: r.path }), `${routeKey(r)} is declared but not registered`);
  const { dir, cleanup } = tempDir();
  try {
    await assert.rejects(
      startTestEngine({}, dir, {
        scheduler: false,
        beforeListen: (a) => a.get('/api/v1/undeclared', async () => ({ ok: true })),
      }),
      /\/api\/v1\/undeclared no tiene acceso declarado: falta en el contrato de rutas/,
    );
    // A start that fails while registering its routes (before it listens) closes what it had
    // opened: the embedded simulator's server kept the process alive after the error.
    const servers = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;
    const before = servers();
    await assert.rejects(
      startTestEngine({}, dir, {
        scheduler: false,
        routeRegistered: (r) => {
          if (r.url === '/api/v1/products') throw new Error('registro roto');
        },
      }),
      /registro roto/,
    );
    assert.equal(servers(), before, 'a listening server left behind by the failed start');
  } finally {
    cleanup();
  }
});

test('issue 30: where the contract gives a schema, it is the one the engine validates and serializes with', () => {
  const byKey = new Map<string, RouteOptions>();
  for (const r of registered) for (const m of Array.isArray(r.method) ? r.method : [r.method]) byKey.set(`${String(m)} ${r.url}`, r);
  const text = (s: unknown) => JSON.stringify(s);
  /** The `data` of the route's success envelope (seed 000's ApiResponse or seed 001's), or the whole answer. */
  const answer = (r: RouteOptions): unknown => {
    const responses = ((r.schema as { response?: Record<string, { properties?: { data?: unknown } }> } | undefined)?.response ?? {}) as Record<string, { properties?: { data?: unknown } }>;
    const ok = Object.entries(responses).find(([code]) => code.startsWith('2'))?.[1];
    return ok?.properties?.data ?? ok;
  };
  const isSchema = (s: Route['body']): boolean => s !== undefined && !('kind' in s && (s.kind === 'file' || s.kind === 'typed'));
  let compared = 0;
  const drift: string[] = [];
  for (const c of ALL_ROUTES) {
    const r = byKey.get(routeKey(c))!;
    const schema = (r.schema ?? {}) as { body?: unknown; querystring?: unknown };
    if (isSchema(c.response)) {
      if (text(answer(r)) !== text(c.response)) drift.push(`${routeKey(c)}: the engine answers another schema than the contract's`);
      compared++;
    }
    if (isSchema(c.body) && text(schema.body) !== text(c.body)) drift.push(`${routeKey(c)}: the engine validates another body than the contract's`);
    if (c.query && text(schema.querystring) !== text(c.query)) drift.push(`${routeKey(c)}: the engine validates another query than the contract's`);
  }
  assert.deepEqual(drift, []);
  assert.ok(compared >= 130, `only ${compared} answers compared`);
});

test('finding 13: the demo key is a till key — it sells and reads, but gets 403 on settings, keys and webhooks', async () => {
  const demo = eng.demoApiKey!;
  assert.equal((await eng.api('/api/v1/invoices', { key: demo })).status, 200);
  assert.equal((await eng.api('/api/v1/till/status', { key: demo })).status, 200);
  for (const [method, path] of [
    ['PUT', '/api/v1/settings/printer'],
    ['POST', '/api/v1/settings/certificate'],
    ['PUT', '/api/v1/settings/siat'],
    ['GET', '/api/v1/keys'],
    // Webhooks and third-party users are seed operations: in training the demo key may try them (issue 28, test/api/fidelity.test.ts).
    ['POST', '/api/v1/pos'],
    ['PUT', '/api/v1/pos/00000000-0000-7000-8000-000000000000/default-invoice-type'],
  ] as const) {
    const res = await eng.api(path, { method, key: demo, ...(method === 'GET' ? {} : { json: {} }) });
    assert.equal(res.status, 403, `${method} ${path}`);
    // The core style's envelope, or the sector style's (seed 001) on its routes.
    const body = (await res.json()) as { error?: { code: string }; detail?: string; message?: string; errors?: { message: string }[] };
    const [code, detail] = body.error ? [body.error.code, body.detail] : [body.message, body.errors?.[0]?.message];
    assert.equal(code, 'FORBIDDEN');
    assert.match(String(detail), /hace falta el ámbito «admin»/);
    assert.match(String(detail), /la clave tiene «till»/);
    // The till shows it as it comes: what to do in Spanish, what it was for, never a route path.
    assert.match(String(detail), /^«[^»]+» lo hace un administrador: ingrese como administrador o pida a un administrador que lo haga/);
    // What it was for opens the sentence: never a summary's parentheses inside parentheses.
    assert.doesNotMatch(String(detail), /\([^)]*\(/);
    assert.doesNotMatch(String(detail), /\/api\/|:id|\b(GET|PUT|POST|DELETE) /);
  }
});

test('finding 13: keys are created with scopes; an integrator key reaches the invoice API and webhooks, not settings or the till', async () => {
  const made = await eng.api('/api/v1/keys', { method: 'POST', json: { name: 'ERP', scopes: ['integrator'] } });
  assert.equal(made.status, 201);
  const created = ((await made.json()) as { data: { key: string; scopes: string[] } }).data;
  assert.deepEqual(created.scopes, ['integrator']);
  const erp = created.key;
  assert.equal((await eng.api('/api/v1/invoices', { key: erp })).status, 200);
  assert.equal((await eng.api('/api/v1/webhooks/endpoints', { key: erp })).status, 200);
  assert.equal((await eng.api('/api/v1/settings/siat', { key: erp })).status, 403);
  assert.equal((await eng.api('/api/v1/settings/certificate', { method: 'POST', key: erp, json: {} })).status, 403);
  assert.equal((await eng.api('/api/v1/till/status', { key: erp })).status, 403);

  const defaulted = ((await (await eng.api('/api/v1/keys', { method: 'POST', json: { name: 'Caja 2' } })).json()) as { data: { scopes: string[] } }).data;
  assert.deepEqual(defaulted.scopes, ['till'], 'a key made without scopes is a till key');
  const bad = await eng.api('/api/v1/keys', { method: 'POST', json: { name: 'x', scopes: ['root'] } });
  assert.equal(bad.status, 400);
  const listed = ((await (await eng.api('/api/v1/keys')).json()) as { data: { name: string; scopes: string[] }[] }).data;
  assert.deepEqual(listed.find((k) => k.name === 'ERP')?.scopes, ['integrator']);

  // Any key may ask which key it is and what it may do (the till offers Sucursales' forms by it).
  const current = async (key: string | undefined) => ((await (await eng.api('/api/v1/keys/current', key ? { key } : {})).json()) as { data: { name: string; prefix: string; scopes: string[] } }).data;
  const erpSelf = await current(erp);
  assert.deepEqual([erpSelf.name, erpSelf.scopes], ['ERP', ['integrator']]);
  assert.ok(erpSelf.prefix.length > 0 && erp.startsWith(`kipu_${erpSelf.prefix}_`) && !JSON.stringify(erpSelf).includes(erp.split('_')[2]!), 'its prefix, never the secret');
  assert.deepEqual((await current(eng.demoApiKey!)).scopes, ['till']);
  assert.ok((await current(undefined)).scopes.includes('admin'), 'the owner key');
  assert.equal((await eng.api('/api/v1/keys/current', { key: null })).status, 401);
});

test('finding 13: the OpenAPI document shows each route’s scopes', async () => {
  const doc = (await (await eng.api('/docs/json', { key: null })).json()) as {
    paths: Record<string, Record<string, { 'x-kipu-scopes'?: string[]; security?: unknown[]; description?: string }>>;
  };
  assert.deepEqual(doc.paths['/api/v1/settings/printer']?.put?.['x-kipu-scopes'], ['admin']);
  assert.match(String(doc.paths['/api/v1/settings/printer']?.put?.description), /Ámbitos de clave que pueden llamarla: admin/);
  assert.deepEqual(doc.paths['/api/v1/invoices']?.post?.['x-kipu-scopes'], ['till', 'integrator']);
  assert.deepEqual(doc.paths['/api/v1/public/invoice/{cuf}/pdf']?.get?.security, []);
});

test('finding 9: a Host that is not loopback, an IP literal or configured gets 421 — the demo key is not handed to a rebound name', async () => {
  const url = `${eng.url}/api/v1/public/till-config`;
  const evil = await getWithHost(url, 'attacker.example');
  assert.equal(evil.status, 421);
  assert.doesNotMatch(evil.body, /kipu_demo/);
  assert.equal((await getWithHost(url, `attacker.example:${eng.port}`)).status, 421);
  assert.equal((await getWithHost(url, `localhost:${eng.port}`)).status, 200);
  assert.equal((await getWithHost(url, `127.0.0.1:${eng.port}`)).status, 200);
  assert.equal((await getWithHost(url, `[::1]:${eng.port}`)).status, 200);
  assert.equal((await getWithHost(url, '192.168.1.20:8080')).status, 200, 'an IP literal cannot be rebound');
  assert.equal((await getWithHost(url, 'caja.tienda.bo:8080')).status, 200, 'KIPU_ALLOWED_HOSTS');
  assert.equal((await getWithHost(url, 'FACTURAS.tienda.bo')).status, 200, "KIPU_PUBLIC_URL's host");
  assert.equal((await getWithHost(`${eng.url}/`, 'attacker.example')).status, 421, 'the web UI too');
});

test('finding 3: a data directory started in training and restarted live refuses the demo key and every training key', async () => {
  const { dir, cleanup } = tempDir();
  try {
    const trainingRun = await startTestEngine({}, dir, { scheduler: false });
    const demo = trainingRun.demoApiKey!;
    const owner = trainingRun.ownerKey!;
    const liveTenant = trainingRun.store.tenants.create({ nit: '7654321', razonSocial: 'TIENDA REAL' });
    const liveKey = trainingRun.store.apiKeys.create(liveTenant.id, 'dueño', ['admin', 'till', 'integrator']).key;
    assert.equal((await trainingRun.api('/api/v1/pos', { key: demo })).status, 200);
    await trainingRun.close();

    const live = await startTestEngine({ KIPU_TRAINING: '0', KIPU_SIAT_URL: 'http://127.0.0.1:9/v2', KIPU_SIAT_TOKEN: 't' }, dir, { scheduler: false });
    try {
      for (const key of [demo, owner]) {
        const res = await live.api('/api/v1/pos', { key });
        assert.equal(res.status, 401);
        assert.match(((await res.json()) as { detail: string }).detail, /modo entrenamiento/);
      }
      assert.equal((await live.api('/api/v1/user/additional', { method: 'POST', key: demo, json: {} })).status, 401, 'the demo provider cannot create tenants');
      assert.equal((await live.api('/api/v1/pos', { key: liveKey })).status, 200);
      const config = ((await (await live.api('/api/v1/public/till-config', { key: null })).json()) as { data: { demoApiKey: string | null } }).data;
      assert.equal(config.demoApiKey, null);
    } finally {
      await live.close();
    }
  } finally {
    cleanup();
  }
});

test('finding 5: without a valid key the limit counts per address — a fresh random key per request still gets 429', async () => {
  const limited = await startTestEngine({ KIPU_PUBLIC_RATE_LIMIT: '20' }, undefined, { scheduler: false });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await limited.api('/api/v1/invoices/some-id', { key: randomKey() })).status);
    assert.deepEqual(statuses.slice(0, 20), Array(20).fill(401));
    assert.deepEqual(statuses.slice(20), Array(20).fill(429));
    // A key that authenticates has its own bucket, so the till behind the same address still works.
    assert.equal((await limited.api('/api/v1/pos')).status, 200);
  } finally {
    await limited.stop();
  }
});

test('finding 14: 1,000 wrong CUFs from one address — at most the public limit are answered, the rest get 429', async () => {
  const limited = await startTestEngine({ KIPU_PUBLIC_RATE_LIMIT: '120' }, undefined, { scheduler: false });
  try {
    const counts = new Map<number, number>();
    const statuses: number[] = [];
    const t0 = performance.now();
    for (let i = 0; i < 1000; i++) {
      const cuf = randomBytes(21).toString('hex').toUpperCase();
      const format = ['pdf', 'ticket', 'zip', 'xml'][i % 4];
      const res = await limited.api(`/api/v1/public/invoice/${cuf}/${format}`, { key: null });
      await res.arrayBuffer();
      statuses.push(res.status);
      counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
    }
    // The limit counts in windows of one minute: on a loaded machine the 1,000 requests may span
    // several (103 s at load 20), and each new window answers up to the limit again.
    const windows = Math.ceil((performance.now() - t0) / 60_000);
    assert.deepEqual(statuses.slice(0, 120), Array(120).fill(404), 'the first 120 wrong CUFs are answered');
    const answered = counts.get(404) ?? 0;
    assert.ok(answered <= 120 * windows, `wrong CUFs answered: ${answered} in ${windows} window(s) of a minute, at most 120 each`);
    assert.equal(counts.get(429), 1000 - answered);
    assert.deepEqual([...counts.keys()].sort(), [404, 429]);
  } finally {
    await limited.stop();
  }
});

test('finding 7 (parsers): a PNG body is read only by the logo upload; elsewhere it is 415', async () => {
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  const res = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', body: png, headers: { 'content-type': 'image/png' } });
  assert.equal(res.status, 415);
  const logo = await eng.api('/api/v1/storage/brand/logo', { method: 'POST', body: png, headers: { 'content-type': 'image/png' } });
  assert.notEqual(logo.status, 415, 'the logo route still takes image/png');
});

test('finding 3: a training tenant left in a live data directory asks SIAT nothing (scheduler)', async () => {
  const { dir, cleanup } = tempDir();
  const siat = new Listeners();
  try {
    const trainingRun = await startTestEngine({}, dir, { scheduler: false });
    const nit = trainingRun.store.tenants.byId(trainingRun.store.apiKeys.authenticate(trainingRun.demoApiKey!)!.tenantId)!.nit;
    await trainingRun.scheduler.tick(); // catalogs and a CUFD for the demo tenant, from the simulator
    await trainingRun.close();

    const bodies: string[] = [];
    const url = await siat.listen((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        bodies.push(body);
        res.writeHead(503).end();
      });
    });
    // Two days later: the demo tenant's catalogs and CUFD would be due.
    const later = () => new Date(Date.now() + 2 * 24 * 3600_000);
    const live = await startTestEngine({ KIPU_TRAINING: '0', KIPU_SIAT_URL: `${url}/v2`, KIPU_SIAT_TOKEN: 't' }, dir, { scheduler: false, now: later });
    try {
      await live.scheduler.tick();
      assert.deepEqual(bodies.filter((b) => b.includes(nit)), [], `no SIAT request names the training NIT ${nit}`);
    } finally {
      await live.close();
    }
  } finally {
    await siat.closeAll();
    cleanup();
  }
});
