// A month of purchases from a spreadsheet in SIN's purchase template (PURCHASES.md §3.1: CSV
// or XLSX, headers in row 1; the template's description and note rows and empty rows are
// skipped). Columns are found by their header, so ESPECIFICACION may be present or not.
// Amounts use `.` for decimals and `,` for thousands (PURCHASES.md §3), or the other way round in a
// CSV saved by an es-BO spreadsheet (`;` between columns): shared/amount-text.ts. Pure but for reading
// the XLSX bytes with exceljs, which only sees them once xlsx-zip-guard.ts has bounded the ZIP
// and xlsx-sheet-bounds.ts the rows and cells it would build.
import ExcelJS from 'exceljs';
import { checkXlsxZip, XLSX_ZIP_LIMITS } from './xlsx-zip-guard';
import { sheetBoundsScanner, type SheetLimits } from './xlsx-sheet-bounds';
import type { PurchaseFields } from './purchase-input';
import { amountTextProblem, parseAmountText, type DecimalMark } from '../../shared/amount-text';

/** Largest import: a month of a large taxpayer's purchases fits many times over. */
export const MAX_IMPORT_ROWS = 20_000;

/**
 * What an XLSX sheet may hold before exceljs reads it. Rows: the purchases, the template's three
 * rows above them and room for blank ones. Columns: the template has 18; a sheet with notes beside
 * it still fits. Cells: 30 a row at the row cap, the SIN template's 23 columns with room
 * (exceljs holds ~230 bytes and spends ~6 µs a cell: ~140 MB and ~4 s at the cap, the same
 * order as the 20,000-row template itself).
 */
export const XLSX_SHEET_LIMITS: SheetLimits = { maxRow: MAX_IMPORT_ROWS + 1_000, maxColumn: 100, maxCells: MAX_IMPORT_ROWS * 30 };

/** Normalized template header → API field. */
const COLUMNS: Record<string, keyof PurchaseFields> = {
  'NIT PROVEEDOR': 'issuerNit',
  'RAZON SOCIAL PROVEEDOR': 'issuerBusinessName',
  'CODIGO DE AUTORIZACION': 'authorizationCode',
  'NUMERO FACTURA': 'invoiceNumber',
  'NUMERO DUI/DIM': 'duiDimNumber',
  'FECHA DE FACTURA/DUI/DIM': 'emissionDate',
  'IMPORTE TOTAL COMPRA': 'totalPurchaseAmount',
  'IMPORTE ICE': 'iceAmount',
  'IMPORTE IEHD': 'iehdAmount',
  'IMPORTE IPJ': 'ipjAmount',
  TASAS: 'rates',
  'OTRO NO SUJETO A CREDITO FISCAL': 'otherNotSubjectToCredit',
  'IMPORTES EXENTOS': 'exemptAmounts',
  'IMPORTE COMPRAS GRAVADAS A TASA CERO': 'zeroRateAmount',
  'DESCUENTOS/BONIFICACIONES/REBAJAS SUJETAS AL IVA': 'discount',
  'IMPORTE GIFT CARD': 'giftCardAmount',
  'TIPO COMPRA': 'purchaseType',
  'CODIGO DE CONTROL': 'controlCode',
};

const AMOUNTS = new Set<keyof PurchaseFields>(['totalPurchaseAmount', 'iceAmount', 'iehdAmount', 'ipjAmount', 'rates', 'otherNotSubjectToCredit', 'exemptAmounts', 'zeroRateAmount', 'discount', 'giftCardAmount']);

/** Longer than any header of the register: a longer cell cannot be one, so only this much is read. */
const HEADER_MAX_CHARS = 200;

export function normalizeHeader(h: string): string {
  // Linear on any input (issue 25): `\s*\/\s*` backtracked over every run of spaces without a
  // slash, about 12 minutes per MB of spaces on the engine's one thread.
  return h
    .slice(0, HEADER_MAX_CHARS)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .replace(/ ?\/ ?/g, '/')
    .trim();
}

export interface SheetRow {
  /** 1-based row number in the file, for the verdict. */
  row: number;
  fields: Partial<PurchaseFields>;
  /** Cells that could not be read as their type (amount, number). */
  problems: { field: string; message: string }[];
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.result !== undefined) return cellText(o.result);
    if (o.text !== undefined) return String(o.text);
  }
  return String(v).trim();
}

/** A cell exceljs holds as a number (typed, or a formula's result): the number itself, no text to read. */
function cellNumber(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (v !== null && typeof v === 'object' && typeof (v as { result?: unknown }).result === 'number') return (v as { result: number }).result;
  return null;
}

/**
 * Rows (arrays of cell values) with the header row first → purchase rows. `decimal`: the mark the
 * file's text amounts use for decimals ('.' in the SIN's template and in XLSX text cells, ',' in
 * a CSV saved by an es-BO spreadsheet).
 */
export function rowsToPurchases(rows: unknown[][], decimal: DecimalMark = '.'): { rows: SheetRow[]; missing: string[] } {
  const headerIndex = rows.findIndex((r) => r.some((c) => normalizeHeader(cellText(c)) === 'NIT PROVEEDOR'));
  if (headerIndex < 0) return { rows: [], missing: ['NIT PROVEEDOR'] };
  const header = rows[headerIndex]!.map((c) => COLUMNS[normalizeHeader(cellText(c))]);
  const required: (keyof PurchaseFields)[] = ['issuerNit', 'issuerBusinessName', 'authorizationCode', 'invoiceNumber', 'emissionDate', 'totalPurchaseAmount'];
  const missing = required.filter((f) => !header.includes(f)).map((f) => Object.entries(COLUMNS).find(([, v]) => v === f)![0]);
  if (missing.length > 0) return { rows: [], missing };
  const out: SheetRow[] = [];
  for (let i = headerIndex + 1; i < rows.length; i++) {
    const cells = rows[i]!;
    const texts = header.map((_, j) => cellText(cells[j]));
    if (texts.every((t) => t === '')) continue;
    const nitAt = header.indexOf('issuerNit');
    const totalAt = header.indexOf('totalPurchaseAmount');
    // The template's description and note rows (rows 2 and 3) have words where the NIT and the total go.
    if (i <= headerIndex + 2 && !/\d/.test(texts[nitAt] ?? '') && !/^[\d.,]+$/.test(texts[totalAt] ?? '')) continue;
    const fields: Partial<PurchaseFields> = {};
    const problems: SheetRow['problems'] = [];
    header.forEach((field, j) => {
      if (!field) return;
      const t = texts[j] ?? '';
      if (t === '') return;
      if (AMOUNTS.has(field)) {
        // Walk of 28/11: an es-BO CSV's «1234,56» was read as 123456 and «1.500» as 1,5.
        const n = cellNumber(cells[j]);
        const read = n !== null ? null : parseAmountText(t, decimal);
        if (read && 'error' in read) problems.push({ field, message: amountTextProblem(t, read.error, decimal) });
        else (fields as Record<string, unknown>)[field] = n ?? read!.cents / 100;
      } else if (field === 'purchaseType') {
        if (!/^\d+$/.test(t)) problems.push({ field, message: `«${t}» no es un tipo de compra` });
        else fields.purchaseType = Number(t);
      } else {
        (fields as Record<string, unknown>)[field] = t;
      }
    });
    out.push({ row: i + 1, fields, problems });
  }
  return { rows: out, missing: [] };
}

/**
 * The first sheet of an XLSX as arrays of cell values. A ZIP that would inflate past the limits,
 * or lies about its sizes, or a sheet past XLSX_SHEET_LIMITS, is a PurchaseError before exceljs
 * reads anything.
 */
export async function readXlsxRows(bytes: Buffer, limits: SheetLimits = XLSX_SHEET_LIMITS): Promise<unknown[][]> {
  await checkXlsxZip(bytes, XLSX_ZIP_LIMITS, sheetBoundsScanner(limits));
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  if (!sheet) return [];
  const rows: unknown[][] = [];
  // Only the rows the sheet has (empty ones are never built); the scan bounded their numbers.
  sheet.eachRow((row, n) => {
    if (n > limits.maxRow) throw new RangeError(`row ${n} past the scanned bound`);
    // exceljs rows are 1-based: values[0] is empty.
    rows[n - 1] = (row.values as unknown[]).slice(1, limits.maxColumn + 1);
  });
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  return rows;
}
