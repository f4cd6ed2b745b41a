// Productos: list/search, add/edit, CSV import.
import { useEffect, useRef, useState } from 'react';
import { PRODUCT_CSV_HEADER, type Page, type Product, type ProductImportResult, type ProductInput } from '../../../shared/api-types';
import { formatBs, fromHundredths, toHundredths } from '../../../shared/money';
import { api } from '../api';
import { describeError } from '../api/errors';
import { ErrorList, ErrorOf } from '../components/ErrorList';
import { Modal } from '../components/Modal';
import { Pager } from '../components/Pager';
import { amountInputText, parseAmount } from '../format/amount-input';
import { useCatalogs } from '../sync/catalogs-store';
import { usePrefs } from '../settings/prefs-store';
import { catalogDescription } from '../format/labels';
import { DemoStoreBar } from './DemoStoreBar';

const EMPTY: ProductInput = {
  code: '',
  barcode: '',
  description: '',
  priceUnit: 0,
  unitMeasure: 58,
  activityEconomic: '',
  codeProductSin: '',
  active: true,
};

export function ProductsScreen() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState<Page<Product> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [selected, setSelected] = useState(0);
  const size = usePrefs((s) => s.productPageSize);
  const units = useCatalogs((s) => s.entries['unit-measures']);
  useEffect(() => {
    void useCatalogs.getState().load('unit-measures');
  }, []);

  const load = async (pageNo = 0) => {
    try {
      setPage(await api.products(q.trim(), pageNo, size));
      setError(null);
    } catch (err) {
      setError(err);
    }
  };

  useEffect(() => {
    const t = setTimeout(() => void load(0), 250);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  const rows = page?.content ?? [];

  return (
    <div className="page" data-testid="products-screen">
      <div className="page-head">
        <h1>Productos</h1>
        <input
          autoFocus
          className="grow"
          placeholder="Buscar por código, código de barras o descripción"
          data-testid="products-search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') setSelected((s) => Math.min(rows.length - 1, s + 1));
            else if (e.key === 'ArrowUp') setSelected((s) => Math.max(0, s - 1));
            else if (e.key === 'Enter' && rows[selected]) setEditing(rows[selected]);
            else return;
            e.preventDefault();
          }}
        />
        <button className="primary" onClick={() => setEditing('new')} data-testid="new-product-button">
          + Nuevo producto
        </button>
      </div>
      <ErrorOf error={error} />
      <DemoStoreBar onRemoved={() => void load(0)} />
      <CsvImport onDone={() => void load(0)} />
      <table className="grid">
        <thead>
          <tr>
            <th>Código</th>
            <th>Código de barras</th>
            <th>Descripción</th>
            <th className="num">Precio</th>
            <th>Unidad</th>
            <th>Actividad</th>
            <th>Cód. SIN</th>
            <th>Estado</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p, i) => (
            <tr
              key={p.id}
              className={i === selected ? 'selected clickable' : 'clickable'}
              data-testid="product-row"
              data-code={p.code}
              onClick={() => setEditing(p)}
            >
              <td className="mono">{p.code}</td>
              <td className="mono">{p.barcode}</td>
              <td>{p.description}</td>
              <td className="num">{formatBs(toHundredths(p.priceUnit) ?? 0)}</td>
              <td data-testid="product-row-unit" title={`Código SIAT ${p.unitMeasure}`}>
                {catalogDescription(units, p.unitMeasure, 'unidad')}
              </td>
              <td className="mono">{p.activityEconomic}</td>
              <td className="mono">{p.codeProductSin}</td>
              <td>{p.active ? 'Activo' : <span className="muted">Inactivo</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {page && page.totalElements === 0 && <p className="empty">No hay productos{q ? ` que coincidan con "${q}"` : ''}.</p>}
      <Pager page={page} onPage={(p) => void load(p)} testId="products-pager" />
      {editing && (
        <ProductForm
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load(page?.page ?? 0);
          }}
        />
      )}
    </div>
  );
}

function ProductForm({ product, onClose, onSaved }: { product: Product | null; onClose: () => void; onSaved: () => void }) {
  const [form, setForm] = useState<ProductInput>(product ? { ...product, barcode: product.barcode ?? '' } : EMPTY);
  const [price, setPrice] = useState(product ? amountInputText(toHundredths(product.priceUnit) ?? 0) : '');
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const { entries, load } = useCatalogs();
  const [sinProducts, setSinProducts] = useState<{ codigo: number | string; descripcion: string }[]>([]);

  useEffect(() => {
    void load('unit-measures');
    void load('activities');
  }, [load]);

  useEffect(() => {
    if (!form.activityEconomic) return setSinProducts([]);
    api.sinProducts(form.activityEconomic).then(setSinProducts, () => setSinProducts([]));
  }, [form.activityEconomic]);

  const set = (patch: Partial<ProductInput>) => setForm((f) => ({ ...f, ...patch }));

  const save = async () => {
    const errs: string[] = [];
    const cents = parseAmount(price);
    if (!form.code.trim()) errs.push('Ingrese el código del producto.');
    if (!form.description.trim()) errs.push('Ingrese la descripción.');
    if (cents === null || cents <= 0) errs.push('Ingrese un precio mayor a cero (ejemplo: 12,50).');
    if (!form.activityEconomic.trim()) errs.push('Elija la actividad económica.');
    if (!form.codeProductSin.trim()) errs.push('Ingrese el código de producto SIN.');
    if (errs.length) return setErrors(errs);
    const body: ProductInput = {
      ...form,
      code: form.code.trim(),
      barcode: form.barcode?.trim() || null,
      description: form.description.trim(),
      priceUnit: fromHundredths(cents ?? 0),
    };
    setSaving(true);
    try {
      if (product) await api.updateProduct(product.id, body);
      else await api.createProduct(body);
      onSaved();
    } catch (err) {
      setErrors(describeError(err));
    } finally {
      setSaving(false);
    }
  };

  const units = entries['unit-measures'] ?? [];
  const activities = entries.activities ?? [];

  return (
    <Modal title={product ? `Editar ${product.code}` : 'Nuevo producto'} onClose={onClose} testId="product-form" wide>
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="field">
          <span>Código</span>
          <input data-testid="product-code" value={form.code} onChange={(e) => set({ code: e.target.value })} />
        </label>
        <label className="field">
          <span>Código de barras</span>
          <input data-testid="product-barcode" value={form.barcode ?? ''} onChange={(e) => set({ barcode: e.target.value })} />
        </label>
        <label className="field span2">
          <span>Descripción</span>
          <input data-testid="product-description" value={form.description} onChange={(e) => set({ description: e.target.value })} />
        </label>
        <label className="field">
          <span>Precio unitario (Bs)</span>
          <input data-testid="product-price" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
        </label>
        <label className="field">
          <span>Unidad de medida</span>
          {units.length > 0 ? (
            <select data-testid="product-unit" value={form.unitMeasure} onChange={(e) => set({ unitMeasure: Number(e.target.value) })}>
              {units.map((u) => (
                <option key={u.codigo} value={u.codigo}>
                  {u.codigo} – {u.descripcion}
                </option>
              ))}
            </select>
          ) : (
            <input
              data-testid="product-unit"
              inputMode="numeric"
              value={form.unitMeasure}
              onChange={(e) => set({ unitMeasure: Number(e.target.value.replace(/\D/g, '')) || 0 })}
            />
          )}
        </label>
        <label className="field span2">
          <span>Actividad económica</span>
          {activities.length > 0 ? (
            <select data-testid="product-activity" value={form.activityEconomic} onChange={(e) => set({ activityEconomic: e.target.value })}>
              <option value="">— elija —</option>
              {activities.map((a) => (
                <option key={a.codigo} value={String(a.codigo)}>
                  {a.codigo} – {a.descripcion}
                </option>
              ))}
            </select>
          ) : (
            <input data-testid="product-activity" value={form.activityEconomic} onChange={(e) => set({ activityEconomic: e.target.value })} />
          )}
        </label>
        <label className="field span2">
          <span>Código de producto SIN</span>
          <input
            data-testid="product-sin-code"
            list="sin-products"
            value={form.codeProductSin}
            onChange={(e) => set({ codeProductSin: e.target.value })}
          />
          <datalist id="sin-products">
            {sinProducts.map((p) => (
              <option key={p.codigo} value={String(p.codigo)}>
                {p.descripcion}
              </option>
            ))}
          </datalist>
        </label>
        <label className="check span2">
          <input type="checkbox" data-testid="product-active" checked={form.active} onChange={(e) => set({ active: e.target.checked })} />
          Activo (se puede vender)
        </label>
        <div className="span2">
          <ErrorList errors={errors} testId="product-form-errors" />
        </div>
        <div className="modal-actions span2">
          <button className="primary" type="submit" disabled={saving} data-testid="product-save">
            {saving ? 'Guardando…' : 'Guardar'}
          </button>
          <button type="button" onClick={onClose}>
            Cancelar
          </button>
        </div>
      </form>
    </Modal>
  );
}

function CsvImport({ onDone }: { onDone: () => void }) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<ProductImportResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (file: File) => {
    setBusy(true);
    setResult(null);
    setError(null);
    try {
      const text = await file.text();
      setResult(await api.importProducts(text.replace(/^\uFEFF/, '')));
      onDone();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <details className="csv-import" data-testid="csv-import">
      <summary>Importar productos desde CSV</summary>
      <p className="muted small">
        Encabezado: <code>{PRODUCT_CSV_HEADER}</code>. Los productos con el mismo código se actualizan.
      </p>
      <input
        ref={fileRef}
        type="file"
        accept=".csv,text/csv"
        data-testid="csv-import-input"
        disabled={busy}
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) void pick(f);
        }}
      />
      {busy && <span className="muted"> Importando…</span>}
      <ErrorOf error={error} />
      {result && (
        <div className="import-result" data-testid="import-result">
          <strong>
            {result.created} creados · {result.updated} actualizados · {result.errors.length} con errores
          </strong>
          {result.errors.length > 0 && (
            <ul>
              {result.errors.slice(0, 50).map((e, i) => (
                <li key={i} data-testid="import-error">
                  Línea {e.line}: {e.message}
                </li>
              ))}
              {result.errors.length > 50 && <li>… y {result.errors.length - 50} más</li>}
            </ul>
          )}
        </div>
      )}
    </details>
  );
}
