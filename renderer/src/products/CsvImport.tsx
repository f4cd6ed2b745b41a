// Productos › import from CSV: the file's rows create or update products by code; the engine
// answers what it created, updated and refused, line by line.
import { useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { PRODUCT_CSV_HEADER } from '../../../shared/api-types';
import { ErrorOf } from '../components/ErrorList';
import { useProducts } from './products-store';

export function CsvImport() {
  const fileRef = useRef<HTMLInputElement>(null);
  const { result, error, busy } = useProducts(useShallow((s) => s.csv));

  const pick = async (file: File) => {
    await useProducts.getState().importCsv(file);
    // The same file may be picked again (after fixing it).
    if (fileRef.current) fileRef.current.value = '';
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
