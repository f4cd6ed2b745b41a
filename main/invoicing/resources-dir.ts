// Where the SIAT resources (XSDs) live at run time. KIPU_RESOURCES_DIR wins (packaged
// Electron app, tests); otherwise the first `resources/` folder with `siat/` found walking up
// from this file (source tree through tsx) or from the working directory (bundles where
// import.meta.url is not available).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | null = null;

export function resourcesDir(): string {
  const fromEnv = process.env.KIPU_RESOURCES_DIR;
  if (fromEnv) return resolve(fromEnv);
  if (cached) return cached;
  const starts: string[] = [];
  try {
    const url = import.meta.url;
    if (typeof url === 'string' && url.startsWith('file:')) starts.push(dirname(fileURLToPath(url)));
  } catch {
    // CommonJS bundle: no import.meta; fall back to the working directory.
  }
  starts.push(process.cwd());
  for (const start of starts) {
    let dir = start;
    for (;;) {
      const candidate = join(dir, 'resources');
      if (existsSync(join(candidate, 'siat'))) return (cached = candidate);
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  throw new Error('No se encontró la carpeta resources/ (defina KIPU_RESOURCES_DIR)');
}
