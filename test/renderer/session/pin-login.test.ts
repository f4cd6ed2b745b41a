// A person's PIN login at the till (issue 27): the login screen as the session store leaves it,
// and the store's loginWithPin against mocked engine calls (the engine side is tested over HTTP in
// test/api/till-users.test.ts).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  tillLogin: vi.fn(),
  tillLogout: vi.fn(),
  tillMe: vi.fn(),
  tillConfig: vi.fn(),
  pointsOfSale: vi.fn(),
}));

vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api, http: {}, bindSession: () => undefined, ...errors };
});

const { ApiError } = await import('../../../renderer/src/api/errors');
const { useSession } = await import('../../../renderer/src/session/session-store');
const { LoginView } = await import('../../../renderer/src/session/LoginScreen');
const { STORAGE_KEYS, readItem, writeItem } = await import('../../../renderer/src/session/local-storage');

const POS = { id: 'pos-0', code: 0, branchId: 1, branchCode: 0, name: 'Caja 1', defaultInvoiceType: null };
const CONFIG = {
  training: true,
  demoApiKey: 'kipu_demo2026_x',
  version: '1.0.0',
  taxpayer: { nit: '7000123019', razonSocial: 'COMERCIAL KIPU DEMO S.R.L.' },
  defaultInvoiceType: 'COMPUTERIZED_SALE' as const,
  tenantId: 't1',
  demoUsers: [
    { login: 'cajero', name: 'Carla Cajera (demo)', role: 'cajero', pin: '1234' },
    { login: 'supervisor', name: 'Sergio Supervisor (demo)', role: 'supervisor', pin: '9999' },
  ],
};

const view = (over: Partial<Parameters<typeof LoginView>[0]> = {}) =>
  renderToStaticMarkup(createElement(LoginView, { config: CONFIG, configError: null, loginError: null, busy: false, apiKey: null, posId: 'pos-0', preferPin: true, ...over }));

describe('login screen', () => {
  it('opens on user and PIN when this till remembers its point of sale and was last opened by a person; training shows the demo PINs', () => {
    const html = view();
    expect(html).toContain('data-testid="user-input"');
    expect(html).toContain('data-testid="pin-input"');
    expect(html).not.toContain('data-testid="api-key-input"');
    expect(html).toContain('usuario cajero, PIN 1234 · usuario supervisor, PIN 9999');
    expect(html).toContain('Ingresar con clave de API');
  });

  it('opens on the API key when the till has no point of sale yet, or was last opened with a key', () => {
    for (const html of [view({ posId: null }), view({ preferPin: false })]) {
      expect(html).toContain('data-testid="api-key-input"');
      expect(html).not.toContain('data-testid="pin-input"');
    }
    expect(view({ posId: null })).not.toContain('data-testid="login-mode-toggle"');
  });
});

describe('loginWithPin', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    writeItem(STORAGE_KEYS.loginMode, null);
    useSession.setState({ phase: 'login', apiKey: null, posId: 'pos-0', loginError: null, busy: false, config: CONFIG, preferPin: false });
    api.tillConfig.mockResolvedValue(CONFIG);
    api.pointsOfSale.mockResolvedValue([POS]);
    api.tillLogout.mockResolvedValue({ ended: true });
    api.tillMe.mockResolvedValue({ user: { id: 'u1', login: 'cajero', name: 'Carla Cajera (demo)', role: 'cajero' }, posId: 'pos-0', idleMinutes: 15 });
  });

  it('logs the person in at the remembered point of sale and works on with the session token', async () => {
    api.tillLogin.mockResolvedValue({ token: 'kipt_abcdefghij_' + 'A'.repeat(40), user: {}, posId: 'pos-0' });
    expect(await useSession.getState().loginWithPin(' cajero ', '1234')).toBe(true);
    expect(api.tillLogin).toHaveBeenCalledWith('pos-0', 'cajero', '1234');
    const s = useSession.getState();
    expect(s.phase).toBe('ready');
    expect(s.apiKey).toMatch(/^kipt_/);
    expect(s.preferPin).toBe(true);
    expect(readItem(STORAGE_KEYS.loginMode)).toBe('pin');
    // Leaving ends the session in the engine too.
    useSession.getState().logout();
    expect(api.tillLogout).toHaveBeenCalledTimes(1);
  });

  it('a wrong PIN or a locked user is said in the engine’s words and nothing else happens', async () => {
    api.tillLogin.mockRejectedValue(new ApiError(423, { code: 'USER_LOCKED', detail: 'El usuario «cajero» está bloqueado por 5 PIN incorrectos seguidos hasta las 10:15 del 27/11/2026.' }));
    expect(await useSession.getState().loginWithPin('cajero', '0000')).toBe(false);
    expect(useSession.getState().loginError).toContain('bloqueado por 5 PIN incorrectos');
    expect(useSession.getState().phase).toBe('login');
    expect(api.pointsOfSale).not.toHaveBeenCalled();
  });

  it('without a remembered point of sale it asks for the API key first', async () => {
    useSession.setState({ posId: null });
    expect(await useSession.getState().loginWithPin('cajero', '1234')).toBe(false);
    expect(useSession.getState().loginError).toMatch(/clave de API/);
    expect(api.tillLogin).not.toHaveBeenCalled();
  });
});
