// Payment: cash with change, card, gift card, and the split of one sale over several methods
// (issue 17: cash + card, cash + QR, card + QR, each with or without a gift card).
// A single method keeps SIAT's payment-method code chosen here (catálogo "tipo método pago":
// 1 efectivo, 2 tarjeta, 27 gift card, 35 efectivo–gift card, 40 tarjeta–gift card); a split is
// sent as `payments` and the engine finds SIAT's combined code in the synced catalog
// (main/invoicing/payments.ts, docs/decisions/0025).
import { PAYMENT_KIND_LABEL, PAYMENT_METHOD, type PaymentInput, type PaymentMethodKind } from '../../../shared/api-types';
import { formatBs, fromHundredths, type Cents } from '../../../shared/money';
import type { CartTotals } from './cart';

/** The method that pays what the other parts leave (the whole amount when there are none). */
export type PaymentKind = 'cash' | 'card';

export interface Payment {
  kind: PaymentKind;
  /** Cash handed over; null = exact amount. */
  received: Cents | null;
  /** As typed: full number or first 4 + last 4 digits. */
  cardNumber: string;
  giftCard: Cents;
  /** Split: paid by card while cash pays the rest (only with kind 'cash'). */
  cardPart: Cents;
  /** Split: paid by QR while the kind pays the rest. */
  qrPart: Cents;
}

export const EMPTY_PAYMENT: Payment = { kind: 'cash', received: null, cardNumber: '', giftCard: 0, cardPart: 0, qrPart: 0 };

/** How much each method pays of the amount due (after the gift card); negative cash = overpaid parts. */
export interface PaymentSplit {
  cash: Cents;
  card: Cents;
  qr: Cents;
}

/** The sale is paid with more than one method besides the gift card (then `payments` is sent). */
export function isSplit(p: Payment): boolean {
  return (p.kind === 'cash' && p.cardPart > 0) || p.qrPart > 0;
}

export function splitOf(p: Payment, totals: Pick<CartTotals, 'due'>): PaymentSplit {
  if (p.kind === 'card') return { cash: 0, card: totals.due - p.qrPart, qr: p.qrPart };
  return { cash: totals.due - p.cardPart - p.qrPart, card: p.cardPart, qr: p.qrPart };
}

/** The sale carries cash (the drawer opens for it; never for a card-only sale). */
export function hasCash(p: Payment, totals: Pick<CartTotals, 'due'>): boolean {
  return splitOf(p, totals).cash > 0;
}

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

/** The methods of the sale in the order the request lists them. */
function splitKinds(p: Payment, totals: Pick<CartTotals, 'due'>): PaymentMethodKind[] {
  const s = splitOf(p, totals);
  const kinds: PaymentMethodKind[] = [];
  if (s.cash > 0) kinds.push('CASH');
  if (s.card > 0) kinds.push('CARD');
  if (s.qr > 0) kinds.push('QR');
  if (p.giftCard > 0) kinds.push('GIFT_CARD');
  return kinds;
}

/** What the panel's heading says: "Efectivo", "Efectivo + Tarjeta" … */
export function paymentLabel(p: Payment, totals: Pick<CartTotals, 'due'>): string {
  if (!isSplit(p)) return paymentMethodLabel(paymentMethodCode(p, totals));
  return splitKinds(p, totals).map((k) => PAYMENT_KIND_LABEL[k]).join(' + ');
}

/** Change to hand back, on the cash part only; null when nothing was entered or it is not enough. */
export function changeDue(p: Payment, totals: Pick<CartTotals, 'due'>): Cents | null {
  if (p.kind !== 'cash' || p.received === null) return null;
  const cash = splitOf(p, totals).cash;
  if (isSplit(p) && cash <= 0) return null;
  const c = p.received - cash;
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
  if (!isSplit(p)) {
    if (totals.due > 0) {
      if (p.kind === 'cash' && p.received !== null && p.received < totals.due)
        errors.push(`El efectivo recibido (${formatBs(p.received)}) es menor al monto a pagar (${formatBs(totals.due)}).`);
      if (p.kind === 'card' && maskCardNumber(p.cardNumber) === null)
        errors.push('Ingrese el número de tarjeta (completo o los primeros 4 y últimos 4 dígitos).');
    }
    return errors;
  }
  const s = splitOf(p, totals);
  const parts = p.kind === 'cash' ? p.cardPart + p.qrPart : p.qrPart;
  // Only cash gives change: the other methods together may not pass what is due.
  if (parts > totals.due) {
    errors.push(`${p.kind === 'cash' ? 'Tarjeta y QR suman' : 'El QR suma'} ${formatBs(parts)}, más que el monto a pagar (${formatBs(totals.due)}); el cambio solo se da en efectivo.`);
    return errors;
  }
  if (p.kind === 'cash' && s.cash > 0 && p.received !== null && p.received < s.cash)
    errors.push(`El efectivo recibido (${formatBs(p.received)}) es menor a la parte en efectivo (${formatBs(s.cash)}).`);
  if (s.card > 0 && maskCardNumber(p.cardNumber) === null)
    errors.push(`Ingrese el número de tarjeta de la parte con tarjeta (${formatBs(s.card)}): completo o los primeros 4 y últimos 4 dígitos.`);
  return errors;
}

/**
 * The request's `payments` for a split: cash as handed over (the engine gives change on it
 * alone), card with its masked number, QR, gift card. Only for a valid split (validatePayment).
 */
export function paymentEntries(p: Payment, totals: Pick<CartTotals, 'due'>): PaymentInput[] {
  const s = splitOf(p, totals);
  const out: PaymentInput[] = [];
  if (s.cash > 0) out.push({ method: 'CASH', amount: fromHundredths(Math.max(p.received ?? s.cash, s.cash)) });
  if (s.card > 0) out.push({ method: 'CARD', amount: fromHundredths(s.card), cardNumber: maskCardNumber(p.cardNumber) ?? '' });
  if (s.qr > 0) out.push({ method: 'QR', amount: fromHundredths(s.qr) });
  if (p.giftCard > 0) out.push({ method: 'GIFT_CARD', amount: fromHundredths(p.giftCard) });
  return out;
}
