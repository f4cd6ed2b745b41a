// The current sale's payment.
import { create } from 'zustand';
import { EMPTY_PAYMENT, type Payment } from './payment';

interface PaymentState {
  payment: Payment;
  update(patch: Partial<Payment>): void;
  /** The text of the amount field `label` is no amount (`text`), or is again (null). */
  setUnreadable(label: string, text: string | null): void;
  reset(): void;
}

export const usePayment = create<PaymentState>()((set) => ({
  payment: EMPTY_PAYMENT,
  update: (patch) => set((s) => ({ payment: { ...s.payment, ...patch } })),
  setUnreadable: (label, text) =>
    set((s) => {
      const { [label]: was, ...rest } = s.payment.unreadable ?? {};
      if ((was ?? null) === text) return s; // nothing changes: no update for the sale's listeners
      return { payment: { ...s.payment, unreadable: text === null ? rest : { ...rest, [label]: text } } };
    }),
  reset: () => set({ payment: EMPTY_PAYMENT }),
}));
