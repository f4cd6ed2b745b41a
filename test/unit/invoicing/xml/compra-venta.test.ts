import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { buildCompraVentaXml } from '../../../../main/invoicing/xml/compra-venta';
import { validateInvoiceXml } from '../../../../main/xml-schema/invoice-xsd';
import { buildCuf, decodeCuf } from '../../../../main/invoicing/cuf';
import { OFFICIAL_CODIGO_CONTROL, OFFICIAL_CUF, officialSample, tenLineInvoice } from '../sample-documents';

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const childNames = (el: Element): string[] => {
  const out: string[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push((n as Element).tagName);
  return out;
};
const text = (doc: ReturnType<typeof parse>, name: string, i = 0): string | null => doc.getElementsByTagName(name)[i]?.textContent ?? null;

/** Element names of a complexType's sequence in the official XSD, in order. */
function xsdSequence(parent: string): string[] {
  const xsd = readFileSync(new URL('../../../../resources/siat/xsd/facturaElectronicaCompraVenta.xsd', import.meta.url), 'utf8');
  const start = xsd.indexOf(`<xs:element name="${parent}"`);
  const end = xsd.indexOf('</xs:sequence>', start);
  const names = [...xsd.slice(start, end).matchAll(/<xs:element name="([^"]+)"/g)].map((m) => m[1]!);
  return names.slice(1); // the first is the parent itself
}

test('the official sample (CONTRACT.md §9.1) is rebuilt with its CUF and validates against the computarizada XSD', async () => {
  const doc = officialSample();
  // Its CUF is the one the SIN computed from these very fields (CONTRACT.md §4).
  const decoded = decodeCuf(OFFICIAL_CUF, OFFICIAL_CODIGO_CONTROL);
  assert.ok(decoded);
  assert.equal(buildCuf({ ...decoded, nit: doc.cabecera.nitEmisor }, OFFICIAL_CODIGO_CONTROL), doc.cabecera.cuf);
  assert.equal(decoded.fechaEmision, doc.cabecera.fechaEmision);

  const xml = buildCompraVentaXml(doc, 2);
  const [result] = await validateInvoiceXml([xml], 2);
  assert.deepEqual(result, { valid: true, errors: [] });
  const d = parse(xml);
  assert.equal(text(d, 'montoTotal'), '99.00');
  assert.equal(text(d, 'descuentoAdicional'), '1.00');
  assert.equal(text(d, 'tipoCambio'), '1.00');
  assert.equal(text(d, 'cantidad'), '1.00');
  assert.equal(text(d, 'precioUnitario'), '100.00');
  assert.equal(text(d, 'subTotal'), '100.00');
  assert.equal(text(d, 'montoDescuento'), '0.00');
  assert.equal(text(d, 'fechaEmision'), '2021-10-06T16:03:48.675');
  assert.equal(text(d, 'codigoDocumentoSector'), '1');
});

test('declaration, root, xsi namespace and schema location per modality (CONTRACT.md §3.3)', () => {
  const e = buildCompraVentaXml(officialSample(), 1);
  const c = buildCompraVentaXml(officialSample(), 2);
  assert.ok(e.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><facturaElectronicaCompraVenta xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="facturaElectronicaCompraVenta.xsd">'));
  assert.ok(e.endsWith('</facturaElectronicaCompraVenta>'));
  assert.ok(c.includes('<facturaComputarizadaCompraVenta xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="facturaComputarizadaCompraVenta.xsd">'));
  assert.ok(!e.includes('ds:Signature'), 'built unsigned');
});

test('cabecera and detalle follow the XSD sequence exactly', () => {
  const d = parse(buildCompraVentaXml(tenLineInvoice(7, 3), 2));
  const root = d.documentElement!;
  assert.deepEqual(childNames(root as unknown as Element), ['cabecera', ...Array(10).fill('detalle')]);
  assert.deepEqual(childNames(d.getElementsByTagName('cabecera')[0] as unknown as Element), xsdSequence('cabecera'));
  assert.deepEqual(childNames(d.getElementsByTagName('detalle')[4] as unknown as Element), xsdSequence('detalle'));
  assert.equal(xsdSequence('cabecera').length, 30);
});

test('null nillable fields are present with xsi:nil="true"', () => {
  const doc = officialSample();
  doc.cabecera.telefono = null;
  doc.detalle[0]!.montoDescuento = null;
  doc.detalle[0]!.numeroImei = null;
  const d = parse(buildCompraVentaXml(doc, 2));
  for (const name of ['telefono', 'codigoPuntoVenta', 'complemento', 'numeroTarjeta', 'montoGiftCard', 'codigoExcepcion', 'cafc', 'montoDescuento', 'numeroImei']) {
    const el = d.getElementsByTagName(name)[0];
    assert.ok(el, name);
    assert.equal(el.getAttributeNS(XSI, 'nil'), 'true', name);
    assert.equal(el.textContent, '', name);
  }
  assert.equal(d.getElementsByTagName('numeroSerie')[0]!.hasAttributeNS(XSI, 'nil'), false);
});

test('text is escaped and survives a parser unchanged; characters XML forbids are dropped', () => {
  const doc = officialSample();
  doc.cabecera.razonSocialEmisor = 'A&B <Cía> "x" \'y\' ]]>';
  doc.cabecera.nombreRazonSocial = 'línea1\r\nlínea2\tfin';
  doc.detalle[0]!.descripcion = 'Bell\u0007 nul\u0000 ok 🥑';
  doc.cabecera.numeroTarjeta = '4797000000007896';
  const xml = buildCompraVentaXml(doc, 2);
  assert.ok(xml.includes('A&amp;B &lt;Cía&gt; "x" \'y\' ]]&gt;'));
  assert.ok(xml.includes('línea1&#xD;\nlínea2\tfin'));
  const d = parse(xml);
  assert.equal(text(d, 'razonSocialEmisor'), 'A&B <Cía> "x" \'y\' ]]>');
  assert.equal(text(d, 'nombreRazonSocial'), 'línea1\r\nlínea2\tfin');
  assert.equal(text(d, 'descripcion'), 'Bell nul ok 🥑');
  assert.equal(text(d, 'numeroTarjeta'), '4797000000007896');
});

test('varied documents validate against the computarizada XSD', async () => {
  const xmls = Array.from({ length: 12 }, (_, i) => buildCompraVentaXml(tenLineInvoice(i + 1, i), 2));
  const results = await validateInvoiceXml(xmls, 2);
  results.forEach((r, i) => assert.deepEqual(r, { valid: true, errors: [] }, `document ${i}`));
});

test('the XSD rejects a document missing a required element (telefono, CONTRACT.md §0.4)', async () => {
  const xml = buildCompraVentaXml(officialSample(), 2).replace('<telefono>78595684</telefono>', '');
  const [r] = await validateInvoiceXml([xml], 2);
  assert.equal(r!.valid, false);
  assert.match(r!.errors.join('\n'), /Expected is \( telefono \)/);
});

test('the XSD rejects out-of-range values the builder writes as given', async () => {
  const zero = officialSample();
  zero.cabecera.montoTotal = 0;
  const longComplemento = officialSample();
  longComplemento.cabecera.complemento = '123456';
  const [a, b] = await validateInvoiceXml([buildCompraVentaXml(zero, 2), buildCompraVentaXml(longComplemento, 2)], 2);
  assert.equal(a!.valid, false);
  assert.match(a!.errors.join('\n'), /montoTotal/);
  assert.equal(b!.valid, false);
  assert.match(b!.errors.join('\n'), /complemento/);
});
