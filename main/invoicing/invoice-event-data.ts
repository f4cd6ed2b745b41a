// The payload of every invoice.* event (main/events/event-map.ts): the seed's invoice fields.
import type { InvoiceRecord } from '../store/invoices';
import type { InvoiceEventData } from '../events/event-map';

export function invoiceEventData(inv: InvoiceRecord): InvoiceEventData {
  return {
    id: inv.id,
    cuf: inv.cuf,
    invoiceNumber: inv.number,
    state: inv.state,
    amountTotal: inv.total / 100,
    siatCode: inv.siatCode,
    siatDescription: inv.siatDescription,
    siatMessages: inv.siatMessages.map((m) => ({ codigo: m.codigo, descripcion: m.descripcion })),
  };
}
