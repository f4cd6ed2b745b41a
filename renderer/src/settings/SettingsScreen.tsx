// Configuración: taxpayer profile (environment, modality), SIAT credentials, certificate,
// printer and test print, logo, API keys (settings-store.ts, the administrator's), and the
// till's UI preferences (prefs-store.ts). A key without the admin scope sees one notice in place
// of the administrator's sections; the till's own section stays.
import { useEffect } from 'react';
import { useSession } from '../session/session-store';
import { ADMIN_SCOPE_NEEDED, useSettings, type SettingsAccess } from './settings-store';
import { ApiKeysSection } from './sections/ApiKeysSection';
import { CertificateSection } from './sections/CertificateSection';
import { LogoSection } from './sections/LogoSection';
import { PrinterSection } from './sections/PrinterSection';
import { SiatSection } from './sections/SiatSection';
import { TaxpayerSection } from './sections/TaxpayerSection';
import { TillSection } from './sections/TillSection';

export function SettingsScreen() {
  const access = useSettings((s) => s.access);
  useEffect(() => {
    void useSettings.getState().enter();
  }, []);
  return <SettingsView access={access} />;
}

/** The screen for a given access (rendered without the engine by test/renderer/settings). */
export function SettingsView({ access }: { access: SettingsAccess }) {
  return (
    <div className="page settings" data-testid="settings-screen">
      <h1>Configuración</h1>
      <div className="settings-grid">
        {access === 'forbidden' && <AdminScopeNotice />}
        {access === 'loading' && (
          <p className="muted settings-notice" data-testid="settings-loading">
            Cargando la configuración…
          </p>
        )}
        {access === 'ready' && (
          <>
            <TaxpayerSection />
            <SiatSection />
            <CertificateSection />
            <PrinterSection />
            <LogoSection />
            <ApiKeysSection />
          </>
        )}
        <TillSection />
      </div>
    </div>
  );
}

function AdminScopeNotice() {
  return (
    <section className="panel warn-box settings-notice" role="status" data-testid="settings-forbidden">
      <h3>Configuración del negocio</h3>
      <p>{ADMIN_SCOPE_NEEDED}</p>
      <button onClick={() => useSession.getState().logout()} data-testid="settings-forbidden-login">
        Ingresar con otra clave
      </button>
    </section>
  );
}
