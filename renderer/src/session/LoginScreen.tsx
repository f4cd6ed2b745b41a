// "Clave de API": prefilled with the demo key in training mode; kept in localStorage.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useSession } from './session-store';

export function LoginScreen() {
  const { config, configError, loginError, busy, apiKey } = useSession(
    useShallow((s) => ({ config: s.config, configError: s.configError, loginError: s.loginError, busy: s.busy, apiKey: s.apiKey })),
  );
  const [key, setKey] = useState(apiKey ?? (config?.training ? config.demoApiKey ?? '' : ''));

  return (
    <div className="center-card" data-testid="login-screen">
      <form
        className="card login"
        onSubmit={(e) => {
          e.preventDefault();
          void useSession.getState().login(key);
        }}
      >
        <h1>Kipu</h1>
        <p className="muted">
          {config?.taxpayer ? `${config.taxpayer.razonSocial} · NIT ${config.taxpayer.nit}` : 'Punto de venta con facturación SIAT'}
        </p>
        {configError && (
          <div className="error-box" role="alert" data-testid="config-error">
            {configError}{' '}
            <button type="button" onClick={() => void useSession.getState().init()}>
              Reintentar
            </button>
          </div>
        )}
        <label className="field">
          <span>Clave de API</span>
          <input
            autoFocus
            type="password"
            autoComplete="off"
            data-testid="api-key-input"
            value={key}
            onChange={(e) => setKey(e.target.value)}
          />
        </label>
        {config?.training && config.demoApiKey && (
          <p className="hint" data-testid="demo-key-hint">
            Modo entrenamiento: se completó la clave de demostración.
          </p>
        )}
        {loginError && (
          <div className="error-box" role="alert" data-testid="login-error">
            {loginError}
          </div>
        )}
        <button className="primary" type="submit" disabled={busy} data-testid="login-button">
          {busy ? 'Ingresando…' : 'Ingresar'}
        </button>
        {config && <p className="muted small">Versión {config.version}</p>}
      </form>
    </div>
  );
}
