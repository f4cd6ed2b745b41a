// Productos: list/search, add/edit, CSV import.
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatBs, toHundredths } from '../../../shared/money';
import { ErrorOf } from '../components/ErrorList';
import { Pager } from '../components/Pager';
import { useCatalogs } from '../sync/catalogs-store';
import { catalogDescription } from '../format/labels';
import { CsvImport } from './CsvImport';
import { DemoStoreBar } from './DemoStoreBar';
import { ProductForm } from './ProductForm';
import { INITIAL_PRODUCTS_STATE, useProducts } from './products-store';

export function ProductsScreen() {
  const { q, page, error, selected, editing } = useProducts(
    useShallow((s) => ({ q: s.q, page: s.page, error: s.error, selected: s.selected, editing: s.draft !== null })),
  );
  const { setQuery, move, edit, load } = useProducts.getState();
  const units = useCatalogs((s) => s.entries['unit-measures']);
  useEffect(() => {
    void useCatalogs.getState().load('unit-measures');
  }, []);

  // A visit starts afresh (the store outlives the screen): no search, no form open.
  useEffect(() => () => useProducts.setState(INITIAL_PRODUCTS_STATE), []);
  // The list follows the search a quarter of a second after the last keystroke.
  useEffect(() => {
    const t = setTimeout(() => void useProducts.getState().load(0), 250);
    return () => clearTimeout(t);
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
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') move(1);
            else if (e.key === 'ArrowUp') move(-1);
            else if (e.key === 'Enter' && rows[selected]) edit(rows[selected]);
            else return;
            e.preventDefault();
          }}
        />
        <button className="primary" onClick={() => edit('new')} data-testid="new-product-button">
          + Nuevo producto
        </button>
      </div>
      <ErrorOf error={error} />
      <DemoStoreBar />
      <CsvImport />
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
              onClick={() => edit(p)}
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
      {editing && <ProductForm />}
    </div>
  );
}
