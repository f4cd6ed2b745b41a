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
import type { CatalogService } from '../../catalogs/catalog-sync';
import { intakeCatalogs } from '../../invoicing/massive/batch-intake';
import type { IntakeAnswer, IntakeJob } from '../batch-body-job';
import { ApiError, notFound, type FieldProblem } from '../errors';
import { asApiError } from '../domain-errors';
import { validatorCompiler } from '../validation';
import { jsonBytesOf, rawJsonBody, registerStreamedRawJsonParser } from '../json-body';
import { WorkBusyError } from '../../workers/pool';
import { openPointOfSale } from '../point-of-sale-param';
import { offsetOf } from '../pagination';
import { ok, pageOf } from '../envelope';
import {
  BATCH_MAX_BODY_BYTES,
  type Batch,
  type BatchAccepted,
  type BatchSummary,
} from '../../../shared/api/batch';
import { ROUTES } from '../../../shared/api/routes';
import { IdempotencyHeader } from '../idempotency-header';
import { contractSchema } from '../contract-schema';

export interface BatchRouteDeps {
  store: Store;
  massive: MassiveEmission;
  catalogs: CatalogService;
  /** Reads a batch's body and checks its items on the batch-intake worker (batch-body-job.ts). */
  readBatch: (tenantId: string, job: IntakeJob) => Promise<IntakeAnswer>;
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

  // Its own scope: the body read as it arrives into one Buffer (registerStreamedRawJsonParser).
  void app.register(async (scope) => {
    registerStreamedRawJsonParser(scope, BATCH_MAX_BODY_BYTES);
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      ROUTES.batches.create.path,
      {
        bodyLimit: BATCH_MAX_BODY_BYTES,
        ...rawJsonBody(validatorCompiler),
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
          headers: IdempotencyHeader,
          ...contractSchema(ROUTES.batches.create, 202),
        },
      },
      async (req, reply) => {
        // The body arrives unparsed (rawJsonBody): its parse, its schema and each item's checks run
        // on the batch-intake worker, whose answers are the ones Fastify's checks gave (issue 25).
        const raw = jsonBytesOf(req.body);
        const idempotencyKey = req.headers['idempotency-key'] ?? null;
        // Moved to the worker, not copied: a Buffer of its own memory is sent as it is.
        const body = raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength ? new Uint8Array(raw.buffer) : new Uint8Array(raw);
        let read: IntakeAnswer;
        try {
          read = await deps.readBatch(req.tenant.id, {
            body,
            tenant: { training: req.tenant.training, modalidad: req.tenant.modalidad },
            catalogs: intakeCatalogs(deps.catalogs, req.tenant.id),
            hashRequest: idempotencyKey !== null,
          });
        } catch (err) {
          // The intake worker's share is taken (two of the tenant's batches being received): come back.
          if (err instanceof WorkBusyError) void reply.header('Retry-After', String(err.retryAfterSeconds));
          throw asApiError(err);
        }
        if ('error' in read) throw new ApiError(read.error.status, read.error.code, read.error.detail, read.error.fields ? { fields: read.error.fields } : {});
        const pos = openPointOfSale(deps.store, req.tenant.id, read.posId);
        let result: Awaited<ReturnType<MassiveEmission['receive']>>;
        try {
          result = await deps.massive.receive(req.tenant, pos, read.items, { usuario: req.apiKey.name.slice(0, 100) || 'kipu', idempotencyKey, requestHash: read.requestHash });
        } catch (err) {
          throw asApiError(err);
        }
        const { batch } = result;
        // A new batch's verdicts are the ones just stored; a replayed one's are read back.
        const verdicts = result.replayed
          ? deps.store.batches.items(batch.id).map((i) => ({ index: i.index, accepted: i.invoiceId !== null, invoiceId: i.invoiceId, problems: i.problems }))
          : read.items.invoiceId.map((invoiceId, index) => ({ index, accepted: invoiceId !== null, invoiceId, problems: invoiceId === null ? (JSON.parse(read.items.problemsJson[index]!) as FieldProblem[]) : [] }));
        const accepted = verdicts.filter((v) => v.accepted).length;
        const data: BatchAccepted = { batchId: batch.id, posId: batch.posId, state: batch.state, items: batch.itemCount, accepted, refused: verdicts.length - accepted, verdicts };
        const message =
          accepted === 0
            ? 'Ningún elemento del lote es válido: no se emitió ninguna factura'
            : `Lote recibido: ${accepted} de ${batch.itemCount} facturas aceptadas; se emiten y envían a SIAT por recepción masiva`;
        return reply.status(202).send(ok(data, message));
      },
    );
  });

  r.get(
    ROUTES.batches.list.path,
    {
      schema: {
        tags,
        summary: 'Lotes de emisión masiva, los más nuevos primero: estado y elementos por estado',
        description: 'Sin los elementos ni los paquetes de cada lote: GET /api/v1/invoices/batch/{id} los trae.',
        ...contractSchema(ROUTES.batches.list),
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
        ...contractSchema(ROUTES.batches.get),
      },
    },
    async (req) => {
      const batch = deps.store.batches.byId(req.tenant.id, req.params.id);
      if (!batch) throw notFound(`Lote ${req.params.id} no encontrado`);
      return ok(view(batch));
    },
  );
}
