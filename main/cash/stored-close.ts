// What a close stores (cash_sessions.close_data) and what the list of sessions reads off it: the
// Z's figures as stored, never computed again (issue 24, decision 0086). Pure.
import { fromHundredths } from '../../shared/money';
import type { CashReport, CashSessionListItem } from '../../shared/api/cash';
import type { CashSessionRecord } from '../store/cash-sessions';
import type { CloseCount } from './close-arithmetic';

/** What a close stores: the Z report and the count it came from. */
export interface CloseData {
  count: CloseCount;
  note: string | null;
  report: CashReport;
}

/** A session as the list shows it; a closed one's figures from its stored Z, an open one's null (its live X is `current`). */
export function listItem(s: CashSessionRecord, cashier: string | null, zPrinted: boolean): CashSessionListItem {
  const z = (s.closeData as CloseData | null)?.report ?? null;
  const cash = z?.methods.find((m) => m.method === 'CASH') ?? null;
  return {
    id: s.id,
    posId: s.posId,
    number: s.number,
    state: s.state,
    openedAt: s.openedAt,
    openedBy: s.openedBy,
    cashier,
    closedAt: s.closedAt,
    closedBy: s.closedBy,
    reopenedFrom: s.reopenedFrom,
    invoices: z ? z.invoices.issued : null,
    // The sectors hold the invoices that stand, each once (cash-report.ts); summed in centavos.
    sales: z ? fromHundredths(z.sectors.reduce((t, x) => t + Math.round(x.total * 100), 0)) : null,
    cashExpected: cash ? cash.expected : null,
    cashCounted: z ? z.cashCounted : null,
    totalDifference: z ? z.totalDifference : null,
    zPrinted,
  };
}
