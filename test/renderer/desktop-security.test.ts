// The desktop shell's security rules are pure functions (main/desktop/security.ts), tested here
// with the renderer's Vitest run because main/desktop belongs to the UI team.
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  externalUrlToOpen,
  isAllowedNavigation,
  isLoopbackEngineUrl,
  isTrustedSender,
  originOf,
  withCsp,
} from '../../main/desktop/security';
import { isEngineToMainMessage } from '../../shared/ipc';

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
});
