// Kipu Central on Estado de conexión (issue 15): when this till replicates to the head office,
// the last accepted push and the last error; a revoked credential is said plainly, because the
// till keeps selling and only a new credential makes it sync again.
import type { CentralSyncStatus } from '../../../shared/api-types';
import { formatDateTime } from '../format/dates';

export function CentralSyncCard({ central }: { central: CentralSyncStatus }) {
  const tone = central.credentialRevoked ? 'red' : central.lastError ? 'amber' : 'green';
  return (
    <div className={`card stat ${tone}`} data-testid="central-sync">
      <div className="stat-label">Kipu Central</div>
      <div className="stat-value" data-testid="central-sync-state">
        {central.credentialRevoked ? 'Credencial revocada' : central.lastError ? 'Sin sincronizar' : 'Sincronizada'}
      </div>
      <div className="muted small" data-testid="central-sync-last">
        Último envío: {central.lastPushAt ? formatDateTime(central.lastPushAt) : 'ninguno todavía'}
      </div>
      {central.lastError && (
        <div className="error-text small" data-testid="central-sync-error">
          {central.lastError}
        </div>
      )}
      {central.credentialRevoked && (
        <div className="small">Las ventas siguen y esperan en esta caja. Pida a la oficina central una credencial nueva para esta caja y configúrela.</div>
      )}
    </div>
  );
}
