// What travels to SIAT in `archivo` / `hashArchivo` (CONTRACT.md §3.5, §3.6): gzip of one
// XML, or gzip of a ustar tar holding the XMLs of a package; hashArchivo is the lowercase hex
// SHA-256 of the gzip bytes (never of the XML or of the base64 text). Synchronous and
// deterministic: gzip mtime 0 (Node's default) and tar entries with mtime 0.
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { trimEndChars } from '../../shared/trim-end';

export interface Packed {
  hashArchivo: string;
  archivo: string;
}

const sha256Hex = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

// Level 1: SIAT accepts any RFC 1952 stream and hashes what it receives; the fastest level
// costs a third of the default on the sale path for a few percent more bytes.
const GZIP = { level: 1 } as const;

export function packDocument(xml: string): Packed & { gzip: Buffer } {
  const { gzip, hashArchivo } = gzipDocument(xml);
  return { gzip, hashArchivo, archivo: gzip.toString('base64') };
}

/** The gzip of one XML and its hashArchivo, without the base64 text (the sale path stores the hash). */
export function gzipDocument(xml: string): { gzip: Buffer; hashArchivo: string } {
  const gzip = gzipSync(Buffer.from(xml, 'utf8'), GZIP);
  return { gzip, hashArchivo: sha256Hex(gzip) };
}

const BLOCK = 512;
/** tar's default record (20 blocks); GNU and Python pad archives to it. */
const RECORD = 10240;

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  // length − 1 octal digits, then NUL (POSIX ustar).
  header.write(value.toString(8).padStart(length - 1, '0'), offset, length - 1, 'ascii');
  header[offset + length - 1] = 0;
}

function ustarHeader(name: string, size: number): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length === 0 || nameBytes.length > 100 || name.includes('\0')) {
    throw new RangeError(`tar: nombre de archivo inválido (1–100 bytes): ${name}`);
  }
  if (size > 0o77777777777) throw new RangeError('tar: archivo demasiado grande');
  const h = Buffer.alloc(BLOCK, 0);
  nameBytes.copy(h, 0);
  writeOctal(h, 100, 8, 0o644); // mode
  writeOctal(h, 108, 8, 0); // uid
  writeOctal(h, 116, 8, 0); // gid
  writeOctal(h, 124, 12, size);
  writeOctal(h, 136, 12, 0); // mtime
  h.write('        ', 148, 8, 'ascii'); // checksum field counts as spaces while summing
  h.write('0', 156, 1, 'ascii'); // typeflag: regular file
  h.write('ustar\u000000', 257, 8, 'ascii'); // magic "ustar\0" + version "00"
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += h[i]!;
  h.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'ascii');
  return h;
}

/** A ustar archive of the given files, padded to whole records. */
export function buildTar(files: { name: string; xml: string }[]): Buffer {
  const chunks: Buffer[] = [];
  let length = 0;
  const names = new Set<string>();
  for (const f of files) {
    if (names.has(f.name)) throw new RangeError(`tar: nombre repetido: ${f.name}`);
    names.add(f.name);
    const data = Buffer.from(f.xml, 'utf8');
    chunks.push(ustarHeader(f.name, data.length), data);
    length += BLOCK + data.length;
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (pad) {
      chunks.push(Buffer.alloc(pad));
      length += pad;
    }
  }
  length += 2 * BLOCK; // end-of-archive marker
  const total = Math.ceil(length / RECORD) * RECORD;
  chunks.push(Buffer.alloc(total - length + 2 * BLOCK));
  return Buffer.concat(chunks, total);
}

/** Package of an offline event or a massive emission: base64(gzip(tar(xml…))). */
export function packPackage(files: { name: string; xml: string }[]): Packed & { tarGz: Buffer } {
  if (files.length === 0) throw new RangeError('paquete vacío');
  const tarGz = gzipSync(buildTar(files));
  return { tarGz, hashArchivo: sha256Hex(tarGz), archivo: tarGz.toString('base64') };
}

function readString(block: Buffer, offset: number, length: number): string {
  const end = block.indexOf(0, offset);
  return block.toString('utf8', offset, end < 0 || end > offset + length ? offset + length : end);
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new Error('tar: campo numérico inválido');
  return text === '' ? 0 : parseInt(text, 8);
}

/**
 * The files of a package (for the simulator). Accepts ustar/GNU tars from other tools too:
 * pax 'path' records and GNU long names are honoured; directories and links are skipped.
 * Throws on a corrupt archive, and on one that inflates past `maxBytes` (a gzip bomb).
 */
export function unpackPackage(tarGz: Buffer, maxBytes?: number): { name: string; xml: string }[] {
  const tar = gunzipSync(tarGz, maxBytes === undefined ? {} : { maxOutputLength: maxBytes });
  const out: { name: string; xml: string }[] = [];
  let pos = 0;
  let nextName: string | null = null;
  while (pos + BLOCK <= tar.length) {
    const h = tar.subarray(pos, pos + BLOCK);
    if (h.every((b) => b === 0)) break; // end-of-archive
    const stored = readOctal(h, 148, 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
    if (sum !== stored) throw new Error('tar: checksum de cabecera inválido');
    const size = readOctal(h, 124, 12);
    const type = String.fromCharCode(h[156]!);
    const dataStart = pos + BLOCK;
    if (dataStart + size > tar.length) throw new Error('tar: archivo truncado');
    const data = tar.subarray(dataStart, dataStart + size);
    pos = dataStart + Math.ceil(size / BLOCK) * BLOCK;

    if (type === 'L') {
      nextName = trimEndChars(data.toString('utf8'), '\0');
    } else if (type === 'x') {
      const m = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(data.toString('utf8'));
      if (m) nextName = m[1]!;
    } else if (type === '0' || type === '\0' || type === '7') {
      const prefix = h.subarray(257, 263).toString('ascii') === 'ustar\0' ? readString(h, 345, 155) : '';
      const base = readString(h, 0, 100);
      out.push({ name: nextName ?? (prefix ? `${prefix}/${base}` : base), xml: data.toString('utf8') });
      nextName = null;
    } else {
      nextName = null; // directories, links, global pax headers: nothing to return
    }
  }
  return out;
}
