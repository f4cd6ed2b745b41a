// Webhook endpoints of a tenant and their deliveries (GET/POST/PATCH/DELETE /api/v1/webhooks…).
import Type, { type Static } from 'typebox';

export const WebhookEndpointSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  events: Type.Array(Type.String()),
  secret: Type.String({ description: 'whsec_…: completo solo al registrar y al rotar; enmascarado en las demás respuestas' }),
  active: Type.Boolean(),
  createdAt: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
});
export type WebhookEndpointView = Static<typeof WebhookEndpointSchema>;

export const WebhookAttemptSchema = Type.Object({
  attempt: Type.Integer(),
  manual: Type.Boolean(),
  startedAt: Type.String(),
  finishedAt: Type.String(),
  statusCode: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
});

export const WebhookDeliverySchema = Type.Object({
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
  attemptLog: Type.Array(WebhookAttemptSchema),
});
export type WebhookDeliveryView = Static<typeof WebhookDeliverySchema>;

const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'URL https:// del receptor' });
const Events = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
  minItems: 1,
  maxItems: 50,
  description: '*, <espacio>.* (p. ej. invoice.*) o un tipo exacto del catálogo (invoice.validated …)',
});
const Description = Type.String({ maxLength: 500 });

/** POST /api/v1/webhooks. */
export const CreateWebhookBody = Type.Object({ url: Url, events: Events, description: Type.Optional(Type.Union([Description, Type.Null()])) }, { additionalProperties: false });

/** PATCH /api/v1/webhooks/{id}: at least one field. */
export const UpdateWebhookBody = Type.Object(
  { url: Type.Optional(Url), events: Type.Optional(Events), active: Type.Optional(Type.Boolean()), description: Type.Optional(Type.Union([Description, Type.Null()])) },
  { additionalProperties: false, minProperties: 1 },
);

export const WebhookIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const DeliveryIdParams = Type.Object({ deliveryId: Type.String({ format: 'uuid' }) });
