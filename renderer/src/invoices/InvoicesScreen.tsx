// Facturas: search, detail with the PDF, reprint, cancel with a reason, resend e-mail, status.
import { useEffect, useState } from 'react';
import { INVOICE_STATES, type Invoice, type InvoiceListItem, type InvoiceState, type InvoiceStatusInfo, type Page } from '../../../shared/api-types';
import { formatBs, toHundredths } from '../../../shared/money';
import { api } from '../api';
import { describeError } from '../api/errors';
import { DateInput } from '../components/DateInput';
import { ErrorList, ErrorOf } from '../components/ErrorList';
import { Modal } from '../components/Modal';
import { Pager } from '../components/Pager';
import { formatDateTime } from '../format/dates';
import { FALLBACK_CANCELLATION_REASONS, invoiceStateLabel } from '../format/labels';
import { formatQuantity } from '../format/amount-input';
import { useCatalogs } from '../sync/catalogs-store';
import { usePrefs } from '../settings/prefs-store';
import { useTillStatus } from '../connection/till-status-store';
import { ReturnDialog } from './ReturnDialog';
import { InvoicePaymentView, invoicePaymentSummary } from './InvoicePayment';
import { canReturn } from './return-note';
import { SiatErrorGuide } from '../assistant/SiatErrorGuide';
import { siatMessagesOfInvoice } from '../assistant/siat-messages';

const bs = (n: number) => formatBs(toHundredths(n) ?? Math.round(n * 100));

export function InvoicesScreen() {
  const [q, setQ] = useState('');
  const [state, setState] = useState<InvoiceState | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState<Page<InvoiceListItem> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const size = usePrefs((s) => s.invoicePageSize);
  const liveStates = useTillStatus((s) => s.invoiceStates);

  const load = async (pageNo = 0) => {
    try {
      setPage(await api.invoices({ page: pageNo, size, q: q.trim() || undefined, state, from: from || undefined, to: to || undefined }));
      setError(null);
    } catch (err) {
      setError(err);
    }
  };

  useEffect(() => {
    const t = setTimeout(() => void load(0), 250);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, state, from, to]);

  const rows = page?.content ?? [];
  const selIndex = rows.findIndex((r) => r.id === selectedId);

  return (
    <div className="page split" data-testid="invoices-screen">
      <div className="split-left">
        <div className="filters">
          <input
            autoFocus
            className="grow"
            placeholder="N° de factura, cliente o CUF"
            data-testid="invoices-search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
              const next = e.key === 'ArrowDown' ? Math.min(rows.length - 1, selIndex + 1) : Math.max(0, selIndex - 1);
              e.preventDefault();
              const r = rows[next];
              if (r) setSelectedId(r.id);
            }}
          />
          <select aria-label="Estado" data-testid="invoices-state" value={state} onChange={(e) => setState(e.target.value as InvoiceState | '')}>
            <option value="">Todos los estados</option>
            {INVOICE_STATES.map((s) => (
              <option key={s} value={s}>
                {invoiceStateLabel(s)}
              </option>
            ))}
          </select>
          <label className="inline">
            Desde <DateInput label="Desde" testId="invoices-from" value={from} onChange={(v) => v !== null && setFrom(v)} />
          </label>
          <label className="inline">
            Hasta <DateInput label="Hasta" testId="invoices-to" value={to} onChange={(v) => v !== null && setTo(v)} />
          </label>
        </div>
        <ErrorOf error={error} />
        <table className="grid">
          <thead>
            <tr>
              <th className="num">N°</th>
              <th>Fecha</th>
              <th>Cliente</th>
              <th className="num">Total</th>
              <th>Estado</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const st = liveStates[r.id] ?? r.state;
              return (
                <tr
                  key={r.id}
                  className={r.id === selectedId ? 'selected clickable' : 'clickable'}
                  data-testid="invoice-row"
                  data-invoice-number={r.invoiceNumber}
                  onClick={() => setSelectedId(r.id)}
                >
                  <td className="num mono">{r.invoiceNumber}</td>
                  <td>{formatDateTime(r.emissionDate)}</td>
                  <td>{r.clientBusinessName}</td>
                  <td className="num">{bs(r.amountTotal)}</td>
                  <td>
                    <span className={`state-tag ${st}`} data-testid="invoice-row-state">
                      {invoiceStateLabel(st)}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {page && page.totalElements === 0 && <p className="empty">No hay facturas con esos filtros.</p>}
        <Pager page={page} onPage={(p) => void load(p)} testId="invoices-pager" />
      </div>
      <div className="split-right">
        {selectedId ? (
          <InvoiceDetail key={selectedId} id={selectedId} onChanged={() => void load(page?.page ?? 0)} />
        ) : (
          <p className="empty">Elija una factura de la lista (↑ ↓ desde el buscador).</p>
        )}
      </div>
    </div>
  );
}

function InvoiceDetail({ id, onChanged }: { id: string; onChanged: () => void }) {
  const [inv, setInv] = useState<Invoice | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [action, setAction] = useState<{ tone: 'ok' | 'error'; lines: string[] } | null>(null);
  const [status, setStatus] = useState<InvoiceStatusInfo | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [returnOpen, setReturnOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const live = useTillStatus((s) => s.invoiceStates[id]);
  const paymentMethods = useCatalogs((s) => s.entries['payment-methods']);
  useEffect(() => {
    void useCatalogs.getState().load('payment-methods');
  }, []);

  const reload = async () => {
    try {
      const i = await api.invoice(id);
      setInv(i);
      setEmail(i.clientEmail ?? '');
    } catch (err) {
      setError(err);
    }
  };
  useEffect(() => {
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, live]);

  const run = async (name: string, fn: () => Promise<string>) => {
    setBusy(name);
    setAction(null);
    try {
      setAction({ tone: 'ok', lines: [await fn()] });
    } catch (err) {
      setAction({ tone: 'error', lines: describeError(err) });
    } finally {
      setBusy(null);
    }
  };

  if (error) return <ErrorOf error={error} />;
  if (!inv) return <p className="muted">Cargando…</p>;
  // Same-origin paths, not the absolute pdfUrl/xmlUrl: those carry the host the engine was
  // reached by (meant for customers) and may differ from this window's origin (CSP frame-src).
  const ticketUrl = api.publicUrl(inv.cuf, 'ticket');
  const pdfUrl = api.publicUrl(inv.cuf, 'pdf');

  return (
    <div className="invoice-detail" data-testid="invoice-detail">
      <div className="detail-head">
        <h2>
          {inv.sector === 24 ? 'Nota de crédito-débito' : 'Factura'} N° <span data-testid="invoice-detail-number">{inv.invoiceNumber}</span>{' '}
          <span className={`state-tag ${inv.state}`} data-testid="invoice-detail-state" data-state={inv.state}>
            {invoiceStateLabel(inv.state)}
          </span>
          {inv.emissionType === 'CONTINGENCY' && <span className="state-tag CONTINGENCY">Emitida fuera de línea</span>}
        </h2>
        <div className="mono small" data-testid="invoice-detail-cuf">
          CUF {inv.cuf}
        </div>
        {inv.replacesCuf && (
          <div className="small error-text" data-testid="invoice-detail-replaces" data-previous-cuf={inv.replacesCuf}>
            Reemitida fuera de línea (el SIAT no registró el envío en línea): reemplaza al ticket con CUF <span className="mono">{inv.replacesCuf}</span>, que no es válido.
          </div>
        )}
        <div className="small">
          {formatDateTime(inv.emissionDate)} · {inv.clientBusinessName} (doc. {inv.clientDocumentNumber}) ·{' '}
          {inv.sector !== 24 && (
            <>
              <InvoicePaymentView summary={invoicePaymentSummary(inv, paymentMethods)} code={inv.paymentMethodCode} /> ·{' '}
            </>
          )}
          <strong>{bs(inv.amountTotal)}</strong>
        </div>
        {inv.siatCode !== null && inv.siatDescription && (
          <div className={`small ${inv.state === 'REJECTED' ? 'error-text' : 'muted'}`} data-testid="invoice-detail-siat">
            SIAT {inv.siatCode}: {inv.siatDescription}
          </div>
        )}
        {inv.state === 'REJECTED' && <SiatErrorGuide messages={siatMessagesOfInvoice(inv)} testId="invoice-siat-guide" />}
      </div>
      <div className="actions">
        <button
          data-testid="reprint-button"
          disabled={busy !== null}
          onClick={() =>
            void run('print', async () => {
              const r = await api.printInvoice(inv.id);
              // The virtual printer (training): the ticket is a file; show it instead of paper.
              if (r.printed && r.virtual) {
                window.open(ticketUrl, '_blank', 'noopener');
                return r.detail;
              }
              if (r.printed) return 'Ticket enviado a la impresora.';
              window.open(ticketUrl, '_blank', 'noopener');
              return `No se imprimió (${r.detail}). Se abrió el ticket en PDF.`;
            })
          }
        >
          Reimprimir ticket
        </button>
        <button
          data-testid="status-check-button"
          disabled={busy !== null}
          onClick={() =>
            void run('status', async () => {
              const s = await api.invoiceStatus(inv.id);
              setStatus(s);
              if (s.state !== inv.state) {
                void reload();
                onChanged();
              }
              return `Estado en el SIAT: ${invoiceStateLabel(s.state)}${s.siatCode !== null ? ` (SIAT ${s.siatCode}: ${s.siatDescription ?? ''})` : ''}`;
            })
          }
        >
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
            title="reversionAnulacionFactura: una sola vez, dentro del plazo de la anulación"
            onClick={() =>
              void run('reverse', async () => {
                const r = await api.reverseCancellation(inv.id);
                void reload();
                onChanged();
                return `Anulación revertida: la factura N° ${r.invoiceNumber} vuelve a ser válida (SIAT ${r.siatCode ?? ''}).`;
              })
            }
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
          void run('email', async () => {
            await api.resendEmail(inv.id, email.trim() || undefined);
            return `Factura reenviada a ${email.trim() || 'el correo del cliente'}.`;
          });
        }}
      >
        <input
          type="email"
          className="grow"
          placeholder="Correo del cliente"
          data-testid="resend-email-input"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" disabled={busy !== null} data-testid="resend-email-button">
          Reenviar por correo
        </button>
      </form>
      {busy && <p className="muted">Procesando…</p>}
      {action && (action.tone === 'ok' ? <div className="ok-box" data-testid="invoice-action-result">{action.lines.join(' ')}</div> : <ErrorList errors={action.lines} testId="invoice-action-error" />)}
      {status && (
        <p className="muted small" data-testid="status-result">
          Consultado {formatDateTime(status.lastChecked)}
        </p>
      )}
      <details className="lines">
        <summary>{inv.details.length} líneas</summary>
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
            setAction({ tone: 'ok', lines: [`Nota de crédito-débito N° ${note.invoiceNumber} emitida sobre la factura N° ${inv.invoiceNumber}.`] });
            onChanged();
          }}
        />
      )}
      {cancelOpen && (
        <CancelDialog
          invoice={inv}
          onClose={() => setCancelOpen(false)}
          onDone={() => {
            setCancelOpen(false);
            setAction({ tone: 'ok', lines: [`Factura N° ${inv.invoiceNumber} anulada.`] });
            void reload();
            onChanged();
          }}
        />
      )}
    </div>
  );
}

function CancelDialog({ invoice, onClose, onDone }: { invoice: Invoice; onClose: () => void; onDone: () => void }) {
  const reasons = useCatalogs((s) => s.entries['cancellation-reasons']);
  const [motivo, setMotivo] = useState(1);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void useCatalogs.getState().load('cancellation-reasons');
  }, []);
  const list = reasons && reasons.length > 0 ? reasons : FALLBACK_CANCELLATION_REASONS;
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await api.cancelInvoice(invoice.id, motivo);
      onDone();
    } catch (err) {
      setErrors(describeError(err));
      setBusy(false);
    }
  };

  return (
    <Modal title={`Anular factura N° ${invoice.invoiceNumber}`} onClose={onClose} testId="cancel-dialog">
      <p>
        La anulación se registra en el SIAT y <strong>no se puede revertir</strong>. Total {bs(invoice.amountTotal)} · {invoice.clientBusinessName}
      </p>
      <label className="field">
        <span>Motivo</span>
        <select
          data-testid="cancel-reason"
          value={motivo}
          onChange={(e) => setMotivo(Number(e.target.value))}
          // The dialog opens with the focus here: Enter confirms (issue 24, item 13), as in the return dialog.
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            void confirm();
          }}
        >
          {list.map((r) => (
            <option key={r.codigo} value={r.codigo}>
              {r.codigo} – {r.descripcion}
            </option>
          ))}
        </select>
      </label>
      <ErrorList errors={errors} testId="cancel-errors" />
      <div className="modal-actions">
        <button
          className="primary danger"
          // aria-disabled, not disabled: a disabled button drops the focus out of the dialog and
          // Esc would no longer reach it after a refused cancellation.
          aria-disabled={busy}
          data-testid="confirm-cancellation"
          onClick={() => void confirm()}
        >
          {busy ? 'Anulando…' : 'Anular factura (Enter)'}
        </button>
        <button onClick={onClose}>Volver</button>
      </div>
    </Modal>
  );
}
