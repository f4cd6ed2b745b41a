// Logo para facturas PDF: a PNG stored under the tenant's brand folder.
import { useState } from 'react';
import { useSession } from '../../session/session-store';
import { useSettings } from '../settings-store';
import { OutcomeView, Section } from './Section';

export function LogoSection() {
  const tenantId = useSession((s) => s.config?.tenantId ?? null);
  const busy = useSettings((s) => s.busy.logo);
  const outcome = useSettings((s) => s.outcomes.logo);
  const [preview, setPreview] = useState<string | null>(null);
  return (
    <Section title="Logo para facturas PDF" testId="settings-logo">
      <p className="muted small">PNG con fondo transparente, hasta 500 KB, al menos 200×200 px.</p>
      <input
        type="file"
        accept="image/png"
        data-testid="logo-input"
        disabled={busy}
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (!f) return;
          void useSettings
            .getState()
            .uploadLogo(f, tenantId)
            .then((ok) => ok && setPreview(URL.createObjectURL(f)));
        }}
      />
      {preview && <img src={preview} alt="Logo" className="logo-preview" />}
      <OutcomeView outcome={outcome} testId="logo" />
    </Section>
  );
}
