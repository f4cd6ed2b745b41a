// The installation's SQLite file (DESIGN.md, Data). Fiscal data lives here, so:
// WAL with synchronous=FULL (better-sqlite3's WAL default of NORMAL can lose committed
// invoices on power loss), foreign keys on, and migrations that are append-only, applied one
// transaction each, preceded by a backup copy, and refused when the file is newer than the build.
import Database from 'better-sqlite3';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensurePrivateDir, ensurePrivateFile, makePrivate, migrationsDir as defaultMigrationsDir } from '../config/paths';

export type Db = Database.Database;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export class DatabaseTooNewError extends Error {
  constructor(
    readonly fileVersion: number,
    readonly buildVersion: number,
  ) {
    super(
      `La base de datos tiene el esquema ${fileVersion}, más nuevo que el de esta versión de Kipu (${buildVersion}). ` +
        'Actualice Kipu; no se abrió la base para no dañar datos fiscales.',
    );
    this.name = 'DatabaseTooNewError';
  }
}

export class MigrationOrderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationOrderError';
  }
}

/** First-line mark of a migration that rebuilds a table (see migrate). */
const REBUILD_MARK = /^-- kipu:rebuilds-table$/m;

const FILE_RE = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export function loadMigrations(dir = defaultMigrationsDir()): Migration[] {
  const out: Migration[] = [];
  for (const file of readdirSync(dir).sort()) {
    const m = FILE_RE.exec(file);
    if (!m) continue;
    out.push({ version: Number(m[1]), name: m[2]!, sql: readFileSync(join(dir, file), 'utf8') });
  }
  out.forEach((mig, i) => {
    if (mig.version !== i + 1) {
      throw new MigrationOrderError(`Migración ${mig.version}_${mig.name}: se esperaba el número ${i + 1} (numeración sin huecos)`);
    }
  });
  return out;
}

export interface OpenOptions {
  migrations?: Migration[];
  /** Clock for backup file names (tests pass a fixed one). */
  now?: () => Date;
  readonly?: boolean;
}

export interface OpenResult {
  db: Db;
  applied: Migration[];
  backupPath: string | null;
}

export function applyPragmas(db: Db): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
}

/** Opens (creating if needed) the database file and brings its schema up to date. */
export function openDatabase(path: string, opts: OpenOptions = {}): OpenResult {
  const onDisk = path !== ':memory:';
  const existed = onDisk && existsSync(path);
  if (onDisk) {
    // Invoices and customers' data: owner-only (issue #19, finding 10). SQLite creates the -wal,
    // -shm and -journal files with the database file's own mode, so it is set before SQLite
    // first opens it (an empty file is an empty database).
    ensurePrivateDir(dirname(path));
    ensurePrivateFile(path);
  }
  const db = new Database(path);
  try {
    applyPragmas(db);
    // A -wal or -shm left by an older version keeps its 0644: SQLite reuses files as they are.
    if (onDisk) for (const suffix of ['-wal', '-shm', '-journal']) makePrivate(path + suffix);
    const { applied, backupPath } = migrate(db, path, existed, opts);
    return { db, applied, backupPath };
  } catch (err) {
    db.close();
    throw err;
  }
}

function migrate(db: Db, path: string, existed: boolean, opts: OpenOptions): { applied: Migration[]; backupPath: string | null } {
  const migrations = opts.migrations ?? loadMigrations();
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const done = db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as { version: number; name: string }[];
  const buildVersion = migrations.length;
  const fileVersion = done.length === 0 ? 0 : done[done.length - 1]!.version;
  if (fileVersion > buildVersion) throw new DatabaseTooNewError(fileVersion, buildVersion);
  for (const row of done) {
    const known = migrations[row.version - 1];
    if (!known || known.name !== row.name) {
      throw new MigrationOrderError(
        `La migración registrada ${row.version}_${row.name} no coincide con la de esta versión (${known ? `${known.version}_${known.name}` : 'ninguna'})`,
      );
    }
  }
  const pending = migrations.slice(fileVersion);
  if (pending.length === 0) return { applied: [], backupPath: null };

  let backupPath: string | null = null;
  if (existed && fileVersion > 0) {
    // A consistent copy of the whole file, WAL included, before touching the schema.
    const stamp = (opts.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
    backupPath = `${path}.v${fileVersion}-${stamp}.bak`;
    // VACUUM INTO accepts an empty file: created owner-only first, the copy is never readable by others.
    ensurePrivateFile(backupPath);
    db.exec(`VACUUM INTO '${backupPath.replace(/'/g, "''")}'`);
  }

  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const mig of pending) {
    // A migration that rebuilds a table (SQLite's 12-step ALTER: create, copy, drop, rename) runs
    // with foreign keys off, which SQLite only allows outside a transaction; inside it every
    // reference is then checked before the commit (PRAGMA foreign_key_check), so a broken link
    // still rolls the whole migration back. Marked by its first lines: `-- kipu:rebuilds-table`.
    const rebuild = REBUILD_MARK.test(mig.sql);
    if (rebuild) db.pragma('foreign_keys = OFF');
    try {
      // One transaction per migration: a failing migration leaves the previous schema intact.
      db.transaction(() => {
        db.exec(mig.sql);
        if (rebuild) {
          const broken = db.pragma('foreign_key_check') as unknown[];
          if (broken.length > 0) throw new Error(`Migración ${mig.version}_${mig.name}: ${broken.length} referencias rotas (foreign_key_check)`);
        }
        record.run(mig.version, mig.name, new Date().toISOString());
      }).immediate();
    } finally {
      if (rebuild) db.pragma('foreign_keys = ON');
    }
  }
  return { applied: pending, backupPath };
}

export function schemaVersion(db: Db): number {
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null };
  return row.v ?? 0;
}
