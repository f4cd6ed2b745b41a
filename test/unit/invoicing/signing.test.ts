import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { createXmlSigner, verifyXmlSignature, type XmlSigner } from '../../../main/invoicing/signing';
import { generateTrainingCertificate } from '../../../main/invoicing/certificate';
import { buildCompraVentaXml, compraVentaShape } from '../../../main/invoicing/xml/compra-venta';
import { validateInvoiceXml } from '../../../main/xml-schema/invoice-xsd';
import { officialSample, tenLineInvoice } from './sample-documents';

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const NOW = new Date('2025-03-01T12:00:00Z');
let cert: { keyPem: string; certPem: string };
let other: { keyPem: string; certPem: string };
let signer: XmlSigner;

before(() => {
  cert = generateTrainingCertificate({ nit: 1003579028, razonSocial: 'Carlos Loza', now: NOW });
  other = generateTrainingCertificate({ nit: 999, razonSocial: 'Otro', now: NOW });
  signer = createXmlSigner(cert);
});

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const sameCert = (a: string | null, b: string): boolean => a !== null && new X509Certificate(a).fingerprint256 === new X509Certificate(b).fingerprint256;

/** Independent signature by xml-crypto with the CONTRACT.md §3.4 parameters. */
function xmlCryptoSign(xml: string, keys: { keyPem: string; certPem: string }): string {
  const sig = new SignedXml({
    privateKey: keys.keyPem,
    publicCert: keys.certPem,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  });
  sig.addReference({
    xpath: '/*',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    isEmptyUri: true,
  });
  sig.computeSignature(xml, { prefix: 'ds', location: { reference: '/*', action: 'append' } });
  return sig.getSignedXml();
}
const valueOf = (xml: string, name: string): string => parse(xml).getElementsByTagNameNS(DS, name)[0]!.textContent!;

test('signs the official sample; xml-crypto verifies it with the KeyInfo certificate', () => {
  const signed = signer.sign(buildCompraVentaXml(officialSample(), 1));
  const r = verifyXmlSignature(signed);
  assert.equal(r.valid, true, r.reason);
  assert.ok(sameCert(r.certPem, cert.certPem));
});

test('the signature has the CONTRACT.md §3.4 shape and is the last child of the root', () => {
  const signed = signer.sign(buildCompraVentaXml(officialSample(), 1));
  const d = parse(signed);
  const root = d.documentElement!;
  const last = root.lastChild as unknown as Element;
  assert.equal(last.namespaceURI, DS);
  assert.equal(last.localName, 'Signature');
  assert.equal(last.prefix, 'ds');
  const alg = (name: string, i = 0) => d.getElementsByTagNameNS(DS, name)[i]!.getAttribute('Algorithm');
  assert.equal(alg('CanonicalizationMethod'), 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315');
  assert.equal(alg('SignatureMethod'), 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
  assert.equal(alg('Transform', 0), 'http://www.w3.org/2000/09/xmldsig#enveloped-signature');
  assert.equal(alg('Transform', 1), 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments');
  assert.equal(alg('DigestMethod'), 'http://www.w3.org/2001/04/xmlenc#sha256');
  assert.equal(d.getElementsByTagNameNS(DS, 'Reference')[0]!.getAttribute('URI'), '');
  const der = d.getElementsByTagNameNS(DS, 'X509Certificate')[0]!.textContent!;
  assert.equal(der, new X509Certificate(cert.certPem).raw.toString('base64'));
});

test('the fast path produces the same DigestValue and SignatureValue as xml-crypto', () => {
  for (let seed = 0; seed < 6; seed++) {
    const xml = buildCompraVentaXml(tenLineInvoice(seed + 1, seed), 1);
    const ours = signer.sign(xml);
    const theirs = xmlCryptoSign(xml, cert);
    assert.equal(valueOf(ours, 'DigestValue'), valueOf(theirs, 'DigestValue'), `digest, seed ${seed}`);
    assert.equal(valueOf(ours, 'SignatureValue'), valueOf(theirs, 'SignatureValue'), `signature, seed ${seed}`);
  }
});

test('a signed electronic invoice validates against the official electronic XSD', async () => {
  const [signedResult, unsignedResult] = await validateInvoiceXml(
    [signer.sign(buildCompraVentaXml(officialSample(), 1)), buildCompraVentaXml(officialSample(), 1)],
    1,
  );
  assert.deepEqual(signedResult, { valid: true, errors: [] });
  assert.equal(unsignedResult!.valid, false, 'the electronic XSD requires ds:Signature');
});

test('changing one amount after signing is detected', () => {
  const signed = signer.sign(buildCompraVentaXml(officialSample(), 1));
  const tampered = signed.replace('<montoTotal>99.00</montoTotal>', '<montoTotal>9.00</montoTotal>');
  assert.notEqual(tampered, signed);
  const r = verifyXmlSignature(tampered);
  assert.equal(r.valid, false);
  assert.ok(r.reason);
});

test('a changed SignatureValue or a foreign certificate in KeyInfo is detected', () => {
  const signed = signer.sign(buildCompraVentaXml(officialSample(), 1));
  const sv = valueOf(signed, 'SignatureValue');
  const flipped = signed.replace(sv, (sv[0] === 'A' ? 'B' : 'A') + sv.slice(1));
  assert.equal(verifyXmlSignature(flipped).valid, false);
  const otherDer = new X509Certificate(other.certPem).raw.toString('base64');
  const swapped = signed.replace(new X509Certificate(cert.certPem).raw.toString('base64'), otherDer);
  const r = verifyXmlSignature(swapped);
  assert.equal(r.valid, false);
  assert.ok(sameCert(r.certPem, other.certPem), 'reports the certificate found');
});

test('an unsigned document, a signature that is not the last child, or two signatures are refused', () => {
  const unsigned = buildCompraVentaXml(officialSample(), 1);
  assert.equal(verifyXmlSignature(unsigned).valid, false);
  const signed = signer.sign(unsigned);
  const sigXml = signed.slice(signed.indexOf('<ds:Signature'), signed.indexOf('</ds:Signature>') + '</ds:Signature>'.length);
  const moved = signed.replace(sigXml, '').replace('<cabecera>', `${sigXml}<cabecera>`);
  assert.equal(verifyXmlSignature(moved).valid, false);
  const twice = signed.replace('</facturaElectronicaCompraVenta>', `${sigXml}</facturaElectronicaCompraVenta>`);
  assert.equal(verifyXmlSignature(twice).valid, false);
  assert.equal(verifyXmlSignature('<not xml').valid, false);
});

test('many varied documents (accents, &, <, nil fields) sign, verify and validate', async () => {
  const signed: string[] = [];
  for (let seed = 0; seed < 150; seed++) {
    const doc = tenLineInvoice(seed + 1, seed);
    doc.detalle = doc.detalle.slice(0, 1 + (seed % 10));
    const total = doc.detalle.reduce((s, d) => s + d.subTotal, 0);
    Object.assign(doc.cabecera, { montoTotal: total, montoTotalSujetoIva: total, montoTotalMoneda: total });
    doc.cabecera.complemento = seed % 7 === 0 ? '1A' : null;
    doc.cabecera.cafc = seed % 11 === 0 ? 'CAFC&<1>' : null;
    doc.cabecera.usuario = `cajero ${'ñ&<>"'.charAt(seed % 5)} ${seed}`;
    const xml = signer.sign(buildCompraVentaXml(doc, 1));
    const r = verifyXmlSignature(xml);
    assert.equal(r.valid, true, `seed ${seed}: ${r.reason}`);
    signed.push(xml);
  }
  const results = await validateInvoiceXml(signed, 1);
  results.forEach((r, i) => assert.deepEqual(r, { valid: true, errors: [] }, `document ${i}`));
});

test('documents outside the fast path are signed through xml-crypto and verify', () => {
  const pretty = buildCompraVentaXml(officialSample(), 1)
    .replace('<cabecera>', '\n  <!-- generado por otro sistema -->\n  <cabecera>')
    .replace('<telefono>78595684</telefono>', "<telefono a='1'>78595684</telefono>");
  const signed = signer.sign(pretty);
  assert.ok(signed.includes('<!-- generado por otro sistema -->'));
  assert.equal(verifyXmlSignature(signed).valid, true);
  assert.equal(verifyXmlSignature(signed.replace('78595684', '78595685')).valid, false);
});

test('createXmlSigner refuses a key that does not match the certificate', () => {
  assert.throws(() => createXmlSigner({ keyPem: other.keyPem, certPem: cert.certPem }), /no corresponde/);
});

test('signSimple with the builder shape gives the same bytes as sign, and xml-crypto verifies it', () => {
  for (let seed = 0; seed < 6; seed++) {
    const xml = buildCompraVentaXml(tenLineInvoice(seed + 1, seed), 1);
    const fast = signer.signSimple(compraVentaShape(xml, 1));
    assert.ok(fast === signer.sign(xml), `seed ${seed}: signSimple and sign differ`);
    const reference = xmlCryptoSign(xml, cert);
    assert.equal(valueOf(fast, 'DigestValue'), valueOf(reference, 'DigestValue'));
    assert.equal(valueOf(fast, 'SignatureValue'), valueOf(reference, 'SignatureValue'));
    assert.equal(verifyXmlSignature(fast).valid, true);
  }
});

test('signSimpleAsync (the RSA operation on the thread pool) gives the same bytes as signSimple', async () => {
  const docs = Array.from({ length: 6 }, (_, seed) => buildCompraVentaXml(tenLineInvoice(seed + 1, seed), 1));
  // All at once, as the sale path does with several sales in flight: each answer is its own document's.
  const signed = await Promise.all(docs.map((xml) => signer.signSimpleAsync(compraVentaShape(xml, 1))));
  signed.forEach((s, i) => {
    assert.ok(s === signer.signSimple(compraVentaShape(docs[i]!, 1)), `document ${i}: signSimpleAsync and signSimple differ`);
    assert.equal(verifyXmlSignature(s).valid, true);
  });
});
