// consultaCompras answers with `archivo` (base64Binary) whose format SIAT does not document
// (PURCHASES.md §2.1). The bytes are kept exactly as received; this reads what it can:
// gzip is inflated, a tar is opened, XML elements named like registroCompra's are read, and
// delimited text (CSV, `;`, `|`, tab) is read by its header row (RCV purchase headers or the
// XML names). docs/decisions/0022-consulta-compras-archivo.md. Pure.
import { gunzipSync, gzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { unpackPackage } from '../invoicing/archive';

export interface ReportedPurchase {
  nitEmisor?: string;
  razonSocialEmisor?: string;
  codigoAutorizacion?: string;
  numeroFactura?: string;
  fechaEmision?: string;
  montoTotalCompra?: string;
  creditoFiscal?: string;
  tipoCompra?: string;
  [field: string]: string | undefined;
}

export interface ReadArchivo {
  /** How the bytes looked, outermost first: `gzip+tar+xml`, `csv`, `empty`, `unknown` … */
  format: string;
  rows: ReportedPurchase[];
}

/** RCV purchase template headers (PURCHASES.md §3.1) → registroCompra element names. */
const HEADER_NAMES: Record<string, string> = {
  'NIT PROVEEDOR': 'nitEmisor',
  'RAZON SOCIAL PROVEEDOR': 'razonSocialEmisor',
  'CODIGO DE AUTORIZACION': 'codigoAutorizacion',
  'NUMERO FACTURA': 'numeroFactura',
  'NUMERO DUI/DIM': 'numeroDuiDim',
  'FECHA DE FACTURA/DUI/DIM': 'fechaEmision',
  'IMPORTE TOTAL COMPRA': 'montoTotalCompra',
  'CREDITO FISCAL': 'creditoFiscal',
  'TIPO COMPRA': 'tipoCompra',
  'CODIGO DE CONTROL': 'codigoControl',
};

const KNOWN = new Set(['nitEmisor', 'razonSocialEmisor', 'codigoAutorizacion', 'numeroFactura', 'numeroDuiDim', 'fechaEmision', 'montoTotalCompra', 'importeIce', 'importeIehd', 'importeIpj', 'tasas', 'otroNoSujetoCredito', 'importesExentos', 'importeTasaCero', 'subTotal', 'descuento', 'montoGiftCard', 'montoTotalSujetoIva', 'creditoFiscal', 'tipoCompra', 'codigoControl']);

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false, trimValues: true, processEntities: true });

function normalizeHeader(h: string): string {
  return h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toUpperCase()
    .replace(/\s+/g, ' ');
}

/** Every object in the parsed XML that carries at least nitEmisor and numeroFactura. */
function collectXmlRows(node: unknown, out: ReportedPurchase[]): void {
  if (Array.isArray(node)) {
    node.forEach((n) => collectXmlRows(n, out));
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const rec = node as Record<string, unknown>;
  if (rec['nitEmisor'] !== undefined && rec['numeroFactura'] !== undefined) {
    const row: ReportedPurchase = {};
    for (const [k, v] of Object.entries(rec)) if (KNOWN.has(k) && (typeof v === 'string' || typeof v === 'number')) row[k] = String(v);
    out.push(row);
    return;
  }
  for (const v of Object.values(rec)) collectXmlRows(v, out);
}

function readXml(text: string): ReportedPurchase[] {
  if (/<!DOCTYPE/i.test(text)) return [];
  const rows: ReportedPurchase[] = [];
  try {
    collectXmlRows(parser.parse(text), rows);
  } catch {
    return [];
  }
  return rows;
}

function readDelimited(text: string): ReportedPurchase[] | null {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length < 1) return null;
  const first = lines[0]!;
  const sep = ['\t', ';', '|', ','].find((s) => first.includes(s));
  if (!sep) return null;
  const header = first.split(sep).map((h) => {
    const n = normalizeHeader(h.replace(/^"|"$/g, ''));
    return HEADER_NAMES[n] ?? (KNOWN.has(h.trim()) ? h.trim() : null);
  });
  if (!header.includes('nitEmisor') && !header.includes('codigoAutorizacion')) return null;
  return lines.slice(1).map((line) => {
    const cells = line.split(sep).map((c) => c.trim().replace(/^"|"$/g, ''));
    const row: ReportedPurchase = {};
    header.forEach((h, i) => {
      if (h && cells[i] !== undefined && cells[i] !== '') row[h] = cells[i];
    });
    return row;
  });
}

/**
 * The most a purchases file may decompress to. SIAT's answer is capped at 16 MiB (decision 0050)
 * and such files compress about 10:1; 1 MB of zeros decompressed to 1 GiB before this cap
 * (issue 26, finding 8).
 */
export const ARCHIVO_MAX_BYTES = 64 * 1024 * 1024;

/** Reads `bytes` as far as it can (at most ARCHIVO_MAX_BYTES decompressed); never throws. */
export function readConsultaArchivo(bytes: Buffer | null, maxBytes = ARCHIVO_MAX_BYTES): ReadArchivo {
  if (!bytes || bytes.length === 0) return { format: 'empty', rows: [] };
  const layers: string[] = [];
  let data = bytes;
  if (data[0] === 0x1f && data[1] === 0x8b) {
    try {
      data = gunzipSync(data, { maxOutputLength: maxBytes });
      layers.push('gzip');
    } catch (err) {
      return { format: (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? 'gzip-too-large' : 'gzip-corrupt', rows: [] };
    }
  }
  if (data.length > 262 && data.subarray(257, 262).toString('latin1') === 'ustar') {
    try {
      // unpackPackage reads a tar.gz: hand it the tar re-compressed (cheap; answers are small).
      const files = unpackPackage(gzipSync(data), maxBytes);
      const rows = files.flatMap((f) => readXml(f.xml));
      return { format: [...layers, 'tar', rows.length > 0 ? 'xml' : 'unknown'].join('+'), rows };
    } catch {
      return { format: [...layers, 'tar-corrupt'].join('+'), rows: [] };
    }
  }
  const text = data.toString('utf8');
  if (text.trimStart().startsWith('<')) return { format: [...layers, 'xml'].join('+'), rows: readXml(text) };
  const delimited = readDelimited(text);
  if (delimited) return { format: [...layers, 'text'].join('+'), rows: delimited };
  return { format: [...layers, 'unknown'].join('+'), rows: [] };
}
