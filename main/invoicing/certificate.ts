// The signing certificate (CONTRACT.md §3.4): a taxpayer's PKCS#12 from a Bolivian CA, or a
// self-signed one for training mode. node-forge reads PKCS#12 and writes certificates; Node's
// crypto generates keys (much faster than forge) and inspects certificates.
import { createPrivateKey, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { DomainError } from '../errors/domain-error';

/** X.500 UID (RFC 4519), where the training certificate carries the NIT. */
const OID_UID = '0.9.2342.19200300.100.1.1';

export interface LoadedCertificate {
  keyPem: string;
  certPem: string;
  /** DER of the certificate in base64: the content of ds:X509Certificate. */
  certDerBase64: string;
  notBefore: Date;
  notAfter: Date;
  /** e.g. "CN=Tienda Demo, UID=1003579028" */
  subject: string;
}

export type CertificateErrorCode = 'UNREADABLE' | 'WRONG_PASSWORD' | 'NO_PRIVATE_KEY' | 'NO_CERTIFICATE' | 'KEY_MISMATCH' | 'TOO_COSTLY';

/**
 * The most PBKDF2/PKCS#12 iterations a certificate file may ask for (issue 25). Real files use
 * 2,048 (OpenSSL) to 600,000 (OWASP's PBKDF2 advice); the count is the file's, and node-forge
 * derives on the engine's only thread, so 10 million froze every till for 18 s before this bound.
 */
export const P12_MAX_ITERATIONS = 600_000;

/**
 * Every iteration count a PKCS#12 file declares, read from its DER before anything is derived:
 * the MAC's (PFX → MacData → iterations) and each encryption's (a salt OCTET STRING followed by an
 * INTEGER: PKCS#12 PBE and PBKDF2 parameters alike), including those inside the authSafe's nested
 * DER. Bounded by the file's size; an unreadable part is skipped (the parser refuses it later).
 */
export function p12IterationCounts(der: Buffer): number[] {
  const counts: number[] = [];
  const INTEGER = forge.asn1.Type.INTEGER;
  const OCTETSTRING = forge.asn1.Type.OCTETSTRING;
  const intOf = (n: forge.asn1.Asn1) => (typeof n.value === 'string' && n.value.length <= 6 ? forge.util.bytesToHex(n.value) : null);
  const walk = (node: forge.asn1.Asn1, depth: number): void => {
    if (depth > 40) return;
    if (Array.isArray(node.value)) {
      const [a, b] = node.value;
      if (a && b && a.type === OCTETSTRING && !a.constructed && b.type === INTEGER) {
        const hex = intOf(b);
        counts.push(hex === null ? Number.POSITIVE_INFINITY : parseInt(hex || '0', 16));
      }
      // MacData: SEQUENCE { DigestInfo, macSalt, iterations }.
      const c = node.value[2];
      if (node.value.length === 3 && b?.type === OCTETSTRING && c?.type === INTEGER && a?.constructed) {
        const hex = intOf(c);
        counts.push(hex === null ? Number.POSITIVE_INFINITY : parseInt(hex || '0', 16));
      }
      for (const child of node.value) walk(child, depth + 1);
    } else if (node.type === OCTETSTRING && typeof node.value === 'string' && node.value.charCodeAt(0) === 0x30) {
      try {
        walk(forge.asn1.fromDer(forge.util.createBuffer(node.value), { strict: false } as never), depth + 1);
      } catch {
        // Not nested DER (a salt, a digest, encrypted bytes).
      }
    }
  };
  try {
    walk(forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary'))), 0);
  } catch {
    // Unreadable: fromP12 says so.
  }
  return counts;
}

export class CertificateError extends DomainError<CertificateErrorCode> {
  readonly domain = 'certificate';
  override name = 'CertificateError';
}

/**
 * A self-signed RSA-2048 certificate for training mode (no fiscal effect), valid 2 years
 * from `now`. Subject CN = razón social, UID and serialNumber = NIT, so certificateNit() can
 * tell which taxpayer it belongs to (SIAT's 922: signature not of the taxpayer).
 */
export function generateTrainingCertificate(opts: { nit: string | number; razonSocial: string; now: Date }): {
  keyPem: string;
  certPem: string;
} {
  const nit = String(opts.nit);
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicPem);
  // Positive serial (high bit clear), 16 random bytes.
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f;
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = new Date(opts.now.getTime());
  const notAfter = new Date(opts.now.getTime());
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + 2);
  cert.validity.notAfter = notAfter;
  // forge reads valueTagClass as the ASN.1 string type (its typings say Class) and encodes
  // UTF8String values itself: accents of the razón social stay intact.
  const UTF8 = forge.asn1.Type.UTF8 as unknown as forge.asn1.Class;
  const utf8 = (value: string) => ({ value, valueTagClass: UTF8 });
  const attrs: forge.pki.CertificateField[] = [
    { shortName: 'C', value: 'BO' },
    { shortName: 'O', ...utf8(opts.razonSocial) },
    { shortName: 'CN', ...utf8(opts.razonSocial) },
    { type: OID_UID, value: nit, valueTagClass: UTF8 },
    { name: 'serialNumber', value: nit },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  return { keyPem, certPem: forge.pki.certificateToPem(cert) };
}

/** Subject lines of Node's X509Certificate ("CN=…\nUID=…") as a map of the first values. */
function subjectFields(x509: X509Certificate): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of x509.subject.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0 && !fields.has(line.slice(0, eq))) fields.set(line.slice(0, eq), line.slice(eq + 1));
  }
  return fields;
}

/**
 * The NIT a certificate was issued for: UID, else serialNumber, when it is a plain number
 * (optionally prefixed "NIT"). Null when the certificate names no NIT or cannot be read.
 */
export function certificateNit(certPem: string): string | null {
  let fields: Map<string, string>;
  try {
    fields = subjectFields(new X509Certificate(certPem));
  } catch {
    return null;
  }
  for (const key of ['UID', 'serialNumber']) {
    const m = /^(?:NIT\s*(?:[:-]\s*)?)?(\d{1,13})$/i.exec((fields.get(key) ?? '').trim());
    if (m) return m[1]!.replace(/^0+(?=\d)/, '');
  }
  return null;
}

function describe(keyPem: string, certPem: string): LoadedCertificate {
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(certPem);
  } catch {
    throw new CertificateError('NO_CERTIFICATE', 'El certificado no se puede leer (PEM X.509 inválido).');
  }
  let key;
  try {
    key = createPrivateKey(keyPem);
  } catch {
    throw new CertificateError('NO_PRIVATE_KEY', 'La clave privada no se puede leer (PEM inválido o cifrado).');
  }
  if (!x509.checkPrivateKey(key)) {
    throw new CertificateError('KEY_MISMATCH', 'La clave privada no corresponde al certificado.');
  }
  return {
    keyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certPem: x509.toString(),
    certDerBase64: x509.raw.toString('base64'),
    notBefore: new Date(x509.validFrom),
    notAfter: new Date(x509.validTo),
    subject: x509.subject.split('\n').join(', '),
  };
}

function fromP12(p12: Buffer, password: string): { keyPem: string; certPem: string } {
  const costliest = Math.max(0, ...p12IterationCounts(p12));
  if (costliest > P12_MAX_ITERATIONS) {
    const n = Number.isFinite(costliest) ? costliest.toLocaleString('es-BO') : 'más de 2^48';
    throw new CertificateError(
      'TOO_COSTLY',
      `El archivo PKCS#12 pide ${n} iteraciones de su contraseña; Kipu acepta hasta ${P12_MAX_ITERATIONS.toLocaleString('es-BO')}. Expórtelo de nuevo con los valores habituales (2.048 a 600.000).`,
    );
  }
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  } catch {
    throw new CertificateError('UNREADABLE', 'El archivo no es un certificado PKCS#12 (.p12/.pfx) legible.');
  }
  let store: forge.pkcs12.Pkcs12Pfx;
  try {
    store = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (e) {
    const text = e instanceof Error ? e.message : String(e);
    if (/password|MAC could not be verified/i.test(text)) {
      throw new CertificateError('WRONG_PASSWORD', 'La contraseña del certificado es incorrecta.');
    }
    if (/[^\x00-\x7f]/.test(password)) {
      // The MAC (BMPString password, RFC 7292 App. B) has just been verified; OpenSSL 3's
      // PBES2 encryption takes the password as UTF-8 bytes (RFC 8018), which forge does not
      // do from one JS string. Decrypt again with the UTF-8 bytes, without the MAC block.
      // Any failure counts, not only "Failed to decrypt": now and then the wrongly decrypted
      // bytes pass the padding check and forge fails later, parsing them as ASN.1.
      try {
        const copy = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
        (copy.value as forge.asn1.Asn1[]).splice(2);
        store = forge.pkcs12.pkcs12FromAsn1(copy, false, forge.util.encodeUtf8(password));
      } catch {
        throw new CertificateError('UNREADABLE', `El archivo PKCS#12 no se puede leer: ${text}`);
      }
    } else {
      throw new CertificateError('UNREADABLE', `El archivo PKCS#12 no se puede leer: ${text}`);
    }
  }
  const keyBags = [
    ...(store.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!] ?? []),
    ...(store.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!] ?? []),
  ];
  const certBags = store.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [];
  const keyBag = keyBags.find((b) => b.key);
  if (!keyBag?.key) throw new CertificateError('NO_PRIVATE_KEY', 'El archivo PKCS#12 no contiene la clave privada.');
  const keyPem = forge.pki.privateKeyToPem(keyBag.key);
  // A PKCS#12 may carry the CA chain too: keep the certificate of our key.
  const key = createPrivateKey(keyPem);
  for (const bag of certBags) {
    if (!bag.cert) continue;
    const certPem = forge.pki.certificateToPem(bag.cert);
    try {
      if (new X509Certificate(certPem).checkPrivateKey(key)) return { keyPem, certPem };
    } catch {
      // not a certificate Node can read; try the next one
    }
  }
  if (certBags.length === 0) throw new CertificateError('NO_CERTIFICATE', 'El archivo PKCS#12 no contiene el certificado.');
  throw new CertificateError('KEY_MISMATCH', 'El archivo PKCS#12 no contiene un certificado que corresponda a su clave privada.');
}

/** Opens the signing certificate; throws CertificateError with a Spanish message. */
export function loadCertificate(input: { p12: Buffer; password: string } | { keyPem: string; certPem: string }): LoadedCertificate {
  if ('p12' in input) {
    const { keyPem, certPem } = fromP12(input.p12, input.password);
    return describe(keyPem, certPem);
  }
  return describe(input.keyPem, input.certPem);
}
