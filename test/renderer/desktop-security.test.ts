// The desktop shell's security rules are pure functions (main/desktop/security.ts), tested here
// with the renderer's Vitest run because main/desktop belongs to the UI team.
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  externalUrlToOpen,
  guardIpc,
  isAllowedNavigation,
  isLoopbackEngineUrl,
  isTrustedSender,
  navigationGuard,
  originOf,
  windowOpenHandler,
  withCsp,
} from '../../main/desktop/security';
import { isEngineToMainMessage } from '../../shared/ipc';
import { PUBLIC_INVOICE_FORMATS, publicInvoicePath } from '../../shared/api/public-links';
import { ROUTES } from '../../shared/api/routes';

const ENGINE = 'http://127.0.0.1:41234';

describe('desktop security', () => {
  it('allows navigation only within the engine origin', () => {
    expect(isAllowedNavigation(`${ENGINE}/`, ENGINE)).toBe(true);
    expect(isAllowedNavigation('http://127.0.0.1:41235/', ENGINE)).toBe(false);
    expect(isAllowedNavigation('https://evil.example/', ENGINE)).toBe(false);
    expect(isAllowedNavigation('file:///etc/passwd', ENGINE)).toBe(false);
    expect(isAllowedNavigation('javascript:alert(1)', ENGINE)).toBe(false);
  });

  it('opens externally only the public invoice downloads of the engine', () => {
    expect(externalUrlToOpen(`${ENGINE}/api/v1/public/invoice/ABC/pdf`, ENGINE)).toBe(`${ENGINE}/api/v1/public/invoice/ABC/pdf`);
    expect(externalUrlToOpen(`${ENGINE}/api/v1/invoices`, ENGINE)).toBeNull();
    expect(externalUrlToOpen('https://siat.impuestos.gob.bo/consulta/QR?nit=1', ENGINE)).toBeNull();
    expect(externalUrlToOpen('http://user:pw@127.0.0.1:41234/api/v1/public/invoice/A/pdf', ENGINE)).toBeNull();
  });

  it('opens every download link the engine hands out (the route contract\'s public routes), and not the other routes', () => {
    // The shell keeps its own prefix (its bundle does not load the API's schemas); this holds it to the contract.
    for (const format of PUBLIC_INVOICE_FORMATS) expect(externalUrlToOpen(`${ENGINE}${publicInvoicePath('ABC', format)}`, ENGINE)).not.toBeNull();
    expect(externalUrlToOpen(`${ENGINE}${ROUTES.invoices.list.path}`, ENGINE)).toBeNull();
  });

  it('trusts IPC only from frames of the engine origin', () => {
    expect(isTrustedSender(`${ENGINE}/index.html`, ENGINE)).toBe(true);
    expect(isTrustedSender('https://evil.example/', ENGINE)).toBe(false);
    expect(isTrustedSender(undefined, ENGINE)).toBe(false);
    expect(isTrustedSender(`${ENGINE}/`, null)).toBe(false);
  });

  it('accepts only a loopback engine URL', () => {
    expect(isLoopbackEngineUrl('http://127.0.0.1:8080')).toBe(true);
    expect(isLoopbackEngineUrl('http://192.168.1.10:8080')).toBe(false);
    expect(isLoopbackEngineUrl('https://127.0.0.1:8080')).toBe(false);
  });

  it('builds a CSP without inline script and replaces any header the engine sent', () => {
    const csp = contentSecurityPolicy(ENGINE);
    expect(csp).toContain(`script-src 'self' ${ENGINE}`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    const h = withCsp({ 'content-security-policy': ['default-src *'], 'Content-Type': ['text/html'] }, csp);
    expect(h['Content-Security-Policy']).toEqual([csp]);
    expect(h['content-security-policy']).toBeUndefined();
    expect(h['Content-Type']).toEqual(['text/html']);
    expect(originOf('not a url')).toBeNull();
  });

  it('validates messages from the engine process', () => {
    expect(isEngineToMainMessage({ type: 'ready', url: ENGINE })).toBe(true);
    expect(isEngineToMainMessage({ type: 'secret.get', requestId: '1', name: 'siat.token' })).toBe(true);
    expect(isEngineToMainMessage({ type: 'secret.get', requestId: '1', name: 'whatever' })).toBe(false);
    expect(isEngineToMainMessage({ type: 'secret.set', requestId: '1', name: 'siat.token' })).toBe(false);
    expect(isEngineToMainMessage(null)).toBe(false);
  });

  // The handlers main.ts installs on every WebContents and ipcMain.handle, fed fake Electron events.
  const navigate = (guard: ReturnType<typeof navigationGuard>, url: string) => {
    let prevented = false;
    guard({ preventDefault: () => (prevented = true) }, url);
    return prevented;
  };

  it('will-navigate / will-redirect: prevents leaving the engine origin, and everything before it is known', () => {
    const log: string[] = [];
    let origin: string | null = null;
    const guard = navigationGuard(() => origin, (l) => log.push(l));
    expect(navigate(guard, `${ENGINE}/`)).toBe(true);
    origin = ENGINE;
    expect(navigate(guard, `${ENGINE}/facturas`)).toBe(false);
    expect(navigate(guard, `${ENGINE}/api/v1/public/invoice/ABC/pdf`)).toBe(false);
    for (const url of ['https://evil.example/', 'http://127.0.0.1:41235/', 'http://localhost:41234/', 'file:///etc/passwd', 'data:text/html,<h1>x</h1>', 'javascript:alert(1)', 'about:blank']) {
      expect(navigate(guard, url), url).toBe(true);
    }
    expect(log).toContain('navigation blocked: https://evil.example/');
  });

  it('setWindowOpenHandler: always denies; only public invoice downloads of the engine reach the system browser', () => {
    const opened: string[] = [];
    let origin: string | null = null;
    const handler = windowOpenHandler(() => origin, (u) => opened.push(u));
    expect(handler({ url: `${ENGINE}/api/v1/public/invoice/ABC/pdf` })).toEqual({ action: 'deny' });
    expect(opened).toEqual([]);
    origin = ENGINE;
    for (const url of [`${ENGINE}/`, `${ENGINE}/api/v1/invoices`, `${ENGINE}/api/v1/public/invoice/../../v1/keys`, `${ENGINE}/api/v1/public/invoice/%2e%2e/%2e%2e/v1/keys`, 'https://evil.example/api/v1/public/invoice/A/pdf', 'file:///etc/passwd']) {
      expect(handler({ url }), url).toEqual({ action: 'deny' });
    }
    expect(opened).toEqual([]);
    expect(handler({ url: `${ENGINE}/api/v1/public/invoice/ABC/ticket` })).toEqual({ action: 'deny' });
    expect(opened).toEqual([`${ENGINE}/api/v1/public/invoice/ABC/ticket`]);
  });

  it('every IPC handler refuses a sender that is not a frame of the engine origin, without running', () => {
    const log: string[] = [];
    let runs = 0;
    let origin: string | null = ENGINE;
    const handler = guardIpc('kipu:app-info', (x: number) => ++runs + x, () => origin, (l) => log.push(l));
    const disposed = {
      get senderFrame(): { url: string } {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      },
    };
    const foreign = [
      { senderFrame: { url: 'https://evil.example/' } },
      { senderFrame: { url: 'http://127.0.0.1:41235/' } },
      { senderFrame: { url: 'file:///index.html' } },
      { senderFrame: { url: '' } },
      { senderFrame: null },
      disposed,
    ];
    for (const event of foreign) expect(() => handler(event, 1)).toThrow('Remitente no autorizado');
    expect(runs).toBe(0);
    expect(log).toContain('IPC kipu:app-info refused from https://evil.example/');
    expect(log).toContain('IPC kipu:app-info refused from unknown frame');
    expect(handler({ senderFrame: { url: `${ENGINE}/` } }, 10)).toBe(11);
    origin = null;
    expect(() => handler({ senderFrame: { url: `${ENGINE}/` } }, 1)).toThrow('Remitente no autorizado');
    expect(runs).toBe(1);
  });
});
