// Facturas: search, detail with the PDF, reprint, cancel with a reason, resend e-mail, status.
import { useEffect, useState } from 'react';
import { INVOICE_STATES, type Invoice, type InvoiceListItem, type InvoiceState, type InvoiceStatusInfo, type Page } from '../../../shared/api-types';
import { formatBs, toHundredths } from '../../../shared/money';
import { api } from '../api';
import { ApiError, describeError, NoticeError } from '../api/errors';
import { DateInput } from '../components/DateInput';
import { ErrorList, ErrorOf } from '../components/ErrorList';
import { Pager } from '../components/Pager';
import { formatDateTime } from '../format/dates';
import { countOf, documentLabel, documentName, invoiceStateLabel, isNote } from '../format/labels';
import { formatQuantity } from '../format/amount-input';
import { useCatalogs } from '../sync/catalogs-store';
import { usePrefs } from '../settings/prefs-store';
import { useSettings } from '../settings/settings-store';
import { useNav } from '../app/nav-store';
import { useTillStatus } from '../connection/till-status-store';
import { ReturnDialog } from './ReturnDialog';
import { CancelDialog } from './CancelDialog';
import { InvoicePaymentView, invoicePaymentSummary } from './InvoicePayment';
import { canReturn } from './return-note';
import { SiatErrorGuide } from '../assistant/SiatErrorGuide';
import { siatMessagesOfInvoice } from '../assistant/siat-messages';

const SMTP_MISSING = 'No hay servidor de correo para enviar la factura. Configúrelo en Configuración › Correo (lo hace el dueño, con la clave de administración).';

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
                  data-sector={r.sector}
                  onClick={() => setSelectedId(r.id)}
                >
                  <td className="num mono">{r.invoiceNumber}</td>
                  <td>
                    {formatDateTime(r.emissionDate)}
                    {r.usuario && (
                      <div className="small muted" data-testid="invoice-row-user">
                        {r.usuario}
                      </div>
                    )}
                  </td>
                  <td>
                    {isNote(r.sector) && (
                      <div className="small muted" data-testid="invoice-row-kind">
                        {documentLabel({ sector: r.sector, number: r.invoiceNumber, originalNumber: r.originalInvoiceNumber })}
                      </div>
                    )}
                    {r.clientBusinessName}
                  </td>
                  <td className="num">{bs(r.amountTotal)}</td>
                  <td>
                    <span className={`state-tag ${st}`} data-testid="invoice-row-state">
                      {invoiceStateLabel(st)}
                    </span>
                    {st === 'CANCELLED' && r.cancelledBy && (
                      <div className="small muted" data-testid="invoice-row-cancelled-by">
                        por {r.cancelledBy}
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <Pager page={page} onPage={(p) => void load(p)} testId="invoices-pager" emptyText="No hay facturas con esos filtros." />
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
  /** "Reenviar por correo" found no SMTP server: the way to Configuración › Correo is offered. */
  const [smtpMissing, setSmtpMissing] = useState(false);
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
            Reemitida fuera de línea (el SIAT no registró el envío en línea): reemplaza al ticket con CUF <span className="mono">{inv.replacesCuf}</span>, que no es válido.
          </div>
        )}
        <div className="small">
          {formatDateTime(inv.emissionDate)} · {inv.clientBusinessName} (doc. {inv.clientDocumentNumber}) ·{' '}
          {!isNote(inv.sector) && (
            <>
              <InvoicePaymentView summary={invoicePaymentSummary(inv, paymentMethods)} code={inv.paymentMethodCode} /> ·{' '}
            </>
          )}
          <strong>{bs(inv.amountTotal)}</strong>
        </div>
        <WhoDid inv={inv} />
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
          setSmtpMissing(false);
          void run('email', async () => {
            try {
              await api.resendEmail(inv.id, email.trim() || undefined);
            } catch (err) {
              if (!(err instanceof ApiError && err.code === 'SMTP_NOT_CONFIGURED')) throw err;
              setSmtpMissing(true);
              throw new NoticeError(SMTP_MISSING);
            }
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
      {smtpMissing && (
        <button
          data-testid="configure-smtp-button"
          onClick={() => {
            useSettings.getState().request('smtp');
            useNav.getState().go('configuracion');
          }}
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
            setAction({ tone: 'ok', lines: [`${name.title} anulada.`] });
            void reload();
            onChanged();
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
