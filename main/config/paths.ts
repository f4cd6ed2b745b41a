// Where Kipu keeps its data and finds its bundled files, per platform.
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
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

/** The built renderer, served at / when present. */
export function rendererDir(): string {
  return join(appRoot(), 'dist', 'renderer');
}
