// Reads PDFs back the way a person would: text through poppler's pdftotext, pixels through
// pdftoppm, and the QR through jsQR.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

function withPdf<T>(pdf: Uint8Array, fn: (dir: string, file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'kipu-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return fn(dir, file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Text of the whole document (or one 1-based page), whitespace collapsed to single spaces. */
export function pdfText(pdf: Uint8Array, page?: number): string {
  return withPdf(pdf, (_dir, file) => {
    const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
    const r = spawnSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', ...range, file, '-'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`pdftotext failed: ${r.stderr || r.error?.message || `signal ${r.signal}`}`);
    return r.stdout.replace(/\s+/g, ' ').trim();
  });
}

/** Renders one page to PNG at `dpi`. */
/** The document's lines as laid out on the page (pdftotext -layout), blanks in each collapsed: "Label 12,50". */
export function pdfLines(pdf: Uint8Array): string[] {
  return withPdf(pdf, (_dir, file) => {
    const r = spawnSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`pdftotext failed: ${r.stderr}`);
    return r.stdout.split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter((l) => l !== '');
  });
}

export function pdfPagePng(pdf: Uint8Array, page: number, dpi = 150): Buffer {
  return withPdf(pdf, (dir, file) => {
    const r = spawnSync('/usr/bin/pdftoppm', ['-r', String(dpi), '-png', '-f', String(page), '-l', String(page), file, join(dir, 'page')]);
    if (r.status !== 0) throw new Error(`pdftoppm failed: ${r.stderr || r.error?.message || `signal ${r.signal}`}`);
    const png = readdirSync(dir).find((n) => n.endsWith('.png'));
    if (!png) throw new Error('pdftoppm wrote no PNG');
    return readFileSync(join(dir, png));
  });
}

/** Decodes the QR code visible on a page, or null. */
export function decodeQrOnPage(pdf: Uint8Array, page: number, dpi = 150): string | null {
  const png = PNG.sync.read(pdfPagePng(pdf, page, dpi));
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height);
  return code?.data ?? null;
}

export function countOccurrences(haystack: string, needle: string): number {
  let n = 0;
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}
