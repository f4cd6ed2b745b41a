// The sales waiting at this point of sale (issue 27): oldest first, with who left it, how long
// it has waited and its total. ↑ ↓ choose, Enter brings it back, Esc closes.
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Modal } from '../components/Modal';
import { formatBs, toHundredths } from '../../../shared/money';
import { fromBoliviaIso } from '../../../shared/time';
import type { ParkedSaleDto } from '../../../shared/api/parked-sales';
import { parkedAge } from './parked-draft';
import { useParked } from './parked-store';

export function ParkedSalesDialog() {
  const { open, list, selected, loading, busy, error } = useParked(
    useShallow((s) => ({ open: s.open, list: s.list, selected: s.selected, loading: s.loading, busy: s.busy, error: s.error })),
  );
  if (!open) return null;
  return <ParkedSalesView list={list} selected={selected} loading={loading} busy={busy} error={error} />;
}

/** The list as the store leaves it (rendered without the engine by test/renderer/session). */
export function ParkedSalesView({ list, selected, loading, busy, error }: { list: ParkedSaleDto[]; selected: number; loading: boolean; busy: boolean; error: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  const listRef = useRef<HTMLDivElement>(null);
  // The list takes the keys once it has loaded (↑ ↓ Enter).
  useEffect(() => {
    if (!loading) listRef.current?.focus();
  }, [loading]);
  // The ages move on while the list is open.
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  const chosen = list[selected];
  const recall = () => chosen && void useParked.getState().recall(chosen.id);

  return (
    <Modal title="Ventas en espera" onClose={() => useParked.getState().close()} testId="parked-dialog" wide>
      <div
        ref={listRef}
        tabIndex={-1}
        className="parked-keys"
        data-testid="parked-keys"
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            useParked.getState().move(e.key === 'ArrowDown' ? 1 : -1);
          } else if (e.key === 'Enter' && !(e.target instanceof HTMLButtonElement)) {
            e.preventDefault();
            recall();
          }
        }}
      >
        {loading && <p className="muted">Cargando…</p>}
        {!loading && list.length === 0 && (
          <p className="muted" data-testid="parked-empty">
            No hay ventas en espera en este punto de venta.
          </p>
        )}
        {list.length > 0 && (
          <table className="cart-table parked-table" data-testid="parked-list">
            <thead>
              <tr>
                <th>Venta</th>
                <th>Dejó</th>
                <th>Espera</th>
                <th className="num">Total</th>
              </tr>
            </thead>
            <tbody>
              {list.map((p, i) => (
                <tr
                  key={p.id}
                  className={i === selected ? 'selected' : ''}
                  aria-selected={i === selected}
                  data-testid="parked-row"
                  data-id={p.id}
                  onClick={() => useParked.setState({ selected: i })}
                  onDoubleClick={() => void useParked.getState().recall(p.id)}
                >
                  <td>
                    {p.label ?? '—'} <span className="muted small">({p.lineCount} línea{p.lineCount === 1 ? '' : 's'})</span>
                  </td>
                  <td>{p.parkedBy}</td>
                  <td data-testid="parked-age">{parkedAge(fromBoliviaIso(p.parkedAt)?.getTime() ?? now, now)}</td>
                  <td className="num" data-testid="parked-total">
                    {formatBs(toHundredths(p.total) ?? 0)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {error && (
          <div className="error-box" role="alert" data-testid="parked-error">
            {error}
          </div>
        )}
        <div className="modal-actions">
          <button className="primary" onClick={recall} disabled={!chosen || busy} data-testid="parked-recall">
            {busy ? 'Retomando…' : 'Retomar (Enter)'}
          </button>
          <button onClick={() => useParked.getState().close()}>Cerrar (Esc)</button>
        </div>
      </div>
    </Modal>
  );
}
