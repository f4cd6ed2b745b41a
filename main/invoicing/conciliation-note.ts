// The nota de conciliación (SIAT sector 29, official XSD notaElectronicaConciliacion.xsd): the
// adjustment of an invoice already validated — a telecom or basic-services bill that charged too
// much or too little. It repeats the original's lines (detalleOriginal) and lists each line whose
// amount changes with its original amount, its final amount and the difference
// (detalleConciliacion). montoTotalOriginal = Σ the original's lines; montoTotalConciliado = Σ the
// differences (> 0, the schema's bound); creditoFiscalIva = 13 % of the decreases and
// debitoFiscalIva = 13 % of the increases, HALF-UP (Kipu's reading, unconfirmed: decision 0073).
// It refuses a line not on the original, one given twice, one whose amount does not change, an
// original SIAT has not validated, a note as original and a second conciliation of the same
// invoice. Pure: the original and its earlier notes come in.
import { ivaOf, toHundredths } from '../../shared/money';
import type { FieldProblem } from '../../shared/api-envelope';
import type { InvoiceLine, InvoiceRecord } from '../store/invoices';
import type { Sale } from './sale-input';
import { clientMismatches, saleOnOriginal, type NoteClientRequest } from './credit-debit-note';
import { CONCILIATION } from './conciliation-note-data';
import { TIPO_FACTURA_DOCUMENTO } from '../../shared/siat-codes';

export interface ConciliationLineRequest {
  codeProduct: string;
  /** The line's amount after the conciliation, in bolivianos. */
  finalAmount?: number;
  readonly [other: string]: unknown;
}


/** The sale of a conciliation note against `original`, or the problems that refuse it (each names its field). */
export function buildConciliationSale(
  original: InvoiceRecord,
  earlier: readonly InvoiceRecord[],
  lines: readonly ConciliationLineRequest[],
  client: NoteClientRequest = {},
): { sale: Sale } | { problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const add = (field: string, rule: string, message: string) => problems.push({ field, rule, message });
  if (original.tipoFactura === TIPO_FACTURA_DOCUMENTO.DOCUMENTO_AJUSTE) {
    add('originalInvoiceId', 'NOTE_ON_NOTE', 'la nota de conciliación se emite sobre una factura, no sobre otra nota');
    return { problems };
  }
  if (original.state !== 'VALIDATED') {
    add('originalInvoiceId', 'ORIGINAL_NOT_VALIDATED', `la factura original N.º ${original.number} está ${original.state}; solo se concilia una factura validada por SIAT`);
    return { problems };
  }
  const prior = earlier.find((n) => n.sector === CONCILIATION.SECTOR);
  if (prior) {
    add('originalInvoiceId', 'ALREADY_CONCILIATED', `la factura N.º ${original.number} ya tiene la nota de conciliación N.º ${prior.number}; anúlela para emitir otra`);
    return { problems };
  }
  problems.push(...clientMismatches(original, client));

  const paidLines = original.details.filter((d) => d.subTotal > 0);
  const seen = new Set<string>();
  const conciliated: InvoiceLine[] = [];
  let decreases = 0;
  let increases = 0;
  lines.forEach((l, i) => {
    const at = `details[${i}]`;
    const code = String(l.codeProduct ?? '').trim();
    const o = paidLines.find((d) => d.codeProduct === code);
    if (!o) {
      add(`${at}.codeProduct`, 'NOT_ON_ORIGINAL', `el producto ${code} no está en la factura original N.º ${original.number}`);
      return;
    }
    if (seen.has(code)) {
      add(`${at}.codeProduct`, 'DUPLICATE_LINE', `el producto ${code} ya se concilia en otra línea de esta nota`);
      return;
    }
    seen.add(code);
    const final = typeof l.finalAmount === 'number' ? toHundredths(l.finalAmount) : null;
    if (final === null) {
      add(`${at}.finalAmount`, 'REQUIRED', 'monto final de la línea tras la conciliación: obligatorio, positivo o cero, con 2 decimales como máximo');
      return;
    }
    if (final === o.subTotal) {
      add(`${at}.finalAmount`, 'NO_CHANGE', `el monto final es el de la factura original (${(o.subTotal / 100).toFixed(2)}): no hay nada que conciliar en esta línea`);
      return;
    }
    const difference = Math.abs(final - o.subTotal);
    if (final < o.subTotal) decreases += difference;
    else increases += difference;
    conciliated.push({
      activityEconomic: o.activityEconomic,
      codeProductSin: o.codeProductSin,
      codeProduct: o.codeProduct,
      description: o.description,
      quantity: 100,
      unitMeasure: o.unitMeasure,
      priceUnit: final,
      amountDiscount: 0,
      subTotal: difference,
      sectorFields: { [CONCILIATION.LINE_ORIGINAL]: o.subTotal, [CONCILIATION.LINE_FINAL]: final, [CONCILIATION.LINE_CONCILIATED]: difference },
      transaction: 2,
    });
  });
  if (problems.length === 0 && conciliated.length === 0) add('details', 'NO_CONCILIATION', 'indique al menos una línea de la factura original con su monto final (finalAmount)');
  if (problems.length > 0) return { problems };

  const originalLines: InvoiceLine[] = paidLines.map((d) => ({ ...d, transaction: 1 }));
  const montoOriginal = originalLines.reduce((s, d) => s + d.subTotal, 0);
  const montoConciliado = decreases + increases;
  const all = [...originalLines, ...conciliated];
  return {
    sale: {
      ...saleOnOriginal(original, all, montoConciliado),
      sectorData: {
        [CONCILIATION.ORIGINAL_ID]: original.id,
        [CONCILIATION.ORIGINAL_NUMBER]: original.number,
        [CONCILIATION.ORIGINAL_CUF]: original.cuf,
        [CONCILIATION.ORIGINAL_DATE]: original.fechaEmision,
        [CONCILIATION.AMOUNT_ORIGINAL]: montoOriginal,
        [CONCILIATION.AMOUNT_CONCILIATED]: montoConciliado,
        [CONCILIATION.IVA_CREDIT]: ivaOf(decreases),
        [CONCILIATION.IVA_DEBIT]: ivaOf(increases),
      },
    },
  };
}
