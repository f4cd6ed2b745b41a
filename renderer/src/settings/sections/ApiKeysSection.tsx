// Claves de API: the tenant's keys with their scopes; create one (shown once) or revoke one.
import { Fragment, useState } from 'react';
import { SCOPES, SCOPE_LABELS, type Scope } from '../../../../shared/api-scopes';
import { formatDateTime } from '../../format/dates';
import { useSettings } from '../settings-store';
import { OutcomeView, Section } from './Section';

/** Short names of the scopes for the keys table and the selector; the long ones are tooltips. */
const SCOPE_NAMES: Record<Scope, string> = { admin: 'Administración', till: 'Caja', integrator: 'Integración' };

export function ApiKeysSection() {
  const keys = useSettings((s) => s.apiKeys);
  const created = useSettings((s) => s.createdKey);
  const busy = useSettings((s) => s.busy['api-keys']);
  const outcome = useSettings((s) => s.outcomes['api-keys']);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('till');
  return (
    <Section title="Claves de API" testId="settings-api-keys">
      {/* At 1024 px a walk read «Administració n», «demo 2026 …» and «27/11/202 6»: only the name
          (typed by a person, of any length) wraps anywhere; the rest breaks between words or not at all. */}
      <table className="grid compact api-keys">
        <tbody>
          {keys.map((k) => (
            <tr key={k.id} data-testid="api-key-row">
              <td className="key-name">
                {k.name}
                <div className="muted small nowrap">Creada {formatDateTime(k.createdAt)}</div>
              </td>
              <td className="mono nowrap">{k.prefix ? `${k.prefix}…` : ''}</td>
              <td className="small" data-testid="api-key-scopes" title={(k.scopes ?? []).map((s) => SCOPE_LABELS[s]).join('\n')}>
                {(k.scopes ?? []).map((s, i) => (
                  <Fragment key={s}>
                    {i > 0 && ', '}
                    <span className="nowrap">{SCOPE_NAMES[s]}</span>
                  </Fragment>
                ))}
              </td>
              <td>
                <button
                  className="danger"
                  disabled={busy}
                  data-testid="api-key-delete"
                  onClick={() => {
                    if (!window.confirm(`¿Revocar la clave "${k.name}"? Los sistemas que la usan dejarán de funcionar.`)) return;
                    void useSettings.getState().revokeApiKey(k);
                  }}
                >
                  Revocar
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return;
          void useSettings
            .getState()
            .createApiKey(name, scope)
            .then((ok) => ok && setName(''));
        }}
      >
        <input className="grow" placeholder="Nombre (ej. ERP, tienda web)" data-testid="api-key-name" value={name} onChange={(e) => setName(e.target.value)} />
        <select aria-label="Ámbito de la clave" data-testid="api-key-scope" value={scope} title={SCOPE_LABELS[scope]} onChange={(e) => setScope(e.target.value as Scope)}>
          {SCOPES.map((s) => (
            <option key={s} value={s}>
              {SCOPE_NAMES[s]}
            </option>
          ))}
        </select>
        <button type="submit" disabled={busy} data-testid="api-key-create">
          Crear clave
        </button>
      </form>
      {created && (
        <div className="ok-box">
          <code className="break" data-testid="api-key-created">
            {created}
          </code>{' '}
          <button onClick={() => void navigator.clipboard?.writeText(created)}>Copiar</button>
        </div>
      )}
      <OutcomeView outcome={outcome} testId="api-keys" />
    </Section>
  );
}
