import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase, loadMigrations, DatabaseTooNewError, MigrationOrderError, schemaVersion } from '../../../main/store/db';
import { tempDir } from '../../fixtures/tmp';

const real = loadMigrations();

test('a fresh database gets every migration, WAL and synchronous=FULL', () => {
  const { dir, cleanup } = tempDir();
  try {
    const { db, applied, backupPath } = openDatabase(join(dir, 'k.sqlite'));
    assert.equal(applied.length, real.length);
    assert.equal(backupPath, null, 'nothing to back up on a new file');
    assert.equal(schemaVersion(db), real.length);
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(db.pragma('synchronous', { simple: true }), 2); // 2 = FULL
    assert.equal(db.pragma('foreign_keys', { simple: true }), 1);
    assert.equal(db.pragma('busy_timeout', { simple: true }), 5000);
    db.close();
  } finally {
    cleanup();
  }
});

test('upgrading an existing database keeps its rows and writes a backup copy first', () => {
  const { dir, cleanup } = tempDir();
  try {
    const path = join(dir, 'k.sqlite');
    const first = openDatabase(path, { migrations: real.slice(0, 1) });
    first.db.prepare(`INSERT INTO tenants (id, nit, razon_social, created_at) VALUES ('t1', '123', 'ACME', 'x')`).run();
    first.db.close();
    const extra = { version: real.length + 1, name: 'test_extra', sql: 'ALTER TABLE tenants ADD COLUMN extra TEXT;' };
    const withExtra = [...real, extra];
    const second = openDatabase(path, { migrations: withExtra, now: () => new Date('2026-01-02T03:04:05Z') });
    assert.deepEqual(second.applied.map((m) => m.name), withExtra.slice(1).map((m) => m.name));
    assert.ok(second.backupPath && existsSync(second.backupPath), 'backup file exists');
    const row = second.db.prepare('SELECT nit, extra FROM tenants').get() as { nit: string; extra: null };
    assert.deepEqual(row, { nit: '123', extra: null });
    second.db.close();
    // The backup is the pre-migration schema with the data.
    const bak = new Database(second.backupPath!, { readonly: true });
    assert.equal((bak.prepare('SELECT MAX(version) v FROM schema_migrations').get() as { v: number }).v, 1);
    assert.equal((bak.prepare('SELECT COUNT(*) n FROM tenants').get() as { n: number }).n, 1);
    bak.close();
  } finally {
    cleanup();
  }
});

test('the database folder, file, WAL and the backup a migration writes are owner-only under umask 022 (issue #19, finding 10)', { skip: process.platform === 'win32' }, () => {
  const { dir, cleanup } = tempDir();
  const umask = process.umask(0o022);
  try {
    const folder = join(dir, 'datos');
    const path = join(folder, 'k.sqlite');
    const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);
    const first = openDatabase(path, { migrations: real.slice(0, 1) });
    assert.deepEqual([mode(folder), mode(path), mode(`${path}-wal`), mode(`${path}-shm`)], ['700', '600', '600', '600']);
    first.db.close();
    const second = openDatabase(path, { migrations: real, now: () => new Date('2026-01-02T03:04:05Z') });
    assert.equal(mode(second.backupPath!), '600');
    second.db.close();
  } finally {
    process.umask(umask);
    cleanup();
  }
});

test('a database newer than the build is refused and left untouched', () => {
  const { dir, cleanup } = tempDir();
  try {
    const path = join(dir, 'k.sqlite');
    const newer = [...real, { version: real.length + 1, name: 'future', sql: 'CREATE TABLE future (x);' }];
    openDatabase(path, { migrations: newer }).db.close();
    assert.throws(() => openDatabase(path, { migrations: real }), (err: unknown) => {
      assert.ok(err instanceof DatabaseTooNewError);
      assert.match((err as Error).message, /más nuevo que el de esta versión/);
      return true;
    });
    const db = new Database(path, { readonly: true });
    assert.equal((db.prepare('SELECT MAX(version) v FROM schema_migrations').get() as { v: number }).v, real.length + 1);
    db.close();
  } finally {
    cleanup();
  }
});

test('a failing migration rolls back alone and the previous schema stays intact', () => {
  const { dir, cleanup } = tempDir();
  try {
    const path = join(dir, 'k.sqlite');
    const broken = [...real, { version: real.length + 1, name: 'broken', sql: 'CREATE TABLE ok_table (x); INSERT INTO no_such_table VALUES (1);' }];
    assert.throws(() => openDatabase(path, { migrations: broken }));
    const db = new Database(path, { readonly: true });
    assert.equal((db.prepare('SELECT MAX(version) v FROM schema_migrations').get() as { v: number }).v, real.length);
    assert.equal(db.prepare(`SELECT name FROM sqlite_master WHERE name = 'ok_table'`).get(), undefined);
    db.close();
  } finally {
    cleanup();
  }
});

test('migration files must be numbered without gaps, and recorded names must match', () => {
  const { dir, cleanup } = tempDir();
  try {
    const mdir = join(dir, 'migs');
    mkdirSync(mdir);
    writeFileSync(join(mdir, '0001_a.sql'), 'CREATE TABLE a (x);');
    writeFileSync(join(mdir, '0003_c.sql'), 'CREATE TABLE c (x);');
    assert.throws(() => loadMigrations(mdir), MigrationOrderError);
    const path = join(dir, 'k.sqlite');
    openDatabase(path, { migrations: [{ version: 1, name: 'a', sql: 'CREATE TABLE a (x);' }] }).db.close();
    assert.throws(() => openDatabase(path, { migrations: [{ version: 1, name: 'renamed', sql: 'CREATE TABLE a (x);' }] }), MigrationOrderError);
  } finally {
    cleanup();
  }
});

test('0009 on a populated database: existing tenants are not providers; third_party_users is scoped and unique per provider', () => {
  const { dir, cleanup } = tempDir();
  try {
    const path = join(dir, 'k.sqlite');
    const at8 = openDatabase(path, { migrations: real.slice(0, 8) });
    at8.db.prepare(`INSERT INTO tenants (id, nit, razon_social, created_at) VALUES ('t1', '123', 'ACME', 'x'), ('t2', '456', 'TERCERO', 'x'), ('t3', '789', 'OTRO', 'x')`).run();
    at8.db.prepare(`INSERT INTO api_keys (id, tenant_id, name, prefix, hash, created_at) VALUES ('k2', 't2', 'tienda', 'abcdefgh', 'h', 'x'), ('k3', 't3', 'tienda', 'bcdefghi', 'h', 'x')`).run();
    at8.db.close();
    const { db, applied } = openDatabase(path, { migrations: real.slice(0, 9) });
    try {
      assert.deepEqual(applied.map((m) => m.name), ['third_party_users']);
      assert.deepEqual(db.prepare('SELECT id, provider FROM tenants ORDER BY id').all(), [
        { id: 't1', provider: 0 },
        { id: 't2', provider: 0 },
        { id: 't3', provider: 0 },
      ]);
      assert.throws(() => db.prepare(`UPDATE tenants SET provider = 2 WHERE id = 't1'`).run(), /CHECK constraint failed/);
      const ins = db.prepare(
        `INSERT INTO third_party_users (id, provider_tenant_id, tenant_id, api_key_id, username, username_key, name_owner, phone, email, address, city, doc_sector, created_at)
         VALUES (?, 't1', ?, ?, ?, ?, 'n', '2418765', 'a@b.bo', 'a', 'c', 1, 'x')`,
      );
      ins.run('u1', 't2', 'k2', 'Tienda', 'tienda');
      // One provider cannot use a username twice; and a tenant is the third party of one record only.
      assert.throws(() => ins.run('u2', 't3', 'k3', 'TIENDA', 'tienda'), /UNIQUE constraint failed/);
      assert.throws(() => ins.run('u3', 't2', 'k3', 'otra', 'otra'), /UNIQUE constraint failed/);
      assert.throws(() => ins.run('u4', 'nobody', 'k3', 'otra', 'otra'), /FOREIGN KEY constraint failed/);
    } finally {
      db.close();
    }
  } finally {
    cleanup();
  }
});

test('0010 on a populated database: keys that existed keep every scope; new rows must name theirs', () => {
  const { dir, cleanup } = tempDir();
  try {
    const path = join(dir, 'k.sqlite');
    const at9 = openDatabase(path, { migrations: real.slice(0, 9) });
    at9.db.prepare(`INSERT INTO tenants (id, nit, razon_social, created_at) VALUES ('t1', '123', 'ACME', 'x')`).run();
    at9.db.prepare(`INSERT INTO api_keys (id, tenant_id, name, prefix, hash, created_at, revoked_at) VALUES ('k1', 't1', 'caja', 'abcdefgh', 'h', 'x', NULL), ('k2', 't1', 'vieja', 'bcdefghi', 'h', 'x', 'y')`).run();
    at9.db.close();
    const { db, applied } = openDatabase(path, { migrations: real.slice(0, 10) });
    try {
      assert.deepEqual(applied.map((m) => m.name), ['api_key_scopes']);
      assert.deepEqual(db.prepare('SELECT id, scopes, revoked_at FROM api_keys ORDER BY id').all(), [
        { id: 'k1', scopes: 'admin till integrator', revoked_at: null },
        { id: 'k2', scopes: 'admin till integrator', revoked_at: 'y' },
      ]);
    } finally {
      db.close();
    }
  } finally {
    cleanup();
  }
});
