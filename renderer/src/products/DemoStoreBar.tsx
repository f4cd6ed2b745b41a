// Training mode's demo store (issue 17): while its sample products are there, Productos says so and
// removes them in one step (DELETE /api/v1/training/demo-store), after a confirmation. Outside
// training the engine answers 409 and nothing is shown.
import { useEffect, useState } from 'react';
import type { DemoStoreState } from '../../../shared/api-types';
import { api } from '../api';
import { describeError } from '../api/errors';
import { ErrorList } from '../components/ErrorList';
import { Modal } from '../components/Modal';
import { countOf } from '../format/labels';

export function DemoStoreBar({ onRemoved }: { onRemoved: () => void }) {
  const [state, setState] = useState<DemoStoreState | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    api.demoStore().then(setState, () => setState(null));
  }, []);

  const remove = async () => {
    setBusy(true);
    setErrors([]);
    try {
      const r = await api.removeDemoStore();
      setResult(`Tienda de demostración quitada: ${countOf(r.products, 'producto')} y ${countOf(r.clients, 'cliente')}.`);
      setState((s) => (s ? { ...s, products: 0, removed: true } : s));
      setConfirm(false);
      onRemoved();
    } catch (err) {
      setErrors(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  if (result) return <div className="ok-box" data-testid="demo-store-result">{result}</div>;
  if (!state || state.products === 0) return null;
  return (
    <div className="notice row" data-testid="demo-store-bar">
      <span className="grow">
        Modo entrenamiento: el catálogo tiene {countOf(state.products, 'producto')} de demostración (código DEMO-…).
      </span>
      <button onClick={() => setConfirm(true)} data-testid="demo-store-remove">
        Quitar productos de demostración
      </button>
      {confirm && (
        <Modal title="¿Quitar la tienda de demostración?" onClose={() => setConfirm(false)} testId="demo-store-dialog">
          <p>Se quitan los productos DEMO-… y los clientes de ejemplo. Las facturas de entrenamiento ya emitidas no cambian. No se vuelven a cargar.</p>
          <ErrorList errors={errors} />
          <div className="modal-actions">
            <button className="primary danger" autoFocus disabled={busy} onClick={() => void remove()} data-testid="demo-store-confirm">
              Sí, quitarlos (Enter)
            </button>
            <button onClick={() => setConfirm(false)}>No (Esc)</button>
          </div>
        </Modal>
      )}
    </div>
  );
}
