// Configuración's administrator settings as the engine holds them: taxpayer, SIAT credentials,
// printer, API keys, and the outcome of each section's last action. The engine is the source of
// truth: the screen reads them on every visit, and a save shows what the engine answered. Held
// here: what the engine sent and its edits; the sections keep only what is typed and never came
// from the engine (the SIAT token, chosen files, a new key's name). Nothing is persisted; the
// till's own UI preferences live in prefs-store.ts.
//
// Every settings route needs the `admin` scope (main/api/access.ts). The published training demo
// key is a till key (issue 19), so its reads answer 403: the screen then says so once instead of
// showing empty forms the key could not save anyway.
import { create } from 'zustand';
import type { ApiKeyInfo, PrinterSettings, SiatSettingsView, TaxpayerSettings } from '../../../shared/api-types';
import type { Scope } from '../../../shared/api-scopes';
import type { SmtpSettingsView } from '../../../shared/api/mail';
import { api } from '../api';
import { ApiError, NoticeError, describeError } from '../api/errors';
import { formatDate } from '../format/dates';
import { DEFAULT_PRINTER_SETTINGS } from '../../../shared/api/printing';
import { certificateUpload, type CertificateChoice } from './certificate-upload';

export type SettingsSection = 'taxpayer' | 'siat' | 'certificate' | 'printer' | 'logo' | 'smtp' | 'api-keys';
export type Outcome = { ok: string } | { errors: string[] } | null;
/** `forbidden`: this key lacks the admin scope. */
export type SettingsAccess = 'loading' | 'ready' | 'forbidden';

// Said to a cashier or a supervisor logged in by PIN too (a fresh walk read «ámbito» as jargon):
// who changes it and what to do, in the till's words.
export const ADMIN_SCOPE_NEEDED =
  'La configuración la cambia el dueño: salga (Salir) e ingrese con su clave de administración. Con un PIN de cajero o de supervisor no se cambia.';

/** Configuración › Correo with a till key (the SMTP server is the administrator's, like every setting). */
export const SMTP_ADMIN_NEEDED =
  'Correo: el servidor de correo (SMTP) con el que Kipu envía las facturas lo configura el dueño. Ingrese con la clave de administración para configurarlo.';

/** What the Correo section edits (the password is typed, never read back). */
export interface SmtpForm {
  host: string;
  port: string;
  secure: boolean;
  user: string;
  from: string;
}

export const EMPTY_SMTP: SmtpForm = { host: '', port: '587', secure: false, user: '', from: '' };

function smtpForm(v: SmtpSettingsView): SmtpForm {
  return v.configured ? { host: v.host ?? '', port: String(v.port ?? 587), secure: v.secure ?? false, user: v.user ?? '', from: v.from ?? '' } : EMPTY_SMTP;
}

export const LOGO_MAX_BYTES = 500 * 1024; // seed: Limits — recommended logo at most 500 KB

export const EMPTY_TAXPAYER: TaxpayerSettings = {
  companyId: '',
  nit: '',
  razonSocial: '',
  municipio: '',
  direccion: '',
  telefono: '',
  codigoSistema: '',
  ambiente: 2,
  modalidad: 2,
};

/** Shown until the engine answers, or when it has no printer yet. */
export const DEFAULT_PRINTER: PrinterSettings = DEFAULT_PRINTER_SETTINGS;

const SECTIONS: readonly SettingsSection[] = ['taxpayer', 'siat', 'certificate', 'printer', 'logo', 'smtp', 'api-keys'];
const per = <T>(v: T) => Object.fromEntries(SECTIONS.map((s) => [s, v])) as Record<SettingsSection, T>;

interface SettingsState {
  access: SettingsAccess;
  taxpayer: TaxpayerSettings;
  siat: SiatSettingsView | null;
  siatUrl: string;
  printer: PrinterSettings;
  smtp: SmtpForm;
  /** What the engine holds (null until read): whether a password is kept, and where mail goes out. */
  smtpView: SmtpSettingsView | null;
  /**
   * A section another screen sent the person to (Facturas → "Configurar el correo"): the screen
   * brings it into view. Kept across visits (enter() does not reset it); cleared once shown.
   */
  requested: SettingsSection | null;
  apiKeys: ApiKeyInfo[];
  /** A key just created: shown once, the engine keeps only its hash. */
  createdKey: string | null;
  busy: Record<SettingsSection, boolean>;
  outcomes: Record<SettingsSection, Outcome>;

  /** The screen opens: everything is read again (the key may have changed since). */
  enter(): Promise<void>;
  setTaxpayer(patch: Partial<TaxpayerSettings>): void;
  saveTaxpayer(): Promise<boolean>;
  setSiatUrl(url: string): void;
  /** A blank token keeps the one the engine has. */
  saveSiat(token: string): Promise<boolean>;
  uploadCertificate(choice: CertificateChoice): Promise<boolean>;
  setPrinter(patch: Partial<PrinterSettings>): void;
  savePrinter(): Promise<boolean>;
  testPrinter(): Promise<boolean>;
  setSmtp(patch: Partial<SmtpForm>): void;
  /** A blank password keeps the one the engine has. */
  saveSmtp(password: string): Promise<boolean>;
  request(section: SettingsSection | null): void;
  uploadLogo(file: File, tenantId: string | null): Promise<boolean>;
  createApiKey(name: string, scope: Scope): Promise<boolean>;
  revokeApiKey(key: ApiKeyInfo): Promise<boolean>;
}

export const INITIAL_SETTINGS_STATE = {
  access: 'loading' as SettingsAccess,
  taxpayer: EMPTY_TAXPAYER,
  siat: null as SiatSettingsView | null,
  siatUrl: '',
  printer: DEFAULT_PRINTER,
  smtp: EMPTY_SMTP,
  smtpView: null as SmtpSettingsView | null,
  apiKeys: [] as ApiKeyInfo[],
  createdKey: null as string | null,
  busy: per(false),
  outcomes: per<Outcome>(null),
};

function isForbidden(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403;
}

/** Drops the answers of an older visit that arrive after a newer one began. */
let visit = 0;

export const useSettings = create<SettingsState>()((set, get) => {
  /** One action of a section: busy while it runs, then its success sentence or its errors. */
  async function run(section: SettingsSection, action: () => Promise<string>): Promise<boolean> {
    set((s) => ({ busy: { ...s.busy, [section]: true }, outcomes: { ...s.outcomes, [section]: null } }));
    try {
      const ok = await action();
      set((s) => ({ busy: { ...s.busy, [section]: false }, outcomes: { ...s.outcomes, [section]: { ok } } }));
      return true;
    } catch (err) {
      set((s) => ({ busy: { ...s.busy, [section]: false }, outcomes: { ...s.outcomes, [section]: { errors: describeError(err) } } }));
      return false;
    }
  }

  async function reloadKeys(): Promise<void> {
    set({ apiKeys: await api.apiKeys().catch(() => []) });
  }

  return {
    ...INITIAL_SETTINGS_STATE,
    requested: null,

    async enter() {
      const mine = ++visit;
      set(INITIAL_SETTINGS_STATE);
      const [taxpayer, siat, printer, keys, smtp] = await Promise.allSettled([api.taxpayer(), api.siatSettings(), api.printer(), api.apiKeys(), api.smtp()]);
      if (mine !== visit) return;
      if ([taxpayer, siat, printer, keys, smtp].some((r) => r.status === 'rejected' && isForbidden(r.reason))) {
        set({ access: 'forbidden' });
        return;
      }
      set((s) => ({
        access: 'ready',
        taxpayer: taxpayer.status === 'fulfilled' ? taxpayer.value : EMPTY_TAXPAYER,
        siat: siat.status === 'fulfilled' ? siat.value : null,
        siatUrl: siat.status === 'fulfilled' ? siat.value.url : '',
        printer: printer.status === 'fulfilled' ? printer.value : DEFAULT_PRINTER,
        apiKeys: keys.status === 'fulfilled' ? keys.value : [],
        smtp: smtp.status === 'fulfilled' ? smtpForm(smtp.value) : EMPTY_SMTP,
        smtpView: smtp.status === 'fulfilled' ? smtp.value : null,
        // Only the taxpayer's failure is told: the other sections still work from their defaults.
        outcomes: { ...s.outcomes, taxpayer: taxpayer.status === 'rejected' ? { errors: describeError(taxpayer.reason) } : null },
      }));
    },

    setTaxpayer(patch) {
      set((s) => ({ taxpayer: { ...s.taxpayer, ...patch } }));
    },

    saveTaxpayer: () =>
      run('taxpayer', async () => {
        set({ taxpayer: await api.saveTaxpayer(get().taxpayer) });
        return 'Datos del contribuyente guardados.';
      }),

    setSiatUrl(url) {
      set({ siatUrl: url });
    },

    saveSiat: (token) =>
      run('siat', async () => {
        const url = get().siatUrl.trim();
        const siat = await api.saveSiat(token.trim() ? { url, token: token.trim() } : { url });
        set({ siat });
        return 'Credenciales del SIAT guardadas.';
      }),

    uploadCertificate: (choice) =>
      run('certificate', async () => {
        const info = await api.uploadCertificate(await certificateUpload(choice));
        return `Certificado cargado: ${info.subject}, válido hasta ${formatDate(info.notAfter)}.`;
      }),

    setPrinter(patch) {
      set((s) => ({ printer: { ...s.printer, ...patch } }));
    },

    savePrinter: () =>
      run('printer', async () => {
        set({ printer: await api.savePrinter(get().printer) });
        return 'Impresora guardada.';
      }),

    testPrinter: () =>
      run('printer', async () => {
        const r = await api.testPrinter();
        if (!r.printed) throw new NoticeError(r.detail || 'La impresora no respondió.');
        return 'Página de prueba impresa.';
      }),

    setSmtp(patch) {
      set((s) => ({ smtp: { ...s.smtp, ...patch } }));
    },

    saveSmtp: (password) =>
      run('smtp', async () => {
        const f = get().smtp;
        const port = Number(f.port.trim());
        if (!Number.isInteger(port) || port < 1 || port > 65535) throw new NoticeError('Puerto: un número entre 1 y 65535 (587 con STARTTLS, 465 con TLS directo).');
        const view = await api.saveSmtp({
          host: f.host.trim(),
          port,
          secure: f.secure,
          user: f.user.trim() || null,
          from: f.from.trim(),
          // Omitted keeps the stored password (the engine never sends it back).
          ...(password !== '' ? { password } : {}),
        });
        set({ smtp: smtpForm(view), smtpView: view });
        return 'Servidor de correo guardado: las facturas se reenvían con él.';
      }),

    request(section) {
      set({ requested: section });
    },

    uploadLogo: (file, tenantId) =>
      run('logo', async () => {
        if (file.type && file.type !== 'image/png') throw new NoticeError('El logo debe ser un archivo PNG.');
        if (file.size > LOGO_MAX_BYTES) throw new NoticeError('El logo supera 500 KB.');
        if (!tenantId) throw new Error('El motor no informó el identificador de la empresa (tenantId).');
        const r = await api.uploadLogo(tenantId, file);
        return `Logo cargado (${Math.round(r.size / 1024)} KB).`;
      }),

    createApiKey: (name, scope) =>
      run('api-keys', async () => {
        const r = await api.createApiKey(name.trim(), [scope]);
        set({ createdKey: r.key });
        await reloadKeys();
        return 'Clave creada. Cópiela ahora: no se volverá a mostrar.';
      }),

    revokeApiKey: (key) =>
      run('api-keys', async () => {
        await api.deleteApiKey(key.id);
        await reloadKeys();
        return `Clave "${key.name}" revocada.`;
      }),
  };
});
