// Seed 001 "Third-party users" over real HTTP: a provider registers a third party (a new tenant
// with its casa matriz, SIAT token in the secret store and an API key shown once), lists and
// reads only its own; who may do it; validation; all or nothing; the admin CLI's provider flag.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { assertEnvelopeFailure } from '../fixtures/envelope-style';
import { tempDir } from '../fixtures/tmp';
import { FileSecretStore, type SecretStore } from '../../main/config/secrets';
import { tokenSecretName } from '../../main/cuis-cufd/siat-gateway';
import { REGISTRATION_CONFLICT } from '../../main/third-parties/register-third-party';
import { linkThirdParty, LinkThirdPartyError } from '../../main/third-parties/link-third-party';
import { SCOPES } from '../../shared/api-scopes';
import { sqliteConnection } from '../../main/store/store';
import { entryArgs } from '../fixtures/entry';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY_RE = /^kipu_[a-z0-9]{8}_[A-Za-z0-9]{40}$/;

/** The engine's secret store, able to fail on demand (disk full, or written then reported failed). */
class SwitchableSecrets implements SecretStore {
  mode: 'ok' | 'fail-before-write' | 'fail-after-write' = 'ok';
  constructor(private readonly inner: SecretStore) {}
  get(name: string) {
    return this.inner.get(name);
  }
  set(name: string, value: string) {
    if (this.mode === 'fail-before-write') throw new Error('ENOSPC: no queda espacio en el disco');
    this.inner.set(name, value);
    if (this.mode === 'fail-after-write') throw new Error('EIO: error de escritura al cerrar el archivo');
  }
  delete(name: string) {
    this.inner.delete(name);
  }
}

let eng: TestEngine;
let tmp: { dir: string; cleanup: () => void };
let secrets: SwitchableSecrets;
let nitSeq = 4100000;

const nextNit = () => ++nitSeq;

const user = (over: Record<string, unknown> = {}) => ({
  username: `tienda${nitSeq + 1}`,
  nameOwner: 'María Quispe Mamani',
  nit: nextNit(),
  socialReason: 'FERRETERÍA EL MARTILLO S.R.L.',
  phone: '+591 2 2418765',
  email: 'maria.quispe@martillo.bo',
  address: 'Calle Comercio 455',
  city: 'La Paz',
  docSector: 1,
  tokenData: { token: `TOKEN-TERCERO-${nitSeq}-eyJhbGciOiJIUzUxMiJ9.secreto`, description: 'Token delegado 2026' },
  branchOffice: { municipality: 'La Paz', address: 'Av. Buenos Aires 1020', description: 'Tienda principal' },
  ...over,
});

async function call(path: string, init: RequestInit & { key?: string | null; json?: unknown } = {}) {
  const res = await eng.api(path, init);
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}
const create = (body: unknown, key?: string) => call('/api/v1/user/additional', { method: 'POST', json: body, ...(key ? { key } : {}) });

const assertFailure = assertEnvelopeFailure;

/** Row counts of everything a registration creates, to prove a failure left nothing behind. */
function counts() {
  const n = (sql: string) => (sqliteConnection(eng.store).prepare(sql).get() as { n: number }).n;
  return {
    tenants: n('SELECT COUNT(*) n FROM tenants'),
    keys: n('SELECT COUNT(*) n FROM api_keys'),
    branches: n('SELECT COUNT(*) n FROM branches'),
    pos: n('SELECT COUNT(*) n FROM points_of_sale'),
    users: n('SELECT COUNT(*) n FROM third_party_users'),
  };
}

/**
 * Whether any of the needles occurs in the bytes SQLite holds for the installation: the file, its
 * WAL and shared memory. Read by a child process: opening and closing those files here would drop
 * the engine's POSIX locks on them (fcntl locks are per process), and SQLite would then corrupt.
 */
function inSqliteFiles(...needles: string[]): boolean[] {
  const script = `
    const { existsSync, readFileSync } = require('node:fs');
    const [path, ...needles] = process.argv.slice(1);
    const bytes = Buffer.concat([path, path + '-wal', path + '-shm'].filter((p) => existsSync(p)).map((p) => readFileSync(p)));
    if (bytes.length === 0) throw new Error('no SQLite bytes');
    process.stdout.write(JSON.stringify(needles.map((n) => bytes.includes(Buffer.from(n)))));`;
  const r = spawnSync(process.execPath, ['-e', script, eng.store.path, ...needles], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as boolean[];
}

function admin(...args: string[]) {
  const r = spawnSync(process.execPath, [...entryArgs('admin'), ...args], {
    env: { ...process.env, KIPU_DATA_DIR: tmp.dir },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function otherTenant(nit: string, provider: boolean) {
  const t = eng.store.tenants.create({ nit, razonSocial: `CONTRIBUYENTE ${nit}`, municipio: 'Sucre', direccion: 'Calle Bolívar 1' });
  if (provider) eng.store.tenants.setProvider(t.id, true);
  return { tenant: t, key: eng.store.apiKeys.create(t.id, 'k', SCOPES).key };
}

before(async () => {
  tmp = tempDir();
  secrets = new SwitchableSecrets(new FileSecretStore(join(tmp.dir, 'secrets.json')));
  eng = await startTestEngine({}, tmp.dir, { scheduler: false, secrets });
});
after(async () => {
  await eng.stop();
  tmp.cleanup();
});

describe('registering a third party', () => {
  test('the demo tenant is a provider in training mode', () => {
    assert.equal(eng.store.tenants.byNit('7000123019')!.provider, true);
  });

  test('201 COMPLETE_CREATE_USER with the password once, the provider modality, docSector as the seed writes it', async () => {
    const body = user({ username: 'ferreteria.martillo' });
    const r = await create(body);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body).sort(), ['data', 'errors', 'message', 'success']);
    assert.equal(r.body.message, 'COMPLETE_CREATE_USER');
    assert.equal(r.body.errors, null);
    assert.equal(r.body.success, true);
    assert.equal(r.headers.get('cache-control'), 'no-store');
    const d = r.body.data;
    assert.deepEqual(Object.keys(d).sort(), [
      'address', 'branchOffice', 'city', 'docSector', 'email', 'id', 'modality', 'nameOwner', 'nit', 'password', 'phone', 'socialReason', 'username',
    ]);
    assert.match(d.id, UUID_RE);
    assert.match(d.password, KEY_RE);
    assert.equal(d.username, 'ferreteria.martillo');
    assert.equal(d.nit, body.nit);
    assert.equal(d.socialReason, 'FERRETERÍA EL MARTILLO S.R.L.');
    assert.equal(d.docSector, '1');
    assert.deepEqual(d.branchOffice, body.branchOffice);
    const provider = eng.store.tenants.byNit('7000123019')!;
    assert.equal(d.modality, provider.modalidad);
    assert.equal(JSON.stringify(r.body).includes(body.tokenData.token), false, 'the token never comes back');

    // The new tenant: razón social, casa matriz from branchOffice, the provider's system, not a provider itself.
    const t = eng.store.tenants.byNit(String(body.nit))!;
    assert.equal(t.razonSocial, 'FERRETERÍA EL MARTILLO S.R.L.');
    assert.equal(t.municipio, 'La Paz');
    assert.equal(t.direccion, 'Av. Buenos Aires 1020');
    assert.equal(t.modalidad, provider.modalidad);
    assert.equal(t.ambiente, provider.ambiente);
    assert.equal(t.codigoSistema, provider.codigoSistema);
    assert.equal(t.training, true, 'registered from the training tenant');
    assert.equal(t.provider, false);

    // The key is stored hashed under the username; the password itself is nowhere.
    const keys = eng.store.apiKeys.list(t.id);
    assert.equal(keys.length, 1);
    assert.equal(keys[0]!.name, 'ferreteria.martillo');
    const row = sqliteConnection(eng.store).prepare('SELECT hash FROM api_keys WHERE id = ?').get(keys[0]!.id) as { hash: string };
    assert.equal(row.hash, createHash('sha256').update(d.password).digest('hex'));

    // Shown once: reading it back never shows the password.
    const read = await call(`/api/v1/user/additional/${d.id}`);
    assert.equal(read.status, 200);
    assert.equal(read.body.message, 'GET_USERS');
    assert.deepEqual(read.body.data, { id: d.id, username: 'ferreteria.martillo', docSector: '1', docSectorDescription: 'FACTURA COMPRA-VENTA' });
    const list = await call('/api/v1/user/additional');
    assert.ok(list.body.data.some((u: any) => u.id === d.id));
    assert.ok(!JSON.stringify(list.body).includes(d.password));
  });

  test('the password is the new tenant X-API-Key: it sees its casa matriz with point of sale 0; the provider does not see its data', async () => {
    const body = user({ docSector: '1' });
    const r = await create(body);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const key = r.body.data.password as string;

    const pos = await eng.api('/api/v1/pos', { key });
    assert.equal(pos.status, 200);
    const points = ((await pos.json()) as any).data;
    assert.equal(points.length, 1);
    assert.equal(points[0].code, 0);
    assert.equal(points[0].branchCode, 0);

    const branches = await call('/api/v1/branchOffice', { key });
    assert.equal(branches.status, 200);
    assert.equal(branches.body.data.length, 1);
    const casaMatriz = branches.body.data[0];
    assert.equal(casaMatriz.siatCode, 0);
    assert.equal(casaMatriz.name, 'CASA MATRIZ');
    assert.equal(casaMatriz.municipality, 'La Paz');
    assert.equal(casaMatriz.address, 'Av. Buenos Aires 1020');
    assert.equal(casaMatriz.city, 'La Paz');
    assert.equal(casaMatriz.description, 'Tienda principal');
    assert.equal(casaMatriz.phone, '+591 2 2418765');
    assert.deepEqual(casaMatriz.pos.map((p: any) => p.id), [points[0].id]);

    const taxpayer = (await (await eng.api('/api/v1/settings/taxpayer', { key })).json()) as any;
    assert.equal(taxpayer.data.nit, String(body.nit));
    assert.equal(taxpayer.data.razonSocial, body.socialReason);

    // The provider's own key is scoped to the provider: none of the third party's data.
    const mine = (await (await eng.api('/api/v1/pos')).json()) as any;
    assert.ok(!mine.data.some((p: any) => p.id === points[0].id));
    assertFailure(await call(`/api/v1/branchOffice/${casaMatriz.branchId}`), 404, 'NOT_FOUND');

    // And the third party is not a provider: it cannot register third parties of its own.
    assertFailure(await create(user(), key), 403, 'FORBIDDEN');
    const itsList = await call('/api/v1/user/additional', { key });
    assert.equal(itsList.status, 200);
    assert.deepEqual(itsList.body.data, []);
  });

  test('the SIAT token goes to the secret store, where the settings API keeps per-tenant tokens, never into SQLite', async () => {
    const token = 'TOKEN-SOLO-EN-SECRETOS-7f3a9c1e5b2d4f6a8c0e';
    const r = await create(user({ tokenData: { token: `  ${token} `, description: 'token del portal' } }));
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const t = eng.store.tenants.byNit(String(r.body.data.nit))!;
    assert.equal(secrets.get(tokenSecretName(t.id)), token, 'trimmed, under the tenant');
    assert.equal(eng.gateway.token(t), token, 'what SIAT requests of the third party carry');
    assert.ok(readFileSync(join(tmp.dir, 'secrets.json'), 'utf8').includes(token));
    const siat = (await (await eng.api('/api/v1/settings/siat', { key: r.body.data.password })).json()) as any;
    assert.equal(siat.data.tokenSet, true);

    // The check itself finds what it looks for: the description sits next to the token.
    assert.deepEqual(inSqliteFiles('token del portal', token, r.body.data.password), [true, false, false], 'neither the token nor the password is in SQLite');
    const stored = sqliteConnection(eng.store).prepare('SELECT token_description FROM third_party_users WHERE id = ?').get(r.body.data.id) as { token_description: string };
    assert.equal(stored.token_description, 'token del portal');
  });
});

describe('who may register, and what is a conflict', () => {
  test('a tenant that is not a provider gets 403 in Spanish, before its body is even validated', async () => {
    const { key } = otherTenant('6610101', false);
    const before = counts();
    const r = await create(user(), key);
    assertFailure(r, 403, 'FORBIDDEN');
    assert.match(r.body.errors[0].message, /Solo un contribuyente habilitado como proveedor puede registrar usuarios de terceros/);
    assertFailure(await create({ nit: 'x' }, key), 403, 'FORBIDDEN');
    assert.deepEqual(counts(), before);
  });

  test('a NIT that already has a tenant is 409 and nothing is created', async () => {
    const before = counts();
    const demo = await create(user({ nit: 7000123019 }));
    assertFailure(demo, 409, 'CONFLICT');
    assert.equal(demo.body.errors[0].message, REGISTRATION_CONFLICT);
    const first = await create(user());
    assert.equal(first.status, 201);
    const afterFirst = counts();
    assert.equal(afterFirst.tenants, before.tenants + 1);
    const again = await create(user({ nit: first.body.data.nit, username: 'otro.nombre' }));
    assertFailure(again, 409, 'CONFLICT');
    assert.deepEqual(counts(), afterFirst);
  });

  test('a username the provider already used is 409, case aside; another provider may use it', async () => {
    const first = await create(user({ username: 'Libreria.Central' }));
    assert.equal(first.status, 201);
    const before = counts();
    const dup = await create(user({ username: ' libreria.CENTRAL ' }));
    assertFailure(dup, 409, 'CONFLICT');
    assert.equal(dup.body.errors[0].message, REGISTRATION_CONFLICT);
    assert.deepEqual(counts(), before);
    const { key } = otherTenant('6620202', true);
    assert.equal((await create(user({ username: 'libreria.central' }), key)).status, 201);
  });
});

describe('a NIT is no oracle (issue #19, finding 12)', () => {
  test("another tenant's NIT gets the very answer a taken username gets: no NIT, no name, nothing created", async () => {
    const stranger = otherTenant('6650505', false);
    sqliteConnection(eng.store).prepare('UPDATE tenants SET razon_social = ? WHERE id = ?').run('FARMACIA RESERVADA S.A.', stranger.tenant.id);
    const mine = await create(user({ username: 'ya.usado' }));
    assert.equal(mine.status, 201, JSON.stringify(mine.body));
    const before = counts();

    const theirNit = await create(user({ nit: 6650505, username: 'nombre.libre' }));
    const takenName = await create(user({ username: 'ya.usado' }));
    const ownThirdParty = await create(user({ nit: mine.body.data.nit, username: 'otro.libre' }));
    assertFailure(theirNit, 409, 'CONFLICT');
    assert.deepEqual(theirNit.body, takenName.body, 'the same answer as a username conflict');
    assert.deepEqual(theirNit.body, ownThirdParty.body, 'the same answer as its own third party’s NIT');
    const text = JSON.stringify(theirNit.body);
    for (const leak of ['6650505', 'FARMACIA', 'Ya existe', 'contribuyente con NIT']) assert.ok(!text.includes(leak), `${leak} in ${text}`);
    assert.match(theirNit.body.errors[0].message, /administrador de Kipu/);
    assert.deepEqual(counts(), before);
  });

  test('the administrator links an existing tenant to a provider: listed, its key invoices for it, the tenant keeps its own keys', async () => {
    const { tenant: provider, key: providerKey } = otherTenant('6660606', true);
    const { tenant: shop, key: shopKey } = otherTenant('6670707', false);
    assertFailure(await create(user({ nit: 6670707, username: 'tienda.existente' }), providerKey), 409, 'CONFLICT');

    const linked = linkThirdParty({ store: eng.store, now: () => new Date() }, { providerNit: '6660606', nit: '6670707', username: 'tienda.existente' });
    assert.match(linked.password, KEY_RE);
    assert.deepEqual(
      (await call('/api/v1/user/additional', { key: providerKey })).body.data.map((u: any) => [u.id, u.username, u.docSector]),
      [[linked.user.id, 'tienda.existente', '1']],
    );
    // The provider's key acts for the shop (integrator scope: the invoice API), and not for its settings.
    assert.equal(eng.store.apiKeys.authenticate(linked.password)!.tenantId, shop.id);
    assert.equal((await eng.api('/api/v1/invoices', { key: linked.password })).status, 200);
    assert.equal((await eng.api('/api/v1/settings/siat', { key: linked.password })).status, 403);
    assert.equal((await eng.api('/api/v1/pos', { key: shopKey })).status, 200, 'the shop’s own key still works');
    assert.equal(eng.store.tenants.byId(provider.id)!.provider, true);

    const again = () => linkThirdParty({ store: eng.store, now: () => new Date() }, { providerNit: '6660606', nit: '6670707', username: 'otro.nombre' });
    assert.throws(again, (e: any) => e instanceof LinkThirdPartyError && e.code === 'ALREADY_LINKED' && /ya es usuario de terceros del proveedor NIT 6660606/.test(e.message));
    const notProvider = () => linkThirdParty({ store: eng.store, now: () => new Date() }, { providerNit: '6670707', nit: '6660606', username: 'x.y.z' });
    assert.throws(notProvider, (e: any) => e instanceof LinkThirdPartyError && e.code === 'NOT_PROVIDER');
  });
});

describe('list and read are scoped to the provider', () => {
  test('each provider lists and reads only the third parties it registered; description from its synced catalog', async () => {
    const { tenant, key } = otherTenant('6630303', true);
    // This provider has synced SIAT's "tipo documento sector" list: its description wins over the built-in table.
    sqliteConnection(eng.store)
      .prepare(`INSERT INTO catalog_items (tenant_id, catalog, seq, codigo, descripcion, actividad, extra) VALUES (?, 'sincronizarParametricaTipoDocumentoSector', 0, '1', 'FACTURA COMPRA-VENTA (SIAT)', NULL, NULL)`)
      .run(tenant.id);
    assert.deepEqual((await call('/api/v1/user/additional', { key })).body.data, []);
    const a = (await create(user({ username: 'cliente.a' }), key)).body.data;
    const b = (await create(user({ username: 'cliente.b' }), key)).body.data;
    const demoOwn = (await create(user({ username: 'cliente.demo' }))).body.data;

    const list = await call('/api/v1/user/additional', { key });
    assert.equal(list.status, 200);
    assert.equal(list.body.message, 'GET_USERS');
    assert.deepEqual(list.body.data, [
      { id: a.id, username: 'cliente.a', docSector: '1', docSectorDescription: 'FACTURA COMPRA-VENTA (SIAT)' },
      { id: b.id, username: 'cliente.b', docSector: '1', docSectorDescription: 'FACTURA COMPRA-VENTA (SIAT)' },
    ]);
    assert.equal((await call(`/api/v1/user/additional/${b.id}`, { key })).body.data.username, 'cliente.b');

    // The demo provider sees its own, not these; and the other way round.
    const demoList = (await call('/api/v1/user/additional')).body.data;
    assert.ok(demoList.some((u: any) => u.id === demoOwn.id));
    assert.ok(!demoList.some((u: any) => u.id === a.id || u.id === b.id));
    assertFailure(await call(`/api/v1/user/additional/${a.id}`), 404, 'NOT_FOUND');
    assertFailure(await call(`/api/v1/user/additional/${demoOwn.id}`, { key }), 404, 'NOT_FOUND');
  });

  test('a userId that is not a UUID is 400; an unknown one is 404', async () => {
    const bad = await call('/api/v1/user/additional/123');
    assertFailure(bad, 400, 'BAD_REQUEST');
    assert.equal(bad.body.errors[0].field, 'userId');
    const missing = await call('/api/v1/user/additional/3f0c7b8e-8d7a-4d8e-9c51-2b7f3e0a1d22');
    assertFailure(missing, 404, 'NOT_FOUND');
    assert.match(missing.body.errors[0].message, /Usuario de terceros 3f0c7b8e-8d7a-4d8e-9c51-2b7f3e0a1d22 no encontrado/);
  });

  test('without a key the answer is 401 in the sector envelope', async () => {
    assertFailure(await call('/api/v1/user/additional', { key: null }), 401, 'UNAUTHORIZED');
    assertFailure(await call('/api/v1/user/additional', { key: null, method: 'POST', json: user() }), 401, 'UNAUTHORIZED');
  });
});

describe('validation', () => {
  test('a missing field is 400 naming it, nested ones too', async () => {
    const { email: _email, ...noEmail } = user();
    const r = await create(noEmail);
    assertFailure(r, 400, 'BAD_REQUEST');
    assert.deepEqual(r.body.errors, [{ field: 'email', message: 'es obligatorio' }]);
    const noToken = await create(user({ tokenData: { description: 'x' } }));
    assertFailure(noToken, 400, 'BAD_REQUEST');
    assert.deepEqual(noToken.body.errors, [{ field: 'tokenData.token', message: 'es obligatorio' }]);
  });

  test('an unknown field is 400, not ignored (password, modality and id are the service’s)', async () => {
    const r = await create(user({ password: 'mia' }));
    assertFailure(r, 400, 'BAD_REQUEST');
    assert.deepEqual(r.body.errors, [{ field: 'password', message: 'no es un campo admitido' }]);
    const nested = await create(user({ branchOffice: { municipality: 'La Paz', address: 'x', description: '', city: 'La Paz' } }));
    assertFailure(nested, 400, 'BAD_REQUEST');
    assert.deepEqual(nested.body.errors, [{ field: 'branchOffice.city', message: 'no es un campo admitido' }]);
  });

  test('a wrong type is 400: nit is an integer, docSector an integer or text', async () => {
    const r = await create(user({ nit: '4199999', phone: 2418765 }));
    assertFailure(r, 400, 'BAD_REQUEST');
    assert.deepEqual(r.body.errors.map((e: any) => e.field).sort(), ['nit', 'phone']);
    assert.ok(r.body.errors.some((e: any) => e.field === 'nit' && e.message === 'debe ser de tipo entero'));
    const ds = await create(user({ docSector: true }));
    assertFailure(ds, 400, 'BAD_REQUEST');
    assert.ok(ds.body.errors.every((e: any) => e.field === 'docSector'));
  });

  test('rules are 422 in Spanish: e-mail, phone, NIT digits, blanks, lengths, username without spaces', async () => {
    const before = counts();
    const r = await create(user({ email: 'maria@', phone: 'llamar al 123', nit: 0, username: 'maria quispe', city: '  ' }));
    assertFailure(r, 422, 'VALIDATION_FAILED');
    assert.deepEqual(r.body.errors, [
      { field: 'city', message: 'no puede estar en blanco' },
      { field: 'username', message: 'no puede contener espacios ni caracteres de control' },
      { field: 'nit', message: 'debe tener de 1 a 13 dígitos y no empezar con 0' },
      { field: 'phone', message: 'debe tener de 7 a 15 dígitos; se admiten espacios, +, paréntesis y guiones' },
      { field: 'email', message: 'no es una dirección de correo válida' },
    ]);
    const nit14 = await create(user({ nit: 12345678901234 }));
    assertFailure(nit14, 422, 'VALIDATION_FAILED');
    assert.equal(nit14.body.errors[0].field, 'nit');
    const long = await create(user({ socialReason: 'X'.repeat(201), username: 'ab' }));
    assertFailure(long, 422, 'VALIDATION_FAILED');
    assert.deepEqual(long.body.errors.map((e: any) => e.field).sort(), ['socialReason', 'username']);
    assertFailure(await create(user({ tokenData: { token: '   ', description: '' } })), 422, 'VALIDATION_FAILED');
    assertFailure(await create(user({ branchOffice: { municipality: '', address: 'x', description: '' } })), 422, 'VALIDATION_FAILED');
    assert.deepEqual(counts(), before);
  });

  test('a SIAT sector Kipu does not issue yet is 422 "aún no soportado"; a code SIAT does not have, or not a number, is 422 too', async () => {
    const before = counts();
    // Sector 6 (tourism and lodging) is in SIAT's catalog; Kipu does not issue it (sector 2 it does, since issue 28).
    const tourism = await create(user({ docSector: 6 }));
    assertFailure(tourism, 422, 'VALIDATION_FAILED');
    assert.equal(tourism.body.errors[0].field, 'docSector');
    assert.match(tourism.body.errors[0].message, /docSector 6 \(FACTURA DE SERVICIO TURÍSTICO Y HOSPEDAJE\) aún no soportado: Kipu emite por ahora 1 \(FACTURA COMPRA-VENTA\), 2 \(FACTURA DE ALQUILER DE BIENES INMUEBLES\), 3 \(FACTURA COMERCIAL DE EXPORTACIÓN\), .*24 \(NOTA DE CRÉDITO-DÉBITO\)/);
    assertFailure(await create(user({ docSector: '6' })), 422, 'VALIDATION_FAILED');
    const none = await create(user({ docSector: 25 }));
    assertFailure(none, 422, 'VALIDATION_FAILED');
    assert.match(none.body.errors[0].message, /docSector 25 no es un código de documento sector del catálogo de SIAT/);
    const text = await create(user({ docSector: 'compra-venta' }));
    assertFailure(text, 422, 'VALIDATION_FAILED');
    assert.equal(text.body.errors[0].field, 'docSector');
    assert.deepEqual(counts(), before);
  });
});

describe('all or nothing', () => {
  test('when the secret store cannot write, nothing is created and the NIT stays free', async () => {
    const body = user();
    const before = counts();
    secrets.mode = 'fail-before-write';
    try {
      assertFailure(await create(body), 500, 'INTERNAL');
    } finally {
      secrets.mode = 'ok';
    }
    assert.deepEqual(counts(), before);
    assert.equal(eng.store.tenants.byNit(String(body.nit)), null);
    assert.equal((await create(body)).status, 201, 'the same request succeeds once the store works');
  });

  test('when the secret store fails after writing, the token is removed again and nothing is created', async () => {
    const body = user();
    const before = counts();
    const secretsBefore = readFileSync(join(tmp.dir, 'secrets.json'), 'utf8');
    secrets.mode = 'fail-after-write';
    try {
      assertFailure(await create(body), 500, 'INTERNAL');
    } finally {
      secrets.mode = 'ok';
    }
    assert.deepEqual(counts(), before);
    assert.equal(readFileSync(join(tmp.dir, 'secrets.json'), 'utf8').includes(body.tokenData.token), false);
    assert.deepEqual(Object.keys(JSON.parse(JSON.parse(readFileSync(join(tmp.dir, 'secrets.json'), 'utf8')).data)).sort(),
      Object.keys(JSON.parse(JSON.parse(secretsBefore).data)).sort());
  });
});

test('admin CLI: tenant provider --nit <NIT> on|off grants and withdraws the right to register third parties', async () => {
  const { tenant, key } = otherTenant('6640404', false);
  assertFailure(await create(user(), key), 403, 'FORBIDDEN');

  const on = admin('tenant', 'provider', '--nit', '6640404', 'on');
  assert.equal(on.code, 0, on.err);
  assert.match(on.out, /NIT 6640404 es proveedor/);
  assert.match(admin('tenant', 'list').out, /6640404\tCONTRIBUYENTE 6640404\t[0-9a-f-]+\t\(proveedor\)/);
  const created = await create(user({ username: 'via.cli' }), key);
  assert.equal(created.status, 201, JSON.stringify(created.body));

  const off = admin('tenant', 'provider', '--nit', '6640404', 'off');
  assert.equal(off.code, 0, off.err);
  assert.match(off.out, /ya no es proveedor/);
  assert.equal(eng.store.tenants.byId(tenant.id)!.provider, false);
  assertFailure(await create(user(), key), 403, 'FORBIDDEN');
  // What it registered stays listed and working.
  assert.equal((await call('/api/v1/user/additional', { key })).body.data.length, 1);
  assert.equal((await eng.api('/api/v1/pos', { key: created.body.data.password })).status, 200);

  const bad = admin('tenant', 'provider', '--nit', '6640404', 'si');
  assert.equal(bad.code, 1);
  assert.match(bad.err, /Indique on u off/);
  const unknown = admin('tenant', 'provider', '--nit', '999999', 'on');
  assert.equal(unknown.code, 1);
  assert.match(unknown.err, /No existe un contribuyente con NIT 999999/);
});

test('every third-party user route is in the OpenAPI document with its tag', async () => {
  const spec = (await (await eng.api('/docs/json', { key: null })).json()) as { paths: Record<string, Record<string, { tags?: string[] }>> };
  const ops = [spec.paths['/api/v1/user/additional']?.post, spec.paths['/api/v1/user/additional']?.get, spec.paths['/api/v1/user/additional/{userId}']?.get];
  for (const op of ops) assert.deepEqual(op?.tags, ['Usuarios de terceros (estilo sectorial)']);
});
