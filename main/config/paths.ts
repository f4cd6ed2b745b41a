// Where Kipu keeps its data and finds its bundled files, per platform.
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { chmodSync, closeSync, existsSync, lstatSync, mkdirSync, openSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Per-user data directory: XDG on Linux, %APPDATA% on Windows, Application Support on macOS. */
export function defaultDataDir(): string {
  if (process.platform === 'win32') {
    return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Kipu');
  }
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Kipu');
  return join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'kipu');
}

let cachedRoot: string | undefined;

/**
 * The application root: the folder holding `resources/` (the repository in development,
 * the unpacked app when packaged). KIPU_APP_ROOT overrides it.
 */
export function appRoot(): string {
  if (cachedRoot) return cachedRoot;
  if (process.env.KIPU_APP_ROOT) return (cachedRoot = resolve(process.env.KIPU_APP_ROOT));
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'resources')) && existsSync(join(dir, 'package.json'))) return (cachedRoot = dir);
    dir = dirname(dir);
  }
  return (cachedRoot = process.cwd());
}

export function resourcesDir(): string {
  return process.env.KIPU_RESOURCES_DIR ?? join(appRoot(), 'resources');
}

/** SQL migrations ship as files: main/store/migrations in development, dist/migrations when built. */
export function migrationsDir(): string {
  const root = appRoot();
  for (const candidate of [join(root, 'main', 'store', 'migrations'), join(root, 'dist', 'migrations')]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`No se encontró la carpeta de migraciones bajo ${root}`);
}

/** Kipu Central's PostgreSQL migrations (main/central/migrations). */
export function centralMigrationsDir(): string {
  const root = appRoot();
  for (const candidate of [join(root, 'main', 'central', 'migrations'), join(root, 'dist', 'central-migrations')]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`No se encontró la carpeta de migraciones de Central bajo ${root}`);
}

/** Kipu Central's built dashboard (renderer/central → dist/central). */
export function centralDashboardDir(): string {
  return join(appRoot(), 'dist', 'central');
}

/** The built renderer, served at / when present. */
export function rendererDir(): string {
  return join(appRoot(), 'dist', 'renderer');
}

// The data directory holds invoices, customers' names and NITs, logs of requests and the SIAT
// token: only the user running Kipu may read it (issue #19, finding 10). Modes are given when a
// file or folder is created — so it is never readable by others, not even for a moment — and set
// again with chmod, because the process's umask may have taken bits away from the mode asked for
// (it never adds any) and files from older versions were created 0644/0755. Windows has no POSIX
// modes: there the per-user profile folder's ACL already keeps other users out.
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
const posix = process.platform !== 'win32';

/** Creates the folder (and missing parents) owner-only, and makes it owner-only if it existed. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (posix) chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Creates the file empty and owner-only if missing (content is written after), else makes it owner-only. */
export function ensurePrivateFile(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  if (posix) chmodSync(path, PRIVATE_FILE_MODE);
}

/**
 * Makes the file or folder owner-only, a folder with everything in it; missing is fine.
 * Symbolic links are left alone: they are not followed, so a link cannot send the chmod outside.
 */
export function makePrivate(path: string): void {
  if (!posix) return;
  let st;
  try {
    st = lstatSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (st.isDirectory()) {
    chmodSync(path, PRIVATE_DIR_MODE);
    for (const name of readdirSync(path)) makePrivate(join(path, name));
  } else if (st.isFile()) chmodSync(path, PRIVATE_FILE_MODE);
}

/**
 * At start-up: the data directory and what Kipu keeps in it owner-only, however it was created.
 * Only Kipu's own entries are walked — the directory may be one the user chose (KIPU_DATA_DIR),
 * and whatever else sits in it is not Kipu's to change.
 */
export function secureDataDir(dataDir: string): void {
  ensurePrivateDir(dataDir);
  const ours = /^(kipu\.sqlite(-wal|-shm|-journal|\.v\d+-.+\.bak)?|secrets\.json(\.tmp)?|kipu\.lock|logs|objects|siat-sim)$/;
  for (const name of readdirSync(dataDir)) if (ours.test(name)) makePrivate(join(dataDir, name));
}

/** The app's version, from its package.json (0.0.0 when it cannot be read). */
export function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(appRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}
