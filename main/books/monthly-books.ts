// The two monthly books a manager hands the accountant (issue 14, PURCHASES.md §3): the Libro
// de Ventas (every invoice of the month in SIN's sales template) and the Libro de Compras (every
// purchase of the month in the purchase template), streamed as CSV or XLSX, and the month's
// totals: ventas, débito fiscal, compras, crédito fiscal and the balance.
import type { Writable } from 'node:stream';
import type { BookSourceRepository } from '../store/books';
import type { PurchaseRepository } from '../store/purchases';
import { PURCHASE_COLUMNS, SALES_COLUMNS, purchaseRow, salesRow, type Cell } from './book-columns';
import { writeCsvBook, writeXlsxBook, type BookFormat } from './book-writer';

export type BookKind = 'ventas' | 'compras';

export interface MonthTotals {
  sales: { invoices: number; cancelled: number; total: number; base: number; debit: number };
  purchases: { count: number; total: number; base: number; credit: number };
  /** débito − crédito, cents. */
  balance: number;
}

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

  /** Writes a book to `out` (ends it). */
  async write(out: Writable, kind: BookKind, format: BookFormat, tenantId: string, year: number, month: number): Promise<void> {
    const columns = kind === 'ventas' ? SALES_COLUMNS : PURCHASE_COLUMNS;
    const rows = kind === 'ventas' ? this.salesRows(tenantId, year, month) : this.purchaseRows(tenantId, year, month);
    if (format === 'csv') await writeCsvBook(out, columns, rows);
    else await writeXlsxBook(out, 'Hoja1', columns, rows);
  }

  /** The month's totals, from the same row makers as the books (they cannot disagree). */
  totals(tenantId: string, year: number, month: number): MonthTotals {
    const sales = { invoices: 0, cancelled: 0, total: 0, base: 0, debit: 0 };
    for (const inv of this.source.salesOfMonth(tenantId, year, month)) {
      const { amounts } = salesRow(0, inv);
      if (!amounts.valid) {
        sales.cancelled++;
        continue;
      }
      sales.invoices++;
      sales.total += amounts.total;
      sales.base += amounts.base;
      sales.debit += amounts.debit;
    }
    const purchases = this.source.purchaseSums(tenantId, year, month);
    return { sales, purchases, balance: sales.debit - purchases.credit };
  }
}

/** File name of a book download: `libro-ventas-2025-03.xlsx`. */
export function bookFileName(kind: BookKind, format: BookFormat, year: number, month: number): string {
  return `libro-${kind}-${year}-${String(month).padStart(2, '0')}.${format}`;
}
