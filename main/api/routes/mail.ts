// Seed "Resend e-mail" (POST /api/v1/invoices/{id}/resend-email) and the tenant's SMTP settings.
import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { InvoiceRepository } from '../../store/invoices';
import type { InvoiceDocuments } from '../../documents/invoice-documents';
import type { StoredDocuments } from '../../documents/stored-documents';
import { invoiceFileStem } from '../../documents/invoice-model';
import { buildInvoiceMail } from '../../mail/invoice-mail';
import { sendMail, SMTP_ADDRESS_REFUSED, type MailerOptions } from '../../mail/mailer';
import { PUBLIC_ONLY, resolveChecked } from '../../net/address-guard';
import { isValidEmail, isValidFrom } from '../../config/smtp-url';
import type { SmtpSettings } from '../../mail/smtp-config';
import { publicInvoicePath } from '../../../shared/api/public-links';
import { errorBody, ok } from '../envelope';
import { badRequest, conflict, notFound, unprocessable, type FieldProblem } from '../errors';
import { ROUTES } from '../../../shared/api/routes';
import { contractSchema } from '../contract-schema';

export interface MailRouteDeps {
  invoices: InvoiceRepository;
  /** The mail's text is written from the document model. */
  documents: InvoiceDocuments;
  /** The attached PDF: the stored public one (rendered once, issue 25), the file the mail links to. */
  stored: StoredDocuments;
  smtp: SmtpSettings;
  publicBaseUrl: () => string;
  mailer?: MailerOptions;
  /**
   * KIPU_SMTP_ALLOW_PRIVATE: a tenant's SMTP server may be on loopback or a private network.
   * Tests and labs only (issue #19, finding 8). KIPU_SMTP_URL is never checked.
   */
  tenantSmtpAllowPrivate?: boolean;
}

export function mailRoutes(app: FastifyInstance, deps: MailRouteDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const allowPrivate = deps.tenantSmtpAllowPrivate ?? false;
  const mailer: MailerOptions = { ...deps.mailer, allowPrivate };
  const resend = contractSchema(ROUTES.invoices.resendEmail);

  r.post(
    ROUTES.invoices.resendEmail.path,
    {
      schema: {
        tags: ['Facturas'],
        summary: 'Reenvía la factura por correo (PDF y XML adjuntos)',
        description:
          'Sin el parámetro email se usa el correo del cliente registrado en la factura. Requiere un servidor SMTP: ' +
          'KIPU_SMTP_URL en el motor o PUT /api/v1/settings/smtp para la empresa; sin él responde 503.',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        ...resend,
        // The contract holds the success answer; the 503 (no mail server) is this route's own.
        response: { ...resend.response, 503: Type.Any({ description: 'Sin servidor de correo, o el servidor no aceptó el envío' }) },
      },
    },
    async (req, reply) => {
      const inv = deps.invoices.byId(req.tenant.id, req.params.id);
      if (!inv) throw notFound(`Factura ${req.params.id} no encontrada`);
      const to = (req.query.email ?? inv.clientEmail ?? '').trim();
      if (!to) throw badRequest('La factura no tiene correo del cliente; indique el destinatario con el parámetro email', [{ field: 'email', rule: 'required', message: 'Indique el correo' }]);
      if (!isValidEmail(to)) throw badRequest(`"${to}" no es una dirección de correo válida`, [{ field: 'email', rule: 'format', message: 'Correo no válido' }]);
      if (inv.state === 'REJECTED') throw conflict(`La factura ${inv.number} fue rechazada por SIAT y no tiene validez; no se envía al cliente`);

      const cfg = deps.smtp.resolve(req.tenant.id);
      if (!cfg) {
        return reply.status(503).send(
          errorBody('Servicio de correo no disponible', {
            code: 'SMTP_NOT_CONFIGURED',
            detail: 'No hay servidor de correo configurado: defina KIPU_SMTP_URL en el motor o configure el correo de la empresa en Configuración › Correo',
          }),
        );
      }
      const model = deps.documents.model(inv);
      const pdf = (await deps.stored.file(inv, 'pdf')).bytes();
      const msg = buildInvoiceMail({
        model,
        to,
        from: cfg.from,
        fileStem: invoiceFileStem(inv),
        pdf,
        xml: inv.xml,
        pdfUrl: deps.publicBaseUrl() + publicInvoicePath(inv.cuf, 'pdf'),
      });
      const sent = await sendMail(cfg, msg, mailer);
      if (!sent.ok) {
        // The cause (errno, resolved address) stays in the log: echoed, it would map ports.
        req.log.warn({ code: sent.code, cause: sent.cause, invoice: inv.id }, 'invoice e-mail failed');
        return reply.status(503).send(errorBody('Servicio de correo no disponible', { code: sent.code, detail: sent.message }));
      }
      return ok(to, `Factura reenviada a ${to}`);
    },
  );

  // ---- tenant SMTP settings ------------------------------------------------------------

  const view = (tenantId: string) => {
    const t = deps.smtp.tenant(tenantId);
    const effective = deps.smtp.resolve(tenantId);
    return {
      configured: t !== null,
      host: t?.host ?? null,
      port: t?.port ?? null,
      secure: t?.secure ?? null,
      user: t?.user ?? null,
      from: t?.from ?? null,
      passwordSet: t?.passwordSet ?? false,
      effectiveSource: effective?.source ?? null,
    };
  };
  const tags = ['Configuración'];

  r.get(
    ROUTES.settings.smtp.path,
    { schema: { tags, summary: 'Servidor de correo de la empresa (la clave nunca se devuelve)', ...contractSchema(ROUTES.settings.smtp) } },
    async (req) => ok(view(req.tenant.id)),
  );

  r.put(
    ROUTES.settings.saveSmtp.path,
    {
      schema: {
        tags,
        summary: 'Configura el servidor de correo de la empresa (tiene prioridad sobre KIPU_SMTP_URL)',
        description: 'password: omitido conserva la clave guardada; null o "" la borra. La clave se guarda en el almacén de secretos, no en la base de datos.',
        ...contractSchema(ROUTES.settings.saveSmtp),
      },
    },
    async (req) => {
      const b = req.body;
      const problems: FieldProblem[] = [];
      const host = b.host.trim();
      if (!/^[A-Za-z0-9.-]+$|^\[?[0-9a-fA-F:.]+\]?$/.test(host)) problems.push({ field: 'host', rule: 'format', message: 'Servidor no válido: use un nombre (smtp.ejemplo.com) o una IP' });
      if (!isValidFrom(b.from)) problems.push({ field: 'from', rule: 'format', message: 'El remitente debe ser un correo o "Nombre <correo>"' });
      if (problems.length === 0 && !allowPrivate) {
        // Refused at once when the host is, or resolves to, a local, private or reserved address.
        // A name that does not resolve now is kept (the till may be offline): every send checks
        // it again and connects only to the address it checked.
        const checked = await resolveChecked(host, PUBLIC_ONLY, { timeoutMs: 5000 });
        if (!checked.ok && checked.reason === 'refused') problems.push({ field: 'host', rule: 'address', message: SMTP_ADDRESS_REFUSED });
      }
      if (problems.length > 0) throw unprocessable(problems.map((p) => p.message).join('; '), problems);
      const user = b.user?.trim() || null;
      deps.smtp.save(req.tenant.id, { host: host.replace(/^\[|\]$/g, ''), port: b.port, secure: b.secure, user, from: b.from.trim() }, b.password);
      return ok(view(req.tenant.id), 'Servidor de correo guardado');
    },
  );

  r.delete(
    ROUTES.settings.removeSmtp.path,
    { schema: { tags, summary: 'Borra el servidor de correo de la empresa (vuelve a KIPU_SMTP_URL si está definida)', ...contractSchema(ROUTES.settings.removeSmtp) } },
    async (req) => {
      deps.smtp.clear(req.tenant.id);
      return ok(view(req.tenant.id), 'Servidor de correo de la empresa borrado');
    },
  );

}
