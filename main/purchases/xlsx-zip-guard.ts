// An uploaded XLSX is a ZIP, and exceljs (through JSZip) inflates every entry of it whole into
// memory before reading a cell. The upload is capped at 10 MiB, but 10 MiB of DEFLATE can hold
// ~10 GiB of zeros: a zip bomb would take the engine of every tenant down. So before exceljs sees
// the bytes, this reads the ZIP's central directory itself, refuses what is too big or too many,
// then inflates each entry with a counter (nothing kept) to prove the declared sizes true.
//
// The reading is stricter than JSZip's, never looser, so whatever passes here is read by JSZip
// entry for entry as it was checked: the end record is the last one in the file (as JSZip finds
// it) and must end the file; the central directory must sit right before it (JSZip would shift
// offsets by any bytes prepended); entries are walked to exactly that end (JSZip reads entries
// while their signature follows); ZIP64, encryption and methods other than stored/deflate are
// refused (JSZip reads the first two differently, cannot read the last two; an XLSX below 10 MiB
// never needs ZIP64). Each entry's data is where JSZip takes it: its local header's name and extra
// skipped, then the central directory's compressed size.
import { createInflateRaw } from 'node:zlib';
import { PurchaseError } from './purchase-error';

export interface ZipLimits {
  /** Entries in the central directory (an XLSX written by Excel or exceljs has about 15). */
  maxEntries: number;
  /** Inflated bytes of one entry. */
  maxEntryBytes: number;
  /** Inflated bytes of all entries together. */
  maxTotalBytes: number;
  /** Inflated / compressed size of one entry, judged once it inflates past `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

const MiB = 1024 * 1024;

/**
 * Measured (exceljs 4.4): the template with 20,000 rows (MAX_IMPORT_ROWS) is a 1.7 MB file whose
 * sheet inflates to 16 MB and whole workbook to 20 MB at 11–16:1, and exceljs then holds ~270 MB
 * while it reads it. The caps leave room for writers that inline their strings, and stop far
 * below what would exhaust the engine. Real spreadsheets compress 5–30:1; a bomb, ~1000:1.
 */
export const XLSX_ZIP_LIMITS: ZipLimits = {
  maxEntries: 1_000,
  maxEntryBytes: 32 * MiB,
  maxTotalBytes: 48 * MiB,
  maxRatio: 200,
  ratioFloorBytes: 1 * MiB,
};

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;
const EOCD_LEN = 22;
const CEN_LEN = 46;
const LOC_LEN = 30;

const tooLarge = (detail: string) =>
  new PurchaseError('IMPORT_TOO_LARGE', `El archivo XLSX ${detail}. No se importó nada; divida el archivo en partes.`, [
    { field: 'file', rule: 'maxSize', message: detail },
  ]);

const corrupt = (detail: string) =>
  new PurchaseError('IMPORT_FORMAT', `El archivo XLSX está dañado o no es un XLSX: ${detail}`, [{ field: 'file', rule: 'format', message: detail }]);

const mib = (n: number) => `${Math.round((n / MiB) * 10) / 10} MiB`;

interface Entry {
  name: string;
  method: number;
  compressed: number;
  uncompressed: number;
  localOffset: number;
}

const UNICODE_PATH = 0x7075;

/** Whether a ZIP extra-field block holds a field of `id` (blocks are id, length, data). */
function hasExtraField(extra: Buffer, id: number): boolean {
  for (let i = 0; i + 4 <= extra.length; i += 4 + extra.readUInt16LE(i + 2)) if (extra.readUInt16LE(i) === id) return true;
  return false;
}

/** The central directory, checked as described above. Throws PurchaseError. */
function readCentralDirectory(bytes: Buffer, limits: ZipLimits = XLSX_ZIP_LIMITS): Entry[] {
  const sig = Buffer.alloc(4);
  sig.writeUInt32LE(EOCD_SIG);
  const eocd = bytes.lastIndexOf(sig);
  if (eocd < 0 || eocd + EOCD_LEN > bytes.length) throw corrupt('no tiene el directorio final de un ZIP');
  const disk = bytes.readUInt16LE(eocd + 4);
  const cdDisk = bytes.readUInt16LE(eocd + 6);
  const onDisk = bytes.readUInt16LE(eocd + 8);
  const count = bytes.readUInt16LE(eocd + 10);
  const cdSize = bytes.readUInt32LE(eocd + 12);
  const cdOffset = bytes.readUInt32LE(eocd + 16);
  const commentLength = bytes.readUInt16LE(eocd + 20);
  if ([disk, cdDisk, onDisk, count].includes(0xffff) || [cdSize, cdOffset].includes(0xffffffff)) throw corrupt('ZIP64 no se admite');
  if (disk !== 0 || cdDisk !== 0 || onDisk !== count) throw corrupt('ZIP en varias partes');
  if (eocd + EOCD_LEN + commentLength !== bytes.length) throw corrupt('el directorio final no cierra el archivo');
  if (cdOffset + cdSize !== eocd) throw corrupt('el directorio central no está donde el ZIP dice');
  if (count > limits.maxEntries) throw tooLarge(`tiene ${count} entradas; como máximo ${limits.maxEntries}`);

  const entries: Entry[] = [];
  let total = 0;
  let at = cdOffset;
  for (let i = 0; i < count; i++) {
    if (at + CEN_LEN > eocd || bytes.readUInt32LE(at) !== CEN_SIG) throw corrupt('directorio central ilegible');
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const uncompressed = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const entryCommentLength = bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    const end = at + CEN_LEN + nameLength + extraLength + entryCommentLength;
    if (end > eocd) throw corrupt('directorio central ilegible');
    const nameBytes = bytes.subarray(at + CEN_LEN, at + CEN_LEN + nameLength);
    // Part names are ASCII (OPC percent-encodes the rest). JSZip decodes other bytes its own way
    // (overlong UTF-8 included) and lets a Unicode Path extra field (0x7075) rename an entry, so
    // either could show exceljs a worksheet under a name these checks never saw.
    if (nameBytes.some((b) => b < 0x20 || b > 0x7e)) throw corrupt('un nombre de parte no es ASCII');
    const name = nameBytes.toString('latin1');
    if (hasExtraField(bytes.subarray(at + CEN_LEN + nameLength, at + CEN_LEN + nameLength + extraLength), UNICODE_PATH)) throw corrupt(`${name} trae un nombre alternativo`);
    if ([compressed, uncompressed, localOffset].includes(0xffffffff)) throw corrupt('ZIP64 no se admite');
    if (flags & 0x1) throw corrupt(`${name} está cifrado`);
    if (method !== 0 && method !== 8) throw corrupt(`${name} usa una compresión no admitida (${method})`);
    if (method === 0 && compressed !== uncompressed) throw corrupt(`${name} declara tamaños que no coinciden`);
    if (uncompressed > limits.maxEntryBytes) throw tooLarge(`tiene una parte (${name}) de ${mib(uncompressed)} descomprimida; como máximo ${mib(limits.maxEntryBytes)} por parte`);
    total += uncompressed;
    if (total > limits.maxTotalBytes) throw tooLarge(`ocupa más de ${mib(limits.maxTotalBytes)} descomprimido (el máximo)`);
    if (uncompressed > limits.ratioFloorBytes && uncompressed > compressed * limits.maxRatio) {
      throw tooLarge(`tiene una parte (${name}) comprimida más de ${limits.maxRatio} a 1, lo que una planilla real no hace`);
    }
    entries.push({ name, method, compressed, uncompressed, localOffset });
    at = end;
  }
  if (at !== eocd) throw corrupt('el directorio central tiene más entradas de las declaradas');
  return entries;
}

/** What a caller may learn of an entry's bytes while they inflate: `write` may throw to stop. */
export type EntryObserver = (entryName: string) => { write(chunk: Buffer): void } | undefined;

/**
 * Inflates raw DEFLATE data, keeping nothing but handing each chunk to `sink`, and fails as soon
 * as it passes `limit` bytes (RangeError) or the sink throws (its error).
 */
function inflatedLength(data: Buffer, limit: number, sink?: { write(chunk: Buffer): void }): Promise<number> {
  return new Promise((resolve, reject) => {
    const z = createInflateRaw({ chunkSize: 64 * 1024 });
    let n = 0;
    z.on('data', (chunk: Buffer) => {
      n += chunk.length;
      if (n > limit) {
        z.destroy();
        reject(new RangeError('over limit'));
        return;
      }
      try {
        sink?.write(chunk);
      } catch (err) {
        z.destroy();
        reject(err as Error);
      }
    });
    z.on('end', () => resolve(n));
    z.on('error', reject);
    z.end(data);
  });
}

/**
 * Refuses an XLSX whose ZIP would inflate beyond the limits (PurchaseError IMPORT_TOO_LARGE, 413)
 * or that is malformed or lies about its sizes (IMPORT_FORMAT, 422). Each entry is inflated once
 * with a counter: at most `maxTotalBytes` of work, in zlib's thread pool, never held in memory.
 * `observe` sees the inflated bytes of the entries it asks for, in the same pass; a PurchaseError
 * it throws is the verdict (xlsx-sheet-bounds.ts counts rows and cells so).
 */
export async function checkXlsxZip(bytes: Buffer, limits: ZipLimits = XLSX_ZIP_LIMITS, observe?: EntryObserver): Promise<void> {
  for (const e of readCentralDirectory(bytes, limits)) {
    const at = e.localOffset;
    if (at + LOC_LEN > bytes.length || bytes.readUInt32LE(at) !== LOC_SIG) throw corrupt(`${e.name}: cabecera local ilegible`);
    const start = at + LOC_LEN + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    if (start + e.compressed > bytes.length) throw corrupt(`${e.name} está cortado`);
    const sink = observe?.(e.name);
    if (e.method === 0) {
      sink?.write(bytes.subarray(start, start + e.compressed));
      continue;
    }
    let actual: number;
    try {
      actual = await inflatedLength(bytes.subarray(start, start + e.compressed), e.uncompressed, sink);
    } catch (err) {
      if (err instanceof PurchaseError) throw err;
      // Past its declared size: the header lied, so the caps above proved nothing.
      if (err instanceof RangeError) throw corrupt(`${e.name} se descomprime a más de lo que declara`);
      throw corrupt(`${e.name} no se puede descomprimir`);
    }
    if (actual !== e.uncompressed) throw corrupt(`${e.name} se descomprime a un tamaño distinto del declarado`);
  }
}
