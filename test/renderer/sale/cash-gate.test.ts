// A cashier is told, when the first product goes in and on Caja, that the open drawer is someone
// else's (decision 0069; the store-day walk met it only at F12 after a supervisor opened the day).
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api: {}, http: {}, bindSession: () => undefined, ...errors };
});

const { notYourSession } = await import('../../../renderer/src/sale/cash-gate');

const session = { number: 1, cashier: 'Sergio Supervisor', cashierId: 'u-sergio', openedBy: 'Sergio Supervisor' };

describe('whose drawer', () => {
  it('tells a cajero the open session is another person\'s, naming the owner and what to do', () => {
    expect(notYourSession(session, { id: 'u-carla', role: 'cajero' })).toBe(
      'La caja abierta (sesión 1) es de Sergio Supervisor: usted no puede cobrar en ella. Que la cierre con su arqueo (o un supervisor, con un motivo) y abra usted la suya en Caja (Alt+8).',
    );
    // Opened with an API key (no person): hers neither; it says who opened it.
    expect(notYourSession({ ...session, cashier: null, cashierId: null, openedBy: 'ERP tienda' }, { id: 'u-carla', role: 'cajero' })).toMatch(/es de ERP tienda:/);
  });

  it('says nothing to its owner, to a supervisor or an administrador (they may step in), with no person or no session', () => {
    expect(notYourSession(session, { id: 'u-sergio', role: 'cajero' })).toBeNull();
    expect(notYourSession(session, { id: 'u-ana', role: 'supervisor' })).toBeNull();
    expect(notYourSession(session, { id: 'u-ana', role: 'administrador' })).toBeNull();
    expect(notYourSession(session, null)).toBeNull();
    expect(notYourSession(null, { id: 'u-carla', role: 'cajero' })).toBeNull();
  });
});
