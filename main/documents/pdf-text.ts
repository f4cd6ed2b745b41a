// Text helpers for the PDF renderers. The PDFs use pdf-lib's standard Helvetica with WinAnsi
// encoding: it covers Spanish (á é í ó ú ñ Ñ ü ¿ ¡ °, “ ” —) without embedding a font file, and
// keeps a render in a few milliseconds. Characters outside WinAnsi (a client's name pasted with
// an emoji, CJK text) would make pdf-lib throw, so every string goes through toWinAnsi first.
import { PDFName, rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { qrDarkRuns, type QrMatrix } from './qr';

// WinAnsi's 0x80–0x9F block: the only code points above U+00FF it can show.
// Unicode code point → WinAnsi byte.
const WIN_ANSI_EXTRA = new Map<number, number>([
  [0x20ac, 0x80], [0x201a, 0x82], [0x0192, 0x83], [0x201e, 0x84], [0x2026, 0x85], [0x2020, 0x86],
  [0x2021, 0x87], [0x02c6, 0x88], [0x2030, 0x89], [0x0160, 0x8a], [0x2039, 0x8b], [0x0152, 0x8c],
  [0x017d, 0x8e], [0x2018, 0x91], [0x2019, 0x92], [0x201c, 0x93], [0x201d, 0x94], [0x2022, 0x95],
  [0x2013, 0x96], [0x2014, 0x97], [0x02dc, 0x98], [0x2122, 0x99], [0x0161, 0x9a], [0x203a, 0x9b],
  [0x0153, 0x9c], [0x017e, 0x9e], [0x0178, 0x9f],
]);

function isWinAnsi(cp: number): boolean {
  return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp);
}

/**
 * A string Helvetica/WinAnsi can draw: NFC-composed, control characters as spaces, anything
 * else reduced to its base letter when it has one ("ł" stays "?", "ő" becomes "o").
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) ?? 0x3f;
    if (isWinAnsi(cp)) out += ch;
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out += ' ';
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      const bcp = base.codePointAt(0) ?? 0x3f;
      out += base.length === 1 && isWinAnsi(bcp) ? base : '?';
    }
  }
  return out;
}

/**
 * Greedy word wrap at `maxWidth`; words wider than a line (a CUF, a long code) are broken by
 * characters. Input must already be WinAnsi-safe. Always returns at least one line.
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  const width = (s: string) => font.widthOfTextAtSize(s, size);
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      if (word === '') continue;
      const candidate = line ? `${line} ${word}` : word;
      if (width(candidate) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      if (width(word) <= maxWidth) {
        line = word;
        continue;
      }
      // Break an over-long word by characters.
      let chunk = '';
      for (const ch of word) {
        if (width(chunk + ch) > maxWidth && chunk) {
          lines.push(chunk);
          chunk = ch;
        } else {
          chunk += ch;
        }
      }
      line = chunk;
    }
    lines.push(line);
  }
  return lines.length > 0 ? lines : [''];
}

export type Align = 'left' | 'center' | 'right';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const num = (n: number) => (Math.round(n * 100) / 100).toString();
const color = (c: RGB, op: 'rg' | 'RG') => `${num(c.red)} ${num(c.green)} ${num(c.blue)} ${op}`;

/**
 * Writes page content as raw PDF operators into one content stream. pdf-lib's drawText and
 * drawRectangle build several operator objects per call, which made a 10-line invoice take
 * ~40 ms; writing the operators as text keeps a render within a few milliseconds. Call
 * flush() once, after any pdf-lib drawing on the same page (marks, logo), so this content
 * paints over it.
 */
export class PageCanvas {
  private readonly ops: string[] = [];
  private readonly fontKeys = new Map<PDFFont, string>();

  constructor(
    private readonly doc: PDFDocument,
    readonly page: PDFPage,
  ) {}

  /** One line of WinAnsi-safe text with its baseline at y. */
  text(t: string, x: number, y: number, font: PDFFont, size: number, c: RGB = BLACK): void {
    let hex = '';
    for (const ch of t) {
      const cp = ch.codePointAt(0) ?? 0x3f;
      hex += HEX[cp <= 0xff ? cp : (WIN_ANSI_EXTRA.get(cp) ?? 0x3f)];
    }
    this.ops.push(`BT ${color(c, 'rg')} /${this.fontKey(font)} ${num(size)} Tf 1 0 0 1 ${num(x)} ${num(y)} Tm <${hex}> Tj ET`);
  }

  rect(x: number, y: number, w: number, h: number, o: { fill?: RGB; stroke?: RGB; lineWidth?: number }): void {
    const paint = o.fill && o.stroke ? 'B' : o.fill ? 'f' : 'S';
    const style = [o.fill ? color(o.fill, 'rg') : '', o.stroke ? `${color(o.stroke, 'RG')} ${num(o.lineWidth ?? 1)} w` : ''].join(' ');
    this.ops.push(`q ${style} ${num(x)} ${num(y)} ${num(w)} ${num(h)} re ${paint} Q`);
  }

  line(x1: number, y1: number, x2: number, y2: number, o: { stroke: RGB; lineWidth: number; dash?: [number, number] }): void {
    const dash = o.dash ? `[${o.dash[0]} ${o.dash[1]}] 0 d ` : '';
    this.ops.push(`q ${color(o.stroke, 'RG')} ${num(o.lineWidth)} w ${dash}${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S Q`);
  }

  /** The QR as filled vector rectangles, one per horizontal run of dark modules. */
  qr(m: QrMatrix, x: number, yTop: number, side: number): void {
    const cell = side / m.size;
    const parts: string[] = ['q 0 0 0 rg'];
    for (const run of qrDarkRuns(m)) {
      // A hair of overlap so no white seams appear between rows when rasterized.
      parts.push(`${num(x + run.x * cell)} ${num(yTop - (run.y + 1) * cell - 0.05)} ${num(run.length * cell)} ${num(cell + 0.1)} re`);
    }
    parts.push('f Q');
    this.ops.push(parts.join('\n'));
  }

  flush(): void {
    if (this.ops.length === 0) return;
    const stream = this.doc.context.flateStream(this.ops.join('\n'));
    this.page.node.addContentStream(this.doc.context.register(stream));
    this.ops.length = 0;
  }

  private fontKey(font: PDFFont): string {
    let key = this.fontKeys.get(font);
    if (!key) {
      key = `KipuF${this.fontKeys.size}`;
      this.page.node.setFontDictionary(PDFName.of(key), font.ref);
      this.fontKeys.set(font, key);
    }
    return key;
  }
}

/** Draws one line of text with its left/center/right edge at x (y is the baseline). */
export function drawAligned(
  canvas: PageCanvas,
  text: string,
  opts: { x: number; y: number; width: number; font: PDFFont; size: number; align?: Align; color?: RGB },
): void {
  const align = opts.align ?? 'left';
  const w = align === 'left' ? 0 : opts.font.widthOfTextAtSize(text, opts.size);
  const x = align === 'left' ? opts.x : align === 'center' ? opts.x + (opts.width - w) / 2 : opts.x + opts.width - w;
  canvas.text(text, x, opts.y, opts.font, opts.size, opts.color ?? BLACK);
}

export const BLACK = rgb(0, 0, 0);
export const GREY_TEXT = rgb(0.35, 0.35, 0.35);
export const GREY_FILL = rgb(0.9, 0.9, 0.9);
export const RULE = rgb(0.55, 0.55, 0.55);
export const RED = rgb(0.75, 0.05, 0.05);
