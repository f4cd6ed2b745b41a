// The invoice bundle sent to a customer or an accountant: A4 PDF, ticket PDF and the signed XML
// in one ZIP. Built in memory; the caller decides where it goes.
import { ZipFile } from 'yazl';

export interface InvoiceZipInput {
  /** File name stem without extension, e.g. "factura-1003579028-137". */
  baseName: string;
  pdf: Uint8Array;
  ticket: Uint8Array;
  xml: Uint8Array | string;
  /** Entry timestamp; pass the issue date for reproducible archives. Defaults to now. */
  mtime?: Date;
}

export function buildInvoiceZip(input: InvoiceZipInput): Promise<Buffer> {
  const base = safeBaseName(input.baseName);
  const mtime = input.mtime ?? new Date();
  const zip = new ZipFile();
  const entries: Array<[string, Uint8Array | string]> = [
    [`${base}.pdf`, input.pdf],
    [`${base}-ticket.pdf`, input.ticket],
    [`${base}.xml`, input.xml],
  ];
  for (const [name, data] of entries) {
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    // PDFs are already compressed internally; deflating them again costs time and saves little.
    zip.addBuffer(buf, name, { mtime, compress: name.endsWith('.xml') });
  }
  zip.end();
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** Entry names must not escape the archive or carry path separators (yazl rejects "..", "/x"). */
function safeBaseName(name: string): string {
  const cleaned = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').replace(/^\.+/, '').trim();
  return cleaned || 'factura';
}
