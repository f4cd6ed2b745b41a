// Seed "Webhook management": register, list, read, update, delete, rotate the secret, list an
// endpoint's deliveries, force a redelivery. The secret is shown in full only in the answers of
// register and rotate; elsewhere it is masked (seed: Webhook endpoint).
// DELETE is a soft delete: an endpoint is configuration, not a fiscal row, but its deliveries are
// history worth keeping; it disappears from the API, its pending deliveries become FAILED and its
// secret is erased.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { toBoliviaIso } from '../../../shared/time';
import { ok, pageOf } from '../envelope';
import { notFound, ApiError } from '../errors';
import { asApiError } from '../domain-errors';
import { offsetOf } from '../pagination';
import { DeliveryIdParams, WebhookIdParams, type WebhookDeliveryView, type WebhookEndpointView } from '../../../shared/api/webhooks';
import type { WebhookEndpoints } from '../../webhooks/endpoints-service';
import type { WebhookDispatcher } from '../../webhooks/dispatcher';
import type { WebhookDelivery, WebhookEndpoint, WebhookRepository } from '../../store/webhooks';
import { maskSecret } from '../../webhooks/signature';
import { ROUTES } from '../../../shared/api/routes';
import { contractSchema } from '../contract-schema';

export interface WebhookRoutesDeps {
  endpoints: WebhookEndpoints;
  repo: WebhookRepository;
  dispatcher: WebhookDispatcher;
}

const tags = ['Webhooks'];

const bo = (iso: string | null) => (iso ? toBoliviaIso(new Date(iso)) : null);

function endpointDto(e: WebhookEndpoint, fullSecret?: string): WebhookEndpointView {
  return { id: e.id, url: e.url, events: e.events, secret: fullSecret ?? maskSecret(e.secretHint), active: e.active, createdAt: bo(e.createdAt)!, description: e.description };
}

export function webhookRoutes(app: FastifyInstance, deps: WebhookRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { endpoints, repo, dispatcher } = deps;

  const deliveryDto = (d: WebhookDelivery): WebhookDeliveryView => ({
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
    ROUTES.webhooks.create.path,
    {
      schema: {
        tags,
        summary: 'Registra un endpoint de webhook (la respuesta trae el secreto completo: guárdelo)',
        ...contractSchema(ROUTES.webhooks.create, 201),
      },
    },
    async (req, reply) => {
      try {
        const { endpoint, secret } = await endpoints.register(req.tenant.id, req.body);
        return reply.status(201).send(ok(endpointDto(endpoint, secret), 'Endpoint registrado: guarde el secreto ahora, no se volverá a mostrar completo'));
      } catch (err) {
        throw asApiError(err);
      }
    },
  );

  r.get(
    ROUTES.webhooks.list.path,
    {
      schema: {
        tags,
        summary: 'Endpoints de webhook del contribuyente, paginados',
        // Issue 28 item 5: the seed's "data of every list endpoint of this style" is a Page; the
        // bare array this answered before is now data.content (README, webhooks).
        description: 'Responde una página (Page) como todas las listas de este estilo: los endpoints están en data.content.',
        ...contractSchema(ROUTES.webhooks.list),
      },
    },
    async (req) => {
      const from = offsetOf(req.query);
      const all = endpoints.list(req.tenant.id);
      const content = all.slice(from, from + req.query.size).map((e) => endpointDto(e));
      return ok(pageOf(content, req.query.page, req.query.size, all.length), `${all.length} endpoint(s)`);
    },
  );

  r.get(
    ROUTES.webhooks.get.path,
    { schema: { tags, summary: 'Un endpoint de webhook', params: WebhookIdParams, ...contractSchema(ROUTES.webhooks.get) } },
    async (req) => {
      try {
        return ok(endpointDto(endpoints.read(req.tenant.id, req.params.id)));
      } catch (err) {
        throw asApiError(err);
      }
    },
  );

  r.put(
    ROUTES.webhooks.update.path,
    {
      schema: {
        tags,
        summary: 'Modifica url, events, active o description',
        params: WebhookIdParams,
        ...contractSchema(ROUTES.webhooks.update),
      },
    },
    async (req) => {
      try {
        return ok(endpointDto(await endpoints.update(req.tenant.id, req.params.id, req.body)), 'Endpoint actualizado');
      } catch (err) {
        throw asApiError(err);
      }
    },
  );

  r.delete(
    ROUTES.webhooks.remove.path,
    { schema: { tags, summary: 'Elimina un endpoint (se conserva el historial de entregas)', params: WebhookIdParams, ...contractSchema(ROUTES.webhooks.remove) } },
    async (req) => {
      try {
        endpoints.remove(req.tenant.id, req.params.id);
        return ok(null, 'Endpoint eliminado');
      } catch (err) {
        throw asApiError(err);
      }
    },
  );

  r.post(
    ROUTES.webhooks.rotateSecret.path,
    { schema: { tags, summary: 'Genera un secreto nuevo; el anterior deja de valer', params: WebhookIdParams, ...contractSchema(ROUTES.webhooks.rotateSecret) } },
    async (req) => {
      try {
        const { endpoint, secret } = await endpoints.rotate(req.tenant.id, req.params.id);
        return ok(endpointDto(endpoint, secret), 'Secreto rotado: guarde el nuevo ahora, no se volverá a mostrar completo');
      } catch (err) {
        throw asApiError(err);
      }
    },
  );

  r.get(
    ROUTES.webhooks.deliveries.path,
    {
      schema: {
        tags,
        summary: 'Entregas del endpoint, la más reciente primero, con sus intentos',
        params: WebhookIdParams,
        ...contractSchema(ROUTES.webhooks.deliveries),
      },
    },
    async (req) => {
      const q = req.query as { page: number; size: number };
      try {
        endpoints.read(req.tenant.id, req.params.id);
      } catch (err) {
        throw asApiError(err);
      }
      const { items, total } = repo.deliveries(req.params.id, offsetOf(q), q.size);
      return ok(pageOf(items.map(deliveryDto), q.page, q.size, total));
    },
  );

  r.post(
    ROUTES.webhooks.redeliver.path,
    {
      schema: {
        tags,
        summary: 'Intenta la entrega ahora, sin esperar el reintento (mismo webhook-id)',
        params: DeliveryIdParams,
        ...contractSchema(ROUTES.webhooks.redeliver),
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
