// The till works on one point of sale; the choice is remembered on this machine. Chosen once with
// an API key; later changed by an administrator (session-store.ts, mayChangePos), who can go back
// with Esc or «Volver» without changing anything.
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useSession } from './session-store';

export function PosPicker() {
  const { pointsOfSale, posId, person } = useSession(useShallow((s) => ({ pointsOfSale: s.pointsOfSale, posId: s.posId, person: s.person })));
  return <PosPickerView pointsOfSale={pointsOfSale} posId={posId} byKey={person === null} />;
}

/** The picker as the session leaves it (rendered without the engine by test/renderer/session). */
export function PosPickerView({ pointsOfSale, posId, byKey }: { pointsOfSale: { id: string; name: string; code: number; branchCode: number }[]; posId: string | null; byKey: boolean }) {
  // A point of sale is already chosen: the picker is a change, and Esc leaves it as it was.
  const back = posId !== null && pointsOfSale.some((p) => p.id === posId);
  useEffect(() => {
    if (!back) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      useSession.getState().keepPos();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [back]);
  return (
    <div className="center-card" data-testid="pos-picker">
      <div className="card">
        <h1>Punto de venta</h1>
        <p className="muted">Elija el punto de venta de esta caja. Se recordará en este equipo.</p>
        {pointsOfSale.length === 0 && <div className="error-box">No hay puntos de venta registrados para este contribuyente.</div>}
        <ul className="pos-list">
          {pointsOfSale.map((p, i) => (
            <li key={p.id}>
              <button
                autoFocus={back ? p.id === posId : i === 0}
                className={p.id === posId ? 'primary' : ''}
                data-testid="pos-option"
                data-pos-id={p.id}
                onClick={() => useSession.getState().selectPos(p.id)}
              >
                <strong>{p.name}</strong>
                <span className="muted">
                  Punto de venta {p.code} · Sucursal {p.branchCode}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <div className="row">
          {back && (
            <button onClick={() => useSession.getState().keepPos()} data-testid="pos-picker-back">
              Volver sin cambiar (Esc)
            </button>
          )}
          {/* The key is the till's setup, not a person's: a PIN session goes out with «Salir». */}
          {byKey && (
            <button className="ghost" onClick={() => useSession.getState().logout()} data-testid="logout-button">
              Cambiar clave de API
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
