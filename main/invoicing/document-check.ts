// The self-check every sealed document passes before it is stored (issue #13: "the self-checks
// that make a rejection rare run before the sale completes"): the sector's XSD, and for the
// electronic modality our own signature, verified the way a receiver does it. Both by libxml2
// (libxml2-wasm), not by the code that wrote the document: the XML builder writes the canonical
// form itself and the signer hashes that string (signing.ts), so a document whose text and
// canonical form drift apart (an escaping bug, a character the builder did not expect) would be
// signed "correctly" over the wrong bytes and rejected by SIAT after the ticket printed. libxml2
// re-reads the document, canonicalizes it (C14N 1.0 with comments, the signature removed: the
// enveloped-signature transform), and the digest and the RSA signature must match.
//
// One parse serves both checks: about 0.2 ms for a signed 10-line invoice in a loop (npm run
// bench, invoicing-core), about 0.5 ms of CPU per sale on the sale path (issuing; decision 0048). Synchronous once loaded: seal() calls it, on the main thread or inside a
// transaction alike. The engine loads it at start (loadDocumentCheck); sealing before that is a
// programming error and throws.
// Runs in: engine.
import { createHash, verify } from 'node:crypto';
import { documentOptions, errorText, hasInvoiceXsd, invoiceSchema, libxml2, type Libxml2 } from '../xml-schema/invoice-xsd';
import type { XmlSigner } from './signing';
import { DomainError } from '../errors/domain-error';

const DS = { ds: 'http://www.w3.org/2000/09/xmldsig#' };

/** A sealed document that would not pass SIAT's own checks; nothing was stored. */
export class DocumentCheckError extends DomainError<'SCHEMA' | 'SIGNATURE'> {
  readonly domain = 'documentCheck';
  override name = 'DocumentCheckError';
  constructor(
    /** 'schema': the sector's XSD refuses it (SIAT answers 939); 'signature': the signature does not verify as SIAT verifies it. */
    readonly kind: 'schema' | 'signature',
    /** libxml2's messages (`línea N: …`) or what did not match. */
    readonly problems: string[],
  ) {
    super(
      kind === 'schema' ? 'SCHEMA' : 'SIGNATURE',
      kind === 'schema'
        ? `El documento no cumple el esquema XSD de SIAT: ${problems.join(' | ')}`
        : `La firma digital del documento no se verifica: ${problems.join(' | ')}`,
      { fields: problems.map((message) => ({ field: 'documento', rule: kind === 'schema' ? 'xsd' : 'firma', message })) },
    );
  }
}

let lx: Libxml2 | null = null;

/** Loads libxml2-wasm (once per process). Schemas compile on first use (the engine warms compra-venta's after it listens). */
export async function loadDocumentCheck(): Promise<void> {
  lx ??= await libxml2();
}

export interface CheckedDocument {
  xml: string;
  modalidad: 1 | 2;
  sector: number;
  /** The signer that signed it (electronic modality), null for a computerized document. */
  signer: XmlSigner | null;
}

/** Throws DocumentCheckError when the document would not pass; returns otherwise. */
export function checkDocument(d: CheckedDocument): void {
  if (!lx) throw new Error('checkDocument antes de loadDocumentCheck()');
  const x = lx;
  let doc: InstanceType<Libxml2['XmlDocument']>;
  try {
    doc = x.XmlDocument.fromString(d.xml, { option: documentOptions(x) });
  } catch (e) {
    throw new DocumentCheckError('schema', errorText(x, e));
  }
  try {
    if (hasInvoiceXsd(d.sector, d.modalidad)) {
      try {
        invoiceSchema(x, d.modalidad, d.sector).validate(doc);
      } catch (e) {
        throw new DocumentCheckError('schema', errorText(x, e));
      }
    }
    if (d.signer) checkSignature(doc, d.signer);
  } finally {
    doc.dispose();
  }
}

function text(doc: InstanceType<Libxml2['XmlDocument']>, path: string): string | null {
  const n = doc.get(path, DS);
  return n ? n.content : null;
}

/**
 * The document's one ds:Signature, as a receiver checks it: the certificate is the signer's,
 * the digest is SHA-256 over the canonical document without the signature, and SignatureValue
 * verifies over the canonical SignedInfo with the certificate's public key.
 */
function checkSignature(doc: InstanceType<Libxml2['XmlDocument']>, signer: XmlSigner): void {
  const fail = (why: string): never => {
    throw new DocumentCheckError('signature', [why]);
  };
  // The XSD has placed ds:Signature as the root's last child; these paths find it there.
  const signature = doc.get('/*/ds:Signature', DS) ?? fail('falta ds:Signature');
  const signedInfo = doc.get('/*/ds:Signature/ds:SignedInfo', DS) ?? fail('falta ds:SignedInfo');
  const cert = text(doc, '/*/ds:Signature/ds:KeyInfo/ds:X509Data/ds:X509Certificate') ?? fail('falta el certificado en KeyInfo');
  if (cert.replace(/\s+/g, '') !== signer.certificate.raw.toString('base64')) fail('el certificado de KeyInfo no es el del firmante');
  const digest = text(doc, '/*/ds:Signature/ds:SignedInfo/ds:Reference/ds:DigestValue') ?? fail('falta DigestValue');
  const value = text(doc, '/*/ds:Signature/ds:SignatureValue') ?? fail('falta SignatureValue');
  // SignedInfo is canonicalized in its place (inclusive C14N renders the namespaces in scope).
  // A node set, not the subtree helper: that one calls back into JS with a wrapper per node.
  const canonicalSignedInfo = doc.canonicalizeToString({ mode: 0, nodeSet: new Set([signedInfo]) });
  signature.remove();
  const canonicalDocument = doc.canonicalizeToString({ mode: 0, withComments: true });
  if (createHash('sha256').update(canonicalDocument, 'utf8').digest('base64') !== digest.trim()) {
    fail('el DigestValue no corresponde al documento canonicalizado');
  }
  if (!verify('sha256', Buffer.from(canonicalSignedInfo, 'utf8'), signer.certificate.publicKey, Buffer.from(value.replace(/\s+/g, ''), 'base64'))) {
    fail('SignatureValue no se verifica con la clave pública del certificado');
  }
}
