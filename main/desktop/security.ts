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

// The public invoice routes' prefix (shared/api/routes/sale.ts); not imported, so the shell's bundle
// does not load the API's schemas: test/renderer/desktop-security.test.ts holds it to the contract.
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

/** What main.ts's handlers need of an Electron event: Electron's own events fit, and so do test fakes. */
export interface PreventableEvent {
  preventDefault(): void;
}

/**
 * The listener for will-navigate, will-redirect and will-frame-navigate: anything that leaves the
 * engine's origin is cancelled, and so is everything before the engine's origin is known.
 */
export function navigationGuard(engineOrigin: () => string | null, log: (line: string) => void): (event: PreventableEvent, url: string) => void {
  return (event, url) => {
    const origin = engineOrigin();
    if (!origin || !isAllowedNavigation(url, origin)) {
      event.preventDefault();
      log(`navigation blocked: ${url}`);
    }
  };
}

/**
 * The handler for setWindowOpenHandler: never a new Electron window. A public invoice download of
 * the engine's origin is handed to the system browser; anything else is dropped.
 */
export function windowOpenHandler(engineOrigin: () => string | null, openExternal: (url: string) => void): (details: { url: string }) => { action: 'deny' } {
  return ({ url }) => {
    const origin = engineOrigin();
    const external = origin ? externalUrlToOpen(url, origin) : null;
    if (external) openExternal(external);
    return { action: 'deny' };
  };
}

/** The part of Electron's IpcMainInvokeEvent the sender check reads. */
export interface IpcSenderEvent {
  readonly senderFrame: { readonly url: string } | null;
}

/**
 * Wraps an ipcMain.handle handler: a sender that is not a frame of the engine's origin (another
 * origin, no frame, a frame already gone) gets an error and the handler never runs. Electron
 * throws on reading `senderFrame` once the frame is disposed; that counts as unknown.
 */
export function guardIpc<A extends unknown[], R>(
  channel: string,
  fn: (...args: A) => R,
  engineOrigin: () => string | null,
  log: (line: string) => void,
): (event: IpcSenderEvent, ...args: unknown[]) => R {
  return (event, ...args) => {
    let url: string | null;
    try {
      url = event.senderFrame?.url ?? null;
    } catch {
      url = null;
    }
    if (!isTrustedSender(url, engineOrigin())) {
      log(`IPC ${channel} refused from ${url ?? 'unknown frame'}`);
      throw new Error('Remitente no autorizado');
    }
    return fn(...(args as A));
  };
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
