// The X report (mid-session, any time) and the Z report (the close) as one model: totals per
// payment method (sales, refunds, expected), per document sector, invoices issued, annulled and
// in contingency, credit-debit notes, first and last number, and (Z) the count and its
// difference. Annulled documents count only in their own line (issue 24): not in a sector, not
// among the issued, not in a method's sales. Credit-debit notes (returns) have their own line
// too, not a sector's. The paper names the taxpayer (razón social, NIT), the branch and the point
// of sale, and lists every cash in and out with who did it and who approved it (issue 24). Pure;
// amounts leave here in bolivianos, as the API speaks.
import { fromHundredths } from '../../shared/money';
import type { CashMovement, CashReport } from '../../shared/api/cash';
import { findSector } from '../siat/code-catalog';
import { isAnnulled, type SalePaymentRow, type SessionFigures } from './close-arithmetic';
import { SECTOR } from '../siat/code-catalog';

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
  business: { razonSocial: string; nit: string };
  pos: { code: number; branchCode: number; name: string };
  figures: SessionFigures;
  /** The session's cash in and out as the API shows them (oldest first). */
  movements: readonly CashMovement[];
  sales: readonly SalePaymentRow[];
  /** Documents annulled while the session was open, whichever session sold them. */
  annulled: readonly { sector: number; total: number }[];
  denominations: Record<string, number> | null;
  note: string | null;
  /** The person whose session it is (null: opened with an API key); decision 0069. */
  cashier: string | null;
  /** Why someone else closed it (Z only). */
  closeReason: string | null;
  generatedAt: string;
  training: boolean;
}): CashReport {
  // One entry per invoice (a mixed payment has several rows).
  const invoices = new Map<string, SalePaymentRow>();
  for (const r of input.sales) if (!invoices.has(r.invoiceId)) invoices.set(r.invoiceId, r);
  const sectors = new Map<number, { count: number; total: number }>();
  let first: number | null = null;
  let last: number | null = null;
  let issued = 0;
  let contingency = 0;
  const notes = { count: 0, total: 0 };
  for (const inv of invoices.values()) {
    const note = inv.sector === SECTOR.NOTA_CREDITO_DEBITO;
    // The numbers handed out include an annulled invoice's (its number is spent); notes have their own numbering.
    if (!note && (first === null || inv.number < first)) first = inv.number;
    if (!note && (last === null || inv.number > last)) last = inv.number;
    if (isAnnulled(inv.state)) continue;
    if (inv.codigoEmision === 2) contingency += 1;
    if (note) {
      notes.count += 1;
      notes.total += inv.total;
      continue;
    }
    issued += 1;
    const s = sectors.get(inv.sector) ?? { count: 0, total: 0 };
    s.count += 1;
    s.total += inv.total;
    sectors.set(inv.sector, s);
  }
  const annulledInvoices = input.annulled.filter((a) => a.sector !== SECTOR.NOTA_CREDITO_DEBITO);
  const annulledNotes = input.annulled.length - annulledInvoices.length;
  const f = input.figures;
  return {
    kind: input.kind,
    sessionId: input.session.id,
    sessionNumber: input.session.number,
    razonSocial: input.business.razonSocial,
    nit: input.business.nit,
    posCode: input.pos.code,
    posName: input.pos.name,
    branchCode: input.pos.branchCode,
    openedAt: input.session.openedAt,
    openedBy: input.session.openedBy,
    cashier: input.cashier,
    closedAt: input.session.closedAt,
    closedBy: input.session.closedBy,
    closeReason: input.closeReason,
    generatedAt: input.generatedAt,
    openingFloat: bs(f.openingFloat),
    cashIn: bs(f.cashIn),
    cashOut: bs(f.cashOut),
    movements: [...input.movements],
    methods: f.methods.map((m) => ({
      method: m.method,
      label: m.label,
      sales: bs(m.sales),
      refunds: bs(m.refunds),
      cancelledEarlier: bs(m.cancelledEarlier),
      expected: bs(m.expected),
      counted: bsOrNull(m.counted),
      difference: bsOrNull(m.difference),
      apart: m.apart,
    })),
    sectors: [...sectors.entries()].sort((a, b) => a[0] - b[0]).map(([sector, s]) => ({ sector, label: sectorLabel(sector), count: s.count, total: bs(s.total) })),
    invoices: {
      issued,
      cancelled: annulledInvoices.length,
      cancelledTotal: bs(annulledInvoices.reduce((t, a) => t + a.total, 0)),
      notes: notes.count,
      notesTotal: bs(notes.total),
      notesCancelled: annulledNotes,
      contingency,
      firstNumber: first,
      lastNumber: last,
    },
    denominations: input.denominations,
    cashCounted: bsOrNull(f.cashCounted),
    totalDifference: bsOrNull(f.totalDifference),
    note: input.note,
    training: input.training,
  };
}

/** What a Z stored before the paper named the taxpayer and listed the movements lacks (decision 0086). */
interface ReportHeaderFill {
  razonSocial: string;
  nit: string;
  posName: string;
  /** Read from the session's movements and act records, which never change once it is closed. */
  movements: () => CashMovement[];
}

/**
 * A Z stored before issue 24 (closed sessions are immutable, decision 0024) in today's shape: its
 * per-method `cancelled` then covered every cancellation made during the session and `notes` the
 * notes, both subtracted from sales that included the annulled invoices, so they are shown as
 * they were computed (cancelledEarlier, refunds); the counts it never had are 0. Its expected and
 * differences are as stored.
 */
export function storedReport(stored: CashReport, fill: ReportHeaderFill): CashReport {
  // Stored before decision 0086: the taxpayer as it is today, the movements as recorded.
  const old = stored as Omit<CashReport, 'razonSocial' | 'nit' | 'posName' | 'movements'> & Partial<Pick<CashReport, 'razonSocial' | 'nit' | 'posName' | 'movements'>>;
  let r: CashReport = {
    ...old,
    razonSocial: old.razonSocial ?? fill.razonSocial,
    nit: old.nit ?? fill.nit,
    posName: old.posName ?? fill.posName,
    movements: old.movements ?? fill.movements(),
  };
  type OldMethod = Partial<CashReport['methods'][number]> & Omit<CashReport['methods'][number], 'refunds' | 'cancelledEarlier'> & { cancelled?: number; notes?: number };
  const methods = r.methods as OldMethod[];
  // A Z stored before the cashier was named (decision 0069) has none; nobody is invented for it.
  r = { ...r, cashier: r.cashier ?? null, closeReason: r.closeReason ?? null };
  if (methods.every((m) => typeof m.refunds === 'number')) return r;
  const inv = r.invoices as Partial<CashReport['invoices']> & Pick<CashReport['invoices'], 'issued' | 'cancelled' | 'contingency' | 'firstNumber' | 'lastNumber'>;
  return {
    ...r,
    methods: methods.map(({ cancelled, notes, ...m }) => ({ ...m, refunds: m.refunds ?? notes ?? 0, cancelledEarlier: m.cancelledEarlier ?? cancelled ?? 0 })),
    invoices: { ...inv, cancelledTotal: inv.cancelledTotal ?? 0, notes: inv.notes ?? 0, notesTotal: inv.notesTotal ?? 0, notesCancelled: inv.notesCancelled ?? 0 },
  };
}
