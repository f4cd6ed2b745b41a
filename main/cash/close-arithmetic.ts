// What a cash session should hold, per payment method, and how the count compares (issue 17).
// Pure: rows in, figures out, all in centavos (DESIGN.md, Data: no floating point on money).
//
// expected(m) = sales(m) − cancelled(m) − notes(m)            for every method m
// expected(CASH) also + opening float + cash in − cash out
// - sales: the payment rows of the invoices sold in the session (cash net of change).
// - cancelled: invoices of the point of sale cancelled while the session was open, whichever
//   session sold them — the money leaves the drawer when the cancellation is made.
// - notes: credit-debit notes (SIAT sector 24) issued in the session give money back.
// - gift cards are shown apart: not in the drawer, not counted, not in the difference.
import { DENOMINATIONS, denominationKey, PAYMENT_KIND_LABEL, PAYMENT_KINDS, type PaymentKind } from '../../shared/api/cash';
import type { Cents } from '../../shared/money';
import { SECTOR } from '../siat/codes';

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

export interface CancelledRow {
  method: string;
  amount: Cents;
}

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
  cancelled: Cents;
  notes: Cents;
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
  const acc = new Map<string, { sales: Cents; cancelled: Cents; notes: Cents }>();
  const at = (m: string) => {
    let a = acc.get(m);
    if (!a) acc.set(m, (a = { sales: 0, cancelled: 0, notes: 0 }));
    return a;
  };
  for (const k of ALWAYS) at(k);
  for (const r of input.sales) {
    if (r.sector === SECTOR.NOTA_CREDITO_DEBITO) at(r.method).notes += r.amount;
    else at(r.method).sales += r.amount;
  }
  for (const r of input.cancelled) at(r.method).cancelled += r.amount;
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
      let expected = a.sales - a.cancelled - a.notes;
      if (method === 'CASH') expected += input.openingFloat + cashIn - cashOut;
      const apart = method === 'GIFT_CARD';
      let counted: Cents | null = null;
      if (input.count && COUNTED.has(method)) counted = method === 'CASH' ? cashCounted : (input.count.counted[method as 'CARD' | 'QR'] ?? 0);
      return {
        method,
        label: PAYMENT_KIND_LABEL[method as PaymentKind] ?? method,
        sales: a.sales,
        cancelled: a.cancelled,
        notes: a.notes,
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
