// Everything a purchase import computes before it stores anything (issue 25): reading the CSV or
// the XLSX, finding the template's columns, checking each row's fields, building each row's
// registroCompra and validating it against the official XSD. It runs on a worker thread
// (import-worker.ts); the engine's thread only checks duplicates and writes the rows that passed,
// in short commits (PurchaseRegister.storeImport). Pure but for the xmllint-wasm run: the file's
// bytes in, the rows' verdicts and data out, everything plain data so that it crosses threads.
import { csvDecimalMark, csvRows } from '../../shared/csv';
import type { DecimalMark } from '../../shared/amount-text';
import { checkPurchase, type FieldIssue, type PurchaseFields } from './purchase-input';
import { MAX_IMPORT_ROWS, readXlsxRows, rowsToPurchases } from './purchase-import';
import { PurchaseError, type PurchaseErrorCode } from './purchase-error';
import type { PurchaseData } from './purchase-model';
import { buildRegistroCompraXml } from './registro-xml';
import { validatePurchaseXml } from './registro-xsd';

export interface ImportJob {
  /** The file as received (a Buffer crosses the thread as a plain Uint8Array). */
  bytes: Uint8Array;
  isXlsx: boolean;
}

/** A row refused before storing: by its cells' types, its fields or the XSD. */
export interface RowRefusal {
  row: number;
  problems: FieldIssue[];
}

/** What the engine's thread stores: rows in file order, each checked against fields and XSD. */
export interface ImportPlan {
  refused: RowRefusal[];
  /**
   * The rows to store, in columns: each one's row number and its PurchaseData as JSON text,
   * parsed where it is stored (in lots). Receiving 2,000 rows as objects cost the engine's thread
   * ~35 ms in one go at load 5 (the message's structured clone), 20,000 ten times that; strings
   * cost it a copy (decision 0095).
   */
  ready: { rows: number[]; data: string[] };
}

export type ImportAnswer =
  | { plan: ImportPlan }
  /** The file as a whole is refused (PurchaseError as data: it is thrown again on the engine's side). */
  | { error: { code: PurchaseErrorCode; message: string; fields: FieldIssue[] } }
  /** The bytes are not a CSV or XLSX that can be read at all. */
  | { unreadable: true };

/** Reads and checks a whole import; never stores. */
export async function readImport(job: ImportJob): Promise<ImportAnswer> {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  try {
    let cells: unknown[][];
    const text = job.isXlsx ? '' : bytes.toString('utf8');
    try {
      cells = job.isXlsx ? await readXlsxRows(bytes) : [...csvRows(text)];
    } catch (e) {
      // The XLSX guard's own verdict (413 over a limit, 422 a lying or broken ZIP) says more than the generic one.
      if (e instanceof PurchaseError) throw e;
      return { unreadable: true };
    }
    return { plan: await planImport(cells, job.isXlsx ? '.' : csvDecimalMark(text)) };
  } catch (e) {
    if (e instanceof PurchaseError) return { error: { code: e.code, message: e.message, fields: e.fields } };
    throw e;
  }
}

/**
 * Cells of a sheet (header row included) → the rows to store and the rows refused. A file
 * without the template's columns, or with more than MAX_IMPORT_ROWS rows, is a PurchaseError:
 * nothing of it is imported.
 */
export async function planImport(cells: unknown[][], decimal: DecimalMark = '.'): Promise<ImportPlan> {
  const { rows, missing } = rowsToPurchases(cells, decimal);
  if (missing.length > 0) {
    throw new PurchaseError('IMPORT_FORMAT', `Faltan columnas de la plantilla de compras del SIN: ${missing.join(', ')}`, missing.map((m) => ({ field: m, rule: 'required', message: 'columna ausente' })));
  }
  // Over the cap is a 413, as the product import answers: nothing is imported.
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new PurchaseError('IMPORT_TOO_LARGE', `El archivo tiene ${rows.length} filas; como máximo ${MAX_IMPORT_ROWS}. No se importó nada; divida el archivo en partes.`, [
      { field: 'file', rule: 'maxRows', message: 'demasiadas filas' },
    ]);
  }
  const refused: RowRefusal[] = [];
  // Field checks first, then one XSD batch for every row that passed them.
  const candidates: { row: number; data: PurchaseData }[] = [];
  for (const r of rows) {
    // A row names every problem at once (a bad amount and 31/11 both), not one per attempt: the
    // fields that could not be read, then the checks of the rest (a field already named once).
    const checked = checkPurchase(r.fields as PurchaseFields);
    if (r.problems.length > 0) {
      const more = checked.ok ? [] : checked.problems.filter((p) => !r.problems.some((q) => q.field === p.field));
      refused.push({ row: r.row, problems: [...r.problems.map((p) => ({ ...p, rule: 'type' })), ...more] });
    } else if (!checked.ok) refused.push({ row: r.row, problems: checked.problems });
    else candidates.push({ row: r.row, data: checked.value });
  }
  const xsd = await validatePurchaseXml(candidates.map((c) => buildRegistroCompraXml(c.data, 1)));
  const ready: ImportPlan['ready'] = { rows: [], data: [] };
  candidates.forEach((c, i) => {
    const v = xsd[i]!;
    if (v.valid) {
      ready.rows.push(c.row);
      ready.data.push(JSON.stringify(c.data));
    } else refused.push({ row: c.row, problems: v.errors.map((e) => ({ field: 'registroCompra', rule: 'xsd', message: e })) });
  });
  return { refused, ready };
}
