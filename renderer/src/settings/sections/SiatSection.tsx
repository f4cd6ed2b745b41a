// Credenciales SIAT: the service URL and the delegated token (write-only: the engine only says
// whether one is set).
import { useState } from 'react';
import { useSettings } from '../settings-store';
import { OutcomeView, Section } from './Section';

export function SiatSection() {
  const tokenSet = useSettings((s) => s.siat?.tokenSet ?? false);
  const url = useSettings((s) => s.siatUrl);
  const busy = useSettings((s) => s.busy.siat);
  const outcome = useSettings((s) => s.outcomes.siat);
  const [token, setToken] = useState('');
  return (
    <Section title="Credenciales SIAT" testId="settings-siat">
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void useSettings
            .getState()
            .saveSiat(token)
            .then((ok) => ok && setToken(''));
        }}
      >
        <label className="field span2">
          <span>URL del SIAT (hasta /v2)</span>
          <input
            data-testid="siat-url"
            value={url}
            onChange={(e) => useSettings.getState().setSiatUrl(e.target.value)}
            placeholder="https://pilotosiatservicios.impuestos.gob.bo/v2"
          />
        </label>
        <label className="field span2">
          <span>Token delegado del SIN {tokenSet ? '(ya cargado; deje vacío para mantenerlo)' : '(falta cargarlo)'}</span>
          <input data-testid="siat-token" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} />
          {/* What it is, for whoever reads the name for the first time (a walk). */}
          <span className="muted small">La clave que el SIN entrega en su portal para que Kipu facture en nombre del contribuyente.</span>
        </label>
        <div className="span2">
          <OutcomeView outcome={outcome} testId="siat" />
          <button className="primary" type="submit" disabled={busy} data-testid="siat-save">
            Guardar
          </button>
        </div>
      </form>
    </Section>
  );
}
