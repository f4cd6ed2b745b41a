// Productos › the product form (new or edit): code, barcode, description, price, unit, activity
// and SIN's product code, checked before the engine is asked. The draft lives in products-store.
import { useEffect } from 'react';
import { ErrorList } from '../components/ErrorList';
import { Modal } from '../components/Modal';
import { useCatalogs } from '../sync/catalogs-store';
import { useProducts } from './products-store';

export function ProductForm() {
  const draft = useProducts((s) => s.draft);
  const { closeForm: onClose, setForm: set, setPrice, save } = useProducts.getState();
  const { entries, load } = useCatalogs();

  useEffect(() => {
    void load('unit-measures');
    void load('activities');
  }, [load]);

  const units = entries['unit-measures'] ?? [];
  const activities = entries.activities ?? [];
  if (!draft) return null;
  const { product, form, price, errors, saving, sinProducts } = draft;

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
