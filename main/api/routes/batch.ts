// Massive emission (issue #12; CONTRACT §2.4 recepcionMasivaFactura): POST /api/v1/invoices/batch
// takes up to 10,000 invoices of one point of sale, checks each on its own and answers 202 with
// every item's verdict; the engine then issues them (codigoEmision 3), sends them to SIAT in
// packages of 1,000 and polls (invoicing/massive/). Progress: GET /api/v1/invoices/batch/{id},
// the till's event stream and webhooks (batch.progress, batch.completed).
import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Store } from '../../store/store';
import type { InvoiceBatch } from '../../store/invoice-batches';
import type { MassiveEmission } from '../../invoicing/massive/massive-emission';
import type { BatchItemInput } from '../../invoicing/massive/batch-intake';
import type { SaleRequest } from '../../invoicing/sale-input';
import { notFound } from '../errors';
import { asApiError } from '../domain-errors';
import { bodyPartValidator } from '../validation';
import { openPointOfSale } from '../point-of-sale-param';
import { offsetOf } from '../pagination';
import { ok, pageOf } from '../envelope';
import { apiResponse, PageQuery } from '../../../shared/api/envelope';
import {
  BATCH_MAX_BODY_BYTES,
  BatchAcceptedSchema,
  BatchPageSchema,
  BatchSchema,
  batchItemSchema,
  CreateBatchBody,
  type Batch,
  type BatchAccepted,
  type BatchSummary,
} from '../../../shared/api/batch';
import { ROUTES } from '../../../shared/api/routes';

export interface BatchRouteDeps {
  store: Store;
  massive: MassiveEmission;
}

const validateItem = bodyPartValidator(batchItemSchema());

/** Schema check of one item; its problems are named from the batch's body (items[3].details[0].quantity). */
function readItem(index: number, item: Record<string, unknown>, posId: string): BatchItemInput {
  const at = `items[${index}]`;
  if ('posId' in item) {
    return { index, problems: [{ field: `${at}.posId`, rule: 'additionalProperties', message: 'no es un campo admitido: el punto de venta es el del lote (posId)' }] };
  }
  const bad = validateItem(item);
  if (bad) return { index, problems: bad.fields.map((f) => ({ ...f, field: `${at}.${f.field}` })) };
  return { index, request: { ...item, posId } as unknown as SaleRequest };
}

export function batchRoutes(app: FastifyInstance, deps: BatchRouteDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Facturas'];

  const view = (batch: InvoiceBatch): Batch => {
    const p = deps.massive.progress(batch);
    return {
      batchId: batch.id,
      posId: batch.posId,
      state: batch.state,
      items: batch.itemCount,
      counts: p.counts,
      packages: p.packages,
      lastError: batch.lastError,
      createdAt: batch.createdAt,
      completedAt: batch.completedAt,
      invoices: deps.store.batches.items(batch.id).map((i) => ({ index: i.index, invoiceId: i.invoiceId, invoiceNumber: i.invoiceNumber, state: i.state, problems: i.problems })),
    };
  };

  const summary = (batch: InvoiceBatch): BatchSummary => ({
    batchId: batch.id,
    posId: batch.posId,
    state: batch.state,
    items: batch.itemCount,
    counts: deps.store.batches.counts(batch.id),
    lastError: batch.lastError,
    createdAt: batch.createdAt,
    completedAt: batch.completedAt,
  });

  r.post(
    ROUTES.batches.create.path,
    {
      bodyLimit: BATCH_MAX_BODY_BYTES,
      schema: {
        tags,
        summary: 'Emisión masiva: hasta 10.000 facturas de un punto de venta en una solicitud',
        description:
          'Para pensiones de un mes, facturas de servicios básicos o boletos aéreos (documento sector 30, que SIAT recibe solo por ' +
          'recepción masiva). Cada elemento de items es el cuerpo de POST /api/v1/invoices sin posId y se valida por separado: la ' +
          'respuesta 202 trae el veredicto de cada uno (aceptado con el id de su factura, o sus problemas como en un 422). Las facturas ' +
          'aceptadas se emiten con codigoEmision 3, se envían a SIAT en paquetes de hasta 1.000 (recepcionMasivaFactura) y terminan ' +
          'VALIDATED o REJECTED con los mensajes de SIAT. Progreso: GET /api/v1/invoices/batch/{id}, eventos batch.progress y ' +
          'batch.completed (webhooks y flujo de eventos). La cabecera Idempotency-Key hace que un reintento devuelva el mismo lote.',
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }),
        body: CreateBatchBody,
        response: { 202: apiResponse(BatchAcceptedSchema) },
      },
    },
    async (req, reply) => {
      const pos = openPointOfSale(deps.store, req.tenant.id, req.body.posId);
      const items = req.body.items.map((item, i) => readItem(i, item as Record<string, unknown>, pos.id));
      let result: ReturnType<MassiveEmission['submit']>;
      try {
        result = deps.massive.submit(req.tenant, pos, items, {
          usuario: req.apiKey.name.slice(0, 100) || 'kipu',
          idempotencyKey: req.headers['idempotency-key'] ?? null,
          request: req.body,
        });
      } catch (err) {
        throw asApiError(err);
      }
      const { batch } = result;
      const verdicts = deps.store.batches.items(batch.id).map((i) => ({ index: i.index, accepted: i.invoiceId !== null, invoiceId: i.invoiceId, problems: i.problems }));
      const accepted = verdicts.filter((v) => v.accepted).length;
      const data: BatchAccepted = { batchId: batch.id, posId: batch.posId, state: batch.state, items: batch.itemCount, accepted, refused: verdicts.length - accepted, verdicts };
      const message =
        accepted === 0
          ? 'Ningún elemento del lote es válido: no se emitió ninguna factura'
          : `Lote recibido: ${accepted} de ${batch.itemCount} facturas aceptadas; se emiten y envían a SIAT por recepción masiva`;
      return reply.status(202).send(ok(data, message));
    },
  );

  r.get(
    ROUTES.batches.list.path,
    {
      schema: {
        tags,
        summary: 'Lotes de emisión masiva, los más nuevos primero: estado y elementos por estado',
        description: 'Sin los elementos ni los paquetes de cada lote: GET /api/v1/invoices/batch/{id} los trae.',
        querystring: PageQuery,
        response: { 200: apiResponse(BatchPageSchema) },
      },
    },
    async (req) => {
      const { page, size } = req.query;
      const { items, total } = deps.store.batches.list(req.tenant.id, offsetOf({ page, size }), size);
      return ok(pageOf(items.map(summary), page, size, total));
    },
  );

  r.get(
    ROUTES.batches.get.path,
    {
      schema: {
        tags,
        summary: 'Progreso de un lote de emisión masiva: elementos por estado y el id de cada factura',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: apiResponse(BatchSchema) },
      },
    },
    async (req) => {
      const batch = deps.store.batches.byId(req.tenant.id, req.params.id);
      if (!batch) throw notFound(`Lote ${req.params.id} no encontrado`);
      return ok(view(batch));
    },
  );
}
