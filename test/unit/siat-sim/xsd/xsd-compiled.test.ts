import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCompraVentaXml } from '../../../../main/invoicing/xml/compra-venta';
import { compileXsd, validateCompiled } from '../../../../main/siat-sim/xsd/xsd-compiled';
import { validateInvoiceXml, validateInvoiceXmlWithXmllint } from '../../../../main/siat-sim/xsd/invoice-xsd';
import { generateTrainingCertificate } from '../../../../main/invoicing/certificate';
import { createXmlSigner } from '../../../../main/invoicing/signing';
import { officialSample } from '../../invoicing/sample-documents';
import { buildMutationCases } from './xsd-mutations';

const XSD_DIR = new URL('../../../../resources/siat/xsd/', import.meta.url);

test('the compiled validator agrees with xmllint-wasm on every mutation', async () => {
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
        disagreements.push(`${c.name}: xmllint ${o.valid ? 'valid' : `invalid (${o.errors.join(' | ')})`}, compiled ${f.valid ? 'valid' : `invalid (${f.errors.join(' | ')})`}`);
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

test('ds:Signature is checked for presence and namespace only (documented difference from xmllint)', async () => {
  const cert = generateTrainingCertificate({ nit: 1003579028, razonSocial: 'Prueba', now: new Date() });
  const signed = createXmlSigner(cert).sign(buildCompraVentaXml(officialSample(), 1));
  // A signature without SignatureValue: structurally invalid for SignatureSchema.xsd, but
  // it cannot verify either, and verifyXmlSignature (signing.ts) is what rejects it.
  const broken = signed.replace(/<ds:SignatureValue>[^<]*<\/ds:SignatureValue>/, '');
  const [oracle] = await validateInvoiceXmlWithXmllint([broken], 1);
  const [fast] = await validateInvoiceXml([broken], 1);
  assert.equal(oracle!.valid, false);
  assert.equal(fast!.valid, true);
});

test('one document validates in well under a millisecond once the schema is compiled', async () => {
  const schema = compileXsd(new URL('facturaComputarizadaCompraVenta.xsd', XSD_DIR).pathname);
  const xml = buildCompraVentaXml(officialSample(), 2);
  for (let i = 0; i < 200; i++) validateCompiled(schema, xml);
  const t0 = performance.now();
  for (let i = 0; i < 1000; i++) assert.equal(validateCompiled(schema, xml).valid, true);
  const perDoc = (performance.now() - t0) / 1000;
  // Generous bound for loaded CI machines; the figures are in test/bench/xsd.ts.
  assert.ok(perDoc < 2, `${perDoc.toFixed(3)} ms per document`);
});

test('the compiler refuses constructs it does not implement', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'kipu-xsd-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const base = readFileSync(new URL('facturaComputarizadaCompraVenta.xsd', XSD_DIR), 'utf8');
  copyFileSync(new URL('SignatureSchema.xsd', XSD_DIR), join(dir, 'SignatureSchema.xsd'));
  const variants: [string, string][] = [
    ['xs:choice', base.replace(/xs:sequence>/g, 'xs:choice>')],
    ['xs:attribute', base.replace(/<\/xs:sequence>(\s*)<\/xs:complexType>/, '</xs:sequence><xs:attribute name="id" type="xs:string"/>$1</xs:complexType>')],
    ['targetNamespace', base.replace('<xs:schema ', '<xs:schema targetNamespace="urn:x" ')],
    ['xs:length facet', base.replace('<xs:maxLength value="5"/>', '<xs:length value="5"/>')],
    ['unsupported builtin', base.replace('type="xs:dateTime"', 'type="xs:boolean"')],
    ['named type reference', base.replace('type="xs:dateTime"', 'type="FechaType"')],
    ['default value', base.replace('fixed="1"', 'default="1"')],
    ['maxLength on a number', base.replace('<xs:minInclusive value="1"/>', '<xs:maxLength value="1"/>')],
    ['class subtraction in a pattern', base.replace('<xs:maxLength value="5"/>', '<xs:pattern value="[a-z-[aeiou]]+"/>')],
    ['sequence occurrence', base.replace('<xs:sequence>', '<xs:sequence maxOccurs="2">')],
    ['invalid fixed value', base.replace('fixed="1"', 'fixed="uno"')],
  ];
  for (const [name, xsd] of variants) {
    assert.ok(xsd !== base, `variant ${name} does not apply`);
    const file = join(dir, `${name.replace(/\W/g, '_')}.xsd`);
    writeFileSync(file, xsd);
    assert.throws(() => compileXsd(file), /XSD no soportado/, name);
  }
  // Patterns and enumerations are supported: a stricter copy rejects what it should.
  const strict = base
    .replace('<xs:maxLength value="5"/>', '<xs:maxLength value="5"/><xs:pattern value="[A-Z0-9]{2}"/>')
    .replace('<xs:maxInclusive value="308"/>', '<xs:maxInclusive value="308"/><xs:enumeration value="1"/><xs:enumeration value="2"/>');
  writeFileSync(join(dir, 'strict.xsd'), strict);
  const schema = compileXsd(join(dir, 'strict.xsd'));
  const doc = officialSample();
  const ok = validateCompiled(schema, buildCompraVentaXml({ ...doc, cabecera: { ...doc.cabecera, complemento: '1A' } }, 2));
  assert.deepEqual(ok, { valid: true, errors: [] });
  const badPattern = validateCompiled(schema, buildCompraVentaXml({ ...doc, cabecera: { ...doc.cabecera, complemento: '1a' } }, 2));
  assert.match(badPattern.errors.join('\n'), /facet 'pattern'/);
  const badEnum = validateCompiled(schema, buildCompraVentaXml({ ...doc, cabecera: { ...doc.cabecera, codigoMetodoPago: 3 } }, 2));
  assert.match(badEnum.errors.join('\n'), /facet 'enumeration'/);
});
