// Mixed payments (issue 17): one sale paid with several methods (cash + card, cash + QR, card +
// gift card …). SIAT knows one codigoMetodoPago per invoice, and its catalog has a code for each
// combination ("EFECTIVO-TARJETA", "TARJETA – GIFT" …), found by its components in the
// taxpayer's synced catalog (shared/payment-methods.ts). Pure.
import { formatBs, toHundredths, type Cents } from '../../shared/money';
import type { FieldProblem } from '../../shared/api-envelope';
import { PAYMENT_KIND_LABEL, type PaymentInput, type PaymentKind } from '../../shared/api/cash';
import { COMPONENT_OF, findPaymentMethodCode, type PaymentComponent } from '../../shared/payment-methods';

/** The split as the sale is validated: what goes into the invoice's payment fields. */
export interface PaymentPlan {
  paymentMethodCode: number;
  cardNumber: string | null;
  giftCardAmount: number | null;
  /** Amounts in cents per entry, in request order. */
  entries: { method: PaymentKind; amount: Cents }[];
}

/** What the invoice's payments were once its total is known: stored with the invoice (cash sessions). */
export interface PaymentSplit {
  rows: { method: PaymentKind; amount: Cents; tendered: Cents }[];
  /** Change handed back, on the cash part only. */
  change: Cents;
}

/** First pass, before the totals: the SIAT code, the card number and the gift card amount. */
export function planPayments(payments: readonly PaymentInput[], catalog: readonly { codigo: number; descripcion: string }[] | null): PaymentPlan | { problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const add = (field: string, rule: string, message: string) => problems.push({ field, rule, message });
  const entries: PaymentPlan['entries'] = [];
  const seen = new Set<PaymentComponent>();
  let cardNumber: string | null = null;
  payments.forEach((p, i) => {
    const at = `payments[${i}]`;
    const amount = toHundredths(p.amount);
    if (amount === null || amount === 0) add(`${at}.amount`, 'DECIMALS', 'debe ser un monto mayor a 0 con 2 decimales como máximo');
    const component = COMPONENT_OF[p.method];
    if (seen.has(component)) add(`${at}.method`, 'DUPLICATE', `${PAYMENT_KIND_LABEL[p.method]} aparece dos veces (o junto a otro medio que SIAT cuenta igual); sume los montos en una sola línea`);
    seen.add(component);
    if (p.cardNumber !== undefined && p.method !== 'CARD') add(`${at}.cardNumber`, 'SIAT_1012', 'el número de tarjeta solo va con el pago con tarjeta (SIAT 1012)');
    if (p.method === 'CARD') cardNumber = p.cardNumber ?? '';
    entries.push({ method: p.method, amount: amount ?? 0 });
  });
  if (problems.length > 0) return { problems };
  if (!catalog) return { problems: [{ field: 'payments', rule: 'CATALOG_NOT_SYNCED', message: 'el catálogo de métodos de pago no está disponible; sincronice los catálogos' }] };
  const code = findPaymentMethodCode(catalog, entries.map((e) => e.method));
  if (code === null) {
    const names = entries.map((e) => PAYMENT_KIND_LABEL[e.method]).join(' + ');
    return { problems: [{ field: 'payments', rule: 'CATALOG', message: `el catálogo de métodos de pago de SIAT no tiene la combinación ${names}` }] };
  }
  const gift = entries.filter((e) => e.method === 'GIFT_CARD').reduce((s, e) => s + e.amount, 0);
  return { paymentMethodCode: code, cardNumber, giftCardAmount: gift > 0 ? gift / 100 : null, entries };
}

/**
 * Second pass, with the invoice's total: every method but cash pays exactly what it says and
 * together they may not pass the total (no change on a card); cash covers the rest, and what it
 * exceeds by is the change.
 */
export function settlePayments(plan: PaymentPlan, montoTotal: Cents): PaymentSplit | { problems: FieldProblem[] } {
  const nonCash = plan.entries.filter((e) => e.method !== 'CASH').reduce((s, e) => s + e.amount, 0);
  const cash = plan.entries.find((e) => e.method === 'CASH');
  if (nonCash > montoTotal) {
    return { problems: [{ field: 'payments', rule: 'OVERPAID', message: `los medios distintos del efectivo suman más que el total (${formatBs(nonCash)} > ${formatBs(montoTotal)}); el cambio solo se da en efectivo` }] };
  }
  const cashDue = montoTotal - nonCash;
  const tendered = cash?.amount ?? 0;
  if (tendered < cashDue) {
    return { problems: [{ field: 'payments', rule: 'UNDERPAID', message: `faltan ${formatBs(cashDue - tendered)} para cubrir el total` }] };
  }
  if (cash && cashDue === 0) {
    return { problems: [{ field: 'payments', rule: 'CASH_NOT_NEEDED', message: 'los otros medios ya cubren el total: quite el efectivo' }] };
  }
  const rows = plan.entries.map((e) => (e.method === 'CASH' ? { method: e.method, amount: cashDue, tendered: e.amount } : { method: e.method, amount: e.amount, tendered: e.amount }));
  return { rows, change: tendered - cashDue };
}
