// What exceljs would build from an XLSX, counted before it builds it (issue 25). exceljs's load
// makes an object of every <row>, <c> and shared string <si> it reads (measured, exceljs 4.4:
// ~230 bytes and ~6 µs a cell, ~400 bytes and ~12 µs an empty row), and the old reading then
// walked every row number up to the last one: a 6 KB file with one cell at row 4,000,000 held
// the engine's only thread for 14 s. So while xlsx-zip-guard.ts inflates each entry with its
// counter, the worksheets and the shared strings go through this scanner, which keeps nothing
// but counts, and the file is refused at the first tag past a bound.
//
// The scanner is a tokenizer of start tags only, never looser than the XML parser exceljs uses
// (saxes): whatever it cannot tell apart (comments, CDATA, processing instructions, end tags) it
// skips only to the first `>`, so it may count tags saxes would not (stricter), never the
// reverse. A row or cell reference it cannot read as plain digits/letters is refused rather than
// guessed (saxes would decode `&#52;` to "4").
import { PurchaseError } from './purchase-error';
import { countOf, groupDigits } from '../../shared/count';

export interface SheetLimits {
  /** Last row a worksheet may use (its extent, empty rows included). */
  maxRow: number;
  /** Last column a worksheet may use (1 = A). */
  maxColumn: number;
  /** Cells (<c>) of all worksheets together, and shared strings (<si>) of the workbook. */
  maxCells: number;
}

/** exceljs's own test for a worksheet entry (lib/xlsx/xlsx.js), unanchored as there. */
export const WORKSHEET_ENTRY = /xl\/worksheets\/sheet(\d+)[.]xml/;
const SHARED_STRINGS_ENTRY = 'xl/sharedStrings.xml';

/** "A" → 1, "XFD" → 16384; null when the reference does not start with letters then digits. */
function columnOf(ref: string): number | null {
  const m = /^\$?([A-Z]{1,3})\$?\d+$/.exec(ref);
  if (!m) return null;
  let n = 0;
  for (const ch of m[1]!) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

type State = 'text' | 'open' | 'skip' | 'name' | 'attrs' | 'attrName' | 'afterName' | 'afterEq' | 'value';

const LT = 0x3c, GT = 0x3e, EQ = 0x3d, SLASH = 0x2f, BANG = 0x21, QUESTION = 0x3f, DQUOTE = 0x22, SQUOTE = 0x27;
/** XML's white space: space, tab, CR, LF. */
const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0d || b === 0x0a;
/** Names and references are kept only this long: longer ones are none of ours. */
const KEEP = 32;

/** One entry's tokenizer, fed its inflated bytes; counts shared with the file's other entries. */
class TagScanner {
  private state: State = 'text';
  private name = '';
  private attr = '';
  private quote = 0;
  private value = '';
  private r: string | null = null;
  private row = 0;
  private column = 0;

  constructor(
    private readonly kind: 'sheet' | 'strings',
    private readonly limits: SheetLimits,
    private readonly totals: { cells: number; strings: number },
  ) {}

  write(chunk: Buffer): void {
    for (let i = 0; i < chunk.length; i++) {
      if (this.state === 'text') {
        // Most of a sheet's bytes are inside tags, but values and strings are text: jump them.
        const at = chunk.indexOf(LT, i);
        if (at < 0) return;
        i = at;
      }
      this.step(chunk[i]!);
    }
  }

  private step(b: number): void {
    switch (this.state) {
      case 'text':
        if (b === LT) this.state = 'open';
        return;
      case 'open':
        if (b === BANG || b === QUESTION || b === SLASH) this.state = 'skip';
        else {
          this.name = String.fromCharCode(b);
          this.r = null;
          this.state = 'name';
        }
        return;
      case 'skip':
        if (b === GT) this.state = 'text';
        return;
      case 'name':
        if (b === GT) return this.tag();
        if (isSpace(b)) this.state = 'attrs';
        else if (b !== SLASH && this.name.length < KEEP) this.name += String.fromCharCode(b);
        return;
      case 'attrs':
        if (b === GT) return this.tag();
        if (!isSpace(b) && b !== SLASH) {
          this.attr = String.fromCharCode(b);
          this.state = 'attrName';
        }
        return;
      case 'attrName':
        if (b === EQ) this.state = 'afterEq';
        else if (isSpace(b)) this.state = 'afterName';
        else if (b === GT) return this.tag();
        else if (this.attr.length < KEEP) this.attr += String.fromCharCode(b);
        return;
      case 'afterName':
        if (b === EQ) this.state = 'afterEq';
        else if (b === GT) return this.tag();
        else if (!isSpace(b)) {
          this.attr = String.fromCharCode(b);
          this.state = 'attrName';
        }
        return;
      case 'afterEq':
        if (b === DQUOTE || b === SQUOTE) {
          this.quote = b;
          this.value = '';
          this.state = 'value';
        } else if (b === GT) return this.tag();
        return;
      case 'value':
        if (b === this.quote) {
          if (this.attr === 'r') this.r = this.value;
          this.state = 'attrs';
        } else if (this.attr === 'r' && this.value.length < KEEP) this.value += String.fromCharCode(b);
        return;
    }
  }

  /** A start tag ended: counted if it is one of ours, by its local name (any prefix dropped). */
  private tag(): void {
    this.state = 'text';
    const local = this.name.slice(this.name.indexOf(':') + 1);
    if (this.kind === 'strings') {
      if (local === 'si' && ++this.totals.strings > this.limits.maxCells) {
        throw tooLarge(`tiene más de ${countOf(this.limits.maxCells, 'texto')} distintos`);
      }
      return;
    }
    if (local === 'row') {
      if (this.r === null) this.row += 1;
      else {
        if (!/^\d{1,10}$/.test(this.r)) throw shape(`tiene una fila con número ilegible («${this.r}»)`);
        this.row = Number(this.r);
      }
      this.column = 0;
      if (this.row > this.limits.maxRow) {
        throw shape(`usa la fila ${groupDigits(this.row)}; una planilla de compras llega como máximo a la fila ${groupDigits(this.limits.maxRow)}`);
      }
    } else if (local === 'c') {
      if (++this.totals.cells > this.limits.maxCells) throw tooLarge(`tiene más de ${countOf(this.limits.maxCells, 'celda')}`);
      if (this.r === null) this.column += 1;
      else {
        const col = columnOf(this.r);
        if (col === null) throw shape(`tiene una celda con referencia ilegible («${this.r}»)`);
        this.column = col;
      }
      if (this.column > this.limits.maxColumn) {
        throw shape(`usa la columna ${columnName(this.column)}; una planilla de compras llega como máximo a la columna ${columnName(this.limits.maxColumn)}`);
      }
    }
  }
}

function columnName(n: number): string {
  let s = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s;
  return s;
}

const shape = (detail: string) =>
  new PurchaseError('IMPORT_FORMAT', `La hoja del archivo XLSX ${detail}. No se importó nada; quite las filas o columnas sobrantes o divida el archivo en partes.`, [
    { field: 'file', rule: 'maxRows', message: detail },
  ]);

const tooLarge = (detail: string) =>
  new PurchaseError('IMPORT_TOO_LARGE', `El archivo XLSX ${detail}. No se importó nada; divida el archivo en partes.`, [{ field: 'file', rule: 'maxSize', message: detail }]);

/**
 * A scanner factory for checkXlsxZip: a fresh tokenizer for each worksheet and for the shared
 * strings, none for other entries. Its `write` throws PurchaseError at the first tag past a limit.
 */
export function sheetBoundsScanner(limits: SheetLimits): (entryName: string) => { write(chunk: Buffer): void } | undefined {
  const totals = { cells: 0, strings: 0 };
  return (entryName) => {
    const name = entryName.startsWith('/') ? entryName.slice(1) : entryName;
    if (WORKSHEET_ENTRY.test(name)) return new TagScanner('sheet', limits, totals);
    if (name === SHARED_STRINGS_ENTRY) return new TagScanner('strings', limits, totals);
    return undefined;
  };
}
