// Payment: cash with change, card, gift card — and the SIAT payment-method code that the
// combination maps to (catálogo "tipo método pago": 1 efectivo, 2 tarjeta, 27 gift card,
// 35 efectivo–gift card, 40 tarjeta–gift card).
import { PAYMENT_METHOD } from '../../../shared/api-types';
import { formatBs, type Cents } from '../../../shared/money';
import type { CartTotals } from './cart';

export type PaymentKind = 'cash' | 'card';

export interface Payment {
  kind: PaymentKind;
  /** Cash handed over; null = exact amount. */
  received: Cents | null;
  /** As typed: full number or first 4 + last 4 digits. */
  cardNumber: string;
  giftCard: Cents;
}

export const EMPTY_PAYMENT: Payment = { kind: 'cash', received: null, cardNumber: '', giftCard: 0 };

export function paymentMethodCode(p: Payment, totals: Pick<CartTotals, 'due'>): number {
  if (p.giftCard > 0) {
    if (totals.due === 0) return PAYMENT_METHOD.GIFT_CARD;
    return p.kind === 'card' ? PAYMENT_METHOD.CARD_GIFT_CARD : PAYMENT_METHOD.CASH_GIFT_CARD;
  }
  return p.kind === 'card' ? PAYMENT_METHOD.CARD : PAYMENT_METHOD.CASH;
}

export function paymentMethodLabel(code: number): string {
  switch (code) {
    case PAYMENT_METHOD.CASH: return 'Efectivo';
    case PAYMENT_METHOD.CARD: return 'Tarjeta';
    case PAYMENT_METHOD.GIFT_CARD: return 'Gift card';
    case PAYMENT_METHOD.CASH_GIFT_CARD: return 'Efectivo y gift card';
    case PAYMENT_METHOD.CARD_GIFT_CARD: return 'Tarjeta y gift card';
    default: return `Método ${code}`;
  }
}

/** Change to hand back; null when nothing was entered or it is not enough. */
export function changeDue(p: Payment, totals: Pick<CartTotals, 'due'>): Cents | null {
  if (p.kind !== 'cash' || p.received === null) return null;
  const c = p.received - totals.due;
  return c >= 0 ? c : null;
}

/**
 * SIAT's numeroTarjeta: the first four and last four digits with zeros between
 * ("4797000000007896"). Accepts the full PAN or just the 8 digits; null when unusable.
 */
export function maskCardNumber(input: string): string | null {
  const d = input.replace(/\D/g, '');
  if (d.length === 8 || (d.length >= 12 && d.length <= 19)) return `${d.slice(0, 4)}00000000${d.slice(-4)}`;
  return null;
}

export function validatePayment(p: Payment, totals: Pick<CartTotals, 'total' | 'due'>): string[] {
  const errors: string[] = [];
  if (p.giftCard < 0) errors.push('El monto de gift card no puede ser negativo.');
  if (p.giftCard > totals.total) errors.push(`La gift card (${formatBs(p.giftCard)}) supera el total de la venta.`);
  if (totals.due > 0) {
    if (p.kind === 'cash' && p.received !== null && p.received < totals.due)
      errors.push(`El efectivo recibido (${formatBs(p.received)}) es menor al monto a pagar (${formatBs(totals.due)}).`);
    if (p.kind === 'card' && maskCardNumber(p.cardNumber) === null)
      errors.push('Ingrese el número de tarjeta (completo o los primeros 4 y últimos 4 dígitos).');
  }
  return errors;
}
