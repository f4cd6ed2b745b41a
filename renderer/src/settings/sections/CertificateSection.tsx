// Certificado digital: the signing certificate of the modalidad electrónica, as .p12 or PEM.
import { useState } from 'react';
import { useSettings } from '../settings-store';
import { OutcomeView, Section } from './Section';

export function CertificateSection() {
  const busy = useSettings((s) => s.busy.certificate);
  const outcome = useSettings((s) => s.outcomes.certificate);
  const [kind, setKind] = useState<'p12' | 'pem'>('p12');
  const [p12, setP12] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [keyPem, setKeyPem] = useState<File | null>(null);
  const [certPem, setCertPem] = useState<File | null>(null);
  return (
    <Section title="Certificado digital (modalidad electrónica)" testId="settings-certificate">
      <div className="row segmented">
        <label className={kind === 'p12' ? 'on' : ''}>
          <input type="radio" checked={kind === 'p12'} onChange={() => setKind('p12')} /> Archivo .p12 / .pfx
        </label>
        <label className={kind === 'pem' ? 'on' : ''}>
          <input type="radio" checked={kind === 'pem'} onChange={() => setKind('pem')} /> Clave y certificado PEM
        </label>
      </div>
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void useSettings
            .getState()
            .uploadCertificate(kind === 'p12' ? { kind, p12, password } : { kind, keyPem, certPem })
            .then((ok) => ok && setPassword(''));
        }}
      >
        {kind === 'p12' ? (
          <>
            <label className="field span2">
              <span>Archivo</span>
              <input type="file" accept=".p12,.pfx" data-testid="certificate-p12" onChange={(e) => setP12(e.target.files?.[0] ?? null)} />
            </label>
            <label className="field span2">
              <span>Contraseña</span>
              <input type="password" autoComplete="off" data-testid="certificate-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </label>
          </>
        ) : (
          <>
            <label className="field">
              <span>Clave privada (.pem)</span>
              <input type="file" accept=".pem,.key" data-testid="certificate-key" onChange={(e) => setKeyPem(e.target.files?.[0] ?? null)} />
            </label>
            <label className="field">
              <span>Certificado (.pem / .crt)</span>
              <input type="file" accept=".pem,.crt,.cer" data-testid="certificate-cert" onChange={(e) => setCertPem(e.target.files?.[0] ?? null)} />
            </label>
          </>
        )}
        <div className="span2">
          <OutcomeView outcome={outcome} testId="certificate" />
          <button className="primary" type="submit" disabled={busy} data-testid="certificate-upload">
            Cargar certificado
          </button>
        </div>
      </form>
    </Section>
  );
}
