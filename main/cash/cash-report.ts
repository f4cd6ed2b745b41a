// The X report (mid-session, any time) and the Z report (the close) as one model: totals per
// payment method, per document sector, invoices issued, cancelled and in contingency, first and
// last number, and (Z) the count and its difference. Pure; amounts leave here in bolivianos, as
// the API speaks.
import { fromHundredths } from '../../shared/money';
import type { CashReport } from '../../shared/api/cash';
import { findSector } from '../siat/codes';
import type { SalePaymentRow, SessionFigures } from './close-arithmetic';

export interface ReportSession {
  id: string;
  number: number;
  openedAt: string;
  openedBy: string;
  closedAt: string | null;
  closedBy: string | null;
}

const bs = fromHundredths;
const bsOrNull = (n: number | null) => (n === null ? null : fromHundredths(n));

export function sectorLabel(sector: number): string {
  const name = findSector(sector)?.name;
  return name ? name.charAt(0) + name.slice(1).toLowerCase() : `Sector ${sector}`;
}

export function buildCashReport(input: {
  kind: 'X' | 'Z';
  session: ReportSession;
  pos: { code: number; branchCode: number };
  figures: SessionFigures;
  sales: readonly SalePaymentRow[];
  cancelledInvoices: number;
  denominations: Record<string, number> | null;
  note: string | null;
  generatedAt: string;
  training: boolean;
}): CashReport {
  // One entry per invoice (a mixed payment has several rows).
  const invoices = new Map<string, SalePaymentRow>();
  for (const r of input.sales) if (!invoices.has(r.invoiceId)) invoices.set(r.invoiceId, r);
  const sectors = new Map<number, { count: number; total: number }>();
  let first: number | null = null;
  let last: number | null = null;
  let contingency = 0;
  for (const inv of invoices.values()) {
    const s = sectors.get(inv.sector) ?? { count: 0, total: 0 };
    s.count += 1;
    s.total += inv.total;
    sectors.set(inv.sector, s);
    if (first === null || inv.number < first) first = inv.number;
    if (last === null || inv.number > last) last = inv.number;
    if (inv.codigoEmision === 2) contingency += 1;
  }
  const f = input.figures;
  return {
    kind: input.kind,
    sessionId: input.session.id,
    sessionNumber: input.session.number,
    posCode: input.pos.code,
    branchCode: input.pos.branchCode,
    openedAt: input.session.openedAt,
    openedBy: input.session.openedBy,
    closedAt: input.session.closedAt,
    closedBy: input.session.closedBy,
    generatedAt: input.generatedAt,
    openingFloat: bs(f.openingFloat),
    cashIn: bs(f.cashIn),
    cashOut: bs(f.cashOut),
    methods: f.methods.map((m) => ({
      method: m.method,
      label: m.label,
      sales: bs(m.sales),
      cancelled: bs(m.cancelled),
      notes: bs(m.notes),
      expected: bs(m.expected),
      counted: bsOrNull(m.counted),
      difference: bsOrNull(m.difference),
      apart: m.apart,
    })),
    sectors: [...sectors.entries()].sort((a, b) => a[0] - b[0]).map(([sector, s]) => ({ sector, label: sectorLabel(sector), count: s.count, total: bs(s.total) })),
    invoices: { issued: invoices.size, cancelled: input.cancelledInvoices, contingency, firstNumber: first, lastNumber: last },
    denominations: input.denominations,
    cashCounted: bsOrNull(f.cashCounted),
    totalDifference: bsOrNull(f.totalDifference),
    note: input.note,
    training: input.training,
  };
}
