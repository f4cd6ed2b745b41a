// Runs in: Electron main (imported by main.ts), but has no Electron import so it can be tested
// in plain Node. The window only ever shows the engine's own origin (http://127.0.0.1:<port>):
// navigation elsewhere is denied, new windows are denied, and only the public invoice
// downloads of that origin may be handed to the system browser.

/** Origin of a URL, or null when it does not parse or is opaque. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin;
  } catch {
    return null;
  }
}

/** The engine must listen on loopback; anything else is refused before the window loads it. */
export function isLoopbackEngineUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' && (u.hostname === '127.0.0.1' || u.hostname === '[::1]' || u.hostname === 'localhost');
  } catch {
    return false;
  }
}

export function isSameOrigin(url: string, engineOrigin: string): boolean {
  return originOf(url) === engineOrigin;
}

/** will-navigate / will-redirect: stay on the engine's origin. */
export function isAllowedNavigation(url: string, engineOrigin: string): boolean {
  return isSameOrigin(url, engineOrigin);
}

const PUBLIC_DOWNLOADS = '/api/v1/public/invoice/';

/**
 * setWindowOpenHandler: no new Electron windows. Links to an invoice's public PDF / ticket /
 * XML / ZIP on the engine's origin open in the system browser; everything else is dropped.
 */
export function externalUrlToOpen(url: string, engineOrigin: string): string | null {
  if (!isSameOrigin(url, engineOrigin)) return null;
  const u = new URL(url);
  if (!u.pathname.startsWith(PUBLIC_DOWNLOADS)) return null;
  if (u.username || u.password) return null;
  return u.toString();
}

/** IPC: only frames showing the engine's origin may call the bridge. */
export function isTrustedSender(frameUrl: string | null | undefined, engineOrigin: string | null): boolean {
  if (!frameUrl || !engineOrigin) return false;
  return isSameOrigin(frameUrl, engineOrigin);
}

/**
 * Content-Security-Policy for the engine's pages. No inline script, no eval; connections only
 * to the engine (API + event stream); images from the engine and data:/blob: (QR codes, logo
 * preview); the invoice PDF preview is a same-origin frame.
 */
export function contentSecurityPolicy(engineOrigin: string): string {
  return [
    `default-src 'self' ${engineOrigin}`,
    `script-src 'self' ${engineOrigin}`,
    `style-src 'self' ${engineOrigin}`,
    `img-src 'self' ${engineOrigin} data: blob:`,
    `font-src 'self' ${engineOrigin}`,
    `connect-src 'self' ${engineOrigin}`,
    `frame-src 'self' ${engineOrigin}`,
    `object-src 'self' ${engineOrigin}`,
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Adds the CSP to a response's headers (header names compared case-insensitively). */
export function withCsp(headers: Record<string, string[]> | undefined, csp: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (k.toLowerCase() !== 'content-security-policy') out[k] = v;
  out['Content-Security-Policy'] = [csp];
  return out;
}
