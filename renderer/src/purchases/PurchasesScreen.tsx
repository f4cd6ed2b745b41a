// Compras (Alt+9): register a supplier's invoice by hand or by scanning its QR (the 2D scanner
// types the URL into the scanner field and presses Enter), import a month from the SIN template,
// and watch the purchases go to SIAT in their own queue. What a person reads says what happens in
// plain words: SIAT's codes with their text and, for a refused purchase, the error guide.
import { useEffect, useRef, useState } from 'react';
import type { PurchaseRecord, SiatMessage } from '../../../shared/api-types';
import { SiatErrorGuide } from '../assistant/SiatErrorGuide';
import { formatAmountEs, toHundredths } from '../../../shared/money';
import { describeError } from '../api/errors';
import { DateInput } from '../components/DateInput';
import { ErrorList } from '../components/ErrorList';
import { Modal } from '../components/Modal';
import { MonthInput } from '../components/MonthInput';
import { amountInputText } from '../format/amount-input';
import { formatDate, parseDateEs } from '../format/dates';
import { AMOUNT_PROBLEM, amountField, PURCHASE_AMOUNTS, purchasePreview, purchaseRequest, type PurchaseForm } from './purchase-form';
import { purchasesApi } from './purchases-api';
import { usePurchases } from './purchases-store';
import { countOf, siatAnswerText } from '../format/labels';
import { describeField } from '../api/field-labels';
import { useSession } from '../session/session-store';
import { ACT_ROLE, roleAtLeast } from '../../../shared/till-roles';

type Form = PurchaseForm;

const EMPTY: Form = { issuerNit: '', issuerBusinessName: '', authorizationCode: '', invoiceNumber: '', purchaseType: '1', controlCode: '' };

const STATE_LABEL: Record<string, string> = { READY: 'En cola', SENT: 'Enviada', ACCEPTED: 'Aceptada', REJECTED: 'Rechazada', DELETED: 'Eliminada' };

const bs = formatAmountEs;
/** Bolivianos from the API (2 decimals) as es-BO text. */
const bsOf = (n: number) => formatAmountEs(toHundredths(n) ?? Math.round(n * 100));

export function PurchasesScreen() {
  const { items, loaded, errors: listErrors, year, month } = usePurchases();
  const [form, setForm] = useState<Form>(EMPTY);
  // yyyy-mm-dd, '' when empty, null while the typed text is not a real date.
  const [emissionDate, setEmissionDate] = useState<string | null>('');
  const [scan, setScan] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState('');
  /** The form was filled by the QR reader (the purchase's source); the notice is only what is said. */
  const [fromQr, setFromQr] = useState(false);
  const scanRef = useRef<HTMLInputElement>(null);
  const importRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void usePurchases.getState().load();
    scanRef.current?.focus();
    const t = setInterval(() => void usePurchases.getState().load(), 3000);
    return () => clearInterval(t);
  }, []);

  const set = (k: string, v: string) => setForm((f) => ({ ...f, [k]: v }));

  const onScan = async () => {
    setErrors([]);
    try {
      const r = await purchasesApi.scan(scan);
      const next: Form = { ...EMPTY };
      // Amounts arrive as numbers (bolivianos): shown as the cashier would type them (1234,50).
      for (const [k, v] of Object.entries(r.fields)) if (k !== 'emissionDate') next[k] = typeof v === 'number' ? amountInputText(toHundredths(v) ?? 0) : String(v);
      // The CUF's yyyy-mm-ddThh:mm… or the old QR's dd/mm/aaaa.
      const date = String(r.fields.emissionDate ?? '');
      setEmissionDate(/^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : (parseDateEs(date) ?? ''));
      setForm(next);
      setScan('');
      setFromQr(true);
      setNotice(r.kind === 'online' ? 'QR leído: complete la razón social y los importes' : 'QR de factura antigua leído: revise los importes');
    } catch (err) {
      setErrors(describeError(err));
    }
  };

  const save = async () => {
    setErrors([]);
    // An amount or date the parser cannot read is refused here, never sent as another value.
    const req = purchaseRequest(form, emissionDate, fromQr ? 'QR' : 'MANUAL');
    if (!req.ok) return setErrors(req.problems);
    try {
      const p = await purchasesApi.create(req.body);
      // A purchase dated in another month belongs to that month's book: the list goes there, so
      // the person sees what was registered instead of wondering where it went.
      const shown = usePurchases.getState();
      const elsewhere = p.year !== shown.year || p.period !== shown.month;
      const where = elsewhere ? `; es del período ${String(p.period).padStart(2, '0')}/${p.year}, que ahora se muestra` : '';
      setNotice(registeredNotice(p.number, p.fiscalCredit, where));
      setForm(EMPTY);
      setFromQr(false);
      setEmissionDate('');
      if (elsewhere) shown.setMonth(p.year, p.period);
      else await shown.load();
      scanRef.current?.focus();
    } catch (err) {
      setErrors(describeError(err));
    }
  };

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    setErrors([]);
    try {
      const r = await purchasesApi.importFile(file);
      const outcome = importOutcome(r);
      setNotice(outcome.notice);
      setErrors(outcome.errors);
      await usePurchases.getState().load();
    } catch (err) {
      setErrors(describeError(err));
    }
  };

  const p = purchasePreview(form);

  return (
    <div className="page" data-testid="purchases-screen">
      <div className="page-head">
        <h2>Compras</h2>
        <MonthInput label="Mes" testId="purchases-month" year={year} month={month} onChange={(y, m) => usePurchases.getState().setMonth(y, m)} />
        <button data-testid="purchases-send" onClick={() => void purchasesApi.send().then(() => usePurchases.getState().load(), (err: unknown) => setErrors(describeError(err)))}>
          Enviar a SIAT
        </button>
        {/* A button (a walk read the old label as plain text, and Tab never reached it); the file input stays hidden. */}
        <button type="button" data-testid="purchases-import-button" onClick={() => importRef.current?.click()}>
          Importar CSV/XLSX…
        </button>
        <input
          ref={importRef}
          type="file"
          accept=".csv,.xlsx"
          hidden
          data-testid="purchases-import"
          onChange={(e) => {
            const file = e.target.files?.[0];
            // The same file may be picked again (after fixing it).
            e.target.value = '';
            void importFile(file);
          }}
        />
      </div>
      <label className="field scan-field">
        Lector de QR
        <input
          ref={scanRef}
          // The screen's start (components/screen-focus.ts), before the month in its head.
          data-autofocus
          data-testid="purchase-scan"
          placeholder="Escanee el QR de la factura del proveedor"
          value={scan}
          onChange={(e) => setScan(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void onScan();
            }
          }}
        />
      </label>
      {notice && <div className="ok-box" data-testid="purchase-notice">{notice}</div>}
      <ErrorList errors={errors} testId="purchase-errors" />
      <form
        className="form-grid purchase-form"
        data-testid="purchase-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="field">NIT proveedor<input data-testid="purchase-nit" value={form.issuerNit} onChange={(e) => set('issuerNit', e.target.value)} /></label>
        <label className="field">Razón social<input data-testid="purchase-name" value={form.issuerBusinessName} onChange={(e) => set('issuerBusinessName', e.target.value)} /></label>
        <label className="field">Código de autorización (CUF)<input data-testid="purchase-auth" value={form.authorizationCode} onChange={(e) => set('authorizationCode', e.target.value)} /></label>
        <label className="field">Número de factura<input data-testid="purchase-number" value={form.invoiceNumber} onChange={(e) => set('invoiceNumber', e.target.value)} /></label>
        <label className="field">Fecha<DateInput label="Fecha" testId="purchase-date" value={emissionDate} onChange={setEmissionDate} /></label>
        {/* Two columns: in one, «1 Mercado interno, actividades gravadas» was cut at 1024 px (a walk). */}
        <label className="field purchase-type">
          Tipo de compra
          <select data-testid="purchase-type" value={form.purchaseType} onChange={(e) => set('purchaseType', e.target.value)}>
            <option value="1">1 Mercado interno, actividades gravadas</option>
            <option value="2">2 Mercado interno, actividades no gravadas</option>
            <option value="3">3 Sujetas a proporcionalidad</option>
            <option value="4">4 Exportaciones</option>
            <option value="5">5 Mercado interno y exportaciones</option>
          </select>
        </label>
        {PURCHASE_AMOUNTS.map(([k, label]) => {
          const bad = amountField(form[k]) === null;
          return (
            <label key={k} className="field">
              {label}
              <span className="field-stack">
                <input inputMode="decimal" data-testid={`purchase-${k}`} className={bad ? 'invalid' : ''} aria-invalid={bad} value={form[k] ?? ''} onChange={(e) => set(k, e.target.value)} />
                {bad && <span className="field-error" data-testid={`purchase-${k}-error`}>{AMOUNT_PROBLEM}</span>}
              </span>
            </label>
          );
        })}
        <div className="purchase-preview" data-testid="purchase-preview">
          {/* A figure never breaks: a walk read «Crédito fiscal Bs» and «162,57» on two lines. */}
          <span>Subtotal Bs {bs(p.subtotal)}</span> · <span>Base CF Bs {bs(p.base)}</span> · <span>Crédito fiscal Bs {bs(p.credit)}</span>
        </div>
        <button type="submit" data-testid="purchase-save">Registrar compra</button>
      </form>
      <ErrorList errors={listErrors} testId="purchases-list-errors" />
      <PurchaseList
        items={items}
        loaded={loaded}
        year={year}
        month={month}
        onDelete={(id) => {
          const gone = usePurchases.getState().items.find((p) => p.id === id);
          void purchasesApi.remove(id).then(
            () => {
              // Said, not left to the row: the notice of the last registration would read as this one's.
              // Named as the confirmation named it (supplier and its invoice): an invoice number alone
              // is the supplier's, and two suppliers' numbers often coincide.
              setErrors([]);
              setNotice(`${gone ? `Compra de ${gone.issuerBusinessName}, factura ${gone.invoiceNumber},` : 'Compra'} eliminada; su estado ante SIAT se ve en la lista.`);
              return usePurchases.getState().load();
            },
            (err: unknown) => setErrors(describeError(err)),
          );
        }}
      />
    </div>
  );
}

/** What the cashier reads once a purchase is registered: the queue sends it by itself. */
/**
 * What an import says: its counts in the green notice and each refused row in red; an import that
 * registered nothing is not a success, so its counts head the red list instead.
 */
export function importOutcome(r: { created: number; refused: number; verdicts: { ok: boolean; row: number; problems: Parameters<typeof describeField>[0][] }[] }): { notice: string; errors: string[] } {
  const bad = r.verdicts.filter((v) => !v.ok).map((v) => `Fila ${v.row}: ${v.problems.map(describeField).join('; ')}`);
  const summary = `Importación: ${countOf(r.created, 'compra registrada', 'compras registradas')}, ${countOf(r.refused, 'fila con errores', 'filas con errores')}`;
  if (r.created === 0) return { notice: '', errors: [`${summary}: no se registró ninguna compra.`, ...bad] };
  return { notice: summary, errors: bad };
}

export function registeredNotice(number: number, fiscalCredit: number, where: string): string {
  // Not «sin conexión»: a walk read it as if the till were offline. Kipu sends it and retries.
  return `Compra registrada (N° ${number}, crédito fiscal Bs ${bsOf(fiscalCredit)})${where}. Kipu la envía a SIAT por sí solo y, si SIAT no responde, lo vuelve a intentar; su estado se ve en la lista.`;
}

/** SIAT's messages of a purchase, or its single answer code with its text. */
function siatOf(x: PurchaseRecord): SiatMessage[] {
  if (x.siatMessages.length > 0) return x.siatMessages;
  return x.responseCode === null ? [] : [{ codigo: x.responseCode, descripcion: x.responseDescription ?? '' }];
}

interface PurchaseListProps {
  items: PurchaseRecord[];
  loaded: boolean;
  year: number;
  month: number;
  onDelete(id: string): void;
}

/** The month's purchases: SIAT's codes with their text, the error guide under a refused one, a confirmed removal. */
export function PurchaseList({ items, loaded, year, month, onDelete }: PurchaseListProps) {
  const [asking, setAsking] = useState<string | null>(null);
  const asked = items.find((x) => x.id === asking) ?? null;
  if (loaded && items.length === 0) {
    return (
      <p className="empty" data-testid="purchases-empty">
        Sin compras en {String(month).padStart(2, '0')}/{year}. Registre una con el lector de QR o a mano, o importe el mes desde la plantilla del SIN.
      </p>
    );
  }
  return (
    <>
      {asked && <DeleteDialog purchase={asked} onClose={() => setAsking(null)} onDelete={() => (setAsking(null), onDelete(asked.id))} />}
      <table className="grid" data-testid="purchase-list">
        <thead>
          <tr><th>N°</th><th>Fecha</th><th>NIT</th><th>Proveedor</th><th>Factura</th><th className="num">Total</th><th className="num">Crédito</th><th>Estado</th><th>Respuesta de SIAT</th><th /></tr>
        </thead>
        <tbody>
          {items.flatMap((x) => {
            const siat = siatOf(x);
            const rows = [
              <tr key={x.id} data-testid="purchase-row" data-state={x.state}>
                <td>{x.number}</td>
                <td>{formatDate(x.emissionDate)}</td>
                <td>{x.issuerNit}</td>
                <td>{x.issuerBusinessName}</td>
                <td>{x.invoiceNumber}</td>
                <td className="num">{bsOf(x.totalPurchaseAmount)}</td>
                <td className="num">{bsOf(x.fiscalCredit)}</td>
                <td data-testid="purchase-state">{STATE_LABEL[x.state] ?? x.state}</td>
                <td data-testid="purchase-siat">{siat.map(siatAnswerText).join('; ')}</td>
                <td>
                  {x.state !== 'DELETED' && x.state !== 'SENT' && (
                    <button
                      className="ghost"
                      data-testid="purchase-delete"
                      title="Quita la compra del Libro de Compras; si SIAT ya la tiene, la elimina también allí"
                      onClick={() => setAsking(x.id)}
                    >
                      Eliminar…
                    </button>
                  )}
                </td>
              </tr>,
            ];
            if (x.state === 'REJECTED' && siat.length > 0) {
              rows.push(
                <tr key={`${x.id}-guide`}>
                  <td colSpan={10}>
                    <SiatErrorGuide messages={siat} showSiatText={false} operation="compra" testId="purchase-siat-guide" />
                  </td>
                </tr>,
              );
            }
            return rows;
          })}
        </tbody>
      </table>
    </>
  );
}

/**
 * «Eliminar…» asks in a dialog (issue 24, set 12: the row's confirmation opened below the fold at
 * 1024×768 and Esc did not close it): Esc or «No eliminar» close it, the focus goes back to the
 * row's «Eliminar…». «No eliminar» comes first, so Enter on opening does not delete.
 */
function DeleteDialog({ purchase: x, onClose, onDelete }: { purchase: PurchaseRecord; onClose: () => void; onDelete: () => void }) {
  // Said before it is asked (decision 0094): the engine refuses a cajero alone, the approval opens next.
  const role = useSession((s) => s.person?.role ?? null);
  const needed = ACT_ROLE['purchase-delete'];
  const approval = x.state === 'ACCEPTED' && role !== null && !roleAtLeast(role, needed);
  return (
    <Modal title={`¿Eliminar la compra N° ${x.number}?`} onClose={onClose} testId="purchase-delete-ask">
      <p>
        {x.issuerBusinessName}, factura {x.invoiceNumber}: deja de contar en el Libro de Compras y en el crédito fiscal del mes;
        {x.state === 'ACCEPTED' ? ' SIAT ya la tiene registrada: se le pide eliminarla (anulación de compra).' : ' SIAT no la tiene registrada.'} Queda en la lista como «Eliminada».
        {approval && <strong data-testid="purchase-delete-approval"> Como SIAT ya la registró, la aprueba un {needed} con su usuario y su PIN.</strong>}
      </p>
      <div className="modal-actions">
        <button data-testid="purchase-delete-cancel" onClick={onClose}>
          No eliminar (Esc)
        </button>
        <button className="danger" data-testid="purchase-delete-confirm" onClick={onDelete}>
          Eliminar la compra
        </button>
      </div>
    </Modal>
  );
}
