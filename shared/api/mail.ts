// E-mail of invoices and the tenant's SMTP server (the password never comes back out).
import Type, { type Static } from 'typebox';

export const SmtpSettingsSchema = Type.Object({
  configured: Type.Boolean({ description: 'true si la empresa tiene su propio servidor SMTP' }),
  host: Type.Union([Type.String(), Type.Null()]),
  port: Type.Union([Type.Integer(), Type.Null()]),
  secure: Type.Union([Type.Boolean(), Type.Null()]),
  user: Type.Union([Type.String(), Type.Null()]),
  from: Type.Union([Type.String(), Type.Null()]),
  passwordSet: Type.Boolean(),
  /** Whether e-mail can be sent at all (tenant settings or KIPU_SMTP_URL). */
  effectiveSource: Type.Union([Type.Literal('tenant'), Type.Literal('env'), Type.Null()]),
});

export type SmtpSettingsView = Static<typeof SmtpSettingsSchema>;

/** PUT /api/v1/settings/smtp. */
export const SmtpSettingsBody = Type.Object(
  {
    host: Type.String({ minLength: 1, maxLength: 253 }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    secure: Type.Boolean({ description: 'true = TLS directo (puerto 465); false = STARTTLS si el servidor lo ofrece (587, 25)' }),
    user: Type.Optional(Type.Union([Type.String({ maxLength: 254 }), Type.Null()])),
    password: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    from: Type.String({ minLength: 3, maxLength: 300, description: 'Remitente: correo o "Nombre <correo>"' }),
  },
  { additionalProperties: false },
);

export type SmtpSettingsInput = Static<typeof SmtpSettingsBody>;

/** POST /api/v1/invoices/{id}/email?email=… */
export const EmailInvoiceQuery = Type.Object({ email: Type.Optional(Type.String({ maxLength: 254, description: 'Destinatario; por defecto el correo del cliente' })) });
