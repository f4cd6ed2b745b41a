// Configuración: taxpayer profile (environment, modality), SIAT credentials, certificate,
// printer and test print, logo, e-mail (SMTP), the store's people (people-store.ts), API keys
// (settings-store.ts, the administrator's), and the
// till's UI preferences (prefs-store.ts). A key without the admin scope sees one notice in place
// of the administrator's sections; the till's own section stays.
import { useEffect, useState } from 'react';
import { useSession } from '../session/session-store';
import { useScreenRequest } from '../components/screen-request';
import { roleAtLeast } from '../../../shared/till-roles';
import { focusScreenStart } from '../components/screen-focus';
import { ADMIN_SCOPE_NEEDED, SMTP_ADMIN_NEEDED, useSettings, type SettingsAccess, type SettingsSection } from './settings-store';
import { ApiKeysSection } from './sections/ApiKeysSection';
import { CashierPolicySection } from './sections/CashierPolicySection';
import { CertificateSection } from './sections/CertificateSection';
import { LogoSection } from './sections/LogoSection';
import { PeopleSection } from './sections/PeopleSection';
import { PrinterSection } from './sections/PrinterSection';
import { SiatSection } from './sections/SiatSection';
import { SmtpSection } from './sections/SmtpSection';
import { TaxpayerSection } from './sections/TaxpayerSection';
import { TillSection } from './sections/TillSection';

export function SettingsScreen() {
  const access = useSettings((s) => s.access);
  const requested = useSettings((s) => s.requested);
  // This visit's answers are in: the store may still say 'ready' from an earlier visit, whose
  // sections are about to be replaced by the "loading" notice.
  const [entered, setEntered] = useState(false);
  useEffect(() => {
    void useSettings
      .getState()
      .enter()
      .then(() => setEntered(true));
    return () => useSettings.getState().request(null);
  }, []);
  // Arrived with nothing asked: the first field once the sections are in (the arrival could only
  // focus this till's own section, the one there while loading), unless the person moved on.
  useEffect(() => {
    if (entered && !useSettings.getState().requested) focusScreenStart('untouched');
  }, [entered]);
  // Sent here for one section (Facturas → "Configurar el correo"): bring it into view, its first field focused.
  useEffect(() => {
    if (!entered || access !== 'ready' || !requested) return;
    const section = document.querySelector<HTMLElement>(`[data-testid="settings-${requested}"]`);
    section?.scrollIntoView({ block: 'start' });
    section?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    useSettings.getState().request(null);
  }, [entered, access, requested]);
  // Until this visit's answers are in, the sections are not shown: the store still says 'ready'
  // from the last visit for one render, and the arrival focused their first field, which then
  // vanished with them, leaving the keyboard on «Mostrar la barra de atajos» far below (a walk).
  return <SettingsView access={entered ? access : 'loading'} requested={requested} />;
}

/** The screen for a given access (rendered without the engine by test/renderer/settings). */
export function SettingsView({ access, requested = null }: { access: SettingsAccess; requested?: SettingsSection | null }) {
  // Autorización SIN is the administrator's (app/screens.ts); an API key's session sees it too.
  const role = useSession((s) => s.person?.role ?? null);
  const manager = role === null || roleAtLeast(role, 'administrador');
  return (
    <div className="page settings" data-testid="settings-screen">
      <div className="page-head">
        <h1>Configuración</h1>
        {/* The manager's authorization screen (issue 29) opens from here, not from the top bar: the bar is full at 1024 px. */}
        {manager && (
          <button className="ghost" data-testid="open-authorization" onClick={() => useScreenRequest.getState().open('autorizacion')}>
            Autorización SIN…
          </button>
        )}
      </div>
      <div className="settings-grid">
        {access === 'forbidden' && <AdminScopeNotice section={requested} />}
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
            <SmtpSection />
            {/* Across the grid: the people's table and its two forms need the width at 1024 px. */}
            <PeopleSection />
            <ApiKeysSection />
            <CashierPolicySection />
          </>
        )}
        <TillSection />
      </div>
    </div>
  );
}

function AdminScopeNotice({ section }: { section: SettingsSection | null }) {
  return (
    <section className="panel warn-box settings-notice" role="status" data-testid="settings-forbidden">
      <h3>Configuración del negocio</h3>
      {section === 'smtp' && <p data-testid="settings-forbidden-smtp">{SMTP_ADMIN_NEEDED}</p>}
      <p>{ADMIN_SCOPE_NEEDED}</p>
      <button onClick={() => useSession.getState().logout()} data-testid="settings-forbidden-login">
        Ingresar con otra clave
      </button>
    </section>
  );
}
