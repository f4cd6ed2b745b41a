// Writing a book as it is read: CSV by hand (RFC 4180, UTF-8 with BOM so spreadsheets read the
// accents, `.` for decimals, no thousands separator) and XLSX with exceljs's streaming
// WorkbookWriter (rows are committed one by one and never held). Both wait for the output to
// drain, so a month of 100 000 invoices goes out with flat memory (test/bench/books.ts).
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { BookColumn, Cell } from './book-columns';

export type BookFormat = 'csv' | 'xlsx';

function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A text that a spreadsheet would read as a formula (a client named `=HYPERLINK(…)`, a supplier
 * `=cmd|' /C calc'!A0`): OWASP's CSV-injection advice — a leading `'` so it stays text, and the
 * field quoted. Amounts and numbers are written by Kipu, never as text, so they keep their sign.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(cell: Cell): string {
  if (typeof cell === 'string' && FORMULA_START.test(cell)) return `"'${cell.replace(/"/g, '""')}"`;
  const t = typeof cell === 'object' ? centsText(cell.cents) : String(cell);
  return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
}

async function write(out: Writable, chunk: string): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Rows are written in chunks of this many lines (fewer writes, same flat memory). */
const CSV_CHUNK = 256;

export async function writeCsvBook(out: Writable, columns: readonly BookColumn[], rows: Iterable<Cell[]>): Promise<void> {
  await write(out, '\uFEFF' + columns.map((c) => csvField(c.header)).join(',') + '\r\n');
  let buf = '';
  let n = 0;
  for (const row of rows) {
    buf += row.map(csvField).join(',') + '\r\n';
    if (++n % CSV_CHUNK === 0) {
      await write(out, buf);
      buf = '';
    }
  }
  if (buf) await write(out, buf);
  out.end();
  await once(out, 'finish');
}

/** Yields to the event loop every this many rows, so the zip stream can flush. */
const XLSX_YIELD = 500;

/** One worksheet of a workbook: its name, its columns and its rows (read as they are written). */
export interface BookSheet {
  name: string;
  columns: readonly BookColumn[];
  rows: Iterable<Cell[]>;
}

/** Writes the sheets one after the other (a streamed workbook commits each before the next). */
export async function writeXlsxBook(out: Writable, sheets: readonly BookSheet[]): Promise<void> {
  // Loaded on first use: exceljs is a large import that only the XLSX books need.
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  for (const { name, columns, rows } of sheets) {
    const sheet = wb.addWorksheet(name);
    sheet.columns = columns.map((c) => ({
      header: c.header,
      width: c.kind === 'amount' ? 14 : c.kind === 'int' ? 10 : 24,
      ...(c.kind === 'amount' ? { style: { numFmt: '0.00' } } : {}),
    }));
    let n = 0;
    for (const row of rows) {
      // Amounts as numbers of bolivianos: cents / 100 is exact to 2 decimals for the XLSX reader.
      sheet.addRow(row.map((cell) => (typeof cell === 'object' ? cell.cents / 100 : cell))).commit();
      if (++n % XLSX_YIELD === 0) {
        // Let the zip stream compress and flush what was committed; then honour the sink's back-pressure.
        await new Promise((r) => setImmediate(r));
        if (out.writableNeedDrain) await once(out, 'drain');
      }
    }
    sheet.commit();
  }
  await wb.commit();
}
