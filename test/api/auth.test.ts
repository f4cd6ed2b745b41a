import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { SCOPES } from '../../shared/api-scopes';
import { sqliteConnection } from '../../main/store/store';

let eng: TestEngine;
before(async () => {
  eng = await startTestEngine();
});
after(async () => {
  await eng.stop();
});

async function expect401(res: Response, detail: RegExp): Promise<void> {
  assert.equal(res.status, 401);
  const body = (await res.json()) as Record<string, unknown>;
  assert.equal(body.success, false);
  assert.equal(body.data, null);
  assert.match(String(body.detail), detail);
  assert.equal((body.error as { code: string }).code, 'UNAUTHORIZED');
  assert.match(String(body.timestamp), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
}

test('no X-API-Key → 401 with the seed error body', async () => {
  await expect401(await eng.api('/api/v1/pos', { key: null }), /Falta la cabecera X-API-Key/);
});

test('a malformed or unknown key → 401', async () => {
  await expect401(await eng.api('/api/v1/pos', { key: 'hello' }), /no es válida/);
  await expect401(await eng.api('/api/v1/pos', { key: 'kipu_zzzzzzzz_AAAAAAAAAAAAAAAAAAAAAAAA' }), /no es válida/);
});

test('a key with the right prefix but a wrong secret → 401', async () => {
  const demo = eng.demoApiKey!;
  const wrong = demo.slice(0, -1) + (demo.endsWith('0') ? '1' : '0');
  await expect401(await eng.api('/api/v1/pos', { key: wrong }), /no es válida/);
});

test('a revoked key → 401; a good key → 200 with the tenant points of sale', async () => {
  const tenant = eng.store.tenants.create({ nit: '1020304050', razonSocial: 'FERRETERIA EL CLAVO' });
  const { key, info } = eng.store.apiKeys.create(tenant.id, 'test', SCOPES);
  const okRes = await eng.api('/api/v1/pos', { key });
  assert.equal(okRes.status, 200);
  const body = (await okRes.json()) as { success: boolean; data: { id: string; code: number; branchCode: number; name: string }[] };
  assert.equal(body.success, true);
  assert.equal(body.data.length, 1);
  assert.equal(body.data[0]!.code, 0);
  assert.equal(body.data[0]!.branchCode, 0);
  assert.match(body.data[0]!.id, /^[0-9a-f-]{36}$/);
  assert.ok(eng.store.apiKeys.revoke(tenant.id, info.id));
  await expect401(await eng.api('/api/v1/pos', { key }), /revocada/);
});

test('only a hash and a prefix of each key are stored', async () => {
  const tenant = eng.store.tenants.create({ nit: '777001', razonSocial: 'OTRA' });
  const { key } = eng.store.apiKeys.create(tenant.id, 'k', SCOPES);
  const rows = sqliteConnection(eng.store).prepare('SELECT * FROM api_keys').all() as Record<string, unknown>[];
  for (const row of rows) for (const v of Object.values(row)) assert.notEqual(v, key);
  const secret = key.split('_')[2]!;
  const dump = JSON.stringify(rows);
  assert.ok(!dump.includes(secret), 'the secret part is nowhere in the table');
});

test('tenant isolation: a tenant sees only its own points of sale', async () => {
  const a = eng.store.tenants.create({ nit: '5550001', razonSocial: 'TIENDA A' });
  const b = eng.store.tenants.create({ nit: '5550002', razonSocial: 'TIENDA B' });
  const ka = eng.store.apiKeys.create(a.id, 'a', SCOPES).key;
  const kb = eng.store.apiKeys.create(b.id, 'b', SCOPES).key;
  const la = ((await (await eng.api('/api/v1/pos', { key: ka })).json()) as { data: { id: string }[] }).data.map((p) => p.id);
  const lb = ((await (await eng.api('/api/v1/pos', { key: kb })).json()) as { data: { id: string }[] }).data.map((p) => p.id);
  assert.equal(la.length, 1);
  assert.equal(lb.length, 1);
  assert.notDeepEqual(la, lb);
  assert.deepEqual(eng.store.pointsOfSale.list(a.id).map((p) => p.id), la);
  assert.equal(eng.store.pointsOfSale.byId(a.id, lb[0]!), null, 'B’s point of sale is invisible through A');
});

test('public routes need no key; unknown routes answer 404 in the envelope', async () => {
  const res = await eng.api('/api/v1/public/till-config', { key: null });
  assert.equal(res.status, 200);
  const body = (await res.json()) as { data: { training: boolean; demoApiKey: string } };
  assert.equal(body.data.training, true);
  assert.equal(body.data.demoApiKey, eng.demoApiKey);
  const nf = await eng.api('/api/v1/nothing-here');
  assert.equal(nf.status, 404);
  assert.match(((await nf.json()) as { detail: string }).detail, /no existe/);
});

test('OpenAPI is generated from the route schemas and served at /docs', async () => {
  const ui = await eng.api('/docs', { key: null });
  assert.equal(ui.status, 200);
  const spec = (await (await eng.api('/docs/json', { key: null })).json()) as { openapi: string; paths: Record<string, unknown> };
  assert.match(spec.openapi, /^3\./);
  assert.ok(spec.paths['/api/v1/pos'], 'GET /api/v1/pos documented');
});

test('security headers are set', async () => {
  const res = await eng.api('/api/v1/pos');
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  assert.match(res.headers.get('content-security-policy') ?? '', /default-src 'self'/);
});
