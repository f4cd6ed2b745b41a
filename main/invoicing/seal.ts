// Sealing a document: CUF → XML → signature (electronic modality) → gzip + hashArchivo
// (CONTRACT.md §4, §3.3, §3.5). The one place a document becomes what SIAT receives: issuing
// and the offline re-issue both seal here, so the two cannot drift apart. On the sale path:
// each step runs once and the XML is built once (docs/decisions/0010-sale-path-cost.md).
// Nothing leaves here unchecked: the sector's XSD and our own signature (document-check.ts).
import { buildCuf, type CufFields } from './cuf';
import { buildSectorXml, sectorDocumentShape, type SectorDocument } from './xml/sector-xml';
import { gzipDocument } from './archive';
import type { XmlSigner } from './signing';
import type { SectorLayout } from '../../shared/sectors/layout';
import { sectorRoot } from '../siat/code-catalog';
import { stageEnd, stageStart } from '../metrics/stage-times';
import { checkDocument } from './document-check';

export interface SealInput {
  /** The CUF's fields; their modality and sector are also the XML's. */
  fields: CufFields & { modalidad: 1 | 2 };
  /** The sector's layout (sectors/layouts.ts). */
  layout: SectorLayout;
  /** The CUFD's código de control, appended to the CUF. */
  codigoControl: string;
  /** The document's values for the CUF just built (invoice-document-mapping.ts). */
  document: (cuf: string) => SectorDocument;
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

/** CUF and the unsigned XML, with what the signer needs to know of its shape. */
function build(input: SealInput): { cuf: string; unsigned: string; root: string } {
  const t = stageStart();
  const { fields, layout } = input;
  const cuf = buildCuf(fields, input.codigoControl);
  const root = sectorRoot(layout.sector, fields.modalidad);
  const built = { cuf, unsigned: buildSectorXml(layout, input.document(cuf), root, layout.schemaFile[fields.modalidad]), root };
  stageEnd('build', t);
  return built;
}

/** The checked document, gzipped. Throws DocumentCheckError for one SIAT would refuse. */
function sealed(input: SealInput, cuf: string, xml: string): Sealed {
  const t = stageStart();
  checkDocument({ xml, modalidad: input.fields.modalidad, sector: input.layout.sector, signer: input.signer });
  stageEnd('check', t);
  const z = stageStart();
  const { gzip, hashArchivo } = gzipDocument(xml);
  stageEnd('gzip', z);
  return { cuf, xml, gzip, hashArchivo };
}

export function seal(input: SealInput): Sealed {
  const { cuf, unsigned, root } = build(input);
  // The builder states the canonical shape of its own output: the signer need not scan it.
  return sealed(input, cuf, input.signer ? input.signer.signSimple(sectorDocumentShape(unsigned, root)) : unsigned);
}

/**
 * seal() with the RSA signature on libuv's thread pool: the main thread builds, the pool signs,
 * the main thread gzips. Same result as seal() (RSA PKCS#1 v1.5 is deterministic).
 */
export async function sealAsync(input: SealInput): Promise<Sealed> {
  const { cuf, unsigned, root } = build(input);
  return sealed(input, cuf, input.signer ? await input.signer.signSimpleAsync(sectorDocumentShape(unsigned, root)) : unsigned);
}
