// A closed cash session is told when the first product goes into the sale, not at F12 after the
// whole basket (issue 24, item 15). The till asks the engine what its sale gate asks (the point
// of sale's "sell only with the cash open" setting, then the open session); the products stay in
// the sale while the cashier opens the cash (Caja, Alt+8). F12 still meets the engine's own
// refusal (409 CASH_SESSION_REQUIRED) if the cash is closed by then.
import { create } from 'zustand';
import { cashApi } from '../cash/cash-api';
import { useCart } from './cart-store';
import { useSession } from '../session/session-store';
import type { CashSessionView } from '../../../shared/api/cash';

export const CASH_CLOSED_TEXT = 'La caja está cerrada: ábrala en Caja (Alt+8) antes de cobrar. Los productos quedan en la venta.';

/**
 * Why a cajero cannot sell in the open session (decision 0069: each cashier works her own drawer;
 * the engine refuses at F12 with NOT_YOUR_SESSION), or null. A supervisor who opened the cash for
 * the day made it hers; a walk met that only at F12.
 */
export function notYourSession(session: Pick<CashSessionView, 'number' | 'cashier' | 'cashierId' | 'openedBy'> | null, person: { id: string; role: string } | null): string | null {
  if (!session || !person || person.role !== 'cajero' || session.cashierId === person.id) return null;
  const owner = session.cashier ?? session.openedBy;
  return `La caja abierta (sesión ${session.number}) es de ${owner}: usted no puede cobrar en ella. Que la cierre con su arqueo (o un supervisor, con un motivo) y abra usted la suya en Caja (Alt+8).`;
}

interface CashGateState {
  /** What to tell the cashier, or null while the till may sell. */
  closed: string | null;
  /** Asks the engine (a failure tells nothing: the engine refuses at F12 if it must). */
  check(posId: string): Promise<void>;
  /** The sale was emptied (issued or cancelled): nothing to tell until the next first product. */
  clear(): void;
}

export const useCashGate = create<CashGateState>()((set) => {
  let seq = 0;
  return {
    closed: null,
    async check(posId) {
      const mine = ++seq;
      let closed: string | null;
      try {
        const [settings, session] = await Promise.all([cashApi.settings(posId), cashApi.current(posId)]);
        const notYours = notYourSession(session, useSession.getState().person);
        closed = settings.requireSession && session === null ? CASH_CLOSED_TEXT : notYours && `${notYours} Los productos quedan en la venta.`;
      } catch {
        closed = null;
      }
      if (mine === seq) set({ closed });
    },
    clear() {
      seq++;
      set({ closed: null });
    },
  };
});

/**
 * Checks when the sale gets its first product, and once at start when the sale already has some
 * (back from Caja); an emptied sale forgets the warning. Returns the function that stops it.
 */
export function watchCashGate(posId: () => string | null): () => void {
  const check = () => {
    const id = posId();
    if (id) void useCashGate.getState().check(id);
  };
  if (useCart.getState().lines.length > 0) check();
  return useCart.subscribe((s, prev) => {
    if (s.lines.length > 0 && prev.lines.length === 0) check();
    else if (s.lines.length === 0 && prev.lines.length > 0) useCashGate.getState().clear();
  });
}
