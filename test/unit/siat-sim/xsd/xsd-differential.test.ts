import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCompraVentaXml } from '../../../../main/invoicing/xml/compra-venta';
import { validateInvoiceXml, validateInvoiceXmlWithXmllint } from '../../../../main/xml-schema/invoice-xsd';
import { generateTrainingCertificate } from '../../../../main/invoicing/certificate';
import { createXmlSigner } from '../../../../main/invoicing/signing';
import { officialSample } from '../../invoicing/sample-documents';
import { buildMutationCases } from './xsd-mutations';

test('libxml2-wasm agrees with xmllint-wasm on every compra-venta mutation', async () => {
  const cases = buildMutationCases();
  assert.ok(cases.length >= 60, `${cases.length} cases`);
  // One xmllint-wasm run per schema (each modality has its own XSD), both at once.
  const byModalidad = ([1, 2] as const).map((m) => cases.filter((c) => c.modalidad === m));
  const [oracle1, oracle2] = await Promise.all(byModalidad.map((cs, i) => validateInvoiceXmlWithXmllint(cs.map((c) => c.xml), i === 0 ? 1 : 2)));
  const oracle = [oracle1!, oracle2!];
  const disagreements: string[] = [];
  let valid = 0;
  for (const [i, cs] of byModalidad.entries()) {
    const fast = await validateInvoiceXml(cs.map((c) => c.xml), i === 0 ? 1 : 2);
    cs.forEach((c, j) => {
      const o = oracle[i]![j]!;
      const f = fast[j]!;
      if (o.valid) valid++;
      // Both sides explain a rejection; an acceptance carries no errors.
      assert.equal(f.errors.length === 0, f.valid, c.name);
      if (o.valid !== f.valid) {
        disagreements.push(`${c.name}: xmllint ${o.valid ? 'valid' : `invalid (${o.errors.join(' | ')})`}, libxml2-wasm ${f.valid ? 'valid' : `invalid (${f.errors.join(' | ')})`}`);
      }
    });
  }
  assert.deepEqual(disagreements, []);
  // The set must exercise both verdicts, not only rejections.
  assert.ok(valid >= 20 && cases.length - valid >= 40, `${valid} valid of ${cases.length}`);
});

test('errors read like xmllint and carry the line', async () => {
  const xml = buildCompraVentaXml(officialSample(), 2).replace(/<municipio>[^<]*<\/municipio>/, '').replace('<cabecera>', '\n<cabecera>');
  const [r] = await validateInvoiceXml([xml], 2);
  assert.equal(r!.valid, false);
  assert.deepEqual(r!.errors, ["línea 2: Element 'telefono': This element is not expected. Expected is ( municipio )."]);
  const [m] = await validateInvoiceXml([buildCompraVentaXml(officialSample(), 2).replace(/<montoTotal>[^<]*<\/montoTotal>/, '<montoTotal>99.001</montoTotal>')], 2);
  assert.match(m!.errors.join('\n'), /Element 'montoTotal': \[facet 'fractionDigits'\]/);
});

test('ds:Signature is checked against the XML-Signature schema by both validators', async () => {
  const cert = generateTrainingCertificate({ nit: 1003579028, razonSocial: 'Prueba', now: new Date() });
  const signed = createXmlSigner(cert).sign(buildCompraVentaXml(officialSample(), 1));
  const broken = signed.replace(/<ds:SignatureValue>[^<]*<\/ds:SignatureValue>/, '');
  const [oracle] = await validateInvoiceXmlWithXmllint([broken], 1);
  const [fast] = await validateInvoiceXml([broken], 1);
  assert.equal(oracle!.valid, false);
  assert.equal(fast!.valid, false);
  assert.match(fast!.errors.join('\n'), /SignatureValue/);
});

test('a received document cannot make the validator read a file or the network', async () => {
  // An external entity (XXE) and an external DTD: libxml2-wasm is given no file provider but
  // the schemas' own imports, and documents are parsed with XML_PARSE_NO_XXE.
  const xml = buildCompraVentaXml(officialSample(), 2)
    .replace('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>', '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>')
    .replace(/<municipio>[^<]*<\/municipio>/, '<municipio>&x;</municipio>');
  assert.notEqual(xml, buildCompraVentaXml(officialSample(), 2));
  const [r] = await validateInvoiceXml([xml], 2);
  assert.equal(r!.valid, false);
  assert.doesNotMatch(r!.errors.join('\n'), /root:/);
});
