// What a cash session should hold, per payment method, and how the count compares (issue 17,
// corrected by issue 24). Pure: rows in, figures out, all in centavos (DESIGN.md, Data: no
// floating point on money).
//
// expected(m) = sales(m) − refunds(m) − cancelledEarlier(m)        for every method m
// expected(CASH) also + opening float + cash in − cash out
// - sales: the payment rows of the session's invoices that stand (not annulled), cash net of change.
// - refunds: the credit-debit notes (returns, SIAT sector 24) issued in the session, under the
//   method the money went back by (the note's refund method, shared/refund-method.ts).
// - annulled documents count nowhere but in their own line: an invoice sold and annulled in the
//   same session is neither a sale nor a subtraction. cancelledEarlier is the one exception the
//   drawer forces: an invoice sold before this session and annulled during it gives its money
//   back from THIS drawer (a note so annulled brings its refund back: negative).
// - gift cards are shown apart: not in the drawer, not counted, not in the difference.
// docs/decisions/0053-refund-method-and-z-figures.md
import { DENOMINATIONS, denominationKey, PAYMENT_KIND_LABEL, PAYMENT_KINDS, type PaymentKind } from '../../shared/api/cash';
import type { Cents } from '../../shared/money';
import { SECTOR } from '../siat/code-catalog';

export interface SalePaymentRow {
  invoiceId: string;
  number: number;
  sector: number;
  state: string;
  codigoEmision: number;
  total: Cents;
  method: string;
  amount: Cents;
}

/** A payment row of a document sold before the session and annulled during it. */
export interface CancelledRow {
  sector: number;
  method: string;
  amount: Cents;
}

/** Whether a stored invoice state is an annulment (it then counts only in its own line). */
export const isAnnulled = (state: string) => state === 'CANCELLED';

export interface Movement {
  kind: 'IN' | 'OUT';
  amount: Cents;
}

export interface CloseCount {
  /** Pieces per denomination key ("200", "0.50" …). */
  denominations: Record<string, number>;
  /** Card and QR totals the cashier reads from the terminals. */
  counted: Partial<Record<'CARD' | 'QR', Cents>>;
}

export interface MethodFigures {
  method: string;
  label: string;
  sales: Cents;
  refunds: Cents;
  cancelledEarlier: Cents;
  expected: Cents;
  counted: Cents | null;
  difference: Cents | null;
  apart: boolean;
}

export interface SessionFigures {
  openingFloat: Cents;
  cashIn: Cents;
  cashOut: Cents;
  methods: MethodFigures[];
  cashCounted: Cents | null;
  totalDifference: Cents | null;
}

/** Methods a close always shows (the ones the cashier counts), in this order, then any other with activity. */
const ALWAYS: readonly PaymentKind[] = ['CASH', 'CARD', 'QR'];
const COUNTED: ReadonlySet<string> = new Set(['CASH', 'CARD', 'QR']);

/** The cash a count by denomination adds up to; unknown keys are the caller's to refuse. */
export function cashOfDenominations(denominations: Record<string, number>): Cents {
  let sum = 0;
  for (const cents of DENOMINATIONS) sum += cents * (denominations[denominationKey(cents)] ?? 0);
  return sum;
}

export function sessionFigures(input: {
  openingFloat: Cents;
  movements: readonly Movement[];
  sales: readonly SalePaymentRow[];
  cancelled: readonly CancelledRow[];
  count: CloseCount | null;
}): SessionFigures {
  const acc = new Map<string, { sales: Cents; refunds: Cents; cancelledEarlier: Cents }>();
  const at = (m: string) => {
    let a = acc.get(m);
    if (!a) acc.set(m, (a = { sales: 0, refunds: 0, cancelledEarlier: 0 }));
    return a;
  };
  for (const k of ALWAYS) at(k);
  for (const r of input.sales) {
    if (isAnnulled(r.state)) continue;
    if (r.sector === SECTOR.NOTA_CREDITO_DEBITO) at(r.method).refunds += r.amount;
    else at(r.method).sales += r.amount;
  }
  for (const r of input.cancelled) at(r.method).cancelledEarlier += r.sector === SECTOR.NOTA_CREDITO_DEBITO ? -r.amount : r.amount;
  const cashIn = input.movements.filter((m) => m.kind === 'IN').reduce((s, m) => s + m.amount, 0);
  const cashOut = input.movements.filter((m) => m.kind === 'OUT').reduce((s, m) => s + m.amount, 0);
  const cashCounted = input.count ? cashOfDenominations(input.count.denominations) : null;

  const order = (m: string) => {
    const i = (PAYMENT_KINDS as readonly string[]).indexOf(m);
    return i < 0 ? PAYMENT_KINDS.length : i;
  };
  const methods = [...acc.entries()]
    .sort((a, b) => order(a[0]) - order(b[0]))
    .map(([method, a]): MethodFigures => {
      let expected = a.sales - a.refunds - a.cancelledEarlier;
      if (method === 'CASH') expected += input.openingFloat + cashIn - cashOut;
      const apart = method === 'GIFT_CARD';
      let counted: Cents | null = null;
      if (input.count && COUNTED.has(method)) counted = method === 'CASH' ? cashCounted : (input.count.counted[method as 'CARD' | 'QR'] ?? 0);
      return {
        method,
        label: PAYMENT_KIND_LABEL[method as PaymentKind] ?? method,
        sales: a.sales,
        refunds: a.refunds,
        cancelledEarlier: a.cancelledEarlier,
        expected,
        counted,
        difference: counted === null ? null : counted - expected,
        apart,
      };
    });
  const totalDifference = input.count ? methods.reduce((s, m) => s + (m.difference ?? 0), 0) : null;
  return { openingFloat: input.openingFloat, cashIn, cashOut, methods, cashCounted, totalDifference };
}

/** The cash a session holds right now (for a withdrawal's check and the reopened session's float). */
export function expectedCash(f: SessionFigures): Cents {
  return f.methods.find((m) => m.method === 'CASH')?.expected ?? 0;
}
