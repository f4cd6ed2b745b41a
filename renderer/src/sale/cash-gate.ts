// A closed cash session is told when the first product goes into the sale, not at F12 after the
// whole basket (issue 24, item 15). The till asks the engine what its sale gate asks (the point
// of sale's "sell only with the cash open" setting, then the open session); the products stay in
// the sale while the cashier opens the cash (Caja, Alt+8). F12 still meets the engine's own
// refusal (409 CASH_SESSION_REQUIRED) if the cash is closed by then.
import { create } from 'zustand';
import { cashApi } from '../cash/cash-api';
import { useCart } from './cart-store';

export const CASH_CLOSED_TEXT = 'La caja está cerrada: ábrala en Caja (Alt+8) antes de cobrar. Los productos quedan en la venta.';

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
        closed = settings.requireSession && session === null ? CASH_CLOSED_TEXT : null;
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
