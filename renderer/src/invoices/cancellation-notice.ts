// What the cancel dialog tells before an annulment: SIAT lets the store revert it once, within the
// same term as the annulment itself (CONTRACT §5.4, decision 0033: day 9 of the month after the
// emission at 23:59 Bolivia time; export sectors 180 days). The engine sends that deadline with
// the invoice (cancellationDeadline, from main/siat/cancellation-window.ts): the till does not
// compute it again.
import type { Invoice } from '../../../shared/api-types';
import { formatDateTime } from '../format/dates';

/** "09/12/2026 23:59" of the engine's deadline (already Bolivia time), or null when it sent none. */
export function cancellationDeadlineText(inv: Pick<Invoice, 'cancellationDeadline'>): string | null {
  return inv.cancellationDeadline ? formatDateTime(inv.cancellationDeadline) : null;
}

/** The dialog's sentence about reverting the annulment. */
export function cancellationNotice(inv: Pick<Invoice, 'cancellationDeadline' | 'cancellationReverted'>): string {
  const until = cancellationDeadlineText(inv);
  if (inv.cancellationReverted) {
    return 'La anulación se registra en el SIAT. Esta factura ya tuvo una anulación revertida: SIAT permite revertir una sola vez, así que esta anulación será definitiva.';
  }
  const term = until ? `hasta el ${until} (hora de Bolivia)` : 'dentro del plazo del SIAT (hasta el día 9 del mes siguiente a la emisión)';
  return `La anulación se registra en el SIAT. Se puede revertir una sola vez, ${term}, con «Revertir anulación» en Facturas.`;
}
