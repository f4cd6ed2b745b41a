// How a return's money goes back (issue 24, item 3): the refund method of a credit-debit note, as
// SIAT's payment-method code (the note's XML has no codigoMetodoPago, so this is the till's own
// record) and the kind the cash close books it under. Shared: the engine decides with it, the
// return dialog preselects the same default. Pure: the catalog and the original's
// payment come in (docs/decisions/0053-refund-method-and-z-figures.md).
//
// - Given: a code of the synced catalog naming ONE method (a refund goes back one way); a
//   combination ("EFECTIVO-TARJETA") is refused, naming the field.
// - Not given: the original's method when it was one; for a split original, cash when part of
//   it was cash (the drawer is where a refund is handed over at the counter), else its largest
//   part. The cashier changes it in the return dialog.
// - QR is SIAT's TRANSFERENCIA (decision 0025): a transfer refund of an invoice paid by QR goes
//   back through the QR account and is booked under QR, where its sale was.
import type { FieldProblem } from './api-envelope';
import type { PaymentKind } from './api/cash';
import { componentsOf, findPaymentMethodCode, kindOfDescription, type PaymentMethodEntry } from './payment-methods';

export interface RefundMethod {
  /** SIAT codigoMetodoPago of the refund. */
  code: number;
  /** The kind the cash session books it under. */
  kind: PaymentKind;
  /** true when taken from the original (not chosen). */
  defaulted: boolean;
}

export interface OriginalPayment {
  /** The original invoice's codigoMetodoPago. */
  code: number;
  /** Its stored split (invoice_payments), empty when it was sold outside the cash sessions. */
  parts: readonly { method: string; amount: number }[];
}

const description = (catalog: readonly PaymentMethodEntry[], code: number) => catalog.find((e) => Number(e.codigo) === code)?.descripcion ?? null;

/** The kind a single-method code is booked under, QR where the original was paid by QR. */
function kindOf(descripcion: string, original: OriginalPayment): PaymentKind {
  const kind = kindOfDescription(descripcion);
  // Only a transfer goes back through the QR's account; a deposit stays a deposit.
  if (kind === 'TRANSFER' && componentsOf(descripcion)?.has('TRANSFERENCIA') && original.parts.some((p) => p.method === 'QR') && !original.parts.some((p) => p.method === 'TRANSFER')) return 'QR';
  return kind;
}

/** The refund when the request names none (see the head of this file). */
function defaultRefund(catalog: readonly PaymentMethodEntry[], original: OriginalPayment): RefundMethod | null {
  const own = description(catalog, original.code);
  const parts = original.parts.filter((p) => p.amount > 0);
  if (own !== null && componentsOf(own)?.size === 1) return { code: original.code, kind: parts.length === 1 && parts[0]!.method === 'QR' ? 'QR' : kindOf(own, original), defaulted: true };
  let kind: PaymentKind | null = null;
  if (parts.length > 0) {
    const cash = parts.find((p) => p.method === 'CASH');
    const largest = parts.reduce((a, b) => (b.amount > a.amount ? b : a));
    kind = (cash ?? largest).method as PaymentKind;
  } else if (own !== null) {
    const components = componentsOf(own);
    if (components?.has('EFECTIVO')) kind = 'CASH';
  }
  if (kind === null) kind = 'CASH';
  const code = findPaymentMethodCode(catalog, [kind]);
  return code === null ? null : { code, kind, defaulted: true };
}

/** The refund method of a note against `original`, or the problem that refuses it (field `field`). */
export function resolveRefundMethod(
  catalog: readonly PaymentMethodEntry[],
  original: OriginalPayment,
  requested: number | null | undefined,
  field = 'refundMethodCode',
): RefundMethod | { problems: FieldProblem[] } {
  if (requested === null || requested === undefined) {
    const d = defaultRefund(catalog, original);
    if (d) return d;
    return { problems: [{ field, rule: 'CATALOG', message: 'indique cómo se devuelve el dinero: el catálogo de métodos de pago no tiene el método de la factura original' }] };
  }
  const desc = description(catalog, requested);
  if (desc === null) return { problems: [{ field, rule: 'CATALOG', message: `el método de pago ${requested} no existe en el catálogo de SIAT sincronizado` }] };
  const components = componentsOf(desc);
  if (!components || components.size !== 1) {
    return { problems: [{ field, rule: 'SINGLE_METHOD', message: `la devolución se hace con un solo medio; ${requested} (${desc.trim()}) combina varios` }] };
  }
  return { code: requested, kind: kindOf(desc, original), defaulted: false };
}
