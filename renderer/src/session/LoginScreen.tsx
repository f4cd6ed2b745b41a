// Who opens the till. A person logs in with user and PIN at the point of sale this till remembers
// (issue 27); the API key stays for the till's first set-up (choosing its point of sale) and for
// integrations. In training the API key is prefilled with the demo key and the demo people's PINs
// are shown.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useSession } from './session-store';
import type { TillConfig } from '../../../shared/api-types';

export interface LoginViewProps {
  config: TillConfig | null;
  configError: string | null;
  loginError: string | null;
  busy: boolean;
  apiKey: string | null;
  /** The point of sale this till remembers: a person can log in with PIN only there. */
  posId: string | null;
  /** The till was last opened by a person's PIN: the form starts there. */
  preferPin: boolean;
  /** The till locked itself (idle) with this person at it: their PIN is asked, the sale waits. */
  locked?: { login: string; name: string } | null;
}

export function LoginScreen() {
  const props = useSession(
    useShallow((s) => ({ config: s.config, configError: s.configError, loginError: s.loginError, busy: s.busy, apiKey: s.apiKey, posId: s.posId, preferPin: s.preferPin, locked: s.locked })),
  );
  return <LoginView {...props} />;
}

export function LoginView({ config, configError, loginError, busy, apiKey, posId, preferPin, locked = null }: LoginViewProps) {
  const [withKey, setWithKey] = useState(posId === null || (!preferPin && !locked));
  const [key, setKey] = useState(apiKey ?? (config?.training ? config.demoApiKey ?? '' : ''));
  const [user, setUser] = useState(locked?.login ?? '');
  const [pin, setPin] = useState('');
  const pinMode = !withKey && posId !== null;

  return (
    <div className="center-card" data-testid="login-screen">
      <form
        className="card login"
        onSubmit={(e) => {
          e.preventDefault();
          if (pinMode) void useSession.getState().loginWithPin(user, pin).then((ok) => ok || setPin(''));
          else void useSession.getState().login(key);
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
        {pinMode && locked && (
          <div className="warn-box" data-testid="till-locked">
            Caja bloqueada — {locked.name}. Otra persona puede ingresar con su usuario: la venta en curso queda en espera.
          </div>
        )}
        {pinMode ? (
          <>
            {/* Keyed: without a key React would keep the key mode's first input for this one, and its autoFocus would not move the cursor here. */}
            <label className="field" key="user">
              <span>Usuario</span>
              <input autoFocus={!locked} autoComplete="username" data-testid="user-input" value={user} onChange={(e) => setUser(e.target.value)} />
            </label>
            <label className="field">
              <span>PIN</span>
              <input
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={6}
                autoFocus={!!locked}
                data-testid="pin-input"
                value={pin}
                onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
              />
            </label>
            {config?.training && config.demoUsers && config.demoUsers.length > 0 && (
              <p className="hint" data-testid="demo-users-hint">
                {/* Each person on one line: «PIN 9999» never breaks (issue 24, set 12). */}
                Modo entrenamiento:{' '}
                {config.demoUsers.map((u, i) => (
                  <span key={u.login}>
                    {i > 0 && ' · '}
                    <span className="nowrap">{`usuario ${u.login}, PIN ${u.pin}`}</span>
                  </span>
                ))}
              </p>
            )}
          </>
        ) : (
          <>
            <label className="field" key="api-key">
              {/* A cashier reads it: what the key is and who has it (a walk). */}
              <span>Clave de la tienda (clave de API)</span>
              <input autoFocus type="password" autoComplete="off" data-testid="api-key-input" value={key} onChange={(e) => setKey(e.target.value)} />
            </label>
            {!config?.demoApiKey && (
              <p className="muted small" data-testid="api-key-hint">
                La tiene el administrador de la tienda: con ella abre esta caja una vez; luego cada cajero ingresa con su usuario y su PIN.
              </p>
            )}
            {config?.training && config.demoApiKey && (
              <p className="hint" data-testid="demo-key-hint">
                Modo entrenamiento: se completó la clave de demostración.
              </p>
            )}
          </>
        )}
        {loginError && (
          <div className="error-box" role="alert" data-testid="login-error">
            {loginError}
          </div>
        )}
        <button className="primary" type="submit" disabled={busy} data-testid="login-button">
          {busy ? 'Ingresando…' : 'Ingresar'}
        </button>
        {posId !== null && (
          <button type="button" className="ghost" data-testid="login-mode-toggle" onClick={() => setWithKey(!withKey)}>
            {pinMode ? 'Ingresar con clave de API' : 'Ingresar con usuario y PIN'}
          </button>
        )}
        {config && <p className="muted small">Versión {config.version}</p>}
      </form>
    </div>
  );
}
