// Correo: the store's own SMTP server (PUT /api/v1/settings/smtp), with which "Reenviar por
// correo" sends the invoice. The password is write-only: the engine only says whether one is kept.
import { useState } from 'react';
import { useSettings } from '../settings-store';
import { OutcomeView, Section } from './Section';

export function SmtpSection() {
  const f = useSettings((s) => s.smtp);
  const view = useSettings((s) => s.smtpView);
  const busy = useSettings((s) => s.busy.smtp);
  const outcome = useSettings((s) => s.outcomes.smtp);
  const { setSmtp } = useSettings.getState();
  const [password, setPassword] = useState('');
  return (
    <Section title="Correo" testId="settings-smtp">
      <p className="muted small" data-testid="smtp-status">
        {view?.effectiveSource === 'tenant'
          ? 'Las facturas se reenvían con este servidor.'
          : view?.effectiveSource === 'env'
            ? 'Hoy se usa el servidor de correo del equipo; guarde uno propio para la empresa.'
            : 'Sin servidor de correo: "Reenviar por correo" no funciona hasta que lo configure.'}
      </p>
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void useSettings
            .getState()
            .saveSmtp(password)
            .then((ok) => ok && setPassword(''));
        }}
      >
        <label className="field">
          <span>Servidor SMTP</span>
          <input data-testid="smtp-host" value={f.host} onChange={(e) => setSmtp({ host: e.target.value })} placeholder="smtp.empresa.bo" autoComplete="off" />
        </label>
        <label className="field">
          <span>Puerto</span>
          <input data-testid="smtp-port" inputMode="numeric" value={f.port} onChange={(e) => setSmtp({ port: e.target.value })} />
        </label>
        <label className="check span2">
          <input type="checkbox" data-testid="smtp-secure" checked={f.secure} onChange={(e) => setSmtp({ secure: e.target.checked })} />
          TLS directo (puerto 465); sin marcar, STARTTLS si el servidor lo ofrece (587)
        </label>
        <label className="field">
          <span>Usuario</span>
          <input data-testid="smtp-user" value={f.user} onChange={(e) => setSmtp({ user: e.target.value })} autoComplete="off" />
        </label>
        <label className="field">
          <span>Contraseña {view?.passwordSet ? '(guardada; vacío la mantiene)' : ''}</span>
          <input data-testid="smtp-password" type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <label className="field span2">
          <span>Remitente</span>
          <input data-testid="smtp-from" value={f.from} onChange={(e) => setSmtp({ from: e.target.value })} placeholder="Facturas Empresa <facturas@empresa.bo>" />
        </label>
        <div className="span2">
          <OutcomeView outcome={outcome} testId="smtp" />
          <button className="primary" type="submit" disabled={busy} data-testid="smtp-save">
            Guardar
          </button>
        </div>
      </form>
    </Section>
  );
}
