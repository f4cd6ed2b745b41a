// Estado de conexión: mode of this point of sale, the contingency queue, manual start/end of
// a significant event, and the flush progress when invoices go to SIAT in packages.
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SiatMessage, TillQueue } from '../../../shared/api-types';
import { formatBs, toHundredths } from '../../../shared/money';
import { api } from '../api';
import { describeError } from '../api/errors';
import { ErrorList } from '../components/ErrorList';
import { formatDateTime } from '../format/dates';
import { FALLBACK_EVENT_REASONS, MODE_LABELS, invoiceStateLabel } from '../format/labels';
import { manualEventReasons } from './event-motives';
import { useCatalogs } from '../sync/catalogs-store';
import { currentPos, useSession } from '../session/session-store';
import { posStatusOf, useTillStatus } from './till-status-store';
import { CufdPanel } from '../sync/SyncScreen';
import { SiatErrorGuide } from '../assistant/SiatErrorGuide';
import { siatMessagesOfError } from '../assistant/siat-messages';
import { CafcPanel } from './CafcPanel';
import { CentralSyncCard } from './CentralSyncCard';

export function ConnectionScreen() {
  const posId = useSession((s) => s.posId);
  const { status, revision, engineReachable } = useTillStatus(
    useShallow((s) => ({ status: s.status, revision: s.revision, engineReachable: s.engineReachable })),
  );
  const pos = posStatusOf(status, posId);
  const [queue, setQueue] = useState<TillQueue | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [siat, setSiat] = useState<SiatMessage[]>([]);
  const cufdFailure = useTillStatus((s) => (posId ? s.cufdFailures[posId] : undefined));
  const [info, setInfo] = useState<string | null>(null);
  const [motivo, setMotivo] = useState(1);
  const [descripcion, setDescripcion] = useState('');
  const [busy, setBusy] = useState(false);
  const reasons = useCatalogs((s) => s.entries['significant-events']);

  useEffect(() => {
    void useCatalogs.getState().load('significant-events');
  }, []);

  useEffect(() => {
    if (!posId) return;
    api.tillQueue(posId).then(setQueue, (err) => setErrors(describeError(err)));
  }, [posId, revision, pos?.queued, pos?.flush.sent]);

  const act = async (fn: () => Promise<string>) => {
    setBusy(true);
    setErrors([]);
    setSiat([]);
    setInfo(null);
    try {
      setInfo(await fn());
      await useTillStatus.getState().refresh();
    } catch (err) {
      setErrors(describeError(err));
      setSiat(siatMessagesOfError(err));
    } finally {
      setBusy(false);
    }
  };

  const posInfo = currentPos();
  const list = manualEventReasons(reasons && reasons.length > 0 ? reasons : FALLBACK_EVENT_REASONS);
  const flushPct = pos && pos.flush.total > 0 ? Math.round((100 * pos.flush.sent) / pos.flush.total) : 0;

  return (
    <div className="page" data-testid="connection-screen">
      <h1>Estado de conexión</h1>
      <div className="cards">
        <div className={`card stat ${pos?.mode === 'CONTINGENCY' ? 'amber' : pos ? 'green' : ''}`}>
          <div className="stat-label">Modo del punto de venta</div>
          <div className="stat-value" data-testid="connection-mode">
            {!engineReachable ? 'Motor sin respuesta' : pos ? MODE_LABELS[pos.mode] : '—'}
          </div>
          <div className="muted small">{posInfo ? `${posInfo.name} · PV ${posInfo.code} · Sucursal ${posInfo.branchCode}` : ''}</div>
        </div>
        <div className="card stat">
          <div className="stat-label">SIAT</div>
          <div className="stat-value">{status ? (status.siatReachable ? 'Responde' : 'No responde') : '—'}</div>
          <button
            disabled={busy}
            data-testid="check-connection-button"
            onClick={() => void act(async () => ((await api.checkConnection()) ? 'El SIAT responde.' : 'El SIAT no responde.'))}
          >
            Probar conexión
          </button>
        </div>
        <div className="card stat">
          <div className="stat-label">Facturas en espera</div>
          <div className="stat-value" data-testid="connection-queued">
            {pos?.queued ?? '—'}
          </div>
          {pos?.flush.running && (
            <div className="progress" data-testid="flush-progress-bar" aria-valuenow={flushPct} role="progressbar">
              <div style={{ width: `${flushPct}%` }} />
              <span>
                Enviando {pos.flush.sent}/{pos.flush.total}
              </span>
            </div>
          )}
        </div>
        {status?.central && <CentralSyncCard central={status.central} />}
      </div>

      <ErrorList errors={errors} testId="connection-errors" />
      <SiatErrorGuide messages={siat} showSiatText={false} testId="connection-siat-guide" />
      {info && <div className="ok-box" data-testid="connection-info">{info}</div>}

      {cufdFailure && (
        <section className="panel" data-testid="cufd-failure">
          <h3>La renovación automática del CUFD falló</h3>
          <div className="error-text small">
            {formatDateTime(cufdFailure.at)} · Kipu lo vuelve a intentar solo. Detalle: {cufdFailure.reason}
          </div>
          <SiatErrorGuide messages={cufdFailure.siat} testId="cufd-failure-guide" />
        </section>
      )}
      <CufdPanel posId={posId ?? undefined} />

      <section className="panel">
        <h3>Evento significativo</h3>
        {pos?.activeEvent ? (
          <div className="row" data-testid="active-event-panel">
            <div className="grow">
              <strong>
                {pos.activeEvent.codigoMotivo} – {pos.activeEvent.descripcionMotivo}
              </strong>
              <div className="muted small">
                Desde {formatDateTime(pos.activeEvent.fechaInicio)} · CUFD del evento {pos.activeEvent.cufdEvento.slice(0, 16)}…
                {pos.activeEvent.codigoEventoSiat !== null && ` · Código SIAT ${pos.activeEvent.codigoEventoSiat}`}
              </div>
            </div>
            <button
              className="primary"
              disabled={busy || !posInfo}
              data-testid="end-event-button"
              onClick={() =>
                posInfo &&
                pos.activeEvent &&
                void act(async () => {
                  await api.endEvent({ posId: posInfo.id, branchId: posInfo.branchId, eventoId: pos.activeEvent!.id });
                  return 'Evento finalizado: las facturas en espera se enviarán al SIAT.';
                })
              }
            >
              Finalizar evento y enviar
            </button>
          </div>
        ) : (
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              if (!posInfo) return;
              void act(async () => {
                await api.startEvent({
                  posId: posInfo.id,
                  branchId: posInfo.branchId,
                  // The list is SIAT's catalog: its code goes as SIAT's, not as the seed's codigoMotivo.
                  codigoMotivoSiat: motivo,
                  descripcion: descripcion.trim() || (list.find((r) => r.codigo === motivo)?.descripcion ?? 'Contingencia'),
                });
                return 'Contingencia iniciada: las ventas se emiten fuera de línea.';
              });
            }}
          >
            <select aria-label="Motivo" data-testid="event-reason" value={motivo} onChange={(e) => setMotivo(Number(e.target.value))}>
              {list.map((r) => (
                <option key={r.codigo} value={r.codigo}>
                  {r.codigo} – {r.descripcion}
                </option>
              ))}
            </select>
            <input
              className="grow"
              placeholder="Descripción (opcional)"
              data-testid="event-description"
              value={descripcion}
              onChange={(e) => setDescripcion(e.target.value)}
            />
            <button type="submit" disabled={busy || !posInfo} data-testid="start-event-button">
              Iniciar contingencia
            </button>
          </form>
        )}
        <p className="muted small" data-testid="cafc-motives-hint">
          Sin energía, con el sistema o el equipo dañados (motivos 5 a 7) la caja no emite: se factura a mano con el talonario CAFC y luego se
          transcribe en{' '}
          <button
            type="button"
            className="link"
            data-testid="go-to-cafc"
            onClick={() => {
              const field = document.querySelector<HTMLElement>('[data-testid="cafc-code"]');
              field?.scrollIntoView({ block: 'center' });
              field?.focus();
            }}
          >
            Facturas manuales (CAFC)
          </button>
          .
        </p>
      </section>

      {posId && <CafcPanel posId={posId} />}

      <section className="panel">
        <h3>Cola de envío ({queue?.invoices.length ?? 0})</h3>
        <table className="grid">
          <thead>
            <tr>
              <th className="num">N°</th>
              <th>Fecha</th>
              <th>Cliente</th>
              <th className="num">Total</th>
              <th>Estado</th>
            </tr>
          </thead>
          <tbody>
            {queue?.invoices.map((i) => (
              <tr key={i.id} data-testid="queue-row">
                <td className="num mono">{i.invoiceNumber}</td>
                <td>{formatDateTime(i.emissionDate)}</td>
                <td>{i.clientBusinessName}</td>
                <td className="num">{formatBs(toHundredths(i.amountTotal) ?? 0)}</td>
                <td>
                  <span className={`state-tag ${i.state}`}>{invoiceStateLabel(i.state)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {queue && queue.invoices.length === 0 && <p className="empty">No hay facturas en espera.</p>}
        {queue && queue.events.length > 0 && (
          <>
            <h4>Eventos</h4>
            <ul className="events" data-testid="queue-events">
              {queue.events.map((e) => (
                <li key={e.id}>
                  {e.codigoMotivo} – {e.descripcionMotivo} · {formatDateTime(e.fechaInicio)} → {e.fechaFin ? formatDateTime(e.fechaFin) : 'activo'}
                  {e.codigoEventoSiat !== null && ` · SIAT ${e.codigoEventoSiat}`}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
