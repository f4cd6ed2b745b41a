// The credit-debit note (SIAT sector 24, CONTRACT.md §9.3): a product taken back. The note
// repeats every line of the original invoice (codigoDetalleTransaccion 1) and adds the returned
// ones (2). A line given away whole (100 % bonus, subtotal 0.00) is left out of both: the
// official note schema wants every subTotal > 0, and nothing was paid for it to give back
// (issue 28, item 1). montoTotalOriginal = Σ original lines; montoDescuentoCreditoDebito = the
// returned lines' share of the original's additional discount; montoTotalDevuelto = Σ returned
// lines − that share; montoEfectivoCreditoDebito = 13 % of the returned amount, HALF-UP. It refuses what SIAT would,
// and more: a return beyond what was sold (counting earlier notes), a line not on the original,
// an original that SIAT has not validated, a note on a note. Pure: the original and its earlier
// notes come in.
import { multiply, toHundredths, type Cents } from '../../shared/money';
import type { FieldProblem } from '../../shared/api-envelope';
import type { InvoiceLine, InvoiceRecord } from '../store/invoices';
import type { Sale, SaleRequest } from './sale-input';
import { NOTE } from './credit-debit-note-data';
import { TIPO_FACTURA_DOCUMENTO } from '../../shared/siat-codes';
import { returnedAdditionalDiscount, returnedLineDiscount } from '../../shared/note-discounts';

export interface NoteLineRequest {
  codeProduct: string;
  quantity: number;
  /** true: the line is returned (codigoDetalleTransaccion 2); false: a line of the original, repeated. */
  returnProduct?: boolean;
  readonly [other: string]: unknown;
}

/** IVA rate applied to the returned amount (CONTRACT §9.3: 75.00 returned → 9.75). */
const IVA_PERCENT = 13;

const percentHalfUp = (amount: Cents, percent: number): Cents => {
  const exact = BigInt(amount) * BigInt(percent);
  return Number((exact + 50n) / 100n);
};

/** The client's fields as a note request may repeat them (all optional: the original has them). */
export type NoteClientRequest = Pick<SaleRequest, 'clientDocumentType' | 'clientDocumentNumber' | 'clientComplement' | 'clientBusinessName' | 'clientCode' | 'clientEmail'>;

/**
 * The client's fields a note request repeats with another value than the original's. A note
 * takes its client from the original (SIAT: the note is issued to whom the invoice was); a
 * field left out, null or blank is taken from it, one given must match (blanks around a text
 * are ignored), so an integrator never sees a note issued to someone it did not send.
 */
export function clientMismatches(original: InvoiceRecord, req: NoteClientRequest): FieldProblem[] {
  const given = (v: string | number | null | undefined) => (typeof v === 'string' ? v.trim() || null : (v ?? null));
  const pairs: [keyof NoteClientRequest, string | number | null][] = [
    ['clientDocumentType', original.clientDocType],
    ['clientDocumentNumber', original.clientDocNumber],
    ['clientComplement', original.clientComplement],
    ['clientBusinessName', original.clientName],
    ['clientCode', original.clientCode],
    ['clientEmail', original.clientEmail],
  ];
  const out: FieldProblem[] = [];
  for (const [field, theirs] of pairs) {
    const v = given(req[field]);
    if (v === null || v === given(theirs)) continue;
    out.push({
      field,
      rule: 'NOTE_CLIENT_MISMATCH',
      message: `la nota toma el cliente de la factura original N.º ${original.number} (${theirs === null ? 'sin valor' : `«${theirs}»`}); omita el campo o envíe el mismo valor`,
    });
  }
  return out;
}

/**
 * The sale of a note against `original`, or the problems that refuse it (each names its field).
 * `earlier`: notes already issued against the original and not refused by SIAT; `client`: the
 * client's fields as the request gave them (optional; must match the original's).
 */
/**
 * A note's sale on its original invoice (the credit-debit note 24, the nota de conciliación 29):
 * the original's client and payment, in bolivianos, with no discount or gift card; `amount` is the
 * note's own total (what is returned, or conciliated), not the sum of every line it lists.
 */
export function saleOnOriginal(original: InvoiceRecord, lines: InvoiceLine[], amount: Cents): Omit<Sale, 'sectorData'> {
  return {
    clientDocType: original.clientDocType,
    clientDocNumber: original.clientDocNumber,
    clientComplement: original.clientComplement,
    clientName: original.clientName,
    clientCode: original.clientCode,
    clientEmail: original.clientEmail,
    paymentMethod: original.paymentMethod,
    cardNumberMasked: null,
    giftCard: 0,
    additionalDiscount: 0,
    currency: 1,
    exchangeRate: 100,
    exceptionCode: original.exceptionCode,
    lines,
    totals: { ok: true, lines: lines.map((d) => ({ subTotal: d.subTotal })), sumSubTotals: amount, montoTotal: amount, montoTotalSujetoIva: amount, montoTotalMoneda: amount },
  };
}

/**
 * What the credit-debit notes already issued on `original` (not refused by SIAT) took back: the
 * quantity left to return per original line (hundredths) and the part of its additional discount
 * they took off (cents). The till's Devolución shows the same (GET /api/v1/invoices/{id}).
 */
export function returnedSoFar(original: InvoiceRecord, earlier: readonly InvoiceRecord[]): { left: number[]; discountTaken: Cents } {
  const left = original.details.map((d) => d.quantity);
  let discountTaken = 0;
  for (const n of earlier) {
    // A nota de conciliación on the same original tags its lines 1/2 too, but returns nothing.
    if (n.sector !== NOTE.SECTOR) continue;
    discountTaken += Number(n.sectorData?.[NOTE.AMOUNT_DISCOUNT]) || 0;
    for (const d of n.details) {
      if (d.transaction !== 2) continue;
      const i = original.details.findIndex((o, k) => o.codeProduct === d.codeProduct && o.subTotal > 0 && left[k]! > 0);
      if (i >= 0) left[i] = Math.max(0, left[i]! - d.quantity);
    }
  }
  return { left, discountTaken };
}

export function buildNoteSale(original: InvoiceRecord, earlier: readonly InvoiceRecord[], lines: readonly NoteLineRequest[], client: NoteClientRequest = {}): { sale: Sale } | { problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const add = (field: string, rule: string, message: string) => problems.push({ field, rule, message });
  // Any note on an invoice (credit-debit, conciliación: tipoFacturaDocumento 3) is not an original.
  if (original.sector === NOTE.SECTOR || original.tipoFactura === TIPO_FACTURA_DOCUMENTO.DOCUMENTO_AJUSTE) {
    add('originalInvoiceId', 'NOTE_ON_NOTE', 'no se emite una nota de crédito-débito sobre otra nota');
    return { problems };
  }
  if (original.state !== 'VALIDATED') {
    add('originalInvoiceId', 'ORIGINAL_NOT_VALIDATED', `la factura original N.º ${original.number} está ${original.state}; solo se emite una nota sobre una factura validada por SIAT`);
    return { problems };
  }
  problems.push(...clientMismatches(original, client));

  const { left, discountTaken: takenEarlier } = returnedSoFar(original, earlier);

  const returned: InvoiceLine[] = [];
  lines.forEach((l, i) => {
    const at = `details[${i}]`;
    const code = String(l.codeProduct ?? '').trim();
    const candidates = original.details.map((o, k) => ({ o, k })).filter(({ o }) => o.codeProduct === code);
    if (candidates.length === 0) {
      add(`${at}.codeProduct`, 'NOT_ON_ORIGINAL', `el producto ${code} no está en la factura original N.º ${original.number}`);
      return;
    }
    if (!l.returnProduct) return; // a line of the original: all of them are repeated anyway
    const paid = candidates.filter(({ o }) => o.subTotal > 0);
    if (paid.length === 0) {
      add(
        `${at}.returnProduct`,
        'GIVEN_AWAY',
        `el producto ${code} se entregó sin costo en la factura N.º ${original.number} (bonificación del 100 %, subtotal 0,00): no hay monto que devolver y la nota no lo incluye (SIAT exige subTotal mayor que cero)`,
      );
      return;
    }
    const q = typeof l.quantity === 'number' ? toHundredths(l.quantity) : null;
    if (q === null || q === 0) {
      add(`${at}.quantity`, 'DECIMALS', 'la cantidad devuelta debe ser mayor que cero, con 2 decimales como máximo');
      return;
    }
    const pick = paid.find(({ k }) => left[k]! >= q);
    if (!pick) {
      const max = paid.reduce((s, { k }) => Math.max(s, left[k]!), 0);
      add(`${at}.quantity`, 'RETURN_EXCEEDS_SOLD', `se devuelve ${q / 100} de ${code}, pero quedan ${max / 100} por devolver de lo vendido en la factura N.º ${original.number}`);
      return;
    }
    left[pick.k]! -= q;
    const o = pick.o;
    const discount = returnedLineDiscount(o.amountDiscount, o.quantity, q);
    const subTotal = multiply(q, o.priceUnit) - discount;
    returned.push({ ...o, quantity: q, amountDiscount: discount, subTotal, transaction: 2 });
  });
  if (problems.length === 0 && returned.length === 0) add('details', 'NO_RETURN', 'indique al menos una línea devuelta (returnProduct: true)');
  if (problems.length > 0) return { problems };

  // The given-away lines stay out (official schema: subTotal > 0); they add 0.00 to the original's total anyway.
  const originalLines: InvoiceLine[] = original.details.filter((d) => d.subTotal > 0).map((d) => ({ ...d, transaction: 1 }));
  const montoOriginal = originalLines.reduce((s, d) => s + d.subTotal, 0);
  const returnedLines = returned.reduce((s, d) => s + d.subTotal, 0);
  // The customer paid the returned lines less their share of the additional discount: that share
  // is not given back (before, a return of an invoice with one gave back too much).
  const descuento = returnedAdditionalDiscount(returnedLines, montoOriginal, original.additionalDiscount, takenEarlier);
  const montoDevuelto = returnedLines - descuento;
  if (montoDevuelto <= 0) return { problems: [{ field: 'details', rule: 'RETURN_NOT_POSITIVE', message: 'el monto devuelto debe ser mayor que cero' }] };
  const efectivo = percentHalfUp(montoDevuelto, IVA_PERCENT);
  const all = [...originalLines, ...returned];
  return {
    sale: {
      ...saleOnOriginal(original, all, montoDevuelto),
      sectorData: {
        [NOTE.ORIGINAL_ID]: original.id,
        [NOTE.ORIGINAL_NUMBER]: original.number,
        [NOTE.ORIGINAL_CUF]: original.cuf,
        [NOTE.ORIGINAL_DATE]: original.fechaEmision,
        [NOTE.AMOUNT_ORIGINAL]: montoOriginal,
        [NOTE.AMOUNT_RETURNED]: montoDevuelto,
        [NOTE.AMOUNT_DISCOUNT]: descuento,
        [NOTE.AMOUNT_CASH]: efectivo,
      },
    },
  };
}
