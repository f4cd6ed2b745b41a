// Anular: the reason from SIAT's catalog, what can still be undone and until when, Enter confirms.
import { useEffect, useState } from 'react';
import type { Invoice } from '../../../shared/api-types';
import { formatBs, toHundredths } from '../../../shared/money';
import { api } from '../api';
import { describeError } from '../api/errors';
import { ErrorList } from '../components/ErrorList';
import { Modal } from '../components/Modal';
import { documentName, FALLBACK_CANCELLATION_REASONS } from '../format/labels';
import { useCatalogs } from '../sync/catalogs-store';
import { cancellationNotice } from './cancellation-notice';

const bs = (n: number) => formatBs(toHundredths(n) ?? Math.round(n * 100));

export function CancelDialog({ invoice, onClose, onDone }: { invoice: Invoice; onClose: () => void; onDone: () => void }) {
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
    <Modal title={`Anular ${lowerFirst(documentName({ sector: invoice.sector, number: invoice.invoiceNumber }).title)}`} onClose={onClose} onEnter={() => void confirm()} testId="cancel-dialog">
      <CancelDialogBody invoice={invoice} motivo={motivo} reasons={list} errors={errors} busy={busy} onMotivo={setMotivo} onConfirm={() => void confirm()} onClose={onClose} />
    </Modal>
  );
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** The dialog's content for given values (rendered without the engine by test/renderer/invoices). */
export function CancelDialogBody(props: {
  invoice: Invoice;
  motivo: number;
  reasons: readonly { codigo: number; descripcion: string }[];
  errors: string[];
  busy: boolean;
  onMotivo: (m: number) => void;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { invoice } = props;
  return (
    <>
      <p data-testid="cancel-notice">{cancellationNotice(invoice)}</p>
      <p className="muted">
        Total {bs(invoice.amountTotal)} · {invoice.clientBusinessName}
      </p>
      <label className="field">
        <span>Motivo</span>
        <select data-testid="cancel-reason" value={props.motivo} onChange={(e) => props.onMotivo(Number(e.target.value))}>
          {props.reasons.map((r) => (
            <option key={r.codigo} value={r.codigo}>
              {r.codigo} – {r.descripcion}
            </option>
          ))}
        </select>
      </label>
      <ErrorList errors={props.errors} testId="cancel-errors" />
      <p className="muted small">Enter anula · Esc vuelve</p>
      <div className="modal-actions">
        <button
          className="primary danger"
          // aria-disabled, not disabled: a disabled button drops the focus out of the dialog and
          // Esc would no longer reach it after a refused cancellation.
          aria-disabled={props.busy}
          data-testid="confirm-cancellation"
          onClick={props.onConfirm}
        >
          {props.busy ? 'Anulando…' : 'Anular'}
        </button>
        <button onClick={props.onClose} data-testid="cancel-back">
          Volver
        </button>
      </div>
    </>
  );
}
