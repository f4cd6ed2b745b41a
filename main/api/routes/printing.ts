// Receipt printer settings per tenant, the test page, and printing an invoice's ticket.
// Printing never fails the request that asks for it: a printer that is off, without paper or
// unreachable answers 200 with printed:false and a Spanish detail the cashier can act on — the
// sale is already done and valid, and the customer can still get the PDF (DESIGN.md, Printing).
// Print-on-issue is the UI's job: after a sale it calls POST /invoices/{id}/print when the
// settings say printOnIssue; the engine never prints by itself.
import Type from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { SettingsStore } from '../../store/settings-store';
import type { InvoiceRecord, InvoiceRepository } from '../../store/invoices';
import type { InvoiceDocuments } from '../../documents/invoice-documents';
import type { InvoiceDocumentModel } from '../../documents/model';
import { DEFAULT_PRINTER_SETTINGS, validatePrinterSettings, type PrinterSettings } from '../../printing/settings';
import type { SendOptions } from '../../printing/transport';
import { buildEscposTicket } from '../../printing/escpos-ticket';
import { buildEscposTestPage } from '../../printing/test-page';
import { runPrintJob, type PrintJobContext } from '../../printing/print-job';
import type { VirtualPrinter } from '../../printing/virtual-printer';
import type { PrintResult as PrintOutcome } from '../../../shared/api/printing';
import { ok } from '../envelope';
import { optionalBody } from '../json-body';
import { badRequest, conflict, notFound, unprocessable } from '../errors';
import { ROUTES } from '../../../shared/api/routes';
import { documentName, isNote } from '../../../shared/document-name';
import { contractSchema } from '../contract-schema';

/** "factura", or the note's name ("nota de crédito-débito"): a return's ticket is not an invoice's. */
const documentWord = (sector: number): string => (isNote(sector) ? documentName({ sector, number: 0 }).kind.toLowerCase() : 'factura');

const SETTING_KEY = 'printer';

export interface PrintingRouteDeps {
  settings: SettingsStore;
  invoices: InvoiceRepository;
  documents: InvoiceDocuments;
  /** Transport bounds (tests shorten them). */
  sendOptions?: SendOptions;
  /**
   * KIPU_PRINTER_ALLOW_LOOPBACK: a tcp:// printer may be on this machine (127.0.0.0/8, ::1).
   * Tests and labs only: in production it would let any key reach the engine's own ports.
   */
  allowLoopback?: boolean;
  /** Whether the invoice was paid (partly) in cash: the drawer opens only then (main/cash). */
  paidInCash?: (tenantId: string, inv: InvoiceRecord) => boolean;
  /** The virtual printer (<data dir>/tickets/). */
  virtualPrinter: VirtualPrinter;
  /** Training engine: no connection outside loopback (a training tenant is held to it too). */
  training?: boolean;
}

export function printingRoutes(app: FastifyInstance, deps: PrintingRouteDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Impresión'];
  const policy = { allowLoopback: deps.allowLoopback ?? false };
  const sendOptions: SendOptions = { ...deps.sendOptions, ...policy };
  const saved = (tenantId: string): PrinterSettings | null => {
    const raw = deps.settings.get<unknown>(tenantId, SETTING_KEY);
    if (raw === null) return null;
    // Checked again on every read: a value stored before issue #19 (any file path, a loopback
    // address) counts as no printer rather than reaching the transport.
    const v = validatePrinterSettings(raw, policy);
    return v.ok ? v.settings : null;
  };
  // The system's reason of a failure (errno, resolved address) is for the log, never the caller.
  const jobContext = (req: FastifyRequest): PrintJobContext => ({
    tenantId: req.tenant.id,
    training: (deps.training ?? false) || req.tenant.training,
    virtual: deps.virtualPrinter,
    send: sendOptions,
    log: (fields, msg) => req.log.warn(fields, msg),
  });
  /** ESC/POS bytes are built before any printing; a failure to build is the answer. */
  const built = (what: string, build: () => Buffer): Buffer | PrintOutcome => {
    try {
      return build();
    } catch (err) {
      return { printed: false, detail: `No se pudo preparar ${what}: ${err instanceof Error ? err.message : String(err)}.`, code: 'PRINTER_ERROR' };
    }
  };
  const validate = (body: unknown): PrinterSettings => {
    // Unknown fields are refused, never silently dropped (docs/decisions/0001-fastify.md).
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
      const unknown = Object.keys(body).filter((k) => !(k in DEFAULT_PRINTER_SETTINGS));
      if (unknown.length > 0) {
        throw badRequest(
          `Campo desconocido en la configuración de la impresora: ${unknown.join(', ')}`,
          unknown.map((field) => ({ field, rule: 'additionalProperties', message: 'Campo desconocido' })),
        );
      }
    }
    const v = validatePrinterSettings(body, policy);
    if (!v.ok) {
      throw unprocessable(
        v.errors.map((e) => e.message).join(' '),
        v.errors.map((e) => ({ field: e.field, rule: 'invalid', message: e.message })),
      );
    }
    return v.settings;
  };
  const notConfigured = {
    printed: false,
    detail: 'No hay impresora configurada. Configúrela en Configuración > Impresora.',
    code: 'PRINTER_NOT_CONFIGURED',
  };

  r.get(
    ROUTES.printing.settings.path,
    { schema: { tags, summary: 'Impresora de tickets de la empresa (valores por defecto si aún no se guardó)', ...contractSchema(ROUTES.printing.settings) } },
    async (req) => {
      const s = saved(req.tenant.id);
      return ok({ ...(s ?? DEFAULT_PRINTER_SETTINGS), configured: s !== null });
    },
  );

  // The till's key (scope till) may not read the printer's settings; it still has to know whether
  // to print the ticket and whether to open the drawer after a cash sale (issue 17).
  r.get(
    ROUTES.printing.tillSettings.path,
    { schema: { tags, summary: 'Lo que la caja necesita saber de la impresora: imprimir al emitir y si tiene cajón', ...contractSchema(ROUTES.printing.tillSettings) } },
    async (req) => {
      const s = saved(req.tenant.id);
      const { printOnIssue, drawerKick } = s ?? DEFAULT_PRINTER_SETTINGS;
      return ok({ configured: s !== null, printOnIssue, drawerKick });
    },
  );

  r.put(
    ROUTES.printing.save.path,
    {
      schema: {
        tags,
        summary: 'Guarda la impresora de tickets',
        // The body is checked by validatePrinterSettings (Spanish messages per field, 422), not
        // by the schema, so the settings screen gets one message per wrong field.
        body: Type.Unknown(),
        ...contractSchema(ROUTES.printing.save),
      },
    },
    async (req) => {
      const s = validate(req.body);
      deps.settings.set(req.tenant.id, SETTING_KEY, s);
      return ok({ ...s, configured: true }, 'Impresora guardada');
    },
  );

  r.post(
    ROUTES.printing.test.path,
    {
      schema: {
        tags,
        summary: 'Imprime la página de prueba',
        description: 'Con cuerpo: prueba esa configuración sin guardarla. Sin cuerpo: la configuración guardada.',
        body: Type.Optional(Type.Unknown()),
        ...contractSchema(ROUTES.printing.test),
      },
    },
    async (req) => {
      const hasBody = req.body !== undefined && req.body !== null && !(typeof req.body === 'object' && Object.keys(req.body).length === 0);
      const s = hasBody ? validate(req.body) : saved(req.tenant.id);
      if (!s) return ok(notConfigured, notConfigured.detail);
      const bytes = built('la página de prueba', () => buildEscposTestPage(s));
      const o = Buffer.isBuffer(bytes)
        ? await runPrintJob(s, { kind: 'prueba', escpos: bytes }, { printed: 'Página de prueba enviada a la impresora', virtual: 'Página de prueba guardada' }, jobContext(req))
        : bytes;
      return ok(o, o.detail);
    },
  );

  r.post(
    ROUTES.invoices.print.path,
    {
      ...optionalBody,
      schema: {
        tags: ['Facturas', ...tags],
        summary: 'Imprime el ticket de la factura en la impresora configurada',
        description:
          'Siempre responde 200 si la factura existe: printed indica si la impresora recibió el ticket y detail explica qué hacer si no. ' +
          'La interfaz lo llama después de emitir cuando printOnIssue es true.',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        ...contractSchema(ROUTES.invoices.print),
      },
    },
    async (req) => {
      const copy = req.body?.copy === true;
      const inv = deps.invoices.byId(req.tenant.id, req.params.id);
      if (!inv) throw notFound(`Factura ${req.params.id} no encontrada`);
      if (inv.state === 'REJECTED') throw conflict(`La factura ${inv.number} fue rechazada por SIAT y no tiene validez; no se imprime`);
      const s = saved(req.tenant.id);
      if (!s) return ok(notConfigured, notConfigured.detail);
      // Issue 17: the drawer never opens on a card-only sale; nor on a reprint, which is no sale.
      const kick = !copy && s.drawerKick && (deps.paidInCash?.(req.tenant.id, inv) ?? true);
      // The model lookup is guarded too, so printing can't break a sale.
      const doc: { model?: InvoiceDocumentModel } = {};
      const bytes = built('el ticket', () => {
        doc.model = copy ? { ...deps.documents.model(inv), copy } : deps.documents.model(inv);
        return buildEscposTicket(doc.model, { ...s, drawerKick: kick });
      });
      const printed = Buffer.isBuffer(bytes)
        ? await runPrintJob(
            { ...s, drawerKick: kick },
            { kind: 'ticket', number: inv.number, escpos: bytes, pdf: () => deps.documents.ticket(inv, doc.model) },
            {
              printed: `${copy ? 'Copia del ticket' : 'Ticket'} de la ${documentWord(inv.sector)} ${inv.number} impres${copy ? 'a' : 'o'}`,
              virtual: `${copy ? 'Copia del ticket' : 'Ticket'} de la ${documentWord(inv.sector)} ${inv.number} en pantalla${kick ? ' con cajón virtual' : ''}`,
            },
            jobContext(req),
          )
        : bytes;
      // Which CUF the ticket carries: a re-issue may change it between the sale and this print.
      const o = { ...printed, cuf: inv.cuf };
      return ok(o, o.detail);
    },
  );
}
