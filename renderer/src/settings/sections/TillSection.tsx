// Esta caja: this till's own UI preferences and versions. Needs no admin scope, so it stays
// usable with a till key.
import { useEffect, useState } from 'react';
import { desktopBridge } from '../../api/desktop-bridge';
import { mayChangePos, useSession } from '../../session/session-store';
import { usePrefs } from '../prefs-store';
import { Section } from './Section';

export function TillSection() {
  const showKeyHints = usePrefs((s) => s.showKeyHints);
  const config = useSession((s) => s.config);
  const person = useSession((s) => s.person);
  const [appVersion, setAppVersion] = useState<string | null>(null);
  useEffect(() => {
    desktopBridge()
      ?.appInfo()
      .then((i) => setAppVersion(`${i.version} (${i.platform})`), () => undefined);
  }, []);
  return (
    <Section title="Esta caja" testId="settings-till">
      <label className="check">
        <input type="checkbox" checked={showKeyHints} onChange={(e) => usePrefs.getState().setShowKeyHints(e.target.checked)} data-testid="pref-key-hints" />
        Mostrar la barra de atajos en Venta
      </label>
      {/* In a cashier's words (a walk read «Motor 0.1.0 · Modo navegador» as jargon): which Kipu, opened where. */}
      <p className="muted small" data-testid="till-version">
        {versionText(config?.version ?? null, appVersion)}
        {config?.training ? ' · Modo entrenamiento' : ''}
      </p>
      <ChangePos allowed={mayChangePos(person)} />
    </Section>
  );
}

/** «Kipu 0.1.0, abierto en el navegador» or «… en la aplicación de escritorio 0.1.0 (linux)». */
export function versionText(engineVersion: string | null, appVersion: string | null): string {
  return `Kipu ${engineVersion ?? '—'}, abierto ${appVersion ? `en la aplicación de escritorio ${appVersion}` : 'en el navegador'}`;
}

/** «Cambiar punto de venta» for whoever may (decision 0087); for the others, who does it. */
export function ChangePos({ allowed }: { allowed: boolean }) {
  return allowed ? (
    <button onClick={() => useSession.getState().changePos()} data-testid="change-pos-button">
      Cambiar punto de venta
    </button>
  ) : (
    <p className="muted small" data-testid="change-pos-admin">
      El punto de venta de esta caja lo cambia un administrador.
    </p>
  );
}
