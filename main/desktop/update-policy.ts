// Runs in: Electron main, and in Node for its tests and `npm run dist` (no `electron` import).
// What an update must satisfy before electron-updater may install it (issue 26, finding 5).
// electron-updater checks the sha512 that latest*.yml gives for each file, and on Windows the
// installer's Authenticode signature against `publisherName` — but only when app-update.yml
// carries a publisherName (electron-builder 26 skips the check silently otherwise), only if the
// yml gives a sha512 at all, and it fetches whatever absolute URL the yml names. This module
// closes those gaps; decision 0061.
import type { AppUpdater, UpdateInfo } from 'electron-updater';

/** The fields of app-update.yml (written by electron-builder from `publish` and `win`) we rely on. */
export interface UpdateConfigOnDisk {
  provider?: unknown;
  url?: unknown;
  publisherName?: unknown;
}

export interface UpdatePolicyOptions {
  platform: NodeJS.Platform;
  /** Tests only: a feed on http://127.0.0.1 or http://localhost. Never set by the desktop. */
  allowLoopbackHttp?: boolean;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Why `raw` may not serve updates (Spanish, for the build and the log), or null when it may. */
export function feedUrlProblem(raw: string | undefined, opts: { allowLoopbackHttp?: boolean } = {}): string | null {
  if (raw === undefined || raw.trim() === '') {
    return 'KIPU_UPDATE_URL no está configurada: es la dirección https del servidor de actualizaciones (p. ej. https://actualizaciones.empresa.bo/kipu/)';
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `KIPU_UPDATE_URL no es una URL válida ("${raw}")`;
  }
  if (url.protocol === 'https:') return url.username || url.password ? `KIPU_UPDATE_URL no debe llevar usuario ni contraseña ("${url.host}")` : null;
  if (url.protocol === 'http:' && opts.allowLoopbackHttp && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return `KIPU_UPDATE_URL debe empezar con https:// (recibido "${raw}"): una actualización por http podría ser reemplazada en el camino`;
}

/** Why the app-update.yml on disk cannot be trusted for `platform`, or null. */
export function updateConfigProblem(config: UpdateConfigOnDisk, opts: UpdatePolicyOptions): string | null {
  if (config.provider !== 'generic') return `actualizaciones desactivadas: app-update.yml no usa el proveedor "generic" (tiene "${String(config.provider)}")`;
  const feed = feedUrlProblem(typeof config.url === 'string' ? config.url : undefined, opts);
  if (feed) return `actualizaciones desactivadas: ${feed}`;
  if (opts.platform === 'win32') {
    const names = config.publisherName;
    const ok = Array.isArray(names) && names.length > 0 && names.every((n) => typeof n === 'string' && n.trim() !== '');
    // Without publisherName electron-updater installs an unsigned (or foreign-signed) installer.
    if (!ok) return 'actualizaciones desactivadas: app-update.yml no indica el editor (publisherName) cuya firma debe llevar el instalador';
  }
  return null;
}

/** Why the update described by latest*.yml is refused, or null. */
export function updateInfoProblem(info: UpdateInfo, feedUrl: string, opts: { allowLoopbackHttp?: boolean } = {}): string | null {
  const files = Array.isArray(info.files) ? info.files : [];
  if (files.length === 0) return `la versión ${info.version} no lista sus archivos en latest.yml`;
  for (const file of files) {
    // No sha512 means electron-updater downloads the file without checking anything.
    if (typeof file.sha512 !== 'string' || file.sha512.trim() === '') {
      return `la versión ${info.version} no trae la suma sha512 de ${file.url}: no se descarga un archivo que no se puede verificar`;
    }
    let url: URL;
    try {
      url = new URL(file.url, feedUrl);
    } catch {
      return `la versión ${info.version} nombra un archivo con una URL no válida (${file.url})`;
    }
    if (feedUrlProblem(url.href, opts)) {
      return url.protocol === 'https:'
        ? `la versión ${info.version} nombra un archivo con usuario o contraseña en su URL`
        : `la versión ${info.version} se descargaría de ${url.origin}, fuera de https`;
    }
  }
  return null;
}

/** electron-updater keeps app-update.yml, parsed, in this lazy value (not in its typings). */
async function configOnDisk(updater: AppUpdater): Promise<UpdateConfigOnDisk> {
  const lazy = (updater as unknown as { configOnDisk?: { value: Promise<UpdateConfigOnDisk> } }).configOnDisk;
  if (!lazy) throw new Error('electron-updater cambió: no expone configOnDisk');
  return await lazy.value;
}

/**
 * Sets the updater's policy and checks its configuration. Resolves to null when the updater may
 * run, or to the Spanish reason it must not (the caller then never checks for updates).
 */
export async function secureUpdater(updater: AppUpdater, opts: UpdatePolicyOptions): Promise<string | null> {
  updater.allowDowngrade = false;
  updater.allowPrerelease = false;
  updater.disableWebInstaller = true; // a web installer's package is not signature-checked
  updater.forceDevUpdateConfig = false;
  let config: UpdateConfigOnDisk;
  try {
    config = await configOnDisk(updater);
  } catch (err) {
    return `actualizaciones desactivadas: no se puede leer app-update.yml (${err instanceof Error ? err.message : String(err)})`;
  }
  const problem = updateConfigProblem(config, opts);
  if (problem) return problem;
  const feedUrl = config.url as string;
  const builtIn = updater.isUpdateSupported;
  updater.isUpdateSupported = async (info: UpdateInfo) => {
    const refused = updateInfoProblem(info, feedUrl, opts);
    // Thrown, so checkForUpdates fails and the reason reaches the log, instead of a quiet "no update".
    if (refused) throw new Error(`actualización rechazada: ${refused}`);
    return await builtIn(info);
  };
  return null;
}
