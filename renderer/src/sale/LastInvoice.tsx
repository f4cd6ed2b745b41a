// The sale just issued: number, CUF, QR, state (live from the event stream), print outcome,
// change to hand back. Stays until the next sale has its first line (then only while it still has
// something to say: issue-store.ts, lastInvoiceShown). A re-issue (new CUF) replaces what it shows
// and says, on the card, that the first ticket is void.
import { useShallow } from 'zustand/react/shallow';
import { formatBs, toHundredths } from '../../../shared/money';
import { api } from '../api';
import { QrCode } from '../components/QrCode';
import { formatDateTime } from '../format/dates';
import { invoiceStateLabel } from '../format/labels';
import { lastInvoiceShown, useIssue } from './issue-store';
import { useTillStatus } from '../connection/till-status-store';
import { sectorFields } from '../../../shared/sector-fields';
import { COMPRA_VENTA_SECTOR } from '../../../shared/sectors';
import { VirtualTicket } from './VirtualTicket';
import { SHIFT } from './keymap';

/** The issued document's sector fields as "Estudiante: Ana Quispe · Periodo facturado: MARZO 2026". */
function sectorSummary(sector: number | undefined, values: Record<string, string | number | null> | undefined): string | null {
  const fields = sector === undefined ? undefined : sectorFields(sector);
  if (!fields || !values) return null;
  const parts = fields.header.filter((f) => values[f.key] !== null && values[f.key] !== undefined && values[f.key] !== '').map((f) => `${f.label}: ${values[f.key]}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

export function LastInvoice() {
  const last = useIssue((s) => s.last);
  const liveState = useTillStatus(useShallow((s) => (last ? s.invoiceStates[last.invoice.id] : undefined)));
  if (!last) return null;
  const inv = last.invoice;
  const state = liveState ?? inv.state;
  if (!lastInvoiceShown(last, state)) return null;
  // Same-origin links for the cashier; the QR carries SIAT's page (or the customer's PDF link).
  const ticket = api.publicUrl(inv.cuf, 'ticket');
  const pdf = api.publicUrl(inv.cuf, 'pdf');
  // Empty links: a re-issue the engine has not answered for yet (issue-store.ts, refreshCard).
  const qrText = inv.qrUrl || inv.pdfUrl || pdf;
  const sector = inv.sector !== undefined && inv.sector !== COMPRA_VENTA_SECTOR ? sectorFields(inv.sector) : undefined;
  const summary = sectorSummary(inv.sector, inv.sectorFields);

  return (
    <section className={last.replaced ? 'last-invoice reissued' : 'last-invoice'} data-testid="last-invoice" aria-label="Última factura">
      <QrCode text={qrText} size={84} testId="last-invoice-qr" />
      <div className="li-main">
        <div className="li-title">
          Factura N° <strong data-testid="last-invoice-number">{inv.invoiceNumber}</strong>
          <span className={`state-tag ${state}`} data-testid="last-invoice-state" data-state={state}>
            {invoiceStateLabel(state)}
          </span>
          {inv.emissionType === 'CONTINGENCY' && <span className="state-tag CONTINGENCY">Fuera de línea</span>}
          <span className="li-total">{formatBs(toHundredths(inv.amountTotal) ?? 0)}</span>
          {/* The change was for the customer served before the next sale started: gone with it. */}
          {last.change !== null && last.change > 0 && !last.nextStarted && (
            <span className="li-change" data-testid="last-invoice-change">
              Cambio {formatBs(last.change)}
            </span>
          )}
        </div>
        <div className="li-cuf mono" data-testid="last-invoice-cuf" title="CUF">
          CUF {inv.cuf}
        </div>
        {last.replaced && (
          <div className="li-reissued" role="alert" data-testid="last-invoice-reissued" data-previous-cuf={last.replaced.previousCuf}>
            <strong>Se volvió a emitir fuera de línea con este CUF nuevo.</strong>{' '}
            {last.replaced.ticketHasNewCuf ? (
              // The re-issue came before the ticket was printed: the customer's only ticket is the new one.
              <>
                El ticket impreso ya lo lleva; el CUF <span className="mono">{last.replaced.previousCuf}</span> no llegó al SIAT.
              </>
            ) : (
              <>
                El ticket anterior (CUF <span className="mono">{last.replaced.previousCuf}</span>) no es válido: entregue al cliente el ticket nuevo.
              </>
            )}
          </div>
        )}
        {sector && (
          <div className="li-sector" data-testid="last-invoice-sector" data-sector={sector.sector}>
            <strong>{sector.label}</strong>
            {summary && ` · ${summary}`}
          </div>
        )}
        <div className="li-meta">
          {inv.clientBusinessName} · {formatDateTime(inv.emissionDate)}
          {state === 'CONTINGENCY' && ' · se enviará al SIAT al reconectar'}
          {state === 'REJECTED' && inv.siatDescription && ` · SIAT ${inv.siatCode ?? ''}: ${inv.siatDescription}`}
        </div>
        <div className="li-actions">
          <span data-testid="print-status" data-state={last.print.state} className={`print-status ${last.print.state === 'done' && !last.print.printed ? 'warn' : ''}`}>
            {last.print.state === 'printing' && 'Imprimiendo…'}
            {last.print.state === 'skipped' && 'Impresión automática desactivada'}
            {last.print.state === 'done' && (last.print.printed ? (last.print.virtual ? 'Ticket en pantalla (impresora virtual)' : last.replaced ? 'Ticket nuevo impreso' : 'Ticket impreso') : `No se imprimió: ${last.print.detail}`)}
          </span>
          {last.drawer.state !== 'none' && (
            <span data-testid="drawer-status" data-state={last.drawer.state === 'done' ? (last.drawer.opened ? 'opened' : 'failed') : 'opening'} className={`print-status ${last.drawer.state === 'done' && !last.drawer.opened ? 'warn' : ''}`}>
              {last.drawer.state === 'opening' && 'Abriendo el cajón…'}
              {last.drawer.state === 'done' && (last.drawer.opened ? (last.drawer.virtual ? 'Cajón virtual (entrenamiento)' : 'Cajón abierto') : `No se abrió el cajón: ${last.drawer.detail}`)}
            </span>
          )}
          <button onClick={() => void useIssue.getState().reprintLast()} data-testid="reprint-last-button" tabIndex={-1}>
            <kbd>{SHIFT}+F12</kbd> Reimprimir
          </button>
          <a href={ticket} target="_blank" rel="noreferrer" data-testid="open-ticket-link" tabIndex={-1}>
            Abrir ticket (PDF)
          </a>
          <a href={pdf} target="_blank" rel="noreferrer" data-testid="open-pdf-link" tabIndex={-1}>
            Factura A4
          </a>
        </div>
      </div>
    </section>
  );
}

/**
 * The last ticket the virtual printer kept, shown where the sale's lines go (CartTable renders it
 * while the cart is empty): a walk found it fixed over the payment column at 1024×768, covering
 * «Pago» and «Emitir e imprimir» for the next sale.
 */
export function LastVirtualTicket() {
  const last = useIssue((s) => s.last);
  const liveState = useTillStatus(useShallow((s) => (last ? s.invoiceStates[last.invoice.id] : undefined)));
  if (!last || !lastInvoiceShown(last, liveState ?? last.invoice.state)) return null;
  if (!(last.print.state === 'done' && last.print.printed && last.print.virtual)) return null;
  return <VirtualTicket url={api.publicUrl(last.invoice.cuf, 'ticket')} detail={last.print.detail} copy={last.print.copy === true} />;
}
