// SIAT's payment-method catalog (tipo método pago) read by its components. SIAT knows one
// codigoMetodoPago per invoice and its catalog has a code for each combination ("EFECTIVO-TARJETA",
// "TARJETA – GIFT" …). A combination is found by the components its description names, in the
// taxpayer's synced catalog — never from a table of our own, so a new or renumbered combination in
// SIAT's catalog is picked up by the next sync (docs/decisions/0025). Shared: the engine picks the
// code of a split sale with it, the till offers only the splits the catalog has and names a code.
// Pure.
import { PAYMENT_KIND_LABEL, type PaymentKind } from './api/cash';

/** The components SIAT's payment-method descriptions are made of. */
export type PaymentComponent =
  | 'EFECTIVO'
  | 'TARJETA'
  | 'CHEQUE'
  | 'VALES'
  | 'OTROS'
  | 'PAGO POSTERIOR'
  | 'TRANSFERENCIA'
  | 'DEPOSITO'
  | 'SWIFT'
  | 'GIFT'
  | 'CANAL'
  | 'BILLETERA'
  | 'PAGO ONLINE';

/** A catalog entry as the engine keeps it (codigo as text) or as the API lists it. */
export interface PaymentMethodEntry {
  codigo: number | string;
  descripcion: string;
}

// Longest names first: "TRANSFERENCIA SWIFT" is SWIFT, not TRANSFERENCIA; "TDEPOSITO" is SIAT's
// own typo in code 22 (siat-sim/catalog-data/payment-methods.ts keeps it verbatim).
const COMPONENT_PATTERNS: readonly [PaymentComponent, RegExp][] = [
  ['SWIFT', /TRANSFERENCIA SWIFT|SWIFT/],
  ['PAGO POSTERIOR', /PAGO POSTERIOR/],
  ['PAGO ONLINE', /PAGO ONLINE/],
  ['TRANSFERENCIA', /TRANSFERENCIA(?: BANCARIA)?/],
  ['DEPOSITO', /T?DEPOSITO(?: EN CUENTA)?/],
  ['GIFT', /GIFT(?:[- ]CARD)?/],
  ['CANAL', /CANAL(?: DE)?(?: PAGO)?/],
  ['BILLETERA', /BILLETERA(?: MOVIL)?/],
  ['EFECTIVO', /EFECTIVO/],
  ['TARJETA', /TARJETA/],
  ['CHEQUE', /CHEQUE/],
  ['VALES', /VALES/],
  ['OTROS', /OTROS/],
];

/**
 * Which SIAT component each of our kinds is. QR is an interbank transfer in Bolivia (QR Simple
 * of the ASFI), so it is SIAT's TRANSFERENCIA (docs/decisions/0025-payment-kinds-and-siat-codes.md).
 */
export const COMPONENT_OF: Record<PaymentKind, PaymentComponent> = {
  CASH: 'EFECTIVO',
  CARD: 'TARJETA',
  QR: 'TRANSFERENCIA',
  GIFT_CARD: 'GIFT',
  TRANSFER: 'TRANSFERENCIA',
  CHEQUE: 'CHEQUE',
  VOUCHER: 'VALES',
  ONLINE: 'PAGO ONLINE',
  OTHER: 'OTROS',
};

/** The set of components a catalog description names, or null when something in it is unknown. */
export function componentsOf(descripcion: string): Set<PaymentComponent> | null {
  let rest = descripcion.toUpperCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const found = new Set<PaymentComponent>();
  for (const [c, re] of COMPONENT_PATTERNS) {
    const global = new RegExp(re.source, 'g');
    if (global.test(rest)) {
      found.add(c);
      rest = rest.replace(global, ' ');
    }
  }
  // Only separators may remain: dashes of any kind and blanks.
  return /^[\s\-–—]*$/.test(rest) && found.size > 0 ? found : null;
}

/** The catalog code whose description names exactly these kinds' components (the lowest when several do). */
export function findPaymentMethodCode(catalog: readonly PaymentMethodEntry[], kinds: readonly PaymentKind[]): number | null {
  const wanted = new Set(kinds.map((k) => COMPONENT_OF[k]));
  let best: number | null = null;
  for (const item of catalog) {
    const c = componentsOf(item.descripcion);
    if (!c || c.size !== wanted.size || ![...wanted].every((w) => c.has(w))) continue;
    const code = Number(item.codigo);
    if (best === null || code < best) best = code;
  }
  return best;
}

const KIND_OF_COMPONENT: Partial<Record<PaymentComponent, PaymentKind>> = {
  EFECTIVO: 'CASH',
  TARJETA: 'CARD',
  TRANSFERENCIA: 'TRANSFER',
  // A deposit into the customer's account is bank money as a transfer is, never the drawer's:
  // the X/Z books it on the «Transferencia o depósito» line (a walk found a deposit refund under «Otros»).
  DEPOSITO: 'TRANSFER',
  GIFT: 'GIFT_CARD',
  CHEQUE: 'CHEQUE',
  VALES: 'VOUCHER',
  'PAGO ONLINE': 'ONLINE',
};

/**
 * The kind of a single-method catalog entry (an invoice issued without a `payments` split);
 * a combination or anything else is OTHER, since its split is unknown.
 */
export function kindOfDescription(descripcion: string | null): PaymentKind {
  const c = descripcion === null ? null : componentsOf(descripcion);
  if (!c || c.size !== 1) return 'OTHER';
  return KIND_OF_COMPONENT[[...c][0]!] ?? 'OTHER';
}

/**
 * A payment-method code as a person reads it: SIAT's own description from the synced catalog
 * ("EFECTIVO-TARJETA"), or, while the catalog is not synced, "Método de pago <code>" — a number
 * is then all the till knows, and it says so rather than guess.
 */
export function paymentMethodName(code: number, catalog: readonly PaymentMethodEntry[] | null | undefined): string {
  const hit = catalog?.find((e) => Number(e.codigo) === code);
  return hit ? hit.descripcion.replace(/\s+/g, ' ').trim() : `Método de pago ${code} (catálogo no sincronizado)`;
}

/** One part of how an invoice was paid (its stored split: cash sessions, invoice_payments). */
export interface PaidPart {
  method: PaymentKind;
  /** Bolivianos (API) or cents, as long as `format` matches. */
  amount: number;
}

/**
 * The split in words: "Efectivo Bs 50,00 + Tarjeta Bs 30,00 (…1234)". The card's last four
 * digits follow the card part (SIAT stores first 4 + zeros + last 4, nothing more).
 */
/** « (…1234)»: how a paper or a screen names the card that paid, by its last four digits ('' without one). */
export function cardSuffix(cardNumber: string | null | undefined): string {
  return cardNumber && /\d{4}$/.test(cardNumber) ? ` (…${cardNumber.slice(-4)})` : '';
}

export function paymentSplitText(parts: readonly PaidPart[], cardNumber: string | null, format: (amount: number) => string): string {
  const card = cardSuffix(cardNumber);
  return parts
    .map((p) => `${PAYMENT_KIND_LABEL[p.method]} ${format(p.amount)}${p.method === 'CARD' ? card : ''}`)
    .join(' + ');
}
