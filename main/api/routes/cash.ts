// Cash sessions (issue 17): open, current, movements, close, reopen, list, X/Z report as JSON,
// PDF or printed, and the drawer pulse. Same envelope as the rest of the API (ApiResponse, Page).
// Printing answers 200 with printed:false when the printer fails, as ticket printing does
// (docs/decisions/0004-printing-answers-200.md).
import Type from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import type { CashService } from '../../cash/cash-service';
import { ok, pageOf } from '../envelope';
import { offsetOf } from '../pagination';
import { buildEscposCashReport } from '../../cash/report-escpos';
import { reportDay } from '../../cash/report-layout';
import { buildDrawerPulse } from '../../printing/drawer';
import { savedPrinterSettings } from '../../printing/saved-settings';
import type { SendOptions } from '../../printing/transport';
import { runPrintJob, type PrintJobWords } from '../../printing/print-job';
import type { VirtualJob, VirtualPrinter } from '../../printing/virtual-printer';
import { notFound } from '../errors';
import { doerOf } from '../doer';
import type { renderCashReportPdf } from '../../cash/report-pdf';
import { ROUTES } from '../../../shared/api/routes';
import { optionalBody } from '../json-body';
import { contractSchema } from '../contract-schema';

/** The report as a PDF; its renderer brings pdf-lib, loaded on first use rather than with the engine. */
async function cashReportPdf(...args: Parameters<typeof renderCashReportPdf>): ReturnType<typeof renderCashReportPdf> {
  const { renderCashReportPdf: render } = await import('../../cash/report-pdf');
  return render(...args);
}

export interface CashRouteDeps {
  store: Store;
  cash: CashService;
  allowLoopback?: boolean;
  sendOptions?: SendOptions;
  /** The virtual printer (<data dir>/tickets/). */
  virtualPrinter: VirtualPrinter;
  /** Training engine: no connection outside loopback (a training tenant is held to it too). */
  training?: boolean;
}

const NOT_CONFIGURED = { printed: false, detail: 'No hay impresora configurada. Configúrela en Configuración > Impresora.', code: 'PRINTER_NOT_CONFIGURED' };


export function cashRoutes(app: FastifyInstance, deps: CashRouteDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Caja'];
  const policy = { allowLoopback: deps.allowLoopback ?? false };
  const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
  const PosParams = Type.Object({ posId: Type.String({ format: 'uuid' }) });
  const send = async (req: FastifyRequest, job: (s: NonNullable<ReturnType<typeof savedPrinterSettings>>) => VirtualJob, words: PrintJobWords) => {
    const s = savedPrinterSettings(deps.store.settings, req.tenant.id, policy);
    if (!s) return ok(NOT_CONFIGURED, NOT_CONFIGURED.detail);
    const o = await runPrintJob(s, job(s), words, {
      tenantId: req.tenant.id,
      training: (deps.training ?? false) || req.tenant.training,
      virtual: deps.virtualPrinter,
      send: { ...deps.sendOptions, ...policy },
      log: (fields, msg) => req.log.warn(fields, `cash ${msg}`),
    });
    return ok(o, o.detail);
  };

  r.get(
    ROUTES.cash.settings.path,
    { schema: { tags, summary: 'Si el punto de venta solo vende con la caja abierta', params: PosParams, ...contractSchema(ROUTES.cash.settings) } },
    async (req) => ok(deps.cash.settings(req.tenant, req.params.posId)),
  );

  r.put(
    ROUTES.cash.saveSettings.path,
    { schema: { tags, summary: 'Cambia si el punto de venta exige caja abierta para vender', params: PosParams, ...contractSchema(ROUTES.cash.saveSettings) } },
    async (req) => ok(deps.cash.setSettings(req.tenant, req.params.posId, req.body), 'Configuración de caja guardada'),
  );

  r.post(
    ROUTES.cash.open.path,
    { schema: { tags, summary: 'Abre la caja con el fondo inicial', ...contractSchema(ROUTES.cash.open, 201) } },
    async (req, reply) => {
      const s = deps.cash.open(req.tenant, req.body.posId, req.body.openingFloat, doerOf(req));
      return reply.status(201).send(ok(s, `Caja abierta (sesión ${s.number})`));
    },
  );

  r.get(
    ROUTES.cash.current.path,
    {
      schema: {
        tags,
        summary: 'La sesión abierta del punto de venta con sus cifras en vivo (reporte X); data null si la caja está cerrada',
        ...contractSchema(ROUTES.cash.current),
      },
    },
    async (req) => ok(deps.cash.current(req.tenant, req.query.posId)),
  );

  r.get(
    ROUTES.cash.list.path,
    {
      schema: {
        tags,
        summary: 'Sesiones de caja, la más reciente primero',
        ...contractSchema(ROUTES.cash.list),
      },
    },
    async (req) => {
      const q = req.query as { page: number; size: number; posId?: string; state?: 'OPEN' | 'CLOSED' };
      const { items, total } = deps.cash.list(req.tenant, q.posId ?? null, q.state ?? null, offsetOf(q), q.size);
      return ok(pageOf(items, q.page, q.size, total));
    },
  );

  r.get(ROUTES.cash.get.path, { schema: { tags, summary: 'Una sesión de caja', params: IdParams, ...contractSchema(ROUTES.cash.get) } }, async (req) =>
    ok(deps.cash.get(req.tenant, req.params.id)),
  );

  r.post(
    ROUTES.cash.movement.path,
    { schema: { tags, summary: 'Ingreso o retiro de efectivo con su motivo', params: IdParams, ...contractSchema(ROUTES.cash.movement, 201) } },
    async (req, reply) => {
      const s = deps.cash.addMovement(req.tenant, req.params.id, req.body, doerOf(req));
      return reply.status(201).send(ok(s, req.body.kind === 'IN' ? 'Ingreso registrado' : 'Retiro registrado'));
    },
  );

  r.post(
    ROUTES.cash.close.path,
    {
      schema: {
        tags,
        summary: 'Cierra la caja con el arqueo por corte y los totales de tarjeta y QR; guarda el reporte Z',
        params: IdParams,
        ...contractSchema(ROUTES.cash.close),
      },
    },
    async (req) => {
      const s = deps.cash.close(req.tenant, req.params.id, req.body, doerOf(req));
      return ok(s, `Caja cerrada (sesión ${s.number})`);
    },
  );

  r.post(
    ROUTES.cash.reopen.path,
    {
      schema: {
        tags,
        summary: 'Reabre una caja cerrada por error como una sesión nueva (nada se borra)',
        description: 'La sesión cerrada queda como estaba; la nueva la nombra, guarda el motivo y toma como fondo el efectivo contado.',
        params: IdParams,
        ...contractSchema(ROUTES.cash.reopen, 201),
      },
    },
    async (req, reply) => {
      const s = deps.cash.reopen(req.tenant, req.params.id, req.body.reason, doerOf(req));
      return reply.status(201).send(ok(s, `Caja reabierta como sesión ${s.number}`));
    },
  );

  r.get(
    ROUTES.cash.report.path,
    { schema: { tags, summary: 'Reporte X (caja abierta) o Z (cerrada)', params: IdParams, ...contractSchema(ROUTES.cash.report) } },
    async (req) => ok(deps.cash.reportOf(req.tenant, req.params.id)),
  );

  r.get(
    ROUTES.cash.reportPdf.path,
    {
      schema: {
        tags,
        summary: 'Reporte X o Z en PDF de 80 mm',
        description: 'Un Z que ya salió por una impresora dice COPIA, como su ticket (decisión 0086); bajar el PDF no cuenta como impresión.',
        params: IdParams,
      },
    },
    async (req, reply) => {
      // The same rule as the printed paper: once the Z came out, every later paper of it, this PDF
      // included, is a copy (a fresh walk found the PDF always an original).
      const { report, copy } = deps.cash.reportToPrint(req.tenant, req.params.id, false);
      const pdf = await cashReportPdf(report, copy);
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="reporte-${report.kind}-${reportDay(report)}-sesion-${report.sessionNumber}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );

  r.post(
    ROUTES.cash.printReport.path,
    { ...optionalBody, schema: { tags, summary: 'Imprime el reporte X o Z en la impresora de tickets', params: IdParams, ...contractSchema(ROUTES.cash.printReport) } },
    async (req) => {
      // A Z printed again says COPIA, as a reprinted ticket does: only the first paper is the
      // close's. The engine keeps which Z came out (migration 0028), so a till reloaded since, or
      // another one, cannot print a second original (decision 0086).
      const { report, copy } = deps.cash.reportToPrint(req.tenant, req.params.id, req.body?.copy === true);
      const what = `${copy ? 'Copia del reporte' : 'Reporte'} ${report.kind}`;
      const out = await send(
        req,
        (s) => ({ kind: 'reporte', number: report.sessionNumber, escpos: buildEscposCashReport(report, s, copy), pdf: async () => cashReportPdf(report, copy) }),
        { printed: `${what} enviad${copy ? 'a' : 'o'} a la impresora`, virtual: `${what} guardad${copy ? 'a' : 'o'}` },
      );
      if (out.data.printed) deps.cash.zPrinted(req.tenant, report, copy, doerOf(req).usuario);
      return out;
    },
  );

  r.post(
    ROUTES.cash.openDrawer.path,
    { schema: { tags, summary: 'Abre el cajón de dinero (pulso por la impresora configurada)', ...contractSchema(ROUTES.cash.openDrawer) } },
    async (req) => {
      if (!deps.store.pointsOfSale.details(req.tenant.id, req.body.posId)) throw notFound(`Punto de venta ${req.body.posId} no encontrado`);
      // A virtual printer has no drawer: the answer says so, never "Cajón abierto".
      return send(req, (s) => ({ kind: 'cajon', escpos: buildDrawerPulse(s) }), { printed: 'Cajón abierto', virtual: 'Cajón virtual: el pulso del cajón quedó guardado' });
    },
  );
}
