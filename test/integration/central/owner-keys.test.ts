// An owner key can be listed and revoked from Central's CLI (`key list`, `key revoke`): a real
// PostgreSQL, Central on loopback, the CLI run as `npm run central` runs it. The revocation holds
// from the key's next request (401 with when, in Spanish); the row stays with when/who/why.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { centralStack } from './helpers';
import { AccountRepository } from '../../../main/central/store/accounts';
import { loadCentralMigrations, migrateCentral, openPool } from '../../../main/central/store/pg';
import { TRAINING_TAXPAYER } from '../../../main/siat-sim/training-taxpayer';
import { CENTRAL_OWNER_KEY_REVOKED } from '../../../shared/api/central';
import { entryArgs } from '../../fixtures/entry';

const stack = await centralStack();
after(() => stack.close());
const nit = String(TRAINING_TAXPAYER.nit);

/** `npm run central -- …args` against the test's PostgreSQL: exit code and output. */
async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const run = promisify(execFile);
  return run(process.execPath, [...entryArgs('central'), ...args], {
    env: { ...process.env, KIPU_CENTRAL_DATABASE_URL: stack.databaseUrl },
    timeout: 300_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, out: stdout, err: stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? -1, out: e.stdout ?? '', err: e.stderr ?? '' }),
  );
}

const session = (url: string, key: string) => fetch(`${url}/central/api/session`, { headers: { authorization: `Bearer ${key}` } });

test('key revoke: the next request with that key is a 401 saying when; other keys keep working; the row stays with when, who and why', { timeout: 300_000 }, async () => {
  const central = await stack.startCentral(0);
  try {
    const accounts = new AccountRepository(stack.pool);
    const leaked = await accounts.createOwnerKey(stack.tenantId, 'Contador');
    assert.equal((await session(central.url, leaked.key)).status, 200);

    // Listed with its id; never its secret.
    const listed = await cli('key', 'list', '--nit', nit);
    assert.equal(listed.code, 0, listed.err);
    assert.match(listed.out, new RegExp(`^${leaked.keyId}  Contador  creada el \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}  activa$`, 'm'));
    assert.ok(!listed.out.includes(leaked.key.split('_')[2]!), 'the secret is never printed');

    // Revoked by the first 8 characters of its id, with a reason.
    const revoked = await cli('key', 'revoke', '--nit', nit, '--key', leaked.keyId.slice(0, 8), '--reason', 'clave filtrada');
    assert.equal(revoked.code, 0, revoked.err);
    assert.match(revoked.out, new RegExp(`Clave del dueño ${leaked.keyId} \\(«Contador»\\) revocada el \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} \\(hora de Bolivia\\)`));

    // The very next request with it: 401, in Spanish, with when and a code.
    const refused = await session(central.url, leaked.key);
    assert.equal(refused.status, 401);
    const body = (await refused.json()) as { code: string; message: string };
    assert.equal(body.code, CENTRAL_OWNER_KEY_REVOKED);
    assert.match(body.message, /^Clave del dueño revocada el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(hora de Bolivia\): ya no da acceso a Kipu Central/);
    // A wrong secret under that id is only "no válida" (the revocation is told to its holder alone).
    const wrong = await session(central.url, `kco_${leaked.keyId}_${'x'.repeat(40)}`);
    assert.equal(wrong.status, 401);
    assert.equal(((await wrong.json()) as { code?: string }).code, undefined);
    // Every owner route refuses it, not only the session.
    const tills = await fetch(`${central.url}/central/api/tills`, { headers: { authorization: `Bearer ${leaked.key}` } });
    assert.equal(tills.status, 401);
    // The other key of the taxpayer is untouched.
    assert.equal((await session(central.url, stack.ownerKey)).status, 200);

    // Nothing deleted: who, when, why.
    const row = (await stack.pool.query('SELECT revoked_at, revoked_by, revoked_reason FROM owner_keys WHERE tenant_id = $1 AND id = $2', [stack.tenantId, leaked.keyId])).rows[0];
    assert.ok(row.revoked_at instanceof Date);
    assert.match(row.revoked_by, /^línea de comandos \(usuario .+\)$/);
    assert.equal(row.revoked_reason, 'clave filtrada');
    const relisted = await cli('key', 'list', '--nit', nit);
    assert.match(relisted.out, new RegExp(`^${leaked.keyId}  Contador  creada el .*  REVOCADA el \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} por línea de comandos \\(usuario .+\\) \\(clave filtrada\\)$`, 'm'));
    assert.match(relisted.out, / {2}Dueño {2}.* {2}activa$/m);

    // Revoking it again, or a key that is not there, is an error naming it; nothing changes.
    const again = await cli('key', 'revoke', '--nit', nit, '--key', `kco_${leaked.keyId}`);
    assert.equal(again.code, 2);
    assert.match(again.err, new RegExp(`La clave del dueño ${leaked.keyId} ya fue revocada el \\d{2}/\\d{2}/\\d{4}`));
    const unknown = await cli('key', 'revoke', '--nit', nit, '--key', 'ffffffff');
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /Ninguna clave del dueño de este contribuyente empieza con ffffffff/);
    const notAnId = await cli('key', 'revoke', '--nit', nit, '--key', 'abc');
    assert.equal(notAnId.code, 2);
    assert.match(notAnId.err, /"abc" no es el identificador de una clave del dueño/);
    assert.equal((await stack.pool.query('SELECT count(*)::int AS n FROM owner_keys WHERE revoked_at IS NOT NULL')).rows[0].n, 1);
  } finally {
    await stack.stopCentral();
  }
});

test('key revoke is scoped by taxpayer, and a prefix two keys share is refused as ambiguous', { timeout: 300_000 }, async () => {
  const accounts = new AccountRepository(stack.pool);
  const other = await accounts.createTenant('1020304050', 'OTRA CADENA S.R.L.');
  const theirs = await accounts.createOwnerKey(other.id, 'Otro dueño');
  const ours = (await accounts.ownerKeys(stack.tenantId)).find((k) => k.name === 'Dueño')!;
  // Another taxpayer's key, named under our NIT, is not found and stays in force.
  await assert.rejects(accounts.revokeOwnerKey(stack.tenantId, theirs.keyId, 'prueba', null), /Ninguna clave del dueño de este contribuyente/);
  assert.ok(!('revoked' in ((await accounts.authenticateOwner(theirs.key)) ?? { revoked: true })), 'still in force');
  // Two keys of one taxpayer whose ids share 8 characters (ids set by hand for the test).
  const [a, b] = ['abcdef01-0000-4000-8000-000000000001', 'abcdef01-0000-4000-8000-000000000002'];
  await stack.pool.query(`INSERT INTO owner_keys (id, tenant_id, name, secret_hash) VALUES ($1, $3, 'A', 'x'), ($2, $3, 'B', 'x')`, [a, b, other.id]);
  await assert.rejects(accounts.revokeOwnerKey(other.id, 'abcdef01', 'prueba', null), /2 claves del dueño empiezan con abcdef01: escriba más caracteres/);
  const r = await accounts.revokeOwnerKey(other.id, a, 'prueba', null);
  assert.equal(r.keyId, a);
  assert.equal(r.revoked?.reason, null);
  assert.deepEqual((await accounts.ownerKeys(other.id)).map((k) => [k.name, k.revoked !== null]).sort(), [['A', true], ['B', false], ['Otro dueño', false]]);
  assert.equal((await accounts.ownerKeys(stack.tenantId)).find((k) => k.keyId === ours.keyId)!.revoked, null);
});

test('migration 0004 on a populated Central: a key revoked by hand in SQL stays revoked and says so', { timeout: 300_000 }, async () => {
  const pool = openPool(await stack.pg.createDatabase('mig0004'), 2);
  try {
    const all = loadCentralMigrations();
    await migrateCentral(pool, all.slice(0, 3));
    const accounts = new AccountRepository(pool);
    const tenant = await accounts.createTenant('7000123019', 'X');
    const [live, gone] = [await accounts.createOwnerKey(tenant.id, 'Viva'), await accounts.createOwnerKey(tenant.id, 'Quitada')];
    await pool.query(`UPDATE owner_keys SET revoked_at = '2026-01-02T03:04:05Z' WHERE id = $1`, [gone.keyId]);
    assert.deepEqual(await migrateCentral(pool, all.slice(0, 4)), [4]);
    assert.equal(((await accounts.authenticateOwner(live.key)) as { keyId: string }).keyId, live.keyId);
    assert.deepEqual(await accounts.authenticateOwner(gone.key), { revoked: true, keyId: gone.keyId, revokedAt: '01/01/2026 23:04' });
    const keys = await accounts.ownerKeys(tenant.id);
    assert.deepEqual(keys.find((k) => k.keyId === gone.keyId)!.revoked, { at: '2026-01-02T03:04:05Z', by: 'a mano en la base (antes de la migración 0004)', reason: null });
    // The CHECK keeps when and who together.
    await assert.rejects(pool.query('UPDATE owner_keys SET revoked_at = now() WHERE id = $1', [live.keyId]), /owner_keys_revoked_by/);
  } finally {
    await pool.end();
  }
});

test('a malformed credential or owner key is a 401 with a Spanish message, never a 500 (issue 26, finding 10)', { timeout: 60_000 }, async () => {
  const central = await stack.startCentral(0);
  try {
    const shapes = [`kco_${'-'.repeat(36)}_${'x'.repeat(40)}`, `kco_${'0'.repeat(36)}_${'x'.repeat(40)}`, 'kco_', 'Bearer', `kco_${'g'.repeat(8)}-0000-0000-0000-000000000000_${'x'.repeat(40)}`];
    for (const key of shapes) {
      const res = await session(central.url, key);
      assert.equal(res.status, 401, key);
      assert.match(((await res.json()) as { message: string }).message, /Clave del dueño ausente o no válida/);
    }
    const push = await fetch(`${central.url}/central/v1/till`, { headers: { authorization: `Bearer kct_${'-'.repeat(36)}_${'x'.repeat(40)}` } });
    assert.equal(push.status, 401);
    assert.match(((await push.json()) as { message: string }).message, /Credencial de caja ausente o no válida/);
  } finally {
    await stack.stopCentral();
  }
});
