// Facturas › the invoice opened beside the list: its figures, who did what, SIAT's verdict, the
// acts (reprint, status, cancel, return, reverse, e-mail) and the PDF preview.
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Invoice } from '../../../shared/api-types';
import { formatBs, toHundredths } from '../../../shared/money';
import { api } from '../api';
import { ErrorList, ErrorOf } from '../components/ErrorList';
import { formatDateTime } from '../format/dates';
import { countOf, documentName, invoiceStateLabel, isNote, siatAnswerText } from '../format/labels';
import { formatQuantity } from '../format/amount-input';
import { useCatalogs } from '../sync/catalogs-store';
import { useSettings } from '../settings/settings-store';
import { useTillStatus } from '../connection/till-status-store';
import { ReturnDialog } from './ReturnDialog';
import { CancelDialog } from './CancelDialog';
import { InvoicePaymentView, invoicePaymentSummary } from './InvoicePayment';
import { canReturn } from './return-note';
import { INITIAL_INVOICE_DETAIL, useInvoiceDetail, useInvoiceList } from './invoices-store';
import { SiatErrorGuide } from '../assistant/SiatErrorGuide';
import { siatMessagesOfInvoice } from '../assistant/siat-messages';

export const bs = (n: number) => formatBs(toHundredths(n) ?? Math.round(n * 100));

export function InvoiceDetail({ id }: { id: string }) {
  const { inv, error, action, status, busy, email, smtpMissing } = useInvoiceDetail(
    useShallow((s) => ({ inv: s.invoice, error: s.error, action: s.action, status: s.status, busy: s.busy, email: s.email, smtpMissing: s.smtpMissing })),
  );
  const detail = useInvoiceDetail.getState();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [returnOpen, setReturnOpen] = useState(false);
  const live = useTillStatus((s) => s.invoiceStates[id]);
  const paymentMethods = useCatalogs((s) => s.entries['payment-methods']);
  useEffect(() => {
    void useCatalogs.getState().load('payment-methods');
  }, []);

  // Another invoice: nothing of the last one's acts stays (and none when leaving Facturas).
  useEffect(() => {
    useInvoiceDetail.getState().open(id);
    return () => useInvoiceDetail.setState(INITIAL_INVOICE_DETAIL);
  }, [id]);
  // Read again when the stream says its state changed.
  useEffect(() => {
    void useInvoiceDetail.getState().load();
  }, [id, live]);

  if (error) return <ErrorOf error={error} />;
  if (!inv || inv.id !== id) return <p className="muted">Cargando…</p>;
  // Same-origin paths, not the absolute pdfUrl/xmlUrl: those carry the host the engine was
  // reached by (meant for customers) and may differ from this window's origin (CSP frame-src).
  const name = documentName({ sector: inv.sector, number: inv.invoiceNumber, originalNumber: inv.originalInvoiceNumber });
  const ticketUrl = api.publicUrl(inv.cuf, 'ticket');
  const pdfUrl = api.publicUrl(inv.cuf, 'pdf');

  return (
    <div className="invoice-detail" data-testid="invoice-detail">
      <div className="detail-head">
        <h2>
          {name.kind} N° <span data-testid="invoice-detail-number">{inv.invoiceNumber}</span>{' '}
          <span className={`state-tag ${inv.state}`} data-testid="invoice-detail-state" data-state={inv.state}>
            {invoiceStateLabel(inv.state)}
          </span>
          {inv.emissionType === 'CONTINGENCY' && <span className="state-tag CONTINGENCY">Emitida fuera de línea</span>}
        </h2>
        {name.reference && (
          <div data-testid="invoice-detail-reference">
            {name.reference[0]!.toUpperCase() + name.reference.slice(1)}
          </div>
        )}
        <div className="mono small" data-testid="invoice-detail-cuf">
          CUF {inv.cuf}
        </div>
        {inv.replacesCuf && (
          <div className="small error-text" data-testid="invoice-detail-replaces" data-previous-cuf={inv.replacesCuf}>
            Reemitida fuera de línea (el SIAT no registró el envío en línea): reemplaza a la emisión con CUF <span className="mono">{inv.replacesCuf}</span>, que no es válida (si se imprimió un ticket con ese CUF, no vale).
          </div>
        )}
        <div className="small">
          {formatDateTime(inv.emissionDate)} · {inv.clientBusinessName} (doc. {inv.clientDocumentNumber}) ·{' '}
          {!isNote(inv.sector) && (
            <>
              <InvoicePaymentView summary={invoicePaymentSummary(inv, paymentMethods)} code={inv.paymentMethodCode} /> ·{' '}
            </>
          )}
          <strong className="nowrap">{bs(inv.amountTotal)}</strong>
        </div>
        <WhoDid inv={inv} />
        {inv.siatCode !== null && inv.siatDescription && (
          <div className={`small ${inv.state === 'REJECTED' ? 'error-text' : 'muted'}`} data-testid="invoice-detail-siat">
            Respuesta del SIAT: {siatAnswerText({ codigo: inv.siatCode, descripcion: inv.siatDescription })}
          </div>
        )}
        {inv.state === 'REJECTED' && <SiatErrorGuide messages={siatMessagesOfInvoice(inv)} operation={isNote(inv.sector) ? 'nota' : 'venta'} testId="invoice-siat-guide" />}
      </div>
      <div className="actions">
        <button
          data-testid="reprint-button"
          disabled={busy !== null}
          onClick={() =>
            void detail.reprint().then((showTicket) => {
              // The virtual printer's ticket is a file, and a failed print falls back to the PDF.
              if (showTicket) window.open(ticketUrl, '_blank', 'noopener');
            })
          }
        >
          Reimprimir ticket
        </button>
        <button data-testid="status-check-button" disabled={busy !== null} onClick={() => void detail.checkStatus()}>
          Consultar estado
        </button>
        <button
          className="danger"
          data-testid="cancel-invoice-button"
          disabled={busy !== null || inv.state !== 'VALIDATED'}
          title={inv.state !== 'VALIDATED' ? 'Solo se pueden anular facturas validadas' : ''}
          onClick={() => setCancelOpen(true)}
        >
          Anular…
        </button>
        <button
          data-testid="return-button"
          disabled={busy !== null || !canReturn(inv)}
          title={canReturn(inv) ? 'Nota de crédito-débito por productos devueltos' : 'Solo sobre una factura validada que no sea una nota'}
          onClick={() => setReturnOpen(true)}
        >
          Devolución…
        </button>
        {inv.state === 'CANCELLED' && (
          <button
            data-testid="reverse-cancellation-button"
            disabled={busy !== null}
            title="Deja la factura vigente otra vez: una sola vez, dentro del plazo de la anulación"
            onClick={() => void detail.reverse()}
          >
            Revertir anulación
          </button>
        )}
        <a href={ticketUrl} target="_blank" rel="noreferrer" data-testid="ticket-link">
          Ticket
        </a>
        <a href={pdfUrl} target="_blank" rel="noreferrer" data-testid="pdf-link">
          PDF
        </a>
        <a href={api.publicUrl(inv.cuf, 'xml')} target="_blank" rel="noreferrer" data-testid="xml-link">
          XML
        </a>
        <a href={api.publicUrl(inv.cuf, 'zip')} target="_blank" rel="noreferrer" data-testid="zip-link">
          ZIP
        </a>
      </div>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void detail.resendEmail();
        }}
      >
        <input
          type="email"
          className="grow"
          placeholder="Correo del cliente"
          data-testid="resend-email-input"
          value={email}
          onChange={(e) => detail.setEmail(e.target.value)}
        />
        <button type="submit" disabled={busy !== null} data-testid="resend-email-button">
          Reenviar por correo
        </button>
      </form>
      {busy && <p className="muted">Procesando…</p>}
      {smtpMissing && (
        <button
          data-testid="configure-smtp-button"
          // The till opens Configuración on that section (app/nav-store.ts).
          onClick={() => useSettings.getState().request('smtp')}
        >
          Configurar el correo (Configuración › Correo)
        </button>
      )}
      {action && (action.tone === 'ok' ? <div className="ok-box" data-testid="invoice-action-result">{action.lines.join(' ')}</div> : <ErrorList errors={action.lines} testId="invoice-action-error" />)}
      {status && (
        <p className="muted small" data-testid="status-result">
          Consultado {formatDateTime(status.lastChecked)}
        </p>
      )}
      <details className="lines">
        <summary>{countOf(inv.details.length, 'línea')}</summary>
        <table className="grid compact">
          <tbody>
            {inv.details.map((d, i) => (
              <tr key={i}>
                <td>{d.description}</td>
                <td className="num">{formatQuantity(toHundredths(d.quantity) ?? 0)}</td>
                <td className="num">{bs(d.priceUnit)}</td>
                <td className="num">{bs(d.amountSubtotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <iframe className="pdf-preview" title="Vista previa de la factura" src={pdfUrl} data-testid="invoice-pdf" />
      {returnOpen && (
        <ReturnDialog
          invoice={inv}
          onClose={() => setReturnOpen(false)}
          onIssued={(note) => {
            detail.setAction('ok', [`Nota de crédito-débito N° ${note.invoiceNumber} emitida sobre la factura N° ${inv.invoiceNumber}.`]);
            void useInvoiceList.getState().reload();
            // What is left to return changed: the next Devolución starts from it.
            void detail.load();
          }}
        />
      )}
      {cancelOpen && (
        <CancelDialog
          invoice={inv}
          onClose={() => setCancelOpen(false)}
          onDone={() => {
            setCancelOpen(false);
            detail.cancelled(`${name.title} anulada.`);
          }}
        />
      )}
    </div>
  );
}

/** Who issued, returned, annulled and reversed it (issue 27): the names the engine recorded. */
function WhoDid({ inv }: { inv: Invoice }) {
  const parts: string[] = [];
  if (inv.usuario) parts.push(`Emitida por ${inv.usuario}`);
  if (inv.returnApprovedBy) parts.push(`devolución aprobada por ${inv.returnApprovedBy}`);
  if (inv.state === 'CANCELLED' && inv.cancelledBy) parts.push(`anulada por ${inv.cancelledBy}${inv.cancellationApprovedBy ? ` (aprobó ${inv.cancellationApprovedBy})` : ''}`);
  if (inv.state !== 'CANCELLED' && inv.cancellationReversedBy) parts.push(`anulación revertida por ${inv.cancellationReversedBy}`);
  if (parts.length === 0) return null;
  return (
    <div className="small muted" data-testid="invoice-detail-who">
      {parts.join(' · ')}
    </div>
  );
}
