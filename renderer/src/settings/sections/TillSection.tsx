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
      <p className="muted small">
        Motor {config?.version ?? '—'}
        {appVersion ? ` · Aplicación de escritorio ${appVersion}` : ' · Modo navegador'}
        {config?.training ? ' · MODO ENTRENAMIENTO' : ''}
      </p>
      <ChangePos allowed={mayChangePos(person)} />
    </Section>
  );
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
