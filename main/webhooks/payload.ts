// Webhook body per event (seed: Events, Payload shape). Invoice events carry exactly the seed's
// invoice fields; the seed shows no shape for other events, so they carry the bus data as is.
import type { KipuEvent } from '../events/event-map';

export function payloadOf(e: KipuEvent): { type: string; occurredAt: string; data: Record<string, unknown> } {
  if (e.type.startsWith('invoice.')) {
    const d = e.data;
    return { type: e.type, occurredAt: e.occurredAt, data: { id: d.id, cuf: d.cuf, invoiceNumber: d.invoiceNumber, state: d.state, amountTotal: d.amountTotal } };
  }
  return { type: e.type, occurredAt: e.occurredAt, data: e.data };
}
