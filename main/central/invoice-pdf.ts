// The A4 PDF of a replicated invoice, rendered by the till's own document code (main/documents)
// from the record and the taxpayer the till reported, so the owner sees the customer's document.
import type { InvoiceRecord } from '../store/invoices';
import { toInvoiceDocumentModel, type DocumentTenant } from '../documents/invoice-model';
import { renderInvoicePdf } from '../documents/invoice-pdf';

type Row = Record<string, unknown>;

export function recordFromReplica(row: Row): InvoiceRecord {
  const rec = (row.record ?? {}) as Row;
  return {
    ...(rec as object),
    id: row.id as string,
    tenantId: row.tenant_id as string,
    posId: row.pos_id as string,
    branchCode: row.branch_code as number,
    posCode: row.pos_code as number,
    invoiceType: row.invoice_type as string,
    sector: row.sector as number,
    codigoEmision: row.codigo_emision as number,
    number: row.number as number,
    cuf: row.cuf as string,
    cufd: row.cufd as string,
    fechaEmision: row.fecha_emision as string,
    clientDocNumber: row.client_doc_number as string,
    clientName: row.client_name as string,
    currency: row.currency as number,
    total: row.total_cents as number,
    state: row.state as InvoiceRecord['state'],
    siatCode: (row.siat_code as number | null) ?? null,
    siatDescription: (row.siat_description as string | null) ?? null,
    siatMessages: (row.siat_messages as InvoiceRecord['siatMessages']) ?? [],
    needsReconcile: row.needs_reconcile === true,
    eventId: (row.event_id as string | null) ?? null,
    originalInvoiceId: (row.original_invoice_id as string | null) ?? null,
    cancellationReason: (row.cancellation_reason as number | null) ?? null,
    cancellationDate: (row.cancellation_date as string | null) ?? null,
    xml: row.xml as string,
    idempotencyKey: null,
    requestHash: null,
    packageId: null,
    lastChecked: null,
    createdAt: row.created_at as string,
    updatedAt: row.updated_at as string,
  } as InvoiceRecord;
}

export async function invoicePdfFromReplica(row: Row, tenantReport: Row | null): Promise<Uint8Array> {
  const t = tenantReport ?? {};
  const tenant: DocumentTenant = {
    nit: String(t.nit ?? ''),
    razonSocial: String(t.razonSocial ?? ''),
    municipio: String(t.municipio ?? ''),
    direccion: String(t.direccion ?? ''),
    telefono: (t.telefono as string | null) ?? null,
    ambiente: t.ambiente === 1 ? 1 : 2,
    training: t.training === true,
  };
  return renderInvoicePdf(toInvoiceDocumentModel(recordFromReplica(row), tenant));
}
