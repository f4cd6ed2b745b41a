// Kipu Central (issue 15): the till → Central push protocol, the catalog that comes down, and the
// dashboard's DTOs. Amounts cross this wire as integer cents (till and Central are both ours and
// both keep cents); the dashboard formats them as es-BO bolivianos.
import Type, { type Static } from 'typebox';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Text = (max: number) => Type.String({ maxLength: max });
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Cents = Type.Integer({ minimum: -1e13, maximum: 1e13 });

/** An invoice as the till holds it when it pushes (the newest state, never a diff). */
export const InvoiceReplicaSchema = Type.Object({
  id: Id,
  posId: Id,
  branchCode: Type.Integer({ minimum: 0 }),
  posCode: Type.Integer({ minimum: 0 }),
  invoiceType: Text(64),
  sector: Type.Integer(),
  codigoEmision: Type.Integer(),
  number: Type.Integer({ minimum: 0 }),
  cuf: Text(128),
  cufd: Text(256),
  fechaEmision: Text(32),
  clientDocNumber: Text(64),
  clientName: Text(500),
  currency: Type.Integer(),
  total: Cents,
  state: Type.Union([Type.Literal('PENDING'), Type.Literal('VALIDATED'), Type.Literal('REJECTED'), Type.Literal('CANCELLED'), Type.Literal('CONTINGENCY')]),
  siatCode: Nullable(Type.Integer()),
  siatDescription: Nullable(Text(2000)),
  siatMessages: Type.Array(Type.Unknown(), { maxItems: 200 }),
  needsReconcile: Type.Boolean(),
  eventId: Nullable(Id),
  originalInvoiceId: Nullable(Id),
  cancellationReason: Nullable(Type.Integer()),
  cancellationDate: Nullable(Text(40)),
  /** The signed (or plain) XML exactly as sent to SIAT. */
  xml: Type.String({ maxLength: 2_000_000 }),
  /** The rest of the till's record (lines, client, sector data…) for the PDF. */
  record: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Text(40),
  updatedAt: Text(40),
});
export type InvoiceReplica = Static<typeof InvoiceReplicaSchema>;

export const EventReplicaSchema = Type.Object({
  id: Id,
  posId: Id,
  codigoMotivo: Type.Integer(),
  descripcion: Text(1000),
  state: Type.Union([Type.Literal('ACTIVE'), Type.Literal('RECOVERING'), Type.Literal('CLOSED')]),
  fechaInicio: Text(40),
  fechaFin: Nullable(Text(40)),
  codigoEventoSiat: Nullable(Type.Integer()),
  updatedAt: Text(40),
});
export type EventReplica = Static<typeof EventReplicaSchema>;

export const CashReplicaSchema = Type.Object({
  id: Id,
  posId: Id,
  number: Type.Integer(),
  state: Type.Union([Type.Literal('OPEN'), Type.Literal('CLOSED')]),
  openedAt: Text(40),
  openedBy: Text(200),
  openingFloat: Cents,
  closedAt: Nullable(Text(40)),
  closedBy: Nullable(Text(200)),
  closeData: Type.Unknown(),
});
export type CashReplica = Static<typeof CashReplicaSchema>;

export const PosReplicaSchema = Type.Object({
  id: Id,
  branchCode: Type.Integer({ minimum: 0 }),
  branchName: Text(500),
  code: Type.Integer({ minimum: 0 }),
  name: Text(500),
  closedAt: Nullable(Text(40)),
  cufdExpiresAt: Nullable(Text(40)),
});
export type PosReplica = Static<typeof PosReplicaSchema>;

export const PushItemSchema = Type.Union([
  Type.Object({ seq: Type.Integer({ minimum: 1 }), kind: Type.Literal('invoice'), data: InvoiceReplicaSchema }),
  Type.Object({ seq: Type.Integer({ minimum: 1 }), kind: Type.Literal('event'), data: EventReplicaSchema }),
  Type.Object({ seq: Type.Integer({ minimum: 1 }), kind: Type.Literal('cash'), data: CashReplicaSchema }),
  Type.Object({ seq: Type.Integer({ minimum: 1 }), kind: Type.Literal('pos'), data: PosReplicaSchema }),
]);
export type PushItem = Static<typeof PushItemSchema>;

/** What the till says about itself on every push (also an empty one: the heartbeat). */
export const TillReportSchema = Type.Object({
  nit: Text(20),
  razonSocial: Text(500),
  certificateExpiresAt: Nullable(Text(40)),
  training: Type.Boolean(),
  /** The tenant record the till's documents use (Central renders the same PDF). */
  tenant: Type.Record(Type.String(), Type.Unknown()),
});
export type TillReport = Static<typeof TillReportSchema>;

/**
 * The `code` of Central's 401 when the till presents a credential the administrator revoked (its
 * `message` says when); the till stops pushing hard and shows it as its sync error (decision 0045).
 */
export const CENTRAL_CREDENTIAL_REVOKED = 'CREDENTIAL_REVOKED';

/** The `code` of Central's 401 when an owner key the administrator revoked is presented (CLI `key revoke`). */
export const CENTRAL_OWNER_KEY_REVOKED = 'OWNER_KEY_REVOKED';

/**
 * Push sizes (issue 26, finding 3), measured with the till's own code in
 * test/integration/central/push-limits.test.ts: the largest invoice a till can issue (500 lines,
 * every text at its longest, accents and characters XML escapes) is 1,127,202 bytes as a push
 * item; a plain one-line sale 3.8 KB, 50 plain lines 38 KB. The till fills a push up to
 * PUSH_BUDGET_BYTES (always at least one item); Central refuses a body over PUSH_BODY_LIMIT_BYTES
 * (413), and an item over PUSH_ITEM_LIMIT_BYTES or an invoice of more than SIAT's 500 lines (422).
 */
export const PUSH_BUDGET_BYTES = 4 * 1024 * 1024;
export const PUSH_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
export const PUSH_ITEM_LIMIT_BYTES = 2 * 1024 * 1024;

/** POST /central/v1/push. `after` = the cursor the till believes Central holds; `upTo` ≥ every item's seq. */
export const PushRequestSchema = Type.Object({
  after: Type.Integer({ minimum: 0 }),
  upTo: Type.Integer({ minimum: 0 }),
  report: TillReportSchema,
  items: Type.Array(PushItemSchema, { maxItems: 1000 }),
});
export type PushRequest = Static<typeof PushRequestSchema>;

export const PushResponseSchema = Type.Object({
  ackedSeq: Type.Integer(),
  /** Items already held (a replay after a crash) that were skipped. */
  skipped: Type.Integer(),
});
export type PushResponse = Static<typeof PushResponseSchema>;

/** A product as Central manages it (GET /central/v1/catalog). */
export const CentralProductSchema = Type.Object({
  id: Id,
  version: Type.Integer(),
  code: Text(100),
  barcode: Nullable(Text(100)),
  description: Text(500),
  priceCents: Type.Integer({ minimum: 1 }),
  unitMeasure: Type.Integer(),
  activityEconomic: Text(20),
  codeProductSin: Text(20),
  active: Type.Boolean(),
});
export type CentralProduct = Static<typeof CentralProductSchema>;

export const CatalogResponseSchema = Type.Object({
  /** The version the till reaches once it applied `products` (the highest among them, or `after`). */
  version: Type.Integer(),
  /** Whether the chain lets a till keep its own price (docs/decisions/0031). */
  allowLocalPrices: Type.Boolean(),
  products: Type.Array(CentralProductSchema),
  more: Type.Boolean(),
});
export type CatalogResponse = Static<typeof CatalogResponseSchema>;

// ── Dashboard (GET /central/api/…, an owner's key) ────────────────────────────────────────────

export const SalesRowSchema = Type.Object({
  branchCode: Type.Integer(),
  storeName: Type.String(),
  tillId: Type.String(),
  tillName: Type.String(),
  invoices: Type.Integer(),
  /** The standing invoices' sum (not annulled, not refused, not notes). */
  grossCents: Type.Integer(),
  /** Credit-debit notes (returns) of the day that stand, and what they gave back. */
  returns: Type.Integer(),
  returnsCents: Type.Integer(),
  /** Net: grossCents − returnsCents. */
  totalCents: Type.Integer(),
});
export const SalesTodaySchema = Type.Object({
  date: Type.String(),
  rows: Type.Array(SalesRowSchema),
  /** Net of returns; annulled and refused invoices count nowhere. */
  totalCents: Type.Integer(),
  grossCents: Type.Integer(),
  returns: Type.Integer(),
  returnsCents: Type.Integer(),
  invoices: Type.Integer(),
});
export type SalesToday = Static<typeof SalesTodaySchema>;

export const SalesByDaySchema = Type.Object({
  days: Type.Array(Type.Object({ date: Type.String(), branchCode: Type.Integer(), storeName: Type.String(), invoices: Type.Integer(), totalCents: Type.Integer() })),
});
export type SalesByDay = Static<typeof SalesByDaySchema>;

export const TillOverviewSchema = Type.Object({
  tills: Type.Array(
    Type.Object({
      tillId: Type.String(),
      name: Type.String(),
      lastContact: Nullable(Type.String()),
      certificateExpiresAt: Nullable(Type.String()),
      /** Set when the till has no credential in force: the last one's revocation (UTC, who, why). */
      revoked: Nullable(Type.Object({ at: Type.String(), by: Type.String(), reason: Nullable(Type.String()) })),
      pointsOfSale: Type.Array(
        Type.Object({
          posId: Type.String(),
          branchCode: Type.Integer(),
          code: Type.Integer(),
          name: Type.String(),
          mode: Type.Union([Type.Literal('ONLINE'), Type.Literal('CONTINGENCY')]),
          queued: Type.Integer(),
          cufdExpiresAt: Nullable(Type.String()),
        }),
      ),
    }),
  ),
});
export type TillOverview = Static<typeof TillOverviewSchema>;

export const ChainInvoiceSchema = Type.Object({
  tillId: Type.String(),
  tillName: Type.String(),
  id: Type.String(),
  branchCode: Type.Integer(),
  posCode: Type.Integer(),
  number: Type.Integer(),
  cuf: Type.String(),
  fechaEmision: Type.String(),
  clientName: Type.String(),
  clientDocNumber: Type.String(),
  totalCents: Type.Integer(),
  state: Type.String(),
  siatCode: Nullable(Type.Integer()),
  sector: Type.Integer({ description: 'codigoDocumentoSector de SIAT (24 = nota de crédito-débito)' }),
  originalNumber: Nullable(Type.Integer({ description: 'Nota de crédito-débito: número de la factura a la que se refiere' })),
});
/**
 * A page of the search, newest first; `more` = another page exists (no exact count over millions of
 * rows); `next` = pass it as `after` for that page (keyset paging, decision 0042), null on the last.
 */
export const ChainInvoicePageSchema = Type.Object({ items: Type.Array(ChainInvoiceSchema), more: Type.Boolean(), next: Nullable(Type.String()) });
export type ChainInvoicePage = Static<typeof ChainInvoicePageSchema>;
