// Kipu's domain events: one typed map, event name → payload (STYLE rule 3). Publishers are held
// to the payload of the type they publish (event-bus.ts); the webhook catalog is keyed by the
// names (webhooks/event-catalog.ts), so adding an event here without deciding whether receivers
// may subscribe to it fails the typecheck.
// Runs in: engine (type declarations only).
import type { InvoiceState } from '../store/invoices';

/** Every invoice event carries the seed's invoice fields (seed: Events, Payload shape). */
export type InvoiceEventData = {
  id: string;
  cuf: string;
  invoiceNumber: number;
  state: InvoiceState;
  /** Bolivianos, not cents: it goes out as is. */
  amountTotal: number;
  /** SIAT's verdict as it came (null until SIAT answered): a rejection reaches the cashier verbatim. */
  siatCode: number | null;
  siatDescription: string | null;
  siatMessages: { codigo: number; descripcion: string }[];
};

/**
 * An invoice re-issued offline (codigoEmision 2) because SIAT never registered its online send:
 * same id, number and date, a new CUF. `cuf` is the new one; `previousCuf` the one the sale
 * answered with — and the one any ticket printed before now carries, which SIAT will never know.
 */
export type InvoiceReissuedData = InvoiceEventData & {
  previousCuf: string;
  /** Why, in Spanish, as the invoice's audit trail records it. */
  reason: string;
};

/** SIAT's codes and texts of a failure, verbatim (STYLE rule 5). */
export type SiatFailureData = {
  siatCode: number | null;
  siatMessages: { codigo: number; descripcion: string }[];
  reason: string;
};

/**
 * A massive emission batch (invoicing/massive/): its items per state — QUEUED (accepted, not
 * issued yet), the invoice states, REFUSED (failed local validation) — and its packages.
 */
export type BatchProgressData = {
  batchId: string;
  posId: string;
  state: 'ISSUING' | 'SENDING' | 'VALIDATING' | 'COMPLETED';
  items: number;
  counts: Record<string, number>;
  packages: { total: number; sent: number; settled: number };
};

/** Which point of sale an upkeep notice is about. */
export type PointOfSaleNoticeData = { nit: string; posId: string; branchCode: number; posCode: number };

// Type aliases rather than interfaces: every payload must stay assignable to the subscribers'
// generic `Record<string, unknown>` view (KipuEvent.data).
export type KipuEventMap = {
  'invoice.created': InvoiceEventData;
  'invoice.validated': InvoiceEventData;
  'invoice.rejected': InvoiceEventData;
  'invoice.cancelled': InvoiceEventData;
  'invoice.contingency': InvoiceEventData;
  'invoice.pending': InvoiceEventData;
  /** Published after the `invoice.contingency` of the same change: the till replaces the ticket. */
  'invoice.reissued': InvoiceReissuedData;
  'contingency.opened': { eventId: string; posId: string; codigoMotivo: number; manual: boolean };
  'contingency.closed': { eventId: string; posId: string; codigoEventoSiat: number | null; validated: number; rejected: number };
  'contingency.package_rejected': {
    eventId: string;
    packageId: string;
    codigoRecepcion: string | null;
    siatCode: number;
    rejected: number;
    total: number;
    messages: { codigo: number; descripcion: string }[];
  };
  /**
   * SIAT kept an event's packages pending (901) past the validation wait: the event is set aside
   * and asked again later; `deadline` is SIAT's 48 h term for the event's packages (983 after).
   */
  'contingency.validation_pending': { eventId: string; posId: string; pendingPackages: number; deadline: string; retryInMs: number };
  'batch.progress': BatchProgressData;
  'batch.completed': BatchProgressData & { validated: number; rejected: number; refused: number };
  'siat.connection_lost': { posId: string; reason: string };
  'siat.connection_restored': { posId: string; eventId: string };
  /** SIAT's clock offset re-measured: it moved, or SIAT refused a sale for its date or CUFD (siatCode). */
  'siat.clock_skew': { posId: string; offsetMs: number; previousOffsetMs: number; siatCode: number | null };
  'siat.token_expiring': { nit: string; expiresOn: string; daysLeft: number };
  'certificate.expiring': { nit: string; notAfter: string; daysLeft: number };
  /** expiresAt: the latest CUFD's end, null when the point of sale never had one. */
  'cufd.renewal_failed': PointOfSaleNoticeData & { expiresAt: string | null } & SiatFailureData;
  'cuis.renewal_failed': PointOfSaleNoticeData & { expiresAt: string } & SiatFailureData;
  /** Wrong PINs in a row locked a person of the store (issue 27): supervisors are told. */
  'till.user_locked': { userId: string; login: string; name: string; role: string; purpose: 'LOGIN' | 'APPROVAL'; lockedUntil: string; wrongPins: number };
};

export type KipuEventType = keyof KipuEventMap;

/**
 * An event as subscribers receive it. `data` is the payload of `type` (KipuEventMap), read
 * through a generic view because most subscribers forward it without looking inside.
 */
export interface KipuEvent {
  type: KipuEventType;
  tenantId: string;
  posId: string | null;
  occurredAt: string;
  data: Record<string, unknown>;
}

/** What a publisher hands to the bus: the payload must be the one its type declares. */
export type KipuEventInput<K extends KipuEventType> = {
  type: K;
  tenantId: string;
  posId: string | null;
  occurredAt?: string;
  data: KipuEventMap[K];
};
