// A stored invoice as the API answers it (the seed's Invoice, shared/api/invoice.ts): amounts in
// Bs, the sector's fields by their API names, a note's original, the public links and the QR, and
// who issued, returned, cancelled or reversed it (issue 27). The invoice routes answer with it.
import type { Store } from '../store/store';
import type { InvoiceRecord, SectorValues } from '../store/invoices';
import { fromHundredths } from '../../shared/money';
import { toBoliviaIso } from '../../shared/time';
import { publicInvoicePath } from '../../shared/api/public-links';
import { isPaymentKind } from '../../shared/api/cash';
import type { EmissionType, Invoice } from '../../shared/api/invoice';
import { buildQrUrl } from '../documents/model';
import { sectorFields, type SectorField } from '../../shared/sector-fields';
import { NOTE } from '../invoicing/credit-debit-note-data';
import { CONCILIATION } from '../invoicing/conciliation-note-data';
import { cancellationTerm } from '../siat/cancellation-window';

/** SIAT's codigoEmision as the API names it: 1 NORMAL, 2 CONTINGENCY (offline), 3 MASSIVE. */
export function emissionType(inv: Pick<InvoiceRecord, 'codigoEmision'>): EmissionType {
  return inv.codigoEmision === 2 ? 'CONTINGENCY' : inv.codigoEmision === 3 ? 'MASSIVE' : 'NORMAL';
}

/** Stored sector values (amounts in Cents) as the API names and writes them (amounts in Bs). */
function sectorValuesDto(fields: readonly SectorField[], values: SectorValues | null | undefined): Record<string, string | number | null> | undefined {
  if (!values || fields.length === 0) return undefined;
  const out: Record<string, string | number | null> = {};
  for (const f of fields) {
    const v = values[f.key];
    if (v === undefined) continue;
    out[f.key] = f.kind === 'amount' && typeof v === 'number' ? fromHundredths(v) : v;
  }
  return out;
}

/** The sector's header fields and, on a credit-debit or conciliation note, its original and its amounts (issue #12, issue 28). */
function sectorDto(inv: InvoiceRecord): Partial<Invoice> {
  const fields = sectorFields(inv.sector);
  const header = sectorValuesDto(fields?.header ?? [], inv.sectorData);
  const out: Partial<Invoice> = { sector: inv.sector, ...(header ? { sectorFields: header } : {}) };
  const d = inv.sectorData;
  const cents = (k: string) => fromHundredths(Number(d?.[k] ?? 0));
  if (inv.sector === NOTE.SECTOR && d) {
    Object.assign(out, {
      originalInvoiceId: String(d[NOTE.ORIGINAL_ID] ?? inv.originalInvoiceId ?? ''),
      originalInvoiceNumber: Number(d[NOTE.ORIGINAL_NUMBER] ?? 0),
      originalCuf: String(d[NOTE.ORIGINAL_CUF] ?? ''),
      amountTotalOriginal: cents(NOTE.AMOUNT_ORIGINAL),
      amountTotalReturn: cents(NOTE.AMOUNT_RETURNED),
      amountDiscountCreditDebit: cents(NOTE.AMOUNT_DISCOUNT),
      amountCashCreditDebit: cents(NOTE.AMOUNT_CASH),
    });
  }
  if (inv.sector === CONCILIATION.SECTOR && d) {
    Object.assign(out, {
      originalInvoiceId: String(d[CONCILIATION.ORIGINAL_ID] ?? inv.originalInvoiceId ?? ''),
      originalInvoiceNumber: Number(d[CONCILIATION.ORIGINAL_NUMBER] ?? 0),
      originalCuf: String(d[CONCILIATION.ORIGINAL_CUF] ?? ''),
      amountTotalOriginal: cents(CONCILIATION.AMOUNT_ORIGINAL),
      amountTotalConciliated: cents(CONCILIATION.AMOUNT_CONCILIATED),
      ivaCreditAmount: cents(CONCILIATION.IVA_CREDIT),
      ivaDebitAmount: cents(CONCILIATION.IVA_DEBIT),
    });
  }
  return out;
}

/** How the invoice was paid, as stored with it in the sale's transaction (cash sessions, migration 0013). */
type InvoicePaymentRows = readonly { method: string; amount: number; tendered: number }[];

/** `replacesCuf`: the online CUF an offline re-issue replaced (InvoiceRepository.replacedCuf). */
export function invoiceDto(inv: InvoiceRecord, base: string, ambiente: 1 | 2, nit: string, payments: InvoicePaymentRows = [], refundMethod: number | null = null, replacesCuf: string | null = null): Invoice {
  const lineFields = sectorFields(inv.sector)?.line ?? [];
  return {
    id: inv.id,
    invoiceNumber: inv.number,
    cuf: inv.cuf,
    state: inv.state,
    emissionType: emissionType(inv),
    invoiceType: inv.invoiceType,
    posId: inv.posId,
    siatCode: inv.siatCode,
    siatDescription: inv.siatDescription,
    siatMessages: inv.siatMessages,
    clientDocumentType: inv.clientDocType,
    clientDocumentNumber: inv.clientDocNumber,
    clientComplement: inv.clientComplement,
    clientBusinessName: inv.clientName,
    clientCode: inv.clientCode,
    clientEmail: inv.clientEmail,
    amountSubtotal: fromHundredths(inv.subtotal),
    amountDiscount: fromHundredths(inv.additionalDiscount),
    giftCardAmount: fromHundredths(inv.giftCard),
    amountTotal: fromHundredths(inv.total),
    amountTotalSubjectToVat: fromHundredths(inv.totalSubjectIva),
    currencyCode: inv.currency,
    exchangeRate: fromHundredths(inv.exchangeRate),
    literal: inv.literal,
    leyenda: inv.leyenda,
    paymentMethodCode: inv.paymentMethod,
    cardNumber: inv.cardNumber,
    ...(payments.length > 0
      ? { payments: payments.map((p) => ({ method: isPaymentKind(p.method) ? p.method : 'OTHER', amount: fromHundredths(p.amount), tendered: fromHundredths(p.tendered) })) }
      : {}),
    ...(refundMethod !== null ? { refundMethodCode: refundMethod } : {}),
    emissionDate: inv.fechaEmision,
    cancellationReason: inv.cancellationReason,
    cancellationDate: inv.cancellationDate ? toBoliviaIso(new Date(inv.cancellationDate)) : null,
    cancellationDeadline: cancellationTerm(inv.fechaEmision, inv.sector).deadline,
    details: inv.details.map((d) => ({
      activityEconomic: d.activityEconomic,
      codeProductSin: d.codeProductSin,
      codeProduct: d.codeProduct,
      description: d.description,
      quantity: fromHundredths(d.quantity),
      unitMeasure: d.unitMeasure,
      priceUnit: fromHundredths(d.priceUnit),
      amountDiscount: fromHundredths(d.amountDiscount),
      amountSubtotal: fromHundredths(d.subTotal),
      ...(d.sectorFields && lineFields.length > 0 ? { sectorFields: sectorValuesDto(lineFields, d.sectorFields) } : {}),
      ...(inv.sector === CONCILIATION.SECTOR
        ? d.transaction === 2 ? { finalAmount: fromHundredths(Number(d.sectorFields?.[CONCILIATION.LINE_FINAL] ?? 0)) } : {}
        : d.transaction ? { returnProduct: d.transaction === 2 } : {}),
    })),
    pdfUrl: base + publicInvoicePath(inv.cuf, 'pdf'),
    xmlUrl: base + publicInvoicePath(inv.cuf, 'xml'),
    ticketUrl: base + publicInvoicePath(inv.cuf, 'ticket'),
    qrUrl: buildQrUrl({ ambiente, nit, cuf: inv.cuf, numero: inv.number }),
    ...(replacesCuf ? { replacesCuf } : {}),
    ...sectorDto(inv),
  };
}

/** Who issued, returned, cancelled and reversed (act_records, issue 27): the latest of each act. */
export function whoDid(store: Store, tenantId: string, inv: InvoiceRecord): Pick<Invoice, 'usuario' | 'returnApprovedBy' | 'cancelledBy' | 'cancellationApprovedBy' | 'cancellationReversedBy'> {
  const acts = store.tillUsers.actsOn(tenantId, inv.id);
  const last = (act: string) => acts.filter((a) => a.act === act).at(-1) ?? null;
  const cancel = last('cancel');
  const ret = last('return');
  return {
    usuario: inv.usuario,
    ...(ret ? { returnApprovedBy: ret.approver } : {}),
    cancelledBy: cancel?.usuario ?? null,
    cancellationApprovedBy: cancel?.approver ?? null,
    cancellationReversedBy: last('reverse')?.usuario ?? null,
  };
}

/** Who annulled it (the latest cancel record): the list shows it beside the state. */
export function lastCancel(store: Store, tenantId: string, id: string): string | null {
  return store.tillUsers.actsOn(tenantId, id).filter((a) => a.act === 'cancel').at(-1)?.usuario ?? null;
}
