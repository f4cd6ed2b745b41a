// Sealing an invoice: CUF → XML → signature (electronic modality) → gzip + hashArchivo
// (CONTRACT.md §4, §3.3, §3.5). The one place a document becomes what SIAT receives: issuing
// and the offline re-issue both seal here, so the two cannot drift apart. On the sale path:
// each step runs once and the XML is built once (docs/decisions/0010-sale-path-cost.md).
import { buildCuf, type CufFields } from './cuf';
import { buildCompraVentaXml, compraVentaShape, type CompraVentaDocument } from './xml/compra-venta';
import { gzipDocument } from './archive';
import type { XmlSigner } from './signing';

export interface SealInput {
  /** The CUF's fields; their modality is also the XML's. */
  fields: CufFields & { modalidad: 1 | 2 };
  /** The CUFD's código de control, appended to the CUF. */
  codigoControl: string;
  /** The document model for the CUF just built (invoice-document-mapping.ts). */
  document: (cuf: string) => CompraVentaDocument;
  /** The taxpayer's signer for the electronic modality; null for the computerized one. */
  signer: XmlSigner | null;
}

export interface Sealed {
  cuf: string;
  /** Exactly what is stored and sent (signed when electronic). */
  xml: string;
  gzip: Buffer;
  hashArchivo: string;
}

export function seal(input: SealInput): Sealed {
  const { fields, signer } = input;
  const cuf = buildCuf(fields, input.codigoControl);
  const unsigned = buildCompraVentaXml(input.document(cuf), fields.modalidad);
  // The builder states the canonical shape of its own output: the signer need not scan it.
  const xml = signer ? signer.signSimple(compraVentaShape(unsigned, fields.modalidad)) : unsigned;
  const { gzip, hashArchivo } = gzipDocument(xml);
  return { cuf, xml, gzip, hashArchivo };
}
