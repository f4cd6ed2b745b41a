// Compras (Alt+9): register a supplier's invoice by hand or by scanning its QR (the 2D scanner
// types the URL into the scanner field and presses Enter), import a month from the SIN template,
// and watch the purchases go to SIAT in their own queue.
import { useEffect, useRef, useState } from 'react';
import type { PurchaseInput } from '../../../shared/api-types';
import { toHundredths } from '../../../shared/money';
import { describeError } from '../api/errors';
import { ErrorList } from '../components/ErrorList';
import { purchasesApi } from './purchases-api';
import { usePurchases } from './purchases-store';
import { countOf } from '../format/labels';
import { describeField } from '../api/field-labels';

const AMOUNTS: [keyof PurchaseInput, string][] = [
  ['totalPurchaseAmount', 'Importe total'],
  ['iceAmount', 'ICE'],
  ['iehdAmount', 'IEHD'],
  ['ipjAmount', 'IPJ'],
  ['rates', 'Tasas'],
  ['otherNotSubjectToCredit', 'No sujeto a crédito fiscal'],
  ['exemptAmounts', 'Exentos'],
  ['zeroRateAmount', 'Tasa cero'],
  ['discount', 'Descuentos'],
  ['giftCardAmount', 'Gift card'],
];

type Form = Record<string, string>;

const EMPTY: Form = { issuerNit: '', issuerBusinessName: '', authorizationCode: '', invoiceNumber: '', emissionDate: '', purchaseType: '1', controlCode: '' };

const STATE_LABEL: Record<string, string> = { READY: 'En cola', SENT: 'Enviada', ACCEPTED: 'Aceptada', REJECTED: 'Rechazada', DELETED: 'Eliminada' };

function cents(text: string | undefined): number {
  return text ? (toHundredths(Number(text.replace(',', '.'))) ?? 0) : 0;
}

/** Preview of the template's formulas; the engine computes the stored values. */
function preview(f: Form): { subtotal: number; base: number; credit: number } {
  const subtotal = cents(f.totalPurchaseAmount) - ['iceAmount', 'iehdAmount', 'ipjAmount', 'rates', 'otherNotSubjectToCredit', 'exemptAmounts', 'zeroRateAmount'].reduce((s, k) => s + cents(f[k]), 0);
  const base = subtotal - cents(f.discount) - cents(f.giftCardAmount);
  return { subtotal, base, credit: base > 0 ? Math.floor((base * 13 + 50) / 100) : 0 };
}

const bs = (c: number) => (c / 100).toLocaleString('es-BO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function PurchasesScreen() {
  const { items, errors: listErrors, year, month } = usePurchases();
  const [form, setForm] = useState<Form>(EMPTY);
  const [scan, setScan] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState('');
  const scanRef = useRef<HTMLInputElement>(null);

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
      for (const [k, v] of Object.entries(r.fields)) next[k] = String(v);
      if (next.emissionDate) next.emissionDate = next.emissionDate.slice(0, 10).split('/').length === 3 ? next.emissionDate.split('/').reverse().join('-') : next.emissionDate.slice(0, 10);
      setForm(next);
      setScan('');
      setNotice(r.kind === 'online' ? 'QR leído: complete la razón social y los importes' : 'QR de factura antigua leído: revise los importes');
    } catch (err) {
      setErrors(describeError(err));
    }
  };

  const save = async () => {
    setErrors([]);
    const body: Record<string, unknown> = {
      issuerNit: form.issuerNit,
      issuerBusinessName: form.issuerBusinessName,
      authorizationCode: form.authorizationCode,
      invoiceNumber: form.invoiceNumber,
      emissionDate: form.emissionDate,
      purchaseType: Number(form.purchaseType || '1'),
      source: notice ? 'QR' : 'MANUAL',
    };
    if (form.controlCode) body.controlCode = form.controlCode;
    if (form.duiDimNumber) body.duiDimNumber = form.duiDimNumber;
    for (const [k] of AMOUNTS) if (form[k]) body[k] = Number(String(form[k]).replace(',', '.'));
    try {
      const p = await purchasesApi.create(body as PurchaseInput);
      setNotice(`Compra registrada (N° ${p.number}, crédito fiscal Bs ${p.fiscalCredit.toFixed(2)}); sale a SIAT en su propia cola`);
      setForm(EMPTY);
      await usePurchases.getState().load();
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
      const bad = r.verdicts.filter((v) => !v.ok).map((v) => `Fila ${v.row}: ${v.problems.map(describeField).join('; ')}`);
      setNotice(`Importación: ${countOf(r.created, 'compra registrada', 'compras registradas')}, ${countOf(r.refused, 'fila con errores', 'filas con errores')}`);
      setErrors(bad);
      await usePurchases.getState().load();
    } catch (err) {
      setErrors(describeError(err));
    }
  };

  const p = preview(form);

  return (
    <div className="page" data-testid="purchases-screen">
      <div className="page-head">
        <h2>Compras</h2>
        <input
          type="month"
          data-testid="purchases-month"
          value={`${year}-${String(month).padStart(2, '0')}`}
          onChange={(e) => {
            const [y, m] = e.target.value.split('-').map(Number);
            if (y && m) usePurchases.getState().setMonth(y, m);
          }}
        />
        <button data-testid="purchases-send" onClick={() => void purchasesApi.send().then(() => usePurchases.getState().load(), (err: unknown) => setErrors(describeError(err)))}>
          Enviar a SIAT
        </button>
        <label className="button">
          Importar CSV/XLSX
          <input type="file" accept=".csv,.xlsx" hidden data-testid="purchases-import" onChange={(e) => void importFile(e.target.files?.[0])} />
        </label>
      </div>
      <label>
        Lector de QR
        <input
          ref={scanRef}
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
        className="form-grid"
        data-testid="purchase-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label>NIT proveedor<input data-testid="purchase-nit" value={form.issuerNit} onChange={(e) => set('issuerNit', e.target.value)} /></label>
        <label>Razón social<input data-testid="purchase-name" value={form.issuerBusinessName} onChange={(e) => set('issuerBusinessName', e.target.value)} /></label>
        <label>Código de autorización (CUF)<input data-testid="purchase-auth" value={form.authorizationCode} onChange={(e) => set('authorizationCode', e.target.value)} /></label>
        <label>Número de factura<input data-testid="purchase-number" value={form.invoiceNumber} onChange={(e) => set('invoiceNumber', e.target.value)} /></label>
        <label>Fecha<input type="date" data-testid="purchase-date" value={form.emissionDate} onChange={(e) => set('emissionDate', e.target.value)} /></label>
        <label>
          Tipo de compra
          <select data-testid="purchase-type" value={form.purchaseType} onChange={(e) => set('purchaseType', e.target.value)}>
            <option value="1">1 Mercado interno, actividades gravadas</option>
            <option value="2">2 Mercado interno, actividades no gravadas</option>
            <option value="3">3 Sujetas a proporcionalidad</option>
            <option value="4">4 Exportaciones</option>
            <option value="5">5 Mercado interno y exportaciones</option>
          </select>
        </label>
        {AMOUNTS.map(([k, label]) => (
          <label key={k}>
            {label}
            <input inputMode="decimal" data-testid={`purchase-${k}`} value={form[k] ?? ''} onChange={(e) => set(k, e.target.value)} />
          </label>
        ))}
        <div data-testid="purchase-preview">
          Subtotal Bs {bs(p.subtotal)} · Base CF Bs {bs(p.base)} · Crédito fiscal Bs {bs(p.credit)}
        </div>
        <button type="submit" data-testid="purchase-save">Registrar compra</button>
      </form>
      <ErrorList errors={listErrors} testId="purchases-list-errors" />
      <table data-testid="purchase-list">
        <thead>
          <tr><th>N°</th><th>Fecha</th><th>NIT</th><th>Proveedor</th><th>Factura</th><th>Total</th><th>Crédito</th><th>Estado</th><th>SIAT</th><th /></tr>
        </thead>
        <tbody>
          {items.map((x) => (
            <tr key={x.id} data-testid="purchase-row" data-state={x.state}>
              <td>{x.number}</td>
              <td>{x.emissionDate.slice(0, 10).split('-').reverse().join('/')}</td>
              <td>{x.issuerNit}</td>
              <td>{x.issuerBusinessName}</td>
              <td>{x.invoiceNumber}</td>
              <td>{bs(Math.round(x.totalPurchaseAmount * 100))}</td>
              <td>{bs(Math.round(x.fiscalCredit * 100))}</td>
              <td data-testid="purchase-state">{STATE_LABEL[x.state] ?? x.state}</td>
              <td>{x.siatMessages.map((m) => `${m.codigo} ${m.descripcion}`).join('; ') || (x.responseCode ?? '')}</td>
              <td>
                {x.state !== 'DELETED' && x.state !== 'SENT' && (
                  <button className="ghost" data-testid="purchase-delete" onClick={() => void purchasesApi.remove(x.id).then(() => usePurchases.getState().load(), (err: unknown) => setErrors(describeError(err)))}>
                    Eliminar
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
