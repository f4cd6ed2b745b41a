// Where invoice e-mail goes out: the tenant's own SMTP settings (PUT /api/v1/settings/smtp, the
// password in the secret store) or, when the tenant has none, the engine-wide KIPU_SMTP_URL /
// KIPU_SMTP_FROM. The URL and address checks are in config/smtp-url.ts; the sending is in mailer.ts.
import type { SecretStore } from '../config/secrets';
import type { SettingsStore } from '../store/settings-store';
import { parseSmtpUrl, type SmtpConfig } from '../config/smtp-url';

// ---------------------------------------------------------------------------------------
// Per-tenant settings

/** What is stored in the settings table; the password lives in the secret store. */
export interface TenantSmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  from: string;
}

const SETTING_KEY = 'mail.smtp';
export const smtpPasswordSecretName = (tenantId: string) => `smtp.password.${tenantId}`;

export class SmtpSettings {
  constructor(
    private readonly settings: SettingsStore,
    private readonly secrets: SecretStore,
    private readonly env: { url: string | null; from: string | null },
  ) {}

  tenant(tenantId: string): (TenantSmtpSettings & { passwordSet: boolean }) | null {
    const s = this.settings.get<TenantSmtpSettings | null>(tenantId, SETTING_KEY);
    if (!s) return null;
    return { ...s, passwordSet: this.secrets.get(smtpPasswordSecretName(tenantId)) !== null };
  }

  /** password: undefined keeps the stored one, null or '' removes it. */
  save(tenantId: string, s: TenantSmtpSettings, password: string | null | undefined): void {
    if (password === null || password === '') this.secrets.delete(smtpPasswordSecretName(tenantId));
    else if (password !== undefined) this.secrets.set(smtpPasswordSecretName(tenantId), password);
    this.settings.set(tenantId, SETTING_KEY, s);
  }

  clear(tenantId: string): void {
    this.settings.set(tenantId, SETTING_KEY, null);
    this.secrets.delete(smtpPasswordSecretName(tenantId));
  }

  /** The configuration to send with, or null when neither the tenant nor the engine has one. */
  resolve(tenantId: string): SmtpConfig | null {
    const t = this.settings.get<TenantSmtpSettings | null>(tenantId, SETTING_KEY);
    if (t) return { ...t, password: this.secrets.get(smtpPasswordSecretName(tenantId)), source: 'tenant' };
    if (!this.env.url) return null;
    const parsed = parseSmtpUrl(this.env.url);
    if (!parsed.ok) return null; // loadSettings already refused a bad URL at start-up
    const from = this.env.from ?? parsed.value.user;
    if (!from) return null;
    return { ...parsed.value, from, source: 'env' };
  }
}
