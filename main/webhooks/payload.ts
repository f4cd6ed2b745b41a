// Webhook body per event (seed: Events, Payload shape). Invoice events carry exactly the seed's
// invoice fields (a re-issue adds the CUF it replaces: without it the receiver cannot tell which
// ticket is void); the seed shows no shape for other events, so they carry the bus data as is.
import type { KipuEvent } from '../events/event-map';

export function payloadOf(e: KipuEvent): { type: string; occurredAt: string; data: Record<string, unknown> } {
  if (e.type.startsWith('invoice.')) {
    const d = e.data;
    const data: Record<string, unknown> = { id: d.id, cuf: d.cuf, invoiceNumber: d.invoiceNumber, state: d.state, amountTotal: d.amountTotal };
    if (e.type === 'invoice.reissued') data.previousCuf = d.previousCuf;
    return { type: e.type, occurredAt: e.occurredAt, data };
  }
  return { type: e.type, occurredAt: e.occurredAt, data: e.data };
}
