// Sale state → POST /api/v1/invoices body, and the Idempotency-Key reuse rule.
import type { CatalogEntry, CreateInvoiceRequest } from '../../../shared/api-types';
import { NIT_EXCEPTION } from '../../../shared/api-types';
import { fromHundredths, type Cents } from '../../../shared/money';
import { cartTotals, type CartLine } from './cart';
import { clientCode, isQuickClient, QUICK_CLIENT, validateClient, type Client } from './client';
import { isSpecialNit } from '../../../shared/siat-codes';
import { isSplit, maskCardNumber, paymentEntries, paymentMethodCode, validatePayment, type Payment } from './payment';
import { EMPTY_SECTOR_DRAFT, saleSectorFields, sectorRequestValues, type SectorDraft, type SectorRequestValues } from './sector-form';

export interface SaleDraft {
  /** The point of sale's default document (compra-venta or a sector's invoiceType). */
  invoiceType: string;
  posId: string;
  lines: readonly CartLine[];
  additionalDiscount: Cents;
  client: Client;
  payment: Payment;
  /** SIAT's synced payment-method catalog, when loaded: a split it has no code for is refused here. */
  paymentMethods?: readonly CatalogEntry[];
  /** The sector's fields as typed (none for compra-venta). */
  sector?: SectorDraft;
}

export type BuildResult = { ok: true; request: CreateInvoiceRequest } | { ok: false; errors: string[] };

export function buildInvoiceRequest(d: SaleDraft): BuildResult {
  const totals = cartTotals(d.lines, d.additionalDiscount, d.payment.giftCard);
  const errors: string[] = [];
  if (!d.posId) errors.push('Seleccione el punto de venta.');
  if (d.lines.length === 0) errors.push('Agregue al menos un producto (F2).');
  else if (totals.total <= 0) errors.push('El total de la venta debe ser mayor a cero.');
  if (d.additionalDiscount < 0) errors.push('El descuento adicional no puede ser negativo.');
  errors.push(...validateClient(d.client, totals.total));
  errors.push(...validatePayment(d.payment, totals, d.paymentMethods));
  const fields = saleSectorFields(d.invoiceType);
  let sector: SectorRequestValues | null = null;
  if (fields) {
    const r = sectorRequestValues(fields, d.sector ?? EMPTY_SECTOR_DRAFT, d.lines);
    if (r.ok) sector = r.values;
    else errors.push(...r.errors);
  }
  if (errors.length > 0) return { ok: false, errors };

  const quick = isQuickClient(d.client);
  const req: CreateInvoiceRequest = {
    invoiceType: d.invoiceType,
    posId: d.posId,
    clientDocumentType: d.client.documentType,
    clientDocumentNumber: d.client.documentNumber.trim(),
    clientBusinessName: quick ? QUICK_CLIENT.businessName : d.client.businessName.trim(),
    clientCode: clientCode(d.client),
    // A split names its methods and the engine finds SIAT's combined code; one method keeps its code.
    ...(isSplit(d.payment) ? { payments: paymentEntries(d.payment, totals) } : { paymentMethodCode: paymentMethodCode(d.payment, totals) }),
    details: d.lines.map((l) => {
      const detail: CreateInvoiceRequest['details'][number] = {
        activityEconomic: l.activityEconomic,
        codeProductSin: l.codeProductSin,
        codeProduct: l.code,
        description: l.description,
        quantity: fromHundredths(l.quantity),
        unitMeasure: l.unitMeasure,
        priceUnit: fromHundredths(l.unitPrice),
      };
      if (l.discount > 0) detail.amountDiscount = fromHundredths(l.discount);
      // The sector's line fields go in the line (shared/sector-fields.ts: API names).
      return sector ? ({ ...detail, ...sector.lines[l.key] } as typeof detail) : detail;
    }),
    ...(sector?.header ?? {}),
  };
  if (d.client.complement.trim()) req.clientComplement = d.client.complement.trim();
  if (d.client.email.trim()) req.clientEmail = d.client.email.trim();
  if (!isSplit(d.payment)) {
    if (totals.due > 0 && d.payment.kind === 'card') req.cardNumber = maskCardNumber(d.payment.cardNumber) ?? undefined;
    if (d.payment.giftCard > 0) req.giftCardAmount = fromHundredths(d.payment.giftCard);
  }
  if (d.additionalDiscount > 0) req.additionalDiscount = fromHundredths(d.additionalDiscount);
  // A special code (99001–99003 as NIT) always goes with the exception (inspection item 1).
  if (d.client.exception || isSpecialNit(d.client.documentType, d.client.documentNumber)) req.exceptionCode = NIT_EXCEPTION;
  return { ok: true, request: req };
}

export interface SaleAttempt {
  key: string;
  fingerprint: string;
}

/**
 * A retry of the same sale reuses its Idempotency-Key, so a timed-out first attempt that
 * reached the engine is not issued twice; any change to the request makes a new attempt.
 */
export function attemptFor(prev: SaleAttempt | null, req: CreateInvoiceRequest, newKey: () => string): SaleAttempt {
  const fingerprint = JSON.stringify(req);
  if (prev && prev.fingerprint === fingerprint) return prev;
  return { key: newKey(), fingerprint };
}
