// Configuración: taxpayer profile (environment, modality), SIAT credentials, certificate,
// printer and test print, logo, API keys, and the till's UI preferences.
import { useEffect, useState, type ReactNode } from 'react';
import type { ApiKeyInfo, PrinterSettings, SiatSettingsView, TaxpayerSettings } from '../../../shared/api-types';
import { SCOPES, SCOPE_LABELS, type Scope } from '../../../shared/api-scopes';
import { api } from '../api';
import { describeError } from '../api/errors';
import { ErrorList } from '../components/ErrorList';
import { formatDate, formatDateTime } from '../format/dates';
import { usePrefs } from '../stores/prefs';
import { useSession } from '../stores/session';
import { desktopBridge } from '../app/desktop-bridge';

type Outcome = { ok: string } | { errors: string[] } | null;

function useAction() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (fn: () => Promise<string>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ ok: await fn() });
    } catch (err) {
      setOutcome({ errors: describeError(err) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, run, setOutcome };
}

function OutcomeView({ outcome, testId }: { outcome: Outcome; testId: string }) {
  if (!outcome) return null;
  if ('ok' in outcome) return <div className="ok-box" data-testid={`${testId}-ok`}>{outcome.ok}</div>;
  return <ErrorList errors={outcome.errors} testId={`${testId}-error`} />;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="panel settings-section" data-testid={testId}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

export function SettingsScreen() {
  return (
    <div className="page settings" data-testid="settings-screen">
      <h1>Configuración</h1>
      <div className="settings-grid">
        <TaxpayerSection />
        <SiatSection />
        <CertificateSection />
        <PrinterSection />
        <LogoSection />
        <ApiKeysSection />
        <TillSection />
      </div>
    </div>
  );
}

const EMPTY_TAXPAYER: TaxpayerSettings = {
  nit: '',
  razonSocial: '',
  municipio: '',
  direccion: '',
  telefono: '',
  codigoSistema: '',
  ambiente: 2,
  modalidad: 2,
};

function TaxpayerSection() {
  const [t, setT] = useState<TaxpayerSettings>(EMPTY_TAXPAYER);
  const { busy, outcome, run, setOutcome } = useAction();
  useEffect(() => {
    api.taxpayer().then(setT, (err) => setOutcome({ errors: describeError(err) }));
  }, [setOutcome]);
  const field = (key: keyof TaxpayerSettings, label: string, wide = false) => (
    <label className={`field ${wide ? 'span2' : ''}`}>
      <span>{label}</span>
      <input data-testid={`taxpayer-${key}`} value={String(t[key])} onChange={(e) => setT({ ...t, [key]: e.target.value })} />
    </label>
  );
  return (
    <Section title="Contribuyente" testId="settings-taxpayer">
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            setT(await api.saveTaxpayer(t));
            return 'Datos del contribuyente guardados.';
          });
        }}
      >
        {field('nit', 'NIT')}
        {field('codigoSistema', 'Código de sistema')}
        {field('razonSocial', 'Razón social', true)}
        {field('municipio', 'Municipio')}
        {field('telefono', 'Teléfono')}
        {field('direccion', 'Dirección', true)}
        <label className="field">
          <span>Ambiente</span>
          <select data-testid="taxpayer-ambiente" value={t.ambiente} onChange={(e) => setT({ ...t, ambiente: Number(e.target.value) as 1 | 2 })}>
            <option value={2}>2 – Pruebas (piloto)</option>
            <option value={1}>1 – Producción</option>
          </select>
        </label>
        <label className="field">
          <span>Modalidad</span>
          <select data-testid="taxpayer-modalidad" value={t.modalidad} onChange={(e) => setT({ ...t, modalidad: Number(e.target.value) as 1 | 2 })}>
            <option value={1}>1 – Electrónica en línea</option>
            <option value={2}>2 – Computarizada en línea</option>
          </select>
        </label>
        {t.ambiente === 1 && <p className="warn-text span2">Producción: las facturas tendrán validez fiscal.</p>}
        <div className="span2">
          <OutcomeView outcome={outcome} testId="taxpayer" />
          <button className="primary" type="submit" disabled={busy} data-testid="taxpayer-save">
            Guardar
          </button>
        </div>
      </form>
    </Section>
  );
}

function SiatSection() {
  const [view, setView] = useState<SiatSettingsView | null>(null);
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const { busy, outcome, run } = useAction();
  useEffect(() => {
    api.siatSettings().then(
      (v) => {
        setView(v);
        setUrl(v.url);
      },
      () => setView(null),
    );
  }, []);
  return (
    <Section title="Credenciales SIAT" testId="settings-siat">
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            const v = await api.saveSiat(token.trim() ? { url: url.trim(), token: token.trim() } : { url: url.trim() });
            setView(v);
            setToken('');
            return 'Credenciales del SIAT guardadas.';
          });
        }}
      >
        <label className="field span2">
          <span>URL del SIAT (hasta /v2)</span>
          <input data-testid="siat-url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://pilotosiatservicios.impuestos.gob.bo/v2" />
        </label>
        <label className="field span2">
          <span>Token delegado {view?.tokenSet ? '(configurado; deje vacío para mantenerlo)' : '(no configurado)'}</span>
          <input data-testid="siat-token" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} />
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

function readBase64(file: File): Promise<string> {
  return file.arrayBuffer().then((buf) => {
    const bytes = new Uint8Array(buf);
    let bin = '';
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(bin);
  });
}

function CertificateSection() {
  const [kind, setKind] = useState<'p12' | 'pem'>('p12');
  const [p12, setP12] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [keyPem, setKeyPem] = useState<File | null>(null);
  const [certPem, setCertPem] = useState<File | null>(null);
  const { busy, outcome, run } = useAction();
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
          void run(async () => {
            const info =
              kind === 'p12'
                ? await (async () => {
                    if (!p12) throw new Error('Elija el archivo .p12');
                    return api.uploadCertificate({ p12Base64: await readBase64(p12), password });
                  })()
                : await (async () => {
                    if (!keyPem || !certPem) throw new Error('Elija la clave y el certificado PEM');
                    return api.uploadCertificate({ keyPem: await keyPem.text(), certPem: await certPem.text() });
                  })();
            setPassword('');
            return `Certificado cargado: ${info.subject}, válido hasta ${formatDate(info.notAfter)}.`;
          });
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

const DEFAULT_PRINTER: PrinterSettings = {
  type: 'epson',
  interface: 'tcp://192.168.1.100:9100',
  width: 48,
  characterSet: 'PC850_MULTILINGUAL',
  drawerKick: false,
  printOnIssue: true,
  qr: 'native',
};

function PrinterSection() {
  const [p, setP] = useState<PrinterSettings>(DEFAULT_PRINTER);
  const { busy, outcome, run } = useAction();
  useEffect(() => {
    api.printer().then(setP, () => undefined);
  }, []);
  return (
    <Section title="Impresora de tickets" testId="settings-printer">
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            setP(await api.savePrinter(p));
            return 'Impresora guardada.';
          });
        }}
      >
        <label className="field">
          <span>Tipo</span>
          <select data-testid="printer-type" value={p.type} onChange={(e) => setP({ ...p, type: e.target.value as PrinterSettings['type'] })}>
            <option value="epson">Epson (ESC/POS)</option>
            <option value="star">Star</option>
          </select>
        </label>
        <label className="field">
          <span>Ancho</span>
          <select data-testid="printer-width" value={p.width} onChange={(e) => setP({ ...p, width: Number(e.target.value) as 48 | 42 })}>
            <option value={48}>48 columnas (80 mm)</option>
            <option value={42}>42 columnas</option>
          </select>
        </label>
        <label className="field span2">
          <span>Conexión (tcp://host:9100, /dev/usb/lp0 o printer:Nombre)</span>
          <input data-testid="printer-interface" value={p.interface} onChange={(e) => setP({ ...p, interface: e.target.value })} />
        </label>
        <label className="field">
          <span>Juego de caracteres</span>
          <input data-testid="printer-charset" value={p.characterSet} onChange={(e) => setP({ ...p, characterSet: e.target.value })} />
        </label>
        <label className="field">
          <span>QR</span>
          <select data-testid="printer-qr" value={p.qr} onChange={(e) => setP({ ...p, qr: e.target.value as PrinterSettings['qr'] })}>
            <option value="native">Nativo de la impresora</option>
            <option value="image">Imagen</option>
          </select>
        </label>
        <label className="check">
          <input type="checkbox" data-testid="printer-print-on-issue" checked={p.printOnIssue} onChange={(e) => setP({ ...p, printOnIssue: e.target.checked })} />
          Imprimir al emitir
        </label>
        <label className="check">
          <input type="checkbox" data-testid="printer-drawer" checked={p.drawerKick} onChange={(e) => setP({ ...p, drawerKick: e.target.checked })} />
          Abrir cajón de dinero
        </label>
        <div className="span2">
          <OutcomeView outcome={outcome} testId="printer" />
          <div className="row">
            <button className="primary" type="submit" disabled={busy} data-testid="printer-save">
              Guardar
            </button>
            <button
              type="button"
              disabled={busy}
              data-testid="printer-test"
              onClick={() =>
                void run(async () => {
                  const r = await api.testPrinter();
                  if (!r.printed) throw new Error(r.detail || 'La impresora no respondió.');
                  return 'Página de prueba impresa.';
                })
              }
            >
              Imprimir prueba
            </button>
          </div>
        </div>
      </form>
    </Section>
  );
}

const LOGO_MAX_BYTES = 500 * 1024; // seed: Limits — recommended logo at most 500 KB

function LogoSection() {
  const tenantId = useSession((s) => s.config?.tenantId ?? null);
  const { busy, outcome, run } = useAction();
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
          void run(async () => {
            if (f.type && f.type !== 'image/png') throw new Error('El logo debe ser un archivo PNG.');
            if (f.size > LOGO_MAX_BYTES) throw new Error('El logo supera 500 KB.');
            if (!tenantId) throw new Error('El motor no informó el identificador de la empresa (tenantId).');
            const r = await api.uploadLogo(tenantId, f);
            setPreview(URL.createObjectURL(f));
            return `Logo cargado (${Math.round(r.size / 1024)} KB).`;
          });
        }}
      />
      {preview && <img src={preview} alt="Logo" className="logo-preview" />}
      <OutcomeView outcome={outcome} testId="logo" />
    </Section>
  );
}

/** Short names of the scopes for the keys table and the selector; the long ones are tooltips. */
const SCOPE_NAMES: Record<Scope, string> = { admin: 'Administración', till: 'Caja', integrator: 'Integración' };

function ApiKeysSection() {
  const [keys, setKeys] = useState<ApiKeyInfo[]>([]);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('till');
  const [created, setCreated] = useState<string | null>(null);
  const { busy, outcome, run } = useAction();
  const reload = () => api.apiKeys().then(setKeys, () => setKeys([]));
  useEffect(() => {
    void reload();
  }, []);
  return (
    <Section title="Claves de API" testId="settings-api-keys">
      <table className="grid compact">
        <tbody>
          {keys.map((k) => (
            <tr key={k.id} data-testid="api-key-row">
              <td>{k.name}</td>
              <td className="mono">{k.prefix ? `${k.prefix}…` : ''}</td>
              <td className="small" data-testid="api-key-scopes" title={(k.scopes ?? []).map((s) => SCOPE_LABELS[s]).join('\n')}>
                {(k.scopes ?? []).map((s) => SCOPE_NAMES[s]).join(', ')}
              </td>
              <td className="small">Creada {formatDateTime(k.createdAt)}</td>
              <td>
                <button
                  className="danger"
                  disabled={busy}
                  data-testid="api-key-delete"
                  onClick={() => {
                    if (!window.confirm(`¿Revocar la clave "${k.name}"? Los sistemas que la usan dejarán de funcionar.`)) return;
                    void run(async () => {
                      await api.deleteApiKey(k.id);
                      await reload();
                      return `Clave "${k.name}" revocada.`;
                    });
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
          void run(async () => {
            const r = await api.createApiKey(name.trim(), [scope]);
            setCreated(r.key);
            setName('');
            await reload();
            return 'Clave creada. Cópiela ahora: no se volverá a mostrar.';
          });
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

function TillSection() {
  const showKeyHints = usePrefs((s) => s.showKeyHints);
  const config = useSession((s) => s.config);
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
      <button onClick={() => useSession.getState().changePos()} data-testid="change-pos-button">
        Cambiar punto de venta
      </button>
    </Section>
  );
}
