// Massive emission (issue #12): POST /api/v1/invoices/batch, GET /api/v1/invoices/batch (the
// tenant's batches, newest first) and GET /api/v1/invoices/batch/{id}.
// Each item is the body of POST /api/v1/invoices without posId (the batch's point of sale
// issues them all); items are checked one by one, so the body's own schema only bounds the list
// and the route checks every item against `batchItemSchema`.
import Type, { type Static } from 'typebox';
import { FieldProblemSchema, pageSchema } from './envelope';
import { CLIENT_REQUIRED_UNLESS_NOTE, createInvoiceBody } from './invoice';

/** Items of one batch (a month of school fees or utility bills of a large school or co-op). */
export const BATCH_MAX_ITEMS = 10_000;

/** Body cap of the batch route: 10,000 items of about 1–2 KB each, with room to spare. */
export const BATCH_MAX_BODY_BYTES = 32 * 1024 * 1024;

/** One item: POST /api/v1/invoices's body without posId. */
export const batchItemSchema = () => Type.Omit(createInvoiceBody(), ['posId'], { additionalProperties: false, ...CLIENT_REQUIRED_UNLESS_NOTE });

export const CreateBatchBody = Type.Object(
  {
    posId: Type.String({ format: 'uuid', description: 'UUID del punto de venta que emite todas las facturas del lote (GET /api/v1/pos)' }),
    items: Type.Array(Type.Object({}, { additionalProperties: true }), {
      minItems: 1,
      maxItems: BATCH_MAX_ITEMS,
      description:
        'Hasta 10.000 facturas. Cada elemento es el cuerpo de POST /api/v1/invoices sin posId; se valida por separado: ' +
        'un elemento inválido no detiene a los demás.',
    }),
  },
  { additionalProperties: false },
);

export const BatchStateSchema = Type.Union([Type.Literal('ISSUING'), Type.Literal('SENDING'), Type.Literal('VALIDATING'), Type.Literal('COMPLETED')], {
  description: 'ISSUING: numerando y firmando; SENDING: enviando paquetes a SIAT; VALIDATING: esperando el veredicto de SIAT; COMPLETED: cada factura VALIDATED o REJECTED',
});

/** One item's verdict of local validation (202). */
export const BatchItemVerdictSchema = Type.Object({
  index: Type.Integer({ description: 'Posición del elemento en items (desde 0)' }),
  accepted: Type.Boolean(),
  invoiceId: Type.Union([Type.String(), Type.Null()], { description: 'Id de la factura que se emitirá (aceptado)' }),
  problems: Type.Array(FieldProblemSchema, { description: 'Problemas de validación, como en un 422 (rechazado)' }),
});

export const BatchAcceptedSchema = Type.Object({
  batchId: Type.String(),
  posId: Type.String(),
  state: BatchStateSchema,
  items: Type.Integer(),
  accepted: Type.Integer(),
  refused: Type.Integer(),
  verdicts: Type.Array(BatchItemVerdictSchema),
});
export type BatchAccepted = Static<typeof BatchAcceptedSchema>;

const batchCounts = () =>
  Type.Record(Type.String(), Type.Integer(), {
    description: 'Elementos por estado: QUEUED (aceptado, aún sin emitir), PENDING, VALIDATED, REJECTED, CANCELLED, REFUSED (validación local)',
  });

/** One row of GET /api/v1/invoices/batch: the batch without its items and packages. */
export const BatchSummarySchema = Type.Object({
  batchId: Type.String(),
  posId: Type.String(),
  state: BatchStateSchema,
  items: Type.Integer(),
  counts: batchCounts(),
  lastError: Type.Union([Type.String(), Type.Null()], { description: 'Último fallo (SIAT no responde …); se reintenta solo' }),
  createdAt: Type.String(),
  completedAt: Type.Union([Type.String(), Type.Null()]),
});
export type BatchSummary = Static<typeof BatchSummarySchema>;

export const BatchPageSchema = pageSchema(BatchSummarySchema);

export const BatchSchema = Type.Object({
  batchId: Type.String(),
  posId: Type.String(),
  state: BatchStateSchema,
  items: Type.Integer(),
  counts: batchCounts(),
  packages: Type.Object({ total: Type.Integer(), sent: Type.Integer(), settled: Type.Integer() }),
  lastError: Type.Union([Type.String(), Type.Null()], { description: 'Último fallo (SIAT no responde …); se reintenta solo' }),
  createdAt: Type.String(),
  completedAt: Type.Union([Type.String(), Type.Null()]),
  invoices: Type.Array(
    Type.Object({
      index: Type.Integer(),
      invoiceId: Type.Union([Type.String(), Type.Null()]),
      invoiceNumber: Type.Union([Type.Integer(), Type.Null()], { description: 'Número de la factura una vez emitida' }),
      state: Type.String(),
      problems: Type.Array(FieldProblemSchema),
    }),
  ),
});
export type Batch = Static<typeof BatchSchema>;
