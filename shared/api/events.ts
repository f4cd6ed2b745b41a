// Kipu's domain events and the till's live stream: one schema per event, in one place (issue 30,
// item 3). The engine's bus (main/events/event-map.ts) takes its event map from here, so a
// publisher is held to the payload its event declares; the stream (GET /api/v1/till/stream,
// main/api/routes/till.ts) sends the events STREAMED names, under that name, and the till reads
// their payloads with the types below (shared/api/till.ts). Adding an event here without saying
// whether it is streamed (STREAMED) or offered to webhooks (main/webhooks/event-catalog.ts) fails
// the typecheck.
import Type, { type Static, type TSchema } from 'typebox';
import { InvoiceStateSchema } from './invoice';

const SiatMessages = Type.Array(Type.Object({ codigo: Type.Integer(), descripcion: Type.String() }));

/** Every invoice event carries the seed's invoice fields (seed: Events, Payload shape). */
const InvoiceEventSchema = Type.Object({
  id: Type.String(),
  cuf: Type.String(),
  invoiceNumber: Type.Integer(),
  state: InvoiceStateSchema,
  /** Bolivianos, not cents: it goes out as is. */
  amountTotal: Type.Number(),
  /** SIAT's verdict as it came (null until SIAT answered): a rejection reaches the cashier verbatim. */
  siatCode: Type.Union([Type.Integer(), Type.Null()]),
  siatDescription: Type.Union([Type.String(), Type.Null()]),
  siatMessages: SiatMessages,
});

/**
 * An invoice re-issued offline (codigoEmision 2) because SIAT never registered its online send:
 * same id, number and date, a new CUF. `cuf` is the new one; `previousCuf` the one the sale
 * answered with — and the one any ticket printed before now carries, which SIAT will never know.
 */
const InvoiceReissuedSchema = Type.Intersect([
  InvoiceEventSchema,
  Type.Object({
    previousCuf: Type.String(),
    /** Why, in Spanish, as the invoice's audit trail records it. */
    reason: Type.String(),
  }),
]);

/** SIAT's codes and texts of a failure, verbatim (STYLE rule 5). */
const SiatFailureSchema = Type.Object({ siatCode: Type.Union([Type.Integer(), Type.Null()]), siatMessages: SiatMessages, reason: Type.String() });

/**
 * A massive emission batch (invoicing/massive/): its items per state — QUEUED (accepted, not
 * issued yet), the invoice states, REFUSED (failed local validation) — and its packages.
 */
const BatchProgressSchema = Type.Object({
  batchId: Type.String(),
  posId: Type.String(),
  state: Type.Union([Type.Literal('ISSUING'), Type.Literal('SENDING'), Type.Literal('VALIDATING'), Type.Literal('COMPLETED')]),
  items: Type.Integer(),
  counts: Type.Record(Type.String(), Type.Integer()),
  packages: Type.Object({ total: Type.Integer(), sent: Type.Integer(), settled: Type.Integer() }),
});

/** Which point of sale an upkeep notice is about. */
const PointOfSaleNoticeSchema = Type.Object({ nit: Type.String(), posId: Type.String(), branchCode: Type.Integer(), posCode: Type.Integer() });

/** Event name → payload schema: every event the engine publishes. */
export const EVENT_SCHEMAS = {
  'invoice.created': InvoiceEventSchema,
  'invoice.validated': InvoiceEventSchema,
  'invoice.rejected': InvoiceEventSchema,
  'invoice.cancelled': InvoiceEventSchema,
  'invoice.contingency': InvoiceEventSchema,
  'invoice.pending': InvoiceEventSchema,
  /** Published after the `invoice.contingency` of the same change: the till replaces the ticket. */
  'invoice.reissued': InvoiceReissuedSchema,
  'contingency.opened': Type.Object({ eventId: Type.String(), posId: Type.String(), codigoMotivo: Type.Integer(), manual: Type.Boolean() }),
  'contingency.closed': Type.Object({
    eventId: Type.String(),
    posId: Type.String(),
    codigoEventoSiat: Type.Union([Type.Integer(), Type.Null()]),
    validated: Type.Integer(),
    rejected: Type.Integer(),
  }),
  'contingency.package_rejected': Type.Object({
    eventId: Type.String(),
    packageId: Type.String(),
    codigoRecepcion: Type.Union([Type.String(), Type.Null()]),
    siatCode: Type.Integer(),
    rejected: Type.Integer(),
    total: Type.Integer(),
    messages: SiatMessages,
  }),
  /**
   * SIAT kept an event's packages pending (901) past the validation wait: the event is set aside
   * and asked again later; `deadline` is SIAT's 48 h term for the event's packages (983 after).
   */
  'contingency.validation_pending': Type.Object({ eventId: Type.String(), posId: Type.String(), pendingPackages: Type.Integer(), deadline: Type.String(), retryInMs: Type.Integer() }),
  'batch.progress': BatchProgressSchema,
  'batch.completed': Type.Intersect([BatchProgressSchema, Type.Object({ validated: Type.Integer(), rejected: Type.Integer(), refused: Type.Integer() })]),
  'siat.connection_lost': Type.Object({ posId: Type.String(), reason: Type.String() }),
  'siat.connection_restored': Type.Object({ posId: Type.String(), eventId: Type.String() }),
  /** SIAT's clock offset re-measured: it moved, or SIAT refused a sale for its date or CUFD (siatCode). */
  'siat.clock_skew': Type.Object({ posId: Type.String(), offsetMs: Type.Number(), previousOffsetMs: Type.Number(), siatCode: Type.Union([Type.Integer(), Type.Null()]) }),
  'siat.token_expiring': Type.Object({ nit: Type.String(), expiresOn: Type.String(), daysLeft: Type.Integer() }),
  'certificate.expiring': Type.Object({ nit: Type.String(), notAfter: Type.String(), daysLeft: Type.Integer() }),
  /** expiresAt: the latest CUFD's end, null when the point of sale never had one. */
  'cufd.renewal_failed': Type.Intersect([PointOfSaleNoticeSchema, Type.Object({ expiresAt: Type.Union([Type.String(), Type.Null()]) }), SiatFailureSchema]),
  'cuis.renewal_failed': Type.Intersect([PointOfSaleNoticeSchema, Type.Object({ expiresAt: Type.String() }), SiatFailureSchema]),
  /** Wrong PINs in a row locked a person of the store (issue 27): supervisors are told. */
  'till.user_locked': Type.Object({
    userId: Type.String(),
    login: Type.String(),
    name: Type.String(),
    role: Type.String(),
    purpose: Type.Union([Type.Literal('LOGIN'), Type.Literal('APPROVAL')]),
    lockedUntil: Type.String(),
    wrongPins: Type.Integer(),
  }),
} as const satisfies Record<string, TSchema>;

export type KipuEventType = keyof typeof EVENT_SCHEMAS;

/** Event name → payload. Type aliases, so every payload stays assignable to `Record<string, unknown>`. */
export type KipuEventMap = { [K in KipuEventType]: Static<(typeof EVENT_SCHEMAS)[K]> };

/**
 * The stream event each bus event goes out as on the till's stream, or null when it is not
 * streamed. The invoice's state changes share one name, `invoice`; the re-issue keeps its own
 * (the till replaces the sale card and the ticket).
 */
export const STREAMED = {
  'invoice.created': 'invoice',
  'invoice.validated': 'invoice',
  'invoice.rejected': 'invoice',
  'invoice.cancelled': 'invoice',
  'invoice.contingency': 'invoice',
  'invoice.pending': 'invoice',
  'invoice.reissued': 'invoice.reissued',
  'contingency.opened': 'contingency.opened',
  'contingency.closed': 'contingency.closed',
  'contingency.package_rejected': 'contingency.package_rejected',
  'contingency.validation_pending': 'contingency.validation_pending',
  'batch.progress': 'batch.progress',
  'batch.completed': 'batch.completed',
  'siat.connection_lost': 'siat.connection_lost',
  'siat.connection_restored': 'siat.connection_restored',
  // A clock SIAT refuses stops every online sale: the cashier must hear of it (issue 32, item 3).
  'siat.clock_skew': 'siat.clock_skew',
  // Upkeep notices go to webhooks and mail, not to the till…
  'siat.token_expiring': null,
  'certificate.expiring': null,
  // …except the CUFD's, which Estado de conexión shows with the error guide (issue 20).
  'cufd.renewal_failed': 'cufd.renewal_failed',
  'cuis.renewal_failed': null,
  // Five wrong PINs locked a person: the supervisor at any till hears of it (issue 27).
  'till.user_locked': 'till.user_locked',
} as const satisfies { readonly [K in KipuEventType]: string | null };

type Streamed = { [K in KipuEventType]: (typeof STREAMED)[K] extends null ? never : K }[KipuEventType];

/** The names the till's stream sends besides `status` (sent on connecting and on each change). */
export type StreamEventName = NonNullable<(typeof STREAMED)[KipuEventType]>;

/**
 * A streamed event's data: its bus payload, with the event's point of sale added as `posId` when
 * the payload has none (main/api/routes/till.ts).
 */
export type StreamEventData<N extends StreamEventName> = { [K in Streamed]: (typeof STREAMED)[K] extends N ? KipuEventMap[K] & { posId?: string } : never }[Streamed];
