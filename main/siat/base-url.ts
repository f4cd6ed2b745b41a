// SIAT base URLs: which ones are SIAT's own, and which shapes an administrator may set.
//
// Issue #19, finding 2: a tenant that could point its SIAT anywhere received the installation's
// delegated token (`apikey: TokenApi …`, CONTRACT §1.4) on its own listener. So a URL chosen by a
// tenant (PUT /api/v1/settings/siat) must be one of SIAT's https base URLs (CONTRACT §1.1); any
// other URL (a simulator, a lab proxy) is for the administrator only: KIPU_SIAT_URL or
// `npm run admin -- siat url` (docs/decisions/0014-siat-url-allowlist.md).
import { trimEndChars } from '../../shared/trim-end';

/**
 * CONTRACT §1.1. Production is "high confidence, not official" (§0.3): if the SIN hands over
 * another host at "inicio de operaciones", the administrator sets it; this list changes in a release.
 */
export const OFFICIAL_SIAT_BASE_URLS = {
  production: 'https://siatrest.impuestos.gob.bo/v2',
  pilot: 'https://pilotosiatservicios.impuestos.gob.bo/v2',
} as const;

const OFFICIAL = new Set<string>(Object.values(OFFICIAL_SIAT_BASE_URLS));

/**
 * The official base URL `raw` denotes (normalized: no trailing slash), or null. Exact https host,
 * default port, path /v2, and nothing that could carry the request elsewhere or smuggle data:
 * no credentials, query or fragment.
 */
export function officialSiatBaseUrl(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' || u.username !== '' || u.password !== '' || u.port !== '' || u.search !== '' || u.hash !== '') return null;
  const base = `https://${u.hostname}${trimEndChars(u.pathname, '/')}`;
  return OFFICIAL.has(base) ? base : null;
}

export function isOfficialSiatUrl(raw: string): boolean {
  return officialSiatBaseUrl(raw) !== null;
}

export type SiatBaseUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

/**
 * What the administrator may set (admin CLI; KIPU_SIAT_URL has its own check in config/settings):
 * any http(s) URL ending in /v2, e.g. the simulator. No credentials in it: they would travel in
 * the clear to whatever the URL names and end up in logs.
 */
export function checkAdminSiatBaseUrl(raw: string): SiatBaseUrlCheck {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return { ok: false, reason: `no es una URL válida ("${raw}")` };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { ok: false, reason: `debe empezar con http:// o https:// ("${raw}")` };
  if (u.username !== '' || u.password !== '') return { ok: false, reason: 'no debe llevar usuario ni contraseña' };
  if (u.search !== '' || u.hash !== '') return { ok: false, reason: 'no debe llevar ? ni #' };
  const url = trimEndChars(u.href, '/');
  if (!/\/v2$/.test(url)) return { ok: false, reason: `debe terminar en /v2, p. ej. ${OFFICIAL_SIAT_BASE_URLS.pilot} (recibido "${raw}")` };
  return { ok: true, url };
}
