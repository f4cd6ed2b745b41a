// Payment: cash with change, card, gift card, and the split of one sale over several methods
// (issue 17). A single method keeps SIAT's payment-method code chosen here (catálogo "tipo método
// pago": 1 efectivo, 2 tarjeta, 27 gift card, 35 efectivo–gift card, 40 tarjeta–gift card); a
// split is sent as `payments` and the engine finds SIAT's combined code in the synced catalog
// (main/invoicing/payments.ts, docs/decisions/0025). Which parts the till offers beside the main
// method is read from the same catalog by its components (shared/payment-methods.ts): every
// method with a combined code, not a list of our own (docs/decisions/0046).
import { PAYMENT_KIND_LABEL, PAYMENT_KINDS, PAYMENT_METHOD, type CatalogEntry, type PaymentInput, type PaymentMethodKind } from '../../../shared/api-types';
import { formatBs, fromHundredths, type Cents } from '../../../shared/money';
import { findPaymentMethodCode } from '../../../shared/payment-methods';
import type { CartTotals } from './cart';

/** The method that pays what the other parts leave (the whole amount when there are none). */
export type PaymentKind = 'cash' | 'card';

/**
 * A method that can pay a part of a split. Not cash (it pays the rest, the only one with change),
 * not the gift card (its own field, montoGiftCard), not OTHER (no method), not TRANSFER: SIAT
 * counts it as the QR's component (TRANSFERENCIA), and at the till a transfer is the QR.
 */
export type SplitKind = Exclude<PaymentMethodKind, 'CASH' | 'GIFT_CARD' | 'OTHER' | 'TRANSFER'>;
const NOT_A_PART: readonly PaymentMethodKind[] = ['CASH', 'GIFT_CARD', 'OTHER', 'TRANSFER'];
export const SPLIT_KINDS: readonly SplitKind[] = PAYMENT_KINDS.filter((k): k is SplitKind => !NOT_A_PART.includes(k));

/** Every method of the till but the gift card, in the order the request lists them. */
type TillKind = 'CASH' | SplitKind;
const TILL_KINDS: readonly TillKind[] = ['CASH', ...SPLIT_KINDS];

export interface Payment {
  kind: PaymentKind;
  /** Cash handed over; null = exact amount. */
  received: Cents | null;
  /** As typed: full number or first 4 + last 4 digits. */
  cardNumber: string;
  giftCard: Cents;
  /** Split: what each other method pays while the kind pays the rest (a card part only beside cash). */
  parts: Partial<Record<SplitKind, Cents>>;
  /**
   * Amount fields of the sale whose text is no amount, by label, as typed («50,0050»): F12 asks
   * to correct them. An unreadable «Recibido» is not «exacto», nor an unreadable discount none.
   */
  unreadable?: Record<string, string>;
}

export const EMPTY_PAYMENT: Payment = { kind: 'cash', received: null, cardNumber: '', giftCard: 0, parts: {}, unreadable: {} };

/** How much each method pays of the amount due (after the gift card); negative cash = overpaid parts. */
export type PaymentSplit = Record<TillKind, Cents>;

const mainOf = (p: Payment): TillKind => (p.kind === 'card' ? 'CARD' : 'CASH');

/** The parts that count: a part with the main method's own kind has no meaning (card pays the rest). */
function partsOf(p: Payment): [SplitKind, Cents][] {
  const main = mainOf(p);
  return SPLIT_KINDS.filter((k) => k !== main && (p.parts[k] ?? 0) > 0).map((k) => [k, p.parts[k]!]);
}

/** The sale is paid with more than one method besides the gift card (then `payments` is sent). */
export function isSplit(p: Payment): boolean {
  return partsOf(p).length > 0;
}

export function splitOf(p: Payment, totals: Pick<CartTotals, 'due'>): PaymentSplit {
  const s = Object.fromEntries(TILL_KINDS.map((k) => [k, 0])) as PaymentSplit;
  let rest = totals.due;
  for (const [k, v] of partsOf(p)) {
    s[k] = v;
    rest -= v;
  }
  s[mainOf(p)] = rest;
  return s;
}

/** The sale carries cash (the drawer opens for it; never for a card-only sale). */
export function hasCash(p: Payment, totals: Pick<CartTotals, 'due'>): boolean {
  return splitOf(p, totals).CASH > 0;
}

/**
 * The parts the panel offers beside the main method: each method whose pair with it has a
 * combined code in SIAT's synced catalog (cash + card = 10 EFECTIVO-TARJETA, card + cheque = 16 …).
 * None while the catalog is not loaded: the engine refuses every split then (CATALOG_NOT_SYNCED).
 */
export function offeredParts(kind: PaymentKind, catalog: readonly CatalogEntry[] | undefined): SplitKind[] {
  if (!catalog || catalog.length === 0) return [];
  const main = kind === 'card' ? 'CARD' : 'CASH';
  return SPLIT_KINDS.filter((k) => k !== main && findPaymentMethodCode(catalog, [main, k]) !== null);
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
    // es-BO; the SIN's catalog says GIFT-CARD (its invoice, «MONTO GIFT CARD»): the field says both.
    case PAYMENT_METHOD.GIFT_CARD: return 'Tarjeta de regalo';
    case PAYMENT_METHOD.CASH_GIFT_CARD: return 'Efectivo y tarjeta de regalo';
    case PAYMENT_METHOD.CARD_GIFT_CARD: return 'Tarjeta y tarjeta de regalo';
    default: return `Método ${code}`;
  }
}

/** The methods of the sale in the order the request lists them. */
function splitKinds(p: Payment, totals: Pick<CartTotals, 'due'>): PaymentMethodKind[] {
  const s = splitOf(p, totals);
  const kinds: PaymentMethodKind[] = TILL_KINDS.filter((k) => s[k] > 0);
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
  const cash = splitOf(p, totals).CASH;
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

/**
 * What is wrong with the payment, in the cashier's words. With the synced catalog at hand a split
 * whose combination SIAT has no code for is refused here, before the engine would.
 */
export function validatePayment(p: Payment, totals: Pick<CartTotals, 'total' | 'due'>, catalog?: readonly CatalogEntry[]): string[] {
  const errors: string[] = [];
  for (const [label, text] of Object.entries(p.unreadable ?? {})) {
    const example = /descuento/i.test(label) ? '5,50 o 10%' : '50 o 50,50';
    errors.push(`${label}: «${text}» no es un monto (ejemplo: ${example}); corríjalo o bórrelo.`);
  }
  if (errors.length > 0) return errors;
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
  const parts = partsOf(p);
  const partsTotal = parts.reduce((sum, [, v]) => sum + v, 0);
  // Only cash gives change: the other methods together may not pass what is due.
  if (partsTotal > totals.due) {
    const names = parts.map(([k]) => PAYMENT_KIND_LABEL[k]).join(' + ');
    errors.push(`${parts.length > 1 ? `${names} suman` : `${names} suma`} ${formatBs(partsTotal)}, más que el monto a pagar (${formatBs(totals.due)}); el cambio solo se da en efectivo.`);
    return errors;
  }
  if (catalog && catalog.length > 0) {
    const kinds = splitKinds(p, totals);
    if (findPaymentMethodCode(catalog, kinds) === null)
      errors.push(`El catálogo de métodos de pago de SIAT no tiene la combinación ${kinds.map((k) => PAYMENT_KIND_LABEL[k]).join(' + ')}; cambie un medio de pago.`);
  }
  if (p.kind === 'cash' && s.CASH > 0 && p.received !== null && p.received < s.CASH)
    errors.push(`El efectivo recibido (${formatBs(p.received)}) es menor a la parte en efectivo (${formatBs(s.CASH)}).`);
  if (s.CARD > 0 && maskCardNumber(p.cardNumber) === null)
    errors.push(`Ingrese el número de tarjeta de la parte con tarjeta (${formatBs(s.CARD)}): completo o los primeros 4 y últimos 4 dígitos.`);
  return errors;
}

/**
 * The request's `payments` for a split: cash as handed over (the engine gives change on it
 * alone), card with its masked number, the other parts, gift card. Only for a valid split
 * (validatePayment).
 */
export function paymentEntries(p: Payment, totals: Pick<CartTotals, 'due'>): PaymentInput[] {
  const s = splitOf(p, totals);
  const out: PaymentInput[] = [];
  for (const k of TILL_KINDS) {
    if (s[k] <= 0) continue;
    if (k === 'CASH') out.push({ method: 'CASH', amount: fromHundredths(Math.max(p.received ?? s.CASH, s.CASH)) });
    else if (k === 'CARD') out.push({ method: 'CARD', amount: fromHundredths(s.CARD), cardNumber: maskCardNumber(p.cardNumber) ?? '' });
    else out.push({ method: k, amount: fromHundredths(s[k]) });
  }
  if (p.giftCard > 0) out.push({ method: 'GIFT_CARD', amount: fromHundredths(p.giftCard) });
  return out;
}
