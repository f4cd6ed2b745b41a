// SMTP URLs and addresses (KIPU_SMTP_URL, KIPU_SMTP_FROM, a tenant's SMTP settings): pure parsing
// and checks, here in config/ because the engine's settings validate them at start and
// main/mail/ sends with what they describe.
export interface SmtpConfig {
  host: string;
  port: number;
  /** true = TLS from the first byte (smtps, usually 465); false = plain, upgraded by STARTTLS when offered. */
  secure: boolean;
  user: string | null;
  password: string | null;
  /** From header, "Name <addr>" or "addr". */
  from: string;
  source: 'tenant' | 'env';
}

export type SmtpUrlParts = Omit<SmtpConfig, 'from' | 'source'>;

/**
 * smtp://[user[:pass]@]host[:port] (port 587 by default) or smtps://… (465). User and password
 * are percent-decoded, so "a%40b.com" is the user "a@b.com". Returns a Spanish reason on error.
 */
export function parseSmtpUrl(raw: string): { ok: true; value: SmtpUrlParts } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: `no es una URL válida ("${redact(raw)}"); use smtp://usuario:clave@servidor:puerto` };
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    return { ok: false, reason: `debe empezar con smtp:// o smtps:// (recibido "${url.protocol}//")` };
  }
  if (!url.hostname) return { ok: false, reason: 'falta el servidor, p. ej. smtp://usuario:clave@smtp.ejemplo.com:587' };
  const secure = url.protocol === 'smtps:';
  const port = url.port === '' ? (secure ? 465 : 587) : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return { ok: false, reason: `el puerto debe estar entre 1 y 65535 (recibido "${url.port}")` };
  let user: string | null;
  let password: string | null;
  try {
    user = url.username ? decodeURIComponent(url.username) : null;
    password = url.password ? decodeURIComponent(url.password) : null;
  } catch {
    return { ok: false, reason: 'el usuario o la clave tienen un carácter % mal codificado' };
  }
  return { ok: true, value: { host: url.hostname.replace(/^\[|\]$/g, ''), port, secure, user, password } };
}

/** The URL with its password replaced, for messages and logs. */
export function redact(raw: string): string {
  return raw.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@');
}

// A practical address check (not RFC 5322): one @, no spaces, no characters that would break a
// header (CR, LF, comma, angle brackets, quotes), a dot in the domain. SMTP itself is the final word.
const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}

/** "addr" or "Display Name <addr>"; the name may not hold characters that break the header. */
export function isValidFrom(value: string): boolean {
  const m = /^[^<>\r\n"]*<([^<>]+)>$/.exec(value.trim());
  if (m) return isValidEmail(m[1]!.trim());
  return isValidEmail(value.trim());
}
