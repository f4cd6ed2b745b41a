// An invoice re-issued offline with a new CUF (the stream's `invoice.reissued`): the ticket the
// customer holds carries a CUF SIAT will never know. What the till does about the paper, and
// what it tells the cashier. Pure: issue-store.ts does the printing and the notice.
import type { NoticeTone } from '../components/notices-store';

/** How the replacement ticket went. */
export type ReplacementTicket =
  /** The till printed it by itself (print-on-issue). */
  | { kind: 'printed' }
  | { kind: 'failed'; detail: string }
  /** The ticket this till printed already carries the new CUF: nothing to replace. */
  | { kind: 'already-new' }
  /** Print-on-issue is off, or the sale was not made at this till: the cashier prints it. */
  | { kind: 'manual' };

/**
 * Whether the till prints the replacement by itself: only where print-on-issue is on, only for a
 * sale made at this till (an API client's invoice is not the till's paper), and never when the
 * ticket it printed already carries the new CUF.
 */
export function replacementAction(o: { printOnIssue: boolean; issuedHere: boolean; printedCuf: string | undefined; newCuf: string }): 'print' | 'already-new' | 'manual' {
  if (o.printedCuf === o.newCuf) return 'already-new';
  return o.printOnIssue && o.issuedHere ? 'print' : 'manual';
}

/**
 * The notice: what happened and what to do, in words, and sticky (an error tone stays until the
 * cashier closes it) unless the customer's ticket is already the right one. `onCard`: the sale is
 * the one on the sale card, whose Reimprimir is at hand.
 */
export function reissueNotice(invoiceNumber: number, ticket: ReplacementTicket, onCard: boolean): { tone: NoticeTone; text: string } {
  const head = `La factura N° ${invoiceNumber} se volvió a emitir fuera de línea (el SIAT no registró el envío en línea)`;
  const where = onCard ? 'con «Reimprimir»' : 'desde Facturas';
  switch (ticket.kind) {
    case 'printed':
      return { tone: 'error', text: `${head}: entregue al cliente el ticket nuevo que se acaba de imprimir y retire el anterior, que no es válido.` };
    case 'failed':
      return { tone: 'error', text: `${head}: no se pudo imprimir el ticket nuevo (${ticket.detail}). Imprímalo ${where}, entrégueselo al cliente y retire el anterior, que no es válido.` };
    case 'manual':
      return { tone: 'error', text: `${head}: entregue al cliente el ticket nuevo (imprímalo ${where}) y retire el anterior, que no es válido.` };
    case 'already-new':
      return { tone: 'warning', text: `${head} con otro CUF; el ticket que se imprimió ya lleva el CUF nuevo.` };
  }
}
