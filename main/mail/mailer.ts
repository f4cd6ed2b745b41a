// Sends a message over SMTP with nodemailer. The I/O edge of e-mail: every wait is bounded and
// failures come back as values with a Spanish message (STYLE.md 5), never as a hang.
import nodemailer from 'nodemailer';
import type { MailMessage } from './invoice-mail';
import type { SmtpConfig } from './smtp-config';

export type SendResult =
  | { ok: true; messageId: string }
  | { ok: false; code: 'SMTP_UNAVAILABLE' | 'SMTP_AUTH_FAILED' | 'SMTP_REJECTED'; message: string };

export interface MailerOptions {
  /** Connect + greeting bound (default 10 s); the whole conversation is bounded by socketMs. */
  connectMs?: number;
  socketMs?: number;
}

export async function sendMail(cfg: SmtpConfig, msg: MailMessage, opts: MailerOptions = {}): Promise<SendResult> {
  const where = `${cfg.host}:${cfg.port}`;
  const transport = nodemailer.createTransport({
    host: cfg.host,
    port: cfg.port,
    secure: cfg.secure,
    ...(cfg.user ? { auth: { user: cfg.user, pass: cfg.password ?? '' } } : {}),
    connectionTimeout: opts.connectMs ?? 10_000,
    greetingTimeout: opts.connectMs ?? 10_000,
    socketTimeout: opts.socketMs ?? 30_000,
  });
  try {
    const info = (await transport.sendMail(msg)) as { messageId?: string };
    return { ok: true, messageId: info.messageId ?? '' };
  } catch (err) {
    const e = err as Error & { code?: string; responseCode?: number; response?: string };
    if (e.code === 'EAUTH') {
      return { ok: false, code: 'SMTP_AUTH_FAILED', message: `El servidor de correo ${where} rechazó el usuario o la clave. Revise la configuración SMTP.` };
    }
    if (e.code === 'EENVELOPE' || (e.responseCode !== undefined && e.responseCode >= 500)) {
      return { ok: false, code: 'SMTP_REJECTED', message: `El servidor de correo ${where} rechazó el mensaje: ${(e.response ?? e.message).slice(0, 200)}` };
    }
    return { ok: false, code: 'SMTP_UNAVAILABLE', message: `No se pudo conectar con el servidor de correo ${where} (${e.code ?? e.message}). Reintente más tarde.` };
  } finally {
    transport.close();
  }
}
