// Sends a message over SMTP with nodemailer. The I/O edge of e-mail: every wait is bounded and
// failures come back as values with a Spanish message (STYLE.md 5), never as a hang.
//
// A tenant's own SMTP server is an address any API key can set, so it goes through the same SSRF
// guard as webhooks (issue #19, finding 8): the host is resolved once, every address must be
// public, and nodemailer connects to the checked address with the TLS name set to the host the
// tenant typed (no second lookup, so DNS rebinding is useless). KIPU_SMTP_URL is the
// administrator's and is used as given.
import { isIP } from 'node:net';
import { ANY_ADDRESS, PUBLIC_ONLY, resolveChecked, type Resolver } from '../net/address-guard';
import type { MailMessage } from './invoice-mail';
import type { SmtpConfig } from '../config/smtp-url';

export type SendResult =
  | { ok: true; messageId: string }
  | {
      ok: false;
      code: 'SMTP_UNAVAILABLE' | 'SMTP_AUTH_FAILED' | 'SMTP_REJECTED' | 'SMTP_ADDRESS_REFUSED';
      message: string;
      /** The system's reason (errno, nodemailer code), for the log only: never sent to the caller. */
      cause?: string;
    };

export interface MailerOptions {
  /** Connect + greeting bound (default 10 s); the whole conversation is bounded by socketMs. */
  connectMs?: number;
  socketMs?: number;
  /**
   * KIPU_SMTP_ALLOW_PRIVATE: a tenant's server may be on loopback or a private network. Tests and
   * labs only: in production it would let any API key probe the engine's own network.
   */
  allowPrivate?: boolean;
  /** Name resolution for the tenant's server (tests inject one). */
  resolve?: Resolver;
}

export const SMTP_ADDRESS_REFUSED =
  'El servidor de correo debe ser un servidor público de Internet: no se aceptan direcciones de este equipo, de la red local, de enlace local, de metadatos ni reservadas.';

export async function sendMail(cfg: SmtpConfig, msg: MailMessage, opts: MailerOptions = {}): Promise<SendResult> {
  const where = `${cfg.host}:${cfg.port}`;
  const connectMs = opts.connectMs ?? 10_000;
  // Refused, closed, filtered and not resolving all read the same, so the answers cannot be used
  // to map which hosts and ports exist; the reason goes to the log.
  const unavailable = (cause: string): SendResult => ({
    ok: false,
    code: 'SMTP_UNAVAILABLE',
    message: `No se pudo conectar con el servidor de correo ${where}. Revise el servidor y el puerto en la configuración SMTP, o reintente más tarde.`,
    cause,
  });

  let host = cfg.host;
  let servername: string | undefined;
  if (cfg.source === 'tenant') {
    const r = await resolveChecked(cfg.host, opts.allowPrivate ? ANY_ADDRESS : PUBLIC_ONLY, {
      timeoutMs: connectMs,
      ...(opts.resolve ? { resolve: opts.resolve } : {}),
    });
    if (!r.ok && r.reason === 'refused') {
      return { ok: false, code: 'SMTP_ADDRESS_REFUSED', message: `${SMTP_ADDRESS_REFUSED} Revise la configuración SMTP de la empresa.`, cause: `${r.address} (${r.info.class})` };
    }
    if (!r.ok) return unavailable(`lookup: ${r.cause}`);
    host = r.address.address;
    // The certificate is checked against the name the tenant typed, not the pinned address.
    if (!isIP(cfg.host)) servername = cfg.host;
  }

  // Loaded on first use: most engines never send mail, and nodemailer is a large import.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host,
    port: cfg.port,
    secure: cfg.secure,
    ...(servername ? { tls: { servername } } : {}),
    ...(cfg.user ? { auth: { user: cfg.user, pass: cfg.password ?? '' } } : {}),
    connectionTimeout: connectMs,
    greetingTimeout: connectMs,
    socketTimeout: opts.socketMs ?? 30_000,
  });
  try {
    const info = (await transport.sendMail(msg)) as { messageId?: string };
    return { ok: true, messageId: info.messageId ?? '' };
  } catch (err) {
    const e = err as Error & { code?: string; responseCode?: number; response?: string };
    const cause = e.code ? `${e.code}: ${e.message}` : e.message;
    if (e.code === 'EAUTH') {
      return { ok: false, code: 'SMTP_AUTH_FAILED', message: `El servidor de correo ${where} rechazó el usuario o la clave. Revise la configuración SMTP.`, cause };
    }
    // A refusal of the envelope or the message comes from an SMTP server past its greeting; its
    // reply is what the tenant needs to fix the address or the account. Anything earlier (a
    // greeting that is not SMTP, EHLO refused) is not echoed: it would show what else listens.
    if (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') {
      return { ok: false, code: 'SMTP_REJECTED', message: `El servidor de correo ${where} rechazó el mensaje: ${(e.response ?? e.message).slice(0, 200)}`, cause };
    }
    return unavailable(cause);
  } finally {
    transport.close();
  }
}
