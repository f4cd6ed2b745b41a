// Manual invoices under CAFC (issue 17; CONTRACT §5.3): the manager transcribes a booklet's paper
// invoices; the contingency recovery registers the event of motive 5–7 and sends the package.
import Type from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import type { ContingencyEvent, ContingencyRepository } from '../../store/contingency-events';
import { cafcSendBefore, type CafcTranscription } from '../../contingency/cafc-transcription';
import { fromHundredths } from '../../../shared/money';
import { ok } from '../envelope';
import { notFound } from '../errors';
import { asApiError } from '../domain-errors';
import { type CafcEvent } from '../../../shared/api/cafc';
import { openPointOfSale } from '../point-of-sale-param';
import { countOf } from '../../../shared/count';
import { ROUTES } from '../../../shared/api/routes';
import { contractSchema } from '../contract-schema';

export interface CafcRouteDeps {
  store: Store;
  repo: ContingencyRepository;
  cafc: CafcTranscription;
}

export function cafcRoutes(app: FastifyInstance, deps: CafcRouteDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Contingencia'];
  const dto = (req: FastifyRequest, e: ContingencyEvent): CafcEvent => ({
    eventId: e.id,
    posId: e.posId,
    cafc: e.cafc ?? '',
    eventMotive: e.codigoMotivo,
    eventStart: e.fechaInicio,
    eventEnd: e.fechaFin ?? e.fechaInicio,
    state: e.state,
    step: e.step,
    siatEventCode: e.codigoEventoSiat,
    lastError: e.lastError,
    sendBefore: cafcSendBefore(e.fechaFin ?? e.fechaInicio),
    invoices: deps.repo.eventInvoices(req.tenant.id, e.id).map((i) => ({
      id: i.id,
      invoiceNumber: i.number,
      emissionDate: i.fechaEmision,
      amountTotal: fromHundredths(i.total),
      state: i.state,
      siatMessages: i.siatMessages ? (JSON.parse(i.siatMessages) as { codigo: number; descripcion: string }[]) : [],
    })),
  });

  r.post(
    ROUTES.contingency.transcribeCafc.path,
    {
      schema: {
        tags,
        summary: 'Transcribe las facturas manuales de un talonario CAFC (eventos 5 a 7)',
        description:
          'Registra el evento significativo (5 corte de energía, 6 virus o falla de software, 7 falla de hardware) con su CAFC y envía a SIAT el paquete de las facturas ' +
          'con su número de talonario y la fecha y hora escritas (recepcionPaqueteFactura con cafc). Hasta 72 horas después del fin del evento (422 CAFC_TERM_OVER después). ' +
          'Responde 202: el veredicto de SIAT por factura se lee con GET /api/v1/contingency/cafc/{id}.',
        ...contractSchema(ROUTES.contingency.transcribeCafc, 202),
      },
    },
    async (req, reply) => {
      const pos = openPointOfSale(deps.store, req.tenant.id, req.body.posId);
      let event: ContingencyEvent;
      try {
        event = deps.cafc.transcribe(req.tenant, pos, req.body, req.apiKey.name.slice(0, 100) || 'kipu').event;
      } catch (err) {
        throw asApiError(err);
      }
      return reply.status(202).send(ok(dto(req, event), `${countOf(req.body.invoices.length, 'factura manual', 'facturas manuales')} del CAFC ${req.body.cafc}: se envían a SIAT`));
    },
  );

  r.get(
    ROUTES.contingency.cafcEvents.path,
    {
      schema: {
        tags,
        summary: 'Eventos CAFC transcritos, los más recientes primero, con el estado de cada factura',
        ...contractSchema(ROUTES.contingency.cafcEvents),
      },
    },
    async (req) => ok(deps.repo.cafcEvents(req.tenant.id, req.query.posId ?? null).map((e) => dto(req, e))),
  );

  r.get(
    ROUTES.contingency.cafcEvent.path,
    {
      schema: {
        tags,
        summary: 'Un evento CAFC con el veredicto de SIAT por factura',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        ...contractSchema(ROUTES.contingency.cafcEvent),
      },
    },
    async (req) => {
      const e = deps.repo.byId(req.tenant.id, req.params.id);
      if (!e || e.cafc === null) throw notFound(`Evento CAFC ${req.params.id} no encontrado`);
      return ok(dto(req, e));
    },
  );
}
