// The idle lock and the cashier switch (issue 27): after the store's idle time without a key or a
// click the till locks to its PIN screen, the sale in progress kept in memory; the same person
// comes back to it, another person's login parks it first in the name of who left it; "Cambiar
// cajero" parks the sale in the leaving person's name before the session ends.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

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

const { useSession, switchHooks } = await import('../../../renderer/src/session/session-store');
const { LoginView } = await import('../../../renderer/src/session/LoginScreen');
const { watchIdle } = await import('../../../renderer/src/session/idle-lock');

const POS = { id: 'pos-0', code: 0, branchId: 1, branchCode: 0, name: 'Caja 1', defaultInvoiceType: null };
const person = (login: string, name: string) => ({ id: `u-${login}`, login, name, role: 'cajero' as const, active: true, locked: false, lockedUntil: null, createdAt: '', updatedAt: '' });
const CARLA = person('carla', 'Carla Cajera');
const ANA = person('ana', 'Ana Quispe');

describe('watchIdle', () => {
  afterEach(() => vi.useRealTimers());

  it('fires once after the idle time without activity; each key or click starts the count again', () => {
    vi.useFakeTimers();
    const target = new EventTarget() as unknown as Window;
    const onIdle = vi.fn();
    const stop = watchIdle({ idleMs: 60_000, onIdle, target });
    vi.advanceTimersByTime(59_000);
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(59_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(600_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stopped, it never fires', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    watchIdle({ idleMs: 1_000, onIdle, target: new EventTarget() as unknown as Window })();
    vi.advanceTimersByTime(5_000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});

describe('lock and switch', () => {
  const parkOwn = vi.fn(async () => undefined);
  const parkForOther = vi.fn(async (_leftBy: string) => undefined);
  beforeEach(() => {
    vi.resetAllMocks();
    switchHooks.parkOwn = parkOwn;
    switchHooks.parkForOther = parkForOther;
    api.tillConfig.mockResolvedValue(null);
    api.pointsOfSale.mockResolvedValue([POS]);
    api.tillLogout.mockResolvedValue({ ended: true });
    useSession.setState({ phase: 'ready', apiKey: 'kipt_aaaaaaaaaa_' + 'A'.repeat(40), posId: 'pos-0', person: CARLA, idleMinutes: 15, locked: null, loginError: null, preferPin: true });
  });

  it('locking keeps who was at the till and asks their PIN; the engine session ends', () => {
    useSession.getState().lock('La caja se bloqueó tras 15 min sin uso.');
    const s = useSession.getState();
    expect(s.phase).toBe('login');
    expect(s.locked).toEqual({ login: 'carla', name: 'Carla Cajera' });
    expect(s.apiKey).toBeNull();
    expect(api.tillLogout).toHaveBeenCalledTimes(1);
    expect(parkOwn).not.toHaveBeenCalled();
    const html = renderToStaticMarkup(createElement(LoginView, { config: null, configError: null, loginError: s.loginError, busy: false, apiKey: null, posId: 'pos-0', preferPin: true, locked: s.locked }));
    expect(html).toContain('Caja bloqueada — Carla Cajera');
    expect(html).toContain('value="carla"');
    expect(html).toContain('La caja se bloqueó tras 15 min sin uso.');
  });

  it('the same person back: nothing parked; another person: the sale waits, in the name of who left it', async () => {
    useSession.getState().lock('x');
    api.tillLogin.mockResolvedValue({ token: 'kipt_bbbbbbbbbb_' + 'B'.repeat(40), user: CARLA, posId: 'pos-0' });
    api.tillMe.mockResolvedValue({ user: CARLA, posId: 'pos-0', idleMinutes: 15 });
    expect(await useSession.getState().loginWithPin('carla', '1234')).toBe(true);
    expect(parkForOther).not.toHaveBeenCalled();
    expect(useSession.getState().person?.name).toBe('Carla Cajera');

    useSession.getState().lock('x');
    api.tillLogin.mockResolvedValue({ token: 'kipt_cccccccccc_' + 'C'.repeat(40), user: ANA, posId: 'pos-0' });
    api.tillMe.mockResolvedValue({ user: ANA, posId: 'pos-0', idleMinutes: 15 });
    expect(await useSession.getState().loginWithPin('ana', '5678')).toBe(true);
    expect(parkForOther).toHaveBeenCalledWith('Carla Cajera');
    expect(useSession.getState().person?.name).toBe('Ana Quispe');
    expect(useSession.getState().locked).toBeNull();
  });

  it('Cambiar cajero parks the sale in the leaving person’s name, then ends the session', async () => {
    const order: string[] = [];
    parkOwn.mockImplementation(async () => void order.push('park'));
    api.tillLogout.mockImplementation(async () => {
      order.push('logout');
      return { ended: true };
    });
    await useSession.getState().switchCashier();
    expect(order).toEqual(['park', 'logout']);
    expect(useSession.getState().phase).toBe('login');
    expect(useSession.getState().person).toBeNull();
  });
});
