// The current sale's payment.
import { create } from 'zustand';
import { EMPTY_PAYMENT, type Payment } from './payment';

interface PaymentState {
  payment: Payment;
  update(patch: Partial<Payment>): void;
  reset(): void;
}

export const usePayment = create<PaymentState>()((set) => ({
  payment: EMPTY_PAYMENT,
  update: (patch) => set((s) => ({ payment: { ...s.payment, ...patch } })),
  reset: () => set({ payment: EMPTY_PAYMENT }),
}));
