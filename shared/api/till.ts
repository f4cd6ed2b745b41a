// The till's own endpoints (not in the seeds): the public bootstrap, the status bar, the
// contingency queue and the live event stream.
import Type, { type Static } from 'typebox';
import { ContingencyEventSchema } from './contingency-event';
import { InvoiceListItemSchema } from './invoice';
import type { StreamEventData } from './events';

/** The compra-venta types a till issues (seed: Sector documents). */
export const SaleInvoiceTypeSchema = Type.Union([Type.Literal('COMPUTERIZED_SALE'), Type.Literal('ELECTRONIC_SALE')], {
  description: 'Tipo de compra-venta según la modalidad del contribuyente (1 electrónica, 2 computarizada)',
});
export type SaleInvoiceType = Static<typeof SaleInvoiceTypeSchema>;

/** GET /api/v1/public/till-config. */
export const TillConfigSchema = Type.Object({
  training: Type.Boolean(),
  demoApiKey: Type.Union([Type.String(), Type.Null()]),
  version: Type.String(),
  taxpayer: Type.Union([Type.Object({ nit: Type.String(), razonSocial: Type.String() }), Type.Null()]),
  /** Default compra-venta type from the taxpayer's modality. */
  defaultInvoiceType: SaleInvoiceTypeSchema,
  /** Tenant id, for the logo upload's companyId. */
  tenantId: Type.Union([Type.String(), Type.Null()]),
  /**
   * Training only: the demo store's people and their published PINs, for the login screen to show
   * (issue 27); absent outside training and once the demo store is removed.
   */
  demoUsers: Type.Optional(Type.Array(Type.Object({ login: Type.String(), name: Type.String(), role: Type.String(), pin: Type.String() }))),
});
export type TillConfig = Static<typeof TillConfigSchema>;

export const PosModeSchema = Type.Union([Type.Literal('ONLINE'), Type.Literal('CONTINGENCY')]);
export type PosMode = Static<typeof PosModeSchema>;

export const FlushProgressSchema = Type.Object({ running: Type.Boolean(), sent: Type.Integer(), total: Type.Integer() });

export const PosStatusSchema = Type.Object({
  posId: Type.String(),
  code: Type.Integer(),
  branchCode: Type.Integer(),
  name: Type.String(),
  mode: PosModeSchema,
  queued: Type.Integer({ description: 'Facturas que esperan a SIAT: emitidas fuera de línea, o en línea con resultado desconocido' }),
  activeEvent: Type.Union([ContingencyEventSchema, Type.Null()]),
  flush: FlushProgressSchema,
});
export type PosStatus = Static<typeof PosStatusSchema>;

/** The till's replication to Kipu Central, as its status shows it (issue 15, decision 0045). */
export const CentralSyncStatusSchema = Type.Object({
  lastPushAt: Type.Union([Type.String(), Type.Null()], { description: 'Último envío aceptado por Kipu Central (UTC)' }),
  lastError: Type.Union([Type.String(), Type.Null()], { description: 'Error de la última sincronización, null si fue bien' }),
  credentialRevoked: Type.Boolean({ description: 'Kipu Central revocó la credencial de esta caja: no sincroniza hasta configurar una nueva' }),
});
export type CentralSyncStatus = Static<typeof CentralSyncStatusSchema>;

/** GET /api/v1/till/status. */
export const TillStatusSchema = Type.Object({
  training: Type.Boolean(),
  siatReachable: Type.Boolean({ description: 'Resultado de la última comunicación o sondeo con SIAT (no consulta a SIAT en cada llamada)' }),
  pos: Type.Array(PosStatusSchema),
  /** Present when the till replicates to Kipu Central (KIPU_CENTRAL_URL). */
  central: Type.Optional(CentralSyncStatusSchema),
});
export type TillStatus = Static<typeof TillStatusSchema>;

/** GET /api/v1/till/queue. */
export const TillQueueSchema = Type.Object({
  invoices: Type.Array(InvoiceListItemSchema),
  events: Type.Array(ContingencyEventSchema),
});
export type TillQueue = Static<typeof TillQueueSchema>;

/** GET /api/v1/till/clients: clients offered while the cashier types a document or a name (issue #13). */
export const ClientSuggestionQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 100, description: 'Inicio del número de documento, o parte del nombre' }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 8 })),
});
export const ClientSuggestionSchema = Type.Object({
  documentType: Type.Integer(),
  documentNumber: Type.String(),
  complement: Type.Union([Type.String(), Type.Null()]),
  businessName: Type.String(),
  code: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  /** SIAT's remembered verdict on the NIT (document type 5), null when none or not a NIT. */
  nitValid: Type.Union([Type.Boolean(), Type.Null()]),
  lastUsedAt: Type.String(),
});
export type ClientSuggestion = Static<typeof ClientSuggestionSchema>;

// The stream is text/event-stream, outside JSON schema: its events' payloads are the bus events'
// schemas (shared/api/events.ts), under the names STREAMED gives them.

/** `invoice`: an invoice's state changed. */
export type InvoiceStreamEvent = StreamEventData<'invoice'>;

/**
 * `invoice.reissued`: an online invoice SIAT never registered, re-issued offline with a new CUF.
 * `cuf` is the new CUF; `previousCuf` the one the sale was answered, shown and printed with.
 * `posId` is added by the stream.
 */
export type InvoiceReissuedStreamEvent = StreamEventData<'invoice.reissued'> & { posId: string };
