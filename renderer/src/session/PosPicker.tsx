// The till works on one point of sale; the choice is remembered on this machine.
import { useShallow } from 'zustand/react/shallow';
import { useSession } from './session-store';

export function PosPicker() {
  const { pointsOfSale, posId } = useSession(useShallow((s) => ({ pointsOfSale: s.pointsOfSale, posId: s.posId })));
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
                autoFocus={i === 0}
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
        <button className="ghost" onClick={() => useSession.getState().logout()} data-testid="logout-button">
          Cambiar clave de API
        </button>
      </div>
    </div>
  );
}
