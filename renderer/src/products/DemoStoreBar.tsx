// Training mode's demo store (issue 17): while its sample products are there, Productos says so and
// removes them in one step (DELETE /api/v1/training/demo-store), after a confirmation. Outside
// training the engine answers 409 and nothing is shown.
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ErrorList } from '../components/ErrorList';
import { Modal } from '../components/Modal';
import { countOf } from '../format/labels';
import { useProducts } from './products-store';

export function DemoStoreBar() {
  const { state, confirm, busy, result, errors } = useProducts(useShallow((s) => s.demo));
  const { confirmDemo, removeDemo } = useProducts.getState();

  useEffect(() => {
    void useProducts.getState().loadDemo();
  }, []);

  if (result) return <div className="ok-box" data-testid="demo-store-result">{result}</div>;
  if (!state || state.products === 0) return null;
  return (
    <div className="notice row" data-testid="demo-store-bar">
      <span className="grow">
        Modo entrenamiento: el catálogo tiene {countOf(state.products, 'producto')} de demostración (código DEMO-…).
      </span>
      <button onClick={() => confirmDemo(true)} data-testid="demo-store-remove">
        Quitar productos de demostración
      </button>
      {confirm && (
        <Modal title="¿Quitar la tienda de demostración?" onClose={() => confirmDemo(false)} testId="demo-store-dialog">
          <p>Se quitan los productos DEMO-… y los clientes de ejemplo. Las facturas de entrenamiento ya emitidas no cambian. No se vuelven a cargar.</p>
          <ErrorList errors={errors} />
          <div className="modal-actions">
            <button className="primary danger" autoFocus disabled={busy} onClick={() => void removeDemo()} data-testid="demo-store-confirm">
              Sí, quitarlos (Enter)
            </button>
            <button onClick={() => confirmDemo(false)}>No (Esc)</button>
          </div>
        </Modal>
      )}
    </div>
  );
}
