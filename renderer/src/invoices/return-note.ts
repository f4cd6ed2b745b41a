// Devolución (issue #12): the lines and quantities the cashier takes back from a validated invoice
// → the credit-debit note request (POST /api/v1/invoices). The engine builds the note from the
// original (all its lines, the returned ones, the amounts); this only says what comes back and
// how the money goes back (refundMethodCode, issue 24). Pure.
import type { CatalogEntry, CreateInvoiceRequest, Invoice } from '../../../shared/api-types';
import { componentsOf, type PaymentComponent } from '../../../shared/payment-methods';
import { resolveRefundMethod } from '../../../shared/refund-method';
import { invoiceType } from '../../../shared/invoice-types';
import { fromHundredths, multiply, toHundredths, type Cents } from '../../../shared/money';
import { formatQuantity, parseQuantity } from '../format/amount-input';
import { isNote } from '../format/labels';
import { returnedAdditionalDiscount, returnedLineDiscount } from '../../../shared/note-discounts';

/** The note's invoiceType follows the original's modality (1 electrónica, 2 computarizada). */
export function noteInvoiceType(original: Pick<Invoice, 'invoiceType'>): 'NOTE_CREDIT_DEBIT' | 'COMPUTERIZED_NOTE_CREDIT_DEBIT' {
  return invoiceType(original.invoiceType)?.modalidad === 2 ? 'COMPUTERIZED_NOTE_CREDIT_DEBIT' : 'NOTE_CREDIT_DEBIT';
}

/** A Devolución is offered on a validated invoice that is not itself a note (credit-debit or conciliación). */
export function canReturn(inv: Pick<Invoice, 'state' | 'invoiceType'>): boolean {
  return inv.state === 'VALIDATED' && !isNote(invoiceType(inv.invoiceType)?.sector);
}

export interface RefundChoices {
  /** The few a store refunds by, the original's method first: efectivo, tarjeta, transferencia, depósito. */
  common: CatalogEntry[];
  /** Every other single method of SIAT's catalog (SWIFT, pago posterior…), behind «Otro método…». */
  others: CatalogEntry[];
}

/** The components of the methods a store refunds by, in the order offered (QR is SIAT's TRANSFERENCIA). */
const COMMON_REFUNDS: readonly PaymentComponent[] = ['EFECTIVO', 'TARJETA', 'TRANSFERENCIA', 'DEPOSITO'];

/**
 * The methods a refund may go back by: the catalog's single-method codes (a refund goes back one
 * way). A walk found every one of them offered at once (SWIFT, PAGO POSTERIOR…): the common few
 * come first, the original's method (and the default, for a split) at the top, the rest apart.
 */
export function refundChoices(catalog: readonly CatalogEntry[] | undefined, original?: Pick<Invoice, 'paymentMethodCode' | 'payments'>): RefundChoices {
  const single = (catalog ?? []).filter((e) => componentsOf(e.descripcion)?.size === 1);
  const common: CatalogEntry[] = [];
  const add = (e: CatalogEntry | undefined) => void (e && !common.includes(e) && common.push(e));
  const top = original ? [original.paymentMethodCode, defaultRefundCode(original, catalog)] : [];
  for (const code of top) add(single.find((e) => Number(e.codigo) === code));
  for (const c of COMMON_REFUNDS) {
    // One code per method (the lowest), none when the original's already is it.
    if (common.some((e) => componentsOf(e.descripcion)?.has(c))) continue;
    add(single.filter((e) => componentsOf(e.descripcion)?.has(c)).sort((x, y) => Number(x.codigo) - Number(y.codigo))[0]);
  }
  return { common, others: single.filter((e) => !common.includes(e)) };
}

/**
 * The refund method the dialog starts with: the engine's own default (shared/refund-method.ts) —
 * the original's method, or cash for a split that had cash. Null while the catalog is unknown
 * (the request then leaves it out and the engine decides the same way).
 */
export function defaultRefundCode(original: Pick<Invoice, 'paymentMethodCode' | 'payments'>, catalog: readonly CatalogEntry[] | undefined): number | null {
  if (!catalog || catalog.length === 0) return null;
  const r = resolveRefundMethod(catalog, { code: original.paymentMethodCode, parts: original.payments ?? [] }, null);
  return 'problems' in r ? null : r.code;
}

/** Typed quantities by line index ('' = nothing returned from that line). */
export type ReturnQuantities = Readonly<Record<number, string>>;

/** What is left to return of line `i` after the notes issued on it (hundredths), or null when the engine did not say. */
export function leftToReturn(original: Pick<Invoice, 'returnable'>, i: number): number | null {
  const q = original.returnable?.quantities[i];
  return q === undefined ? null : (toHundredths(q) ?? 0);
}

export type ReturnBuild = { ok: true; request: CreateInvoiceRequest; returned: Cents; additionalShare: Cents } | { ok: false; errors: string[] };

/**
 * The note request, or the problems in es-BO. `returned` is what goes back, as the engine
 * computes it (shared/note-discounts.ts): the returned lines less the returned part of their
 * discounts and `additionalShare`, their share of the original's additional discount, never
 * more than the notes issued before left of it (`returnable`, from GET /api/v1/invoices/{id}).
 */
export function buildReturnRequest(original: Invoice, quantities: ReturnQuantities, refundMethodCode: number | null = null): ReturnBuild {
  const errors: string[] = [];
  const details: CreateInvoiceRequest['details'] = [];
  let returned = 0;
  original.details.forEach((d, i) => {
    const text = (quantities[i] ?? '').trim();
    if (text === '' || text === '0') return;
    const q = parseQuantity(text);
    const sold = toHundredths(d.quantity) ?? 0;
    if (q === null) {
      errors.push(`${d.description}: cantidad no válida.`);
      return;
    }
    if (q > sold) {
      errors.push(`${d.description}: se vendieron ${formatQuantity(sold)}; no se puede devolver ${formatQuantity(q)}.`);
      return;
    }
    const left = leftToReturn(original, i);
    if (left !== null && q > left) {
      errors.push(
        left === 0
          ? `${d.description}: ya se devolvió todo lo vendido (${formatQuantity(sold)}) en notas anteriores.`
          : `${d.description}: quedan ${formatQuantity(left)} por devolver de ${formatQuantity(sold)} vendidos; no se puede devolver ${formatQuantity(q)}.`,
      );
      return;
    }
    returned += multiply(q, toHundredths(d.priceUnit) ?? 0) - returnedLineDiscount(toHundredths(d.amountDiscount) ?? 0, sold, q);
    details.push({
      activityEconomic: d.activityEconomic,
      codeProductSin: d.codeProductSin,
      codeProduct: d.codeProduct,
      description: d.description,
      quantity: fromHundredths(q),
      unitMeasure: d.unitMeasure,
      priceUnit: d.priceUnit,
      returnProduct: true,
    });
  });
  if (errors.length === 0 && details.length === 0) errors.push('Indique la cantidad devuelta de al menos una línea.');
  if (errors.length > 0) return { ok: false, errors };
  // No client fields: a note takes its client from the original (POST /api/v1/invoices).
  const request: CreateInvoiceRequest = {
    invoiceType: noteInvoiceType(original),
    posId: original.posId,
    originalInvoiceId: original.id,
    ...(refundMethodCode === null ? {} : { refundMethodCode }),
    details,
  };
  const originalLines = original.details.reduce((sum, d) => sum + (toHundredths(d.amountSubtotal) ?? 0), 0);
  const takenEarlier = toHundredths(original.returnable?.additionalDiscountTaken ?? 0) ?? 0;
  const additionalShare = returnedAdditionalDiscount(returned, originalLines, toHundredths(original.amountDiscount) ?? 0, takenEarlier);
  return { ok: true, request, returned: returned - additionalShare, additionalShare };
}
