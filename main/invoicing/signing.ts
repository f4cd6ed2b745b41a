// XMLDSig enveloped signature of electronic invoices (modalidad 1), CONTRACT.md §3.4:
// RSA-SHA256, SHA-256 digest, one Reference URI="" (the whole document) with transforms
// enveloped-signature + C14N#WithComments, SignedInfo canonicalized with C14N 1.0,
// KeyInfo/X509Data/X509Certificate, `ds:` prefix, ds:Signature as the last child of the root.
//
// Fast path: documents we generate are "simple" (xml/simple-c14n.ts), so their canonical form
// comes from the string itself and only hashing and one RSA operation remain. Anything else
// is signed by xml-crypto, which produces the same signature bytes (RSA PKCS#1 v1.5 is
// deterministic); tests hold the two paths to byte equality and verify with xml-crypto.
// The sale path goes one step further: the builder hands over the document's shape
// (compra-venta.ts, compraVentaShape), so not even the scan of simple-c14n runs; tests hold
// that shape equal to what the scan finds.
import { createHash, createPrivateKey, sign as rsaSign, X509Certificate, type KeyObject } from 'node:crypto';
import { DOMParser, type Document } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { parseSimpleDocument, type SimpleDocument } from './xml/simple-c14n';
import { stageEnd, stageStart } from '../metrics/stage-times';

const DS_NS = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const C14N_WITH_COMMENTS = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

export interface XmlSigner {
  /** Returns the document with ds:Signature appended as the last child of the root. */
  sign(unsignedXml: string): string;
  /**
   * Same, for a document whose canonical shape is already known (the builder's own output):
   * no scan. `doc` must be what parseSimpleDocument would return for that text.
   */
  signSimple(doc: SimpleDocument): string;
  /**
   * signSimple with the RSA operation on libuv's thread pool (crypto.sign with a callback): the
   * sale path signs there so a second core works while the main thread builds and stores
   * (docs/decisions/0038-signing-on-a-second-core.md). Same bytes as signSimple.
   */
  signSimpleAsync(doc: SimpleDocument): Promise<string>;
  /** The certificate whose key signs (its public key verifies what this signer made). */
  readonly certificate: X509Certificate;
}

/**
 * SignedInfo children, written as start + end tags: that is their canonical form, so the
 * same text serves for the document and for the bytes that are signed.
 */
function signedInfoContent(digestValue: string): string {
  return (
    `<ds:CanonicalizationMethod Algorithm="${C14N}"></ds:CanonicalizationMethod>` +
    `<ds:SignatureMethod Algorithm="${RSA_SHA256}"></ds:SignatureMethod>` +
    '<ds:Reference URI="">' +
    '<ds:Transforms>' +
    `<ds:Transform Algorithm="${ENVELOPED}"></ds:Transform>` +
    `<ds:Transform Algorithm="${C14N_WITH_COMMENTS}"></ds:Transform>` +
    '</ds:Transforms>' +
    `<ds:DigestMethod Algorithm="${SHA256}"></ds:DigestMethod>` +
    `<ds:DigestValue>${digestValue}</ds:DigestValue>` +
    '</ds:Reference>'
  );
}

export function createXmlSigner(opts: { keyPem: string; certPem: string }): XmlSigner {
  const key: KeyObject = createPrivateKey(opts.keyPem);
  const cert = new X509Certificate(opts.certPem);
  if (!cert.checkPrivateKey(key)) throw new Error('La clave privada no corresponde al certificado.');
  const keyInfo = `<ds:KeyInfo><ds:X509Data><ds:X509Certificate>${cert.raw.toString('base64')}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>`;

  function signSlow(xml: string): string {
    const sig = new SignedXml({
      privateKey: opts.keyPem,
      publicCert: opts.certPem,
      signatureAlgorithm: RSA_SHA256,
      canonicalizationAlgorithm: C14N,
    });
    sig.addReference({ xpath: '/*', transforms: [ENVELOPED, C14N_WITH_COMMENTS], digestAlgorithm: SHA256, isEmptyUri: true });
    sig.computeSignature(xml, { prefix: 'ds', location: { reference: '/*', action: 'append' } });
    return sig.getSignedXml();
  }

  function sign(unsignedXml: string): string {
    const doc = parseSimpleDocument(unsignedXml);
    return doc ? signSimple(doc) : signSlow(unsignedXml);
  }

  /** What is signed (SignedInfo in canonical form) and how to write the signed document around a signature. */
  function prepare(doc: SimpleDocument): { signedInfo: Buffer; assemble: (signature: Buffer) => string } {
    // The enveloped-signature transform removes exactly what we insert, so the reference's
    // octets are the canonical unsigned document (XMLDSig §6.6.4, C14N 1.0).
    const t = stageStart();
    const digest = createHash('sha256').update(doc.canonical, 'utf8').digest('base64');
    const content = signedInfoContent(digest);
    // Inclusive C14N of SignedInfo renders every namespace in scope there (C14N 1.0 §2.3):
    // xmlns:ds from ds:Signature AND the root's declarations (xmlns:xsi), sorted by prefix.
    const inScope = new Map(doc.rootNamespaces);
    inScope.set('ds', DS_NS);
    const decls = [...inScope.keys()]
      .sort()
      .map((p) => ` xmlns:${p}="${inScope.get(p)}"`)
      .join('');
    const at = doc.endTagOffset;
    const signedInfo = Buffer.from(`<ds:SignedInfo${decls}>${content}</ds:SignedInfo>`, 'utf8');
    stageEnd('prepare', t);
    return {
      signedInfo,
      assemble: (signature) =>
        doc.head +
        doc.element.slice(0, at) +
        `<ds:Signature xmlns:ds="${DS_NS}"><ds:SignedInfo>${content}</ds:SignedInfo>` +
        `<ds:SignatureValue>${signature.toString('base64')}</ds:SignatureValue>${keyInfo}</ds:Signature>` +
        doc.element.slice(at) +
        doc.tail,
    };
  }

  function signSimple(doc: SimpleDocument): string {
    const { signedInfo, assemble } = prepare(doc);
    return assemble(rsaSign('sha256', signedInfo, key));
  }

  function signSimpleAsync(doc: SimpleDocument): Promise<string> {
    const { signedInfo, assemble } = prepare(doc);
    return new Promise((resolve, reject) => {
      rsaSign('sha256', signedInfo, key, (err, signature) => {
        if (err) reject(err);
        else resolve(assemble(signature));
      });
    });
  }

  return { sign, signSimple, signSimpleAsync, certificate: cert };
}

export interface SignatureCheck {
  valid: boolean;
  /** The certificate in KeyInfo (PEM), also when the signature is invalid; null if absent. */
  certPem: string | null;
  reason?: string;
}

/**
 * Verifies the enveloped signature with xml-crypto against the certificate in KeyInfo.
 * This proves integrity and that the holder of that certificate signed; whether the
 * certificate belongs to the emitter is the caller's check (certificateNit, SIAT 922).
 */
export function verifyXmlSignature(signedXml: string): SignatureCheck {
  let doc: Document;
  try {
    doc = new DOMParser().parseFromString(signedXml, 'text/xml') as unknown as Document;
  } catch (e) {
    return { valid: false, certPem: null, reason: `XML mal formado: ${e instanceof Error ? e.message : String(e)}` };
  }
  const root = doc.documentElement;
  if (!root) return { valid: false, certPem: null, reason: 'XML sin elemento raíz' };
  const signatures = doc.getElementsByTagNameNS(DS_NS, 'Signature');
  if (signatures.length !== 1) return { valid: false, certPem: null, reason: `se esperaba una ds:Signature y hay ${signatures.length}` };
  const signature = signatures[0]!;

  let certPem: string | null = null;
  const certNodes = signature.getElementsByTagNameNS(DS_NS, 'X509Certificate');
  if (certNodes.length > 0) {
    try {
      certPem = new X509Certificate(Buffer.from((certNodes[0]!.textContent ?? '').replace(/\s+/g, ''), 'base64')).toString();
    } catch {
      return { valid: false, certPem: null, reason: 'el certificado de KeyInfo no se puede leer' };
    }
  }
  const fail = (reason: string): SignatureCheck => ({ valid: false, certPem, reason });

  // CONTRACT.md §3.4: the signature is the last child of the root and signs the whole document.
  let last = root.lastChild;
  while (last && last.nodeType !== 1) last = last.previousSibling;
  if (signature.parentNode !== root || last !== signature) return fail('ds:Signature no es el último hijo de la raíz');
  const references = signature.getElementsByTagNameNS(DS_NS, 'Reference');
  if (references.length !== 1 || references[0]!.getAttribute('URI') !== '') {
    return fail('la firma debe tener una sola Reference con URI="" (todo el documento)');
  }
  if (!certPem) return fail('la firma no incluye KeyInfo/X509Data/X509Certificate');

  const verifier = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
  try {
    verifier.loadSignature(signature as unknown as Parameters<SignedXml['loadSignature']>[0]);
    if (!verifier.checkSignature(signedXml)) return fail('el digest no coincide: el documento fue modificado');
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e));
  }
  return { valid: true, certPem };
}
