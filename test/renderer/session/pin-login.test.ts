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
const { PosPickerView } = await import('../../../renderer/src/session/PosPicker');
const { ChangePos } = await import('../../../renderer/src/settings/sections/TillSection');
const { mayChangePos } = await import('../../../renderer/src/session/session-store');
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
    // Each person whole on one line: «PIN 9999» never breaks from its user (issue 24, set 12).
    expect(html).toContain('<span class="nowrap">usuario cajero, PIN 1234</span>');
    expect(html).toContain(' · <span class="nowrap">usuario supervisor, PIN 9999</span>');
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

// Issue 24 (set 12): a cashier by PIN reached «Cambiar punto de venta», a picker without a way back
// that offered «Cambiar clave de API». Decision 0087.
describe('who changes the point of sale', () => {
  const person = (role: 'cajero' | 'supervisor' | 'administrador') => ({ id: 'u1', login: 'x', name: 'X', role, active: true }) as never;

  it('an administrator or a key’s session; not a cashier’s or a supervisor’s PIN session', () => {
    expect(mayChangePos(null)).toBe(true);
    expect(mayChangePos(person('administrador'))).toBe(true);
    expect(mayChangePos(person('supervisor'))).toBe(false);
    expect(mayChangePos(person('cajero'))).toBe(false);
  });

  it('a cashier cannot open the picker, and Configuración says who changes it', () => {
    useSession.setState({ phase: 'ready', posId: 'pos-0', pointsOfSale: [POS], person: person('cajero') });
    useSession.getState().changePos();
    expect(useSession.getState().phase).toBe('ready');
    const html = renderToStaticMarkup(createElement(ChangePos, { allowed: mayChangePos(useSession.getState().person) }));
    expect(html).not.toContain('data-testid="change-pos-button"');
    expect(html).toContain('El punto de venta de esta caja lo cambia un administrador.');
    expect(renderToStaticMarkup(createElement(ChangePos, { allowed: true }))).toContain('data-testid="change-pos-button"');
  });

  it('the manager’s picker goes back with Esc or «Volver», nothing changed; the API key is offered to a key’s session only', () => {
    useSession.setState({ phase: 'ready', posId: 'pos-0', pointsOfSale: [POS], person: null });
    useSession.getState().changePos();
    expect(useSession.getState().phase).toBe('choosePos');
    const html = renderToStaticMarkup(createElement(PosPickerView, { pointsOfSale: [POS], posId: 'pos-0', byKey: true }));
    expect(html).toContain('data-testid="pos-picker-back"');
    expect(html).toContain('data-testid="logout-button"');
    useSession.getState().keepPos();
    expect(useSession.getState()).toMatchObject({ phase: 'ready', posId: 'pos-0' });
    // An administrator by PIN: back, but no «Cambiar clave de API»; the first choice has no «Volver».
    expect(renderToStaticMarkup(createElement(PosPickerView, { pointsOfSale: [POS], posId: 'pos-0', byKey: false }))).not.toContain('data-testid="logout-button"');
    expect(renderToStaticMarkup(createElement(PosPickerView, { pointsOfSale: [POS], posId: null, byKey: true }))).not.toContain('data-testid="pos-picker-back"');
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
