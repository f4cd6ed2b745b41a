// Kipu Central's PostgreSQL connection and its schema migrations. Same rules as the till's
// (main/store/db.ts): numbered files applied in order, one transaction each, recorded in a table,
// never edited once landed, and a database newer than the build is refused. An advisory lock
// makes two Central processes starting together migrate one after the other.
import pg from 'pg';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { centralMigrationsDir } from '../../config/paths';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

// bigint (int8) and numeric come back as JS numbers: every bigint here is cents or a counter far
// below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

const FILE_RE = /^(\d{4})_([a-z0-9_]+)\.sql$/;
/** An arbitrary constant: the advisory lock that serialises migrations. */
const MIGRATION_LOCK = 0x6b697075;

export interface CentralMigration {
  version: number;
  name: string;
  sql: string;
}

export function loadCentralMigrations(dir = centralMigrationsDir()): CentralMigration[] {
  const out: CentralMigration[] = [];
  for (const file of readdirSync(dir).sort()) {
    const m = FILE_RE.exec(file);
    if (!m) continue;
    out.push({ version: Number(m[1]), name: m[2]!, sql: readFileSync(join(dir, file), 'utf8') });
  }
  out.forEach((mig, i) => {
    if (mig.version !== i + 1) throw new Error(`Migración de Central ${mig.version}_${mig.name}: se esperaba el número ${i + 1} (numeración sin huecos)`);
  });
  return out;
}

export function openPool(databaseUrl: string, max = 10): Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, application_name: 'kipu-central' });
  // An idle connection the server drops (restart, fail-over) emits 'error' on the pool; unhandled
  // it would end the process. The pool replaces it on the next query; callers may log it too.
  pool.on('error', () => undefined);
  return pool;
}

/** Applies the pending migrations; returns the versions applied. */
export async function migrateCentral(pool: Pool, migrations = loadCentralMigrations()): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    const have = rows.map((r) => r.version);
    const newest = migrations.length;
    const top = have.length ? have[have.length - 1]! : 0;
    if (top > newest) {
      throw new Error(`La base de Kipu Central tiene el esquema ${top}, más nuevo que el de esta versión (${newest}). Actualice Kipu Central; no se tocó la base.`);
    }
    const applied: number[] = [];
    for (const m of migrations) {
      if (have.includes(m.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
      applied.push(m.version);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** Runs `fn` in one transaction on one connection; a throw rolls it back. */
export async function inTransaction<T>(pool: Pool, fn: (c: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const out = await fn(client);
    await client.query('COMMIT');
    return out;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
