// Seed "Webhook management": register, list, read, update, delete, rotate the secret, list an
// endpoint's deliveries, force a redelivery. The secret is shown in full only in the answers of
// register and rotate; elsewhere it is masked (seed: Webhook endpoint).
// DELETE is a soft delete: an endpoint is configuration, not a fiscal row, but its deliveries are
// history worth keeping; it disappears from the API, its pending deliveries become FAILED and its
// secret is erased.
import Type, { type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { toBoliviaIso } from '../../../shared/time';
import { ok, pageOf } from '../envelope';
import { notFound, unprocessable, ApiError } from '../errors';
import { PageQuery, offsetOf } from '../pagination';
import { apiResponse } from './pos';
import { WebhookError, type WebhookEndpoints } from '../../webhooks/endpoints-service';
import type { WebhookDispatcher } from '../../webhooks/dispatcher';
import type { WebhookDelivery, WebhookEndpoint, WebhookRepository } from '../../webhooks/webhook-repository';
import { maskSecret } from '../../webhooks/signature';

export interface WebhookRoutesDeps {
  endpoints: WebhookEndpoints;
  repo: WebhookRepository;
  dispatcher: WebhookDispatcher;
}

const EndpointSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  events: Type.Array(Type.String()),
  secret: Type.String({ description: 'whsec_…: completo solo al registrar y al rotar; enmascarado en las demás respuestas' }),
  active: Type.Boolean(),
  createdAt: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
});

const AttemptSchema = Type.Object({
  attempt: Type.Integer(),
  manual: Type.Boolean(),
  startedAt: Type.String(),
  finishedAt: Type.String(),
  statusCode: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
});

const DeliverySchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'Enviado como webhook-id' }),
  endpointId: Type.String(),
  eventType: Type.String(),
  state: Type.String({ description: 'PENDING, DELIVERED o FAILED' }),
  attempts: Type.Integer(),
  nextAttemptAt: Type.Union([Type.String(), Type.Null()]),
  lastStatusCode: Type.Union([Type.Integer(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  deliveredAt: Type.Union([Type.String(), Type.Null()]),
  payload: Type.Unknown({ description: 'El cuerpo JSON enviado' }),
  attemptLog: Type.Array(AttemptSchema),
});

const PageOf = <T extends Type.TSchema>(item: T) =>
  Type.Object({
    content: Type.Array(item),
    page: Type.Integer(),
    size: Type.Integer(),
    totalElements: Type.Integer(),
    totalPages: Type.Integer(),
    first: Type.Boolean(),
    last: Type.Boolean(),
  });

const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'URL https:// del receptor' });
const Events = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
  minItems: 1,
  maxItems: 50,
  description: '*, <espacio>.* (p. ej. invoice.*) o un tipo exacto del catálogo (invoice.validated …)',
});
const Description = Type.String({ maxLength: 500 });
const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const tags = ['Webhooks'];

const bo = (iso: string | null) => (iso ? toBoliviaIso(new Date(iso)) : null);

function endpointDto(e: WebhookEndpoint, fullSecret?: string): Static<typeof EndpointSchema> {
  return { id: e.id, url: e.url, events: e.events, secret: fullSecret ?? maskSecret(e.secretHint), active: e.active, createdAt: bo(e.createdAt)!, description: e.description };
}

function apiErrorOf(err: unknown): unknown {
  if (err instanceof WebhookError) {
    if (err.status === 404) return notFound(err.message);
    return unprocessable(err.message, err.field ? [{ field: err.field, rule: 'webhook', message: err.message }] : undefined);
  }
  return err;
}

export function webhookRoutes(app: FastifyInstance, deps: WebhookRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { endpoints, repo, dispatcher } = deps;

  const deliveryDto = (d: WebhookDelivery): Static<typeof DeliverySchema> => ({
    id: d.id,
    endpointId: d.endpointId,
    eventType: d.eventType,
    state: d.state,
    attempts: d.attempts,
    nextAttemptAt: bo(d.nextAttemptAt),
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    createdAt: bo(d.createdAt)!,
    deliveredAt: bo(d.deliveredAt),
    payload: JSON.parse(d.payload) as unknown,
    attemptLog: repo.attempts(d.id).map((a) => ({ ...a, startedAt: bo(a.startedAt)!, finishedAt: bo(a.finishedAt)! })),
  });

  r.post(
    '/api/v1/webhooks/endpoints',
    {
      schema: {
        tags,
        summary: 'Registra un endpoint de webhook (la respuesta trae el secreto completo: guárdelo)',
        body: Type.Object({ url: Url, events: Events, description: Type.Optional(Type.Union([Description, Type.Null()])) }, { additionalProperties: false }),
        response: { 201: apiResponse(EndpointSchema) },
      },
    },
    async (req, reply) => {
      try {
        const { endpoint, secret } = await endpoints.register(req.tenant.id, req.body);
        return reply.status(201).send(ok(endpointDto(endpoint, secret), 'Endpoint registrado: guarde el secreto ahora, no se volverá a mostrar completo'));
      } catch (err) {
        throw apiErrorOf(err);
      }
    },
  );

  r.get(
    '/api/v1/webhooks/endpoints',
    { schema: { tags, summary: 'Endpoints de webhook del contribuyente', response: { 200: apiResponse(Type.Array(EndpointSchema)) } } },
    async (req) => {
      const list = endpoints.list(req.tenant.id).map((e) => endpointDto(e));
      return ok(list, `${list.length} endpoint(s)`);
    },
  );

  r.get(
    '/api/v1/webhooks/endpoints/:id',
    { schema: { tags, summary: 'Un endpoint de webhook', params: IdParams, response: { 200: apiResponse(EndpointSchema) } } },
    async (req) => {
      try {
        return ok(endpointDto(endpoints.read(req.tenant.id, req.params.id)));
      } catch (err) {
        throw apiErrorOf(err);
      }
    },
  );

  r.put(
    '/api/v1/webhooks/endpoints/:id',
    {
      schema: {
        tags,
        summary: 'Modifica url, events, active o description',
        params: IdParams,
        body: Type.Object(
          { url: Type.Optional(Url), events: Type.Optional(Events), active: Type.Optional(Type.Boolean()), description: Type.Optional(Type.Union([Description, Type.Null()])) },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { 200: apiResponse(EndpointSchema) },
      },
    },
    async (req) => {
      try {
        return ok(endpointDto(await endpoints.update(req.tenant.id, req.params.id, req.body)), 'Endpoint actualizado');
      } catch (err) {
        throw apiErrorOf(err);
      }
    },
  );

  r.delete(
    '/api/v1/webhooks/endpoints/:id',
    { schema: { tags, summary: 'Elimina un endpoint (se conserva el historial de entregas)', params: IdParams, response: { 200: apiResponse(Type.Null()) } } },
    async (req) => {
      try {
        endpoints.remove(req.tenant.id, req.params.id);
        return ok(null, 'Endpoint eliminado');
      } catch (err) {
        throw apiErrorOf(err);
      }
    },
  );

  r.post(
    '/api/v1/webhooks/endpoints/:id/rotate-secret',
    { schema: { tags, summary: 'Genera un secreto nuevo; el anterior deja de valer', params: IdParams, response: { 200: apiResponse(EndpointSchema) } } },
    async (req) => {
      try {
        const { endpoint, secret } = await endpoints.rotate(req.tenant.id, req.params.id);
        return ok(endpointDto(endpoint, secret), 'Secreto rotado: guarde el nuevo ahora, no se volverá a mostrar completo');
      } catch (err) {
        throw apiErrorOf(err);
      }
    },
  );

  r.get(
    '/api/v1/webhooks/endpoints/:id/deliveries',
    {
      schema: {
        tags,
        summary: 'Entregas del endpoint, la más reciente primero, con sus intentos',
        params: IdParams,
        querystring: PageQuery,
        response: { 200: apiResponse(PageOf(DeliverySchema)) },
      },
    },
    async (req) => {
      const q = req.query as { page: number; size: number };
      try {
        endpoints.read(req.tenant.id, req.params.id);
      } catch (err) {
        throw apiErrorOf(err);
      }
      const { items, total } = repo.deliveries(req.params.id, offsetOf(q), q.size);
      return ok(pageOf(items.map(deliveryDto), q.page, q.size, total));
    },
  );

  r.post(
    '/api/v1/webhooks/deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags,
        summary: 'Intenta la entrega ahora, sin esperar el reintento (mismo webhook-id)',
        params: Type.Object({ deliveryId: Type.String({ format: 'uuid' }) }),
        response: { 200: apiResponse(DeliverySchema) },
      },
    },
    async (req) => {
      const d = repo.delivery(req.tenant.id, req.params.deliveryId);
      if (!d) throw notFound(`Entrega ${req.params.deliveryId} no encontrada`);
      if (!repo.byId(req.tenant.id, d.endpointId)) throw new ApiError(404, 'NOT_FOUND', `El endpoint de la entrega ${d.id} fue eliminado`);
      await dispatcher.redeliver(d);
      const after = repo.delivery(req.tenant.id, d.id)!;
      return ok(deliveryDto(after), after.state === 'DELIVERED' && after.lastStatusCode !== null && after.lastError === null ? 'Entregado' : `Intento fallido: ${after.lastError ?? ''}`.trim());
    },
  );
}
