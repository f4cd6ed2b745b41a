// Always visible: online or contingency, invoices waiting, the active event, flush progress.
import { useShallow } from 'zustand/react/shallow';
import { activeEventSummary } from '../connection/event-motives';
import { useNav } from './nav-store';
import { useSession } from '../session/session-store';
import { posStatusOf, useTillStatus } from '../connection/till-status-store';
import { useAssistant } from '../assistant/assistant-store';

export function StatusBar() {
  const { status, engineReachable, streamConnected } = useTillStatus(
    useShallow((s) => ({ status: s.status, engineReachable: s.engineReachable, streamConnected: s.streamConnected })),
  );
  const posId = useSession((s) => s.posId);
  const go = useNav((s) => s.go);
  const pos = posStatusOf(status, posId);

  let mode: 'online' | 'contingency' | 'offline' | 'unknown' = 'unknown';
  let label = 'Consultando estado…';
  if (!engineReachable) {
    mode = 'offline';
    label = 'Sin conexión con el motor de Kipu';
  } else if (pos) {
    mode = pos.mode === 'ONLINE' ? 'online' : 'contingency';
    label = pos.mode === 'ONLINE' ? 'En línea' : 'Contingencia';
  }

  return (
    <footer className={`status-bar ${mode}`} data-testid="status-bar">
      <button
        className="status-indicator"
        data-testid="status-indicator"
        data-mode={pos?.mode ?? (engineReachable ? 'UNKNOWN' : 'ENGINE_DOWN')}
        onClick={() => go('conexion')}
        title="Ver estado de conexión"
      >
        <span className="dot" aria-hidden="true" />
        {label}
      </button>
      {pos && (
        <span className="status-item" data-testid="queue-count" data-count={pos.queued}>
          {pos.queued === 0 ? 'Sin facturas en espera' : `${pos.queued} ${pos.queued === 1 ? 'factura' : 'facturas'} en espera`}
        </span>
      )}
      {pos?.activeEvent && (
        <span className="status-item shrink" data-testid="active-event" title={activeEventSummary(pos.activeEvent).title}>
          {activeEventSummary(pos.activeEvent).text}
        </span>
      )}
      {pos?.flush.running && (
        <span className="status-item" data-testid="flush-progress">
          Enviando al SIAT {pos.flush.sent}/{pos.flush.total}
        </span>
      )}
      <span className="spacer" />
      {status && (
        <span className="status-item muted" data-testid="siat-reachable" data-reachable={String(status.siatReachable)}>
          SIAT: {status.siatReachable ? 'responde' : 'no responde'}
        </span>
      )}
      <span className="status-item muted" title={streamConnected ? 'Eventos en vivo' : 'Actualización cada 10 s'}>
        {streamConnected ? '● en vivo' : '○ cada 10 s'}
      </span>
      {pos && <span className="status-item muted">Punto de venta {pos.code} · Sucursal {pos.branchCode}</span>}
      <button
        className="status-item assistant-button"
        data-testid="assistant-button"
        title="Ayuda SIAT: preguntas sobre la normativa y los códigos del SIAT"
        onClick={(e) => useAssistant.getState().toggle(e.currentTarget)}
      >
        <kbd>F1</kbd> Ayuda SIAT
      </button>
    </footer>
  );
}
