// Devolución: pick the lines and quantities taken back and how the money goes back (the refund
// method: the original's by default, issue 24), issue the credit-debit note, show its amounts and
// print it (the same print path as any invoice). Keyboard: Tab between quantities and on to the
// refund method (arrows change it), Enter issues, Esc goes back. SIAT's and the engine's refusals
// show as they come (describeError).
import { useEffect, useRef, useState } from 'react';
import type { CatalogEntry, Invoice } from '../../../shared/api-types';
import { formatBs, toHundredths } from '../../../shared/money';
import { api } from '../api';
import { describeError } from '../api/errors';
import { ErrorList } from '../components/ErrorList';
import { Modal } from '../components/Modal';
import { formatQuantity } from '../format/amount-input';
import { invoiceStateLabel } from '../format/labels';
import { newUuid } from '../sale/uuid';
import { componentsOf, paymentMethodName } from '../../../shared/payment-methods';
import { useIssue } from '../sale/issue-store';
import { useScreenRequest } from '../components/screen-request';
import { useCatalogs } from '../sync/catalogs-store';
import { useTillStatus } from '../connection/till-status-store';
import { useApproval } from '../session/approval-store';
import { awaitingApprovalText } from '../session/ApprovalDialog';
import type { Role } from '../../../shared/till-roles';
import { invoicePaymentSummary } from './InvoicePayment';
import { buildReturnRequest, leftToReturn, defaultRefundCode, refundChoices, type ReturnQuantities } from './return-note';

const bs = (n: number) => formatBs(toHundredths(n) ?? Math.round(n * 100));

export interface ReturnFormViewProps {
  invoice: Invoice;
  quantities: ReturnQuantities;
  errors: string[];
  busy: boolean;
  /**
   * While busy: who the request waits for in the approval dialog (the engine asked for a
   * supervisor's PIN); null once the PIN is sent and the note is being issued.
   */
  awaitingApproval?: Role | null;
  /** The synced payment-method catalog (undefined while it loads). */
  paymentMethods: readonly CatalogEntry[] | undefined;
  /** The refund method picked (null: the default, see defaultRefundCode). */
  refundMethod: number | null;
  onQuantity(index: number, text: string): void;
  onRefundMethod(code: number): void;
  onIssue(): void;
}

/** How the money goes back: SIAT's single methods, the original's preselected. */
/** An option's text: SIAT's description, with the QR named where the transfer is (QR is SIAT's TRANSFERENCIA). */
function refundOptionText(e: CatalogEntry, paymentMethods: readonly CatalogEntry[] | undefined): string {
  const name = paymentMethodName(Number(e.codigo), paymentMethods);
  return componentsOf(e.descripcion)?.has('TRANSFERENCIA') ? `${name} (o QR)` : name;
}

/** The select's value that shows the rest of SIAT's single methods. */
const OTHER_METHOD = 'otro';

export function RefundMethodField({ invoice, paymentMethods, refundMethod, onRefundMethod }: Pick<ReturnFormViewProps, 'invoice' | 'paymentMethods' | 'refundMethod' | 'onRefundMethod'>) {
  const [showAll, setShowAll] = useState(false);
  const { common, others } = refundChoices(paymentMethods, invoice);
  const fallback = defaultRefundCode(invoice, paymentMethods);
  const value = refundMethod ?? fallback;
  const paid = invoicePaymentSummary(invoice, paymentMethods);
  // The rest shows once asked for, or when the method chosen is one of them.
  const all = showAll || others.some((e) => Number(e.codigo) === value);
  const option = (c: CatalogEntry) => (
    <option key={c.codigo} value={c.codigo}>
      {refundOptionText(c, paymentMethods)}
      {Number(c.codigo) === fallback ? (fallback === invoice.paymentMethodCode ? ' (como se pagó)' : ' (predeterminado)') : ''}
    </option>
  );
  return (
    <div className="field-row" data-testid="refund-method-field">
      <label htmlFor="refund-method">Devolver el dinero en</label>{' '}
      {common.length + others.length === 0 ? (
        <span className="muted" data-testid="refund-method-unknown">
          como se pagó (catálogo de métodos de pago no sincronizado)
        </span>
      ) : (
        <select
          id="refund-method"
          data-testid="refund-method"
          value={value ?? ''}
          onChange={(e) => (e.target.value === OTHER_METHOD ? setShowAll(true) : onRefundMethod(Number(e.target.value)))}
          // A select does not submit its form on Enter by itself; here Enter issues, as everywhere in the dialog.
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }}
        >
          {common.map(option)}
          {others.length > 0 && !all && <option value={OTHER_METHOD}>Otro método…</option>}
          {others.length > 0 && all && <optgroup label="Otros métodos de SIAT">{others.map(option)}</optgroup>}
        </select>
      )}
      {paid && (
        <p className="muted" data-testid="refund-method-paid">
          La factura se pagó con {paid.name}
          {paid.parts ? ` (${paid.parts})` : ''}.
        </p>
      )}
    </div>
  );
}

/** The form part, from props (the tests render it without the engine). */
export function ReturnFormView(props: ReturnFormViewProps) {
  const { invoice } = props;
  const built = buildReturnRequest(invoice, props.quantities, props.refundMethod);
  const left = (i: number) => leftToReturn(invoice, i);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onIssue();
      }}
      data-testid="return-form"
    >
      <p>
        Nota de crédito-débito sobre la factura N° {invoice.invoiceNumber} · {invoice.clientBusinessName}
        {/* A name that ends in a period («S.A.») ends the sentence itself. */}
        {invoice.clientBusinessName.endsWith('.') ? '' : '.'} Indique cuánto devuelve de cada línea.
      </p>
      {/* What notes issued before left of each line (GET /api/v1/invoices/{id} returnable). */}
      <table className="grid compact">
        <thead>
          <tr>
            <th>Producto</th>
            <th className="num">Vendido</th>
            <th className="num">Precio</th>
            <th className="num">Devuelve</th>
          </tr>
        </thead>
        <tbody>
          {invoice.details.map((d, i) => (
            <tr key={i} data-testid="return-line" data-code={d.codeProduct}>
              <td>
                {d.codeProduct} – {d.description}
              </td>
              <td className="num">
                {formatQuantity(toHundredths(d.quantity) ?? 0)}
                {left(i) !== null && left(i) !== toHundredths(d.quantity) && (
                  <span className="muted small" data-testid="return-left">
                    {' '}
                    (quedan {formatQuantity(left(i)!)})
                  </span>
                )}
              </td>
              <td className="num">{bs(d.priceUnit)}</td>
              <td className="num">
                <input
                  className="w-qty num"
                  inputMode="decimal"
                  aria-label={`Cantidad devuelta de ${d.description}`}
                  data-testid="return-qty"
                  data-index={i}
                  autoFocus={i === 0}
                  placeholder="0"
                  value={props.quantities[i] ?? ''}
                  onChange={(e) => props.onQuantity(i, e.target.value)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p data-testid="return-estimate">
        A devolver: <strong>{built.ok ? formatBs(built.returned) : '—'}</strong>
        {built.ok && built.additionalShare > 0 && <span className="muted"> (sin {formatBs(built.additionalShare)} del descuento adicional de la factura)</span>}
      </p>
      <RefundMethodField invoice={invoice} paymentMethods={props.paymentMethods} refundMethod={props.refundMethod} onRefundMethod={props.onRefundMethod} />
      <ErrorList errors={props.errors} testId="return-errors" />
      <div className="modal-actions">
        <button className="primary" type="submit" aria-disabled={props.busy} data-testid="confirm-return">
          {!props.busy ? 'Emitir nota de crédito-débito (Enter)' : props.awaitingApproval ? awaitingApprovalText(props.awaitingApproval) : 'Emitiendo…'}
        </button>
      </div>
    </form>
  );
}

export interface IssuedNoteViewProps {
  note: Invoice;
  paymentMethods?: readonly CatalogEntry[] | undefined;
  printMessage: string | null;
  /** The note already came out once: the button prints a copy. */
  printed?: boolean;
  /** The note's state now (noteStateNow); the issue answer's by default. */
  state?: Invoice['state'];
  onPrint(): void;
  /**
   * Where the cashier goes on once the note is done: the next sale. With it, the keyboard starts
   * there when the note prints by itself (`printsByItself`): a walk found the focus on «Reimprimir
   * nota», where Enter printed a copy nobody asked for.
   */
  onNextSale?: () => void;
  printsByItself?: boolean;
}

/**
 * The note's state as it now stands: the issue answer may say pending while SIAT validates it a
 * moment later; the stream tells (till-status-store), as it tells the Facturas list. A walk saw
 * «(pendiente)» in the dialog beside «Validada» in the list.
 */
export function noteStateNow(note: Pick<Invoice, 'id' | 'state'>, streamed: Readonly<Record<string, Invoice['state']>>): Invoice['state'] {
  return streamed[note.id] ?? note.state;
}

export function IssuedNoteView({ note, state = note.state, paymentMethods, printMessage, printed = false, onPrint, onNextSale, printsByItself = false }: IssuedNoteViewProps) {
  const nextFirst = onNextSale !== undefined && printsByItself;
  return (
    <div data-testid="return-note-result" data-note-id={note.id} data-state={state}>
      <p className="ok-box">
        Nota de crédito-débito N° <strong data-testid="return-note-number">{note.invoiceNumber}</strong> emitida (
        <span data-testid="return-note-state">{state === 'VALIDATED' ? 'validada por el SIAT' : invoiceStateLabel(state).toLowerCase()}</span>).
      </p>
      <table className="grid compact">
        <tbody>
          <tr>
            <td>Monto total original (líneas de la factura)</td>
            <td className="num" data-testid="return-note-amount-original">{bs(note.amountTotalOriginal ?? 0)}</td>
          </tr>
          {(note.amountDiscountCreditDebit ?? 0) > 0 && (
            <tr>
              <td>Descuento adicional de lo devuelto</td>
              <td className="num" data-testid="return-note-amount-discount">{bs(-(note.amountDiscountCreditDebit ?? 0))}</td>
            </tr>
          )}
          <tr>
            <td>Monto total devuelto</td>
            <td className="num" data-testid="return-note-amount-return">{bs(note.amountTotalReturn ?? note.amountTotal)}</td>
          </tr>
          <tr>
            <td>Crédito o débito fiscal (13 %)</td>
            <td className="num" data-testid="return-note-amount-cash">{bs(note.amountCashCreditDebit ?? 0)}</td>
          </tr>
          {note.refundMethodCode !== undefined && (
            <tr>
              <td>Devuelto en</td>
              <td className="num" data-testid="return-note-refund-method">{paymentMethodName(note.refundMethodCode, paymentMethods)}</td>
            </tr>
          )}
        </tbody>
      </table>
      <div className="modal-actions">
        {nextFirst && (
          <button className="primary" data-testid="return-next-sale" onClick={onNextSale} autoFocus>
            Nueva venta (Enter)
          </button>
        )}
        <button className={nextFirst ? undefined : 'primary'} data-testid="print-note-button" onClick={onPrint} autoFocus={!nextFirst}>
          {printed ? 'Reimprimir nota (copia)' : 'Imprimir nota'}
        </button>
        {onNextSale && !nextFirst && (
          <button data-testid="return-next-sale" onClick={onNextSale}>
            Nueva venta
          </button>
        )}
        <a href={api.publicUrl(note.cuf, 'pdf')} target="_blank" rel="noreferrer" data-testid="note-pdf-link">
          Nota en PDF
        </a>
      </div>
      {printMessage && (
        <p className="muted" role="status" data-testid="print-note-result">
          {printMessage}
        </p>
      )}
    </div>
  );
}

export function ReturnDialog({ invoice, onClose, onIssued }: { invoice: Invoice; onClose: () => void; onIssued: (note: Invoice) => void }) {
  // Whether the note prints by itself, as it was when the note was issued (the focus starts on «Nueva venta» then).
  const [printsByItself, setPrintsByItself] = useState(false);
  const [quantities, setQuantities] = useState<ReturnQuantities>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Invoice | null>(null);
  const [printMessage, setPrintMessage] = useState<string | null>(null);
  const [printed, setPrinted] = useState(false);
  const [refundMethod, setRefundMethod] = useState<number | null>(null);
  const paymentMethods = useCatalogs((s) => s.entries['payment-methods']);
  const streamedStates = useTillStatus((s) => s.invoiceStates);
  // The approval dialog open and its PIN not sent yet: the note waits for a supervisor, it is not being issued.
  const awaitingApproval = useApproval((s) => (s.need !== null && !s.busy ? s.role : null));
  useEffect(() => {
    void useCatalogs.getState().load('payment-methods');
  }, []);
  // One Idempotency-Key per request content: a retry after a lost answer issues no second note.
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const issue = async () => {
    if (busy) return;
    // The refund method is always sent once known (the one shown is the one issued).
    const built = buildReturnRequest(invoice, quantities, refundMethod ?? defaultRefundCode(invoice, paymentMethods));
    if (!built.ok) return setErrors(built.errors);
    const body = JSON.stringify(built.request);
    if (attempt.current?.body !== body) attempt.current = { key: newUuid(), body };
    setBusy(true);
    setErrors([]);
    try {
      const issued = await api.createInvoice(built.request, attempt.current.key);
      // Print-on-issue holds for a return's note as for a sale: a fresh walk saw the customer
      // leave without it because nobody pressed «Imprimir nota».
      const auto = useIssue.getState().printer?.printOnIssue ?? true;
      setPrintsByItself(auto);
      setNote(issued);
      onIssued(issued);
      if (auto) void print(issued);
    } catch (err) {
      setErrors(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  // Once the note came out, printing it again is a copy (it says COPIA and opens no drawer).
  const print = async (n: Invoice, copy = false) => {
    setPrintMessage('Imprimiendo…');
    try {
      const r = await api.printInvoice(n.id, { copy });
      if (r.printed) setPrinted(true);
      if (r.printed && r.virtual) {
        // The virtual printer (training): show the note's ticket instead of paper.
        window.open(api.publicUrl(n.cuf, 'ticket'), '_blank', 'noopener');
        return setPrintMessage(r.detail);
      }
      if (r.printed) return setPrintMessage(r.detail);
      window.open(api.publicUrl(n.cuf, 'ticket'), '_blank', 'noopener');
      setPrintMessage(`No se imprimió (${r.detail}). Se abrió el ticket en PDF.`);
    } catch (err) {
      setPrintMessage(describeError(err).join(' '));
    }
  };

  return (
    <Modal title={`Devolución — factura N° ${invoice.invoiceNumber}`} onClose={onClose} testId="return-dialog">
      {note ? (
        <IssuedNoteView
          note={note}
          state={noteStateNow(note, streamedStates)}
          paymentMethods={paymentMethods}
          printMessage={printMessage}
          printed={printed}
          onPrint={() => void print(note, printed)}
          printsByItself={printsByItself}
          onNextSale={() => {
            onClose();
            useScreenRequest.getState().open('ventas');
          }}
        />
      ) : (
        <ReturnFormView
          invoice={invoice}
          quantities={quantities}
          errors={errors}
          busy={busy}
          awaitingApproval={busy ? awaitingApproval : null}
          paymentMethods={paymentMethods}
          refundMethod={refundMethod}
          onRefundMethod={setRefundMethod}
          onQuantity={(i, t) => setQuantities((q) => ({ ...q, [i]: t }))}
          onIssue={() => void issue()}
        />
      )}
      <div className="modal-actions">
        <button onClick={onClose} data-testid="close-return-dialog">
          {note ? 'Cerrar' : 'Volver (Esc)'}
        </button>
      </div>
    </Modal>
  );
}
