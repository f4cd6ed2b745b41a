// The monthly books a manager hands the accountant (issue 14, PURCHASES.md §3): the Libro de
// Ventas (every invoice of the month in SIN's sales template), the Libro de Compras (every
// purchase of the month in the purchase template) and the register of the credit-debit notes the
// till issued (decision 0043), streamed as CSV or XLSX, and the month's totals: ventas, débito
// fiscal, compras, crédito fiscal, notes and the balance.
import type { Writable } from 'node:stream';
import { ivaOf } from '../../shared/money';
import type { BookSourceRepository } from '../store/books';
import type { PurchaseRepository } from '../store/purchases';
import { NOTE_COLUMNS, PURCHASE_COLUMNS, SALES_COLUMNS, noteRow, purchaseRow, salesRow, type BookColumn, type Cell } from './book-columns';
import { writeCsvBook, writeXlsxBook, type BookFormat, type BookSheet } from './book-writer';

export type BookKind = 'ventas' | 'compras' | 'notas';

/**
 * A month's figures, cents. The month's débito and crédito fiscal are 13 % of the month's summed
 * base (Ley 843 art. 7 and 8; SIN Form 200 computes them so from the RCV's consolidated bases),
 * not the sum of each line's rounded 13 %: the two may differ by a few centavos, so the sum of
 * the book's column is given too (`…OfRows`), for the accountant who adds the column up.
 */
export interface MonthTotals {
  sales: { invoices: number; cancelled: number; total: number; base: number; debit: number; debitOfRows: number };
  purchases: { count: number; total: number; base: number; credit: number; creditOfRows: number };
  /** Credit-debit notes issued (returns received): their crédito fiscal (Form 200 casilla 27). */
  notes: { count: number; cancelled: number; returned: number; credit: number; creditOfRows: number };
  /** débito − crédito (purchases and notes), cents. */
  balance: number;
}

/** The sheet names of the XLSX books: the template's «Hoja1», then the notes register, then the month's totals. */
const TEMPLATE_SHEET = 'Hoja1';
const NOTES_SHEET = 'Notas credito-debito';
const TOTALS_SHEET = 'Totales del mes';
const TOTALS_COLUMNS: readonly BookColumn[] = [
  { header: 'CONCEPTO', kind: 'text' },
  { header: 'IMPORTE', kind: 'amount' },
];

export class MonthlyBooks {
  constructor(
    private readonly source: BookSourceRepository,
    private readonly purchases: PurchaseRepository,
  ) {}

  *salesRows(tenantId: string, year: number, month: number): Generator<Cell[]> {
    let n = 0;
    for (const inv of this.source.salesOfMonth(tenantId, year, month)) yield salesRow(++n, inv).cells;
  }

  *purchaseRows(tenantId: string, year: number, month: number): Generator<Cell[]> {
    let n = 0;
    for (const p of this.purchases.month(tenantId, year, month)) yield purchaseRow(++n, p);
  }

  *noteRows(tenantId: string, year: number, month: number): Generator<Cell[]> {
    let n = 0;
    for (const note of this.source.notesOfMonth(tenantId, year, month)) yield noteRow(++n, note).cells;
  }

  private sheet(kind: BookKind, tenantId: string, year: number, month: number): BookSheet {
    if (kind === 'ventas') return { name: TEMPLATE_SHEET, columns: SALES_COLUMNS, rows: this.salesRows(tenantId, year, month) };
    if (kind === 'compras') return { name: TEMPLATE_SHEET, columns: PURCHASE_COLUMNS, rows: this.purchaseRows(tenantId, year, month) };
    return { name: NOTES_SHEET, columns: NOTE_COLUMNS, rows: this.noteRows(tenantId, year, month) };
  }

  /**
   * The month's 13 % beside the column's sum, as the Libros screen shows them (README «Libros»):
   * computed when the sheet is reached, after the rows were streamed.
   */
  *totalRows(kind: BookKind, tenantId: string, year: number, month: number): Generator<Cell[]> {
    const t = this.totals(tenantId, year, month);
    const c = (v: number) => ({ cents: v });
    if (kind === 'ventas') {
      yield ['Base para débito fiscal del mes', c(t.sales.base)];
      yield ['Débito fiscal del mes (13 % de la base; Ley 843 art. 7)', c(t.sales.debit)];
      yield ['Suma de la columna DEBITO FISCAL (13 % redondeado por factura)', c(t.sales.debitOfRows)];
    } else if (kind === 'compras') {
      yield ['Base para crédito fiscal del mes', c(t.purchases.base)];
      yield ['Crédito fiscal del mes (13 % de la base; Ley 843 art. 8)', c(t.purchases.credit)];
      yield ['Suma de la columna CREDITO FISCAL (13 % redondeado por compra)', c(t.purchases.creditOfRows)];
    } else {
      yield ['Importe devuelto del mes', c(t.notes.returned)];
      yield ['Crédito fiscal del mes (13 % de lo devuelto)', c(t.notes.credit)];
      yield ['Suma de la columna CREDITO FISCAL (tal como se envió cada nota)', c(t.notes.creditOfRows)];
    }
  }

  /**
   * Writes a book to `out` (ends it). The XLSX Libro de Ventas carries the month's notes on a
   * second sheet, so the accountant who gets only that file still sees them; «Hoja1» stays the
   * SIN template as it was. Every XLSX book ends with the month's totals (the CSV is the import
   * template alone: a totals row would be read as one more invoice).
   */
  async write(out: Writable, kind: BookKind, format: BookFormat, tenantId: string, year: number, month: number): Promise<void> {
    const main = this.sheet(kind, tenantId, year, month);
    if (format === 'csv') return writeCsvBook(out, main.columns, main.rows);
    const totals: BookSheet = { name: TOTALS_SHEET, columns: TOTALS_COLUMNS, rows: this.totalRows(kind, tenantId, year, month) };
    const sheets = kind === 'ventas' ? [main, this.sheet('notas', tenantId, year, month), totals] : [main, totals];
    await writeXlsxBook(out, sheets);
  }

  /** The month's totals, from the same row makers as the books (they cannot disagree). */
  totals(tenantId: string, year: number, month: number): MonthTotals {
    const sales = { invoices: 0, cancelled: 0, total: 0, base: 0, debit: 0, debitOfRows: 0 };
    for (const inv of this.source.salesOfMonth(tenantId, year, month)) {
      const { amounts } = salesRow(0, inv);
      if (!amounts.valid) {
        sales.cancelled++;
        continue;
      }
      sales.invoices++;
      sales.total += amounts.total;
      sales.base += amounts.base;
      sales.debitOfRows += amounts.debit;
    }
    sales.debit = ivaOf(Math.max(0, sales.base));
    const notes = { count: 0, cancelled: 0, returned: 0, credit: 0, creditOfRows: 0 };
    for (const note of this.source.notesOfMonth(tenantId, year, month)) {
      const { amounts } = noteRow(0, note);
      if (!amounts.valid) {
        notes.cancelled++;
        continue;
      }
      notes.count++;
      notes.returned += amounts.returned;
      notes.creditOfRows += amounts.credit;
    }
    notes.credit = ivaOf(notes.returned);
    const sums = this.source.purchaseSums(tenantId, year, month);
    const purchases = { count: sums.count, total: sums.total, base: sums.base, credit: ivaOf(Math.max(0, sums.base)), creditOfRows: sums.credit };
    return { sales, purchases, notes, balance: sales.debit - purchases.credit - notes.credit };
  }
}

/** File name of a book download: `libro-ventas-2025-03.xlsx`. */
export function bookFileName(kind: BookKind, format: BookFormat, year: number, month: number): string {
  return `libro-${kind}-${year}-${String(month).padStart(2, '0')}.${format}`;
}
