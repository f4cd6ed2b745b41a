// Mutations of compra-venta invoices for the differential test of libxml2-wasm against
// xmllint-wasm (xsd-differential.test.ts). Each case is a document and the modality whose
// XSD it is checked against; the expected verdict is whatever the oracle says.
import { generateTrainingCertificate } from '../../../../main/invoicing/certificate';
import { createXmlSigner } from '../../../../main/invoicing/signing';
import { buildCompraVentaXml } from '../../../../main/invoicing/xml/compra-venta';
import { officialSample, tenLineInvoice } from '../../invoicing/sample-documents';

export interface MutationCase {
  name: string;
  modalidad: 1 | 2;
  xml: string;
}

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** Replaces exactly the first match; a mutation that does not apply is a bug of the test. */
function sub(xml: string, from: string | RegExp, to: string | ((m: string) => string)): string {
  const re = typeof from === 'string' ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : from;
  if (!re.test(xml)) throw new Error(`mutation does not apply: ${String(from)}`);
  return typeof to === 'string' ? xml.replace(re, to) : xml.replace(re, to);
}

/** The whole element `<name …>…</name>` (first occurrence; the name must be unique enough). */
function elementRe(name: string): RegExp {
  return new RegExp(`<${name}(?:\\s[^>]*)?>[^<]*</${name}>`);
}

/** Sets the text of the first `name` element (dropping any xsi:nil). `value` is raw XML. */
function set(xml: string, name: string, value: string): string {
  return sub(xml, elementRe(name), `<${name}>${value}</${name}>`);
}

function remove(xml: string, name: string): string {
  return sub(xml, elementRe(name), '');
}

function duplicate(xml: string, name: string): string {
  return sub(xml, elementRe(name), (m) => m + m);
}

/** Swaps two adjacent elements a, b (a first in the document). */
function swap(xml: string, a: string, b: string): string {
  const ra = elementRe(a).exec(xml)![0];
  const rb = elementRe(b).exec(xml)![0];
  return sub(xml, ra + rb, rb + ra);
}

function detalles(n: number): string {
  const one = /<detalle>.*?<\/detalle>/s.exec(buildCompraVentaXml(officialSample(), 2))![0];
  return one.repeat(n);
}

export function buildMutationCases(): MutationCase[] {
  const cert = generateTrainingCertificate({ nit: 1003579028, razonSocial: 'Prueba XSD', now: new Date() });
  const signer = createXmlSigner(cert);
  const comp = buildCompraVentaXml(officialSample(), 2);
  const elec = signer.sign(buildCompraVentaXml(officialSample(), 1));
  const cases: MutationCase[] = [];
  const c2 = (name: string, xml: string): void => void cases.push({ name, modalidad: 2, xml });
  const c1 = (name: string, xml: string): void => void cases.push({ name, modalidad: 1, xml });
  const v = (name: string, field: string, value: string): void => c2(`${field} = ${JSON.stringify(value)} (${name})`, set(comp, field, value));

  // Valid documents of both modalities.
  c2('official sample, computarizada', comp);
  for (let seed = 0; seed < 4; seed++) c2(`ten lines seed ${seed}, computarizada`, buildCompraVentaXml(tenLineInvoice(seed + 1, seed), 2));
  c1('official sample, electrónica signed', elec);
  for (let seed = 0; seed < 2; seed++) c1(`ten lines seed ${seed}, electrónica signed`, signer.sign(buildCompraVentaXml(tenLineInvoice(seed + 1, seed), 1)));

  // Structure.
  c2('municipio removed', remove(comp, 'municipio'));
  c2('usuario removed', remove(comp, 'usuario'));
  c2('codigoDocumentoSector removed', remove(comp, 'codigoDocumentoSector'));
  c2('cabecera removed', sub(comp, /<cabecera>.*<\/cabecera>/s, ''));
  c2('every detalle removed', sub(comp, /<detalle>.*<\/detalle>/s, ''));
  c2('subTotal removed from detalle', remove(comp, 'subTotal'));
  c2('municipio duplicated', duplicate(comp, 'municipio'));
  c2('numeroImei duplicated', duplicate(comp, 'numeroImei'));
  c2('cabecera duplicated', sub(comp, /<cabecera>.*<\/cabecera>/s, (m) => m + m));
  c2('municipio and telefono swapped', swap(comp, 'municipio', 'telefono'));
  c2('cantidad and unidadMedida swapped', swap(comp, 'cantidad', 'unidadMedida'));
  c2('codigoDocumentoSector moved first', sub(remove(comp, 'codigoDocumentoSector'), '<cabecera>', '<cabecera><codigoDocumentoSector>1</codigoDocumentoSector>'));
  c2('detalle before cabecera', sub(comp, /(<cabecera>.*<\/cabecera>)(<detalle>.*<\/detalle>)/s, '$2$1'));
  c2('unknown element at the end of cabecera', sub(comp, '</cabecera>', '<extra>1</extra></cabecera>'));
  c2('unknown element inside detalle', sub(comp, '<subTotal>', '<iva>13</iva><subTotal>'));
  c2('unknown element after the last detalle', sub(comp, '</facturaComputarizadaCompraVenta>', '<extra/></facturaComputarizadaCompraVenta>'));
  c2('wrong root name', sub(sub(comp, '<facturaComputarizadaCompraVenta ', '<facturaCompraVenta '), '</facturaComputarizadaCompraVenta>', '</facturaCompraVenta>'));
  c1('computarizada document against the electronic XSD', comp);
  c2('electronic signed document against the computarizada XSD', elec);
  c2('root in a default namespace', sub(comp, '<facturaComputarizadaCompraVenta ', '<facturaComputarizadaCompraVenta xmlns="urn:kipu" '));
  c2('municipio in a prefixed namespace', sub(comp, elementRe('municipio'), '<k:municipio xmlns:k="urn:kipu">La Paz</k:municipio>'));
  c2('redundant xmlns="" on municipio', sub(comp, elementRe('municipio'), '<municipio xmlns="">La Paz</municipio>'));
  c2('empty root element', `<facturaComputarizadaCompraVenta xmlns:xsi="${XSI}"/>`);
  c2('500 detalles', sub(comp, /<detalle>.*<\/detalle>/s, detalles(500)));
  c2('501 detalles', sub(comp, /<detalle>.*<\/detalle>/s, detalles(501)));
  c2('pretty-printed with newlines and indentation', comp.replace(/></g, '>\n    <'));
  c2('comments and a processing instruction between elements', sub(sub(comp, '<cabecera>', '<!-- c --><cabecera><?kipu x?>'), '</detalle>', '</detalle><!--fin-->'));
  c2('comment inside a number', set(comp, 'nitEmisor', '1003<!-- x -->579028'));
  c2('text inside element-only cabecera', sub(comp, '<cabecera>', '<cabecera>texto'));
  c2('non-breaking space inside element-only cabecera', sub(comp, '<cabecera>', '<cabecera>\u00a0'));
  c2('character reference to a space inside element-only cabecera', sub(comp, '<cabecera>', '<cabecera>&#32;'));
  c2('child element inside a simple-typed element', set(comp, 'municipio', '<b>La Paz</b>'));
  c2('undeclared attribute on cabecera', sub(comp, '<cabecera>', '<cabecera id="c1">'));
  c2('undeclared attribute on municipio', sub(comp, elementRe('municipio'), '<municipio lang="es">La Paz</municipio>'));
  c2('xsi:schemaLocation on the root', sub(comp, 'xsi:noNamespaceSchemaLocation', 'xsi:schemaLocation="urn:x x.xsd" xsi:noNamespaceSchemaLocation'));
  c2('xsi:noNamespaceSchemaLocation on a child', sub(comp, '<cabecera>', '<cabecera xsi:noNamespaceSchemaLocation="x.xsd">'));
  c2('unknown xsi attribute', sub(comp, '<cabecera>', '<cabecera xsi:foo="1">'));
  c2('xsi:type equal to the declared builtin', sub(comp, '<codigoDocumentoSector>', '<codigoDocumentoSector xmlns:xs="http://www.w3.org/2001/XMLSchema" xsi:type="xs:integer">'));
  c2('xsi:type on an anonymous type', sub(comp, elementRe('municipio'), '<municipio xmlns:xs="http://www.w3.org/2001/XMLSchema" xsi:type="xs:string">La Paz</municipio>'));
  c2('byte order mark', '\ufeff' + comp);
  c2('no XML declaration', comp.replace(/^<\?xml[^>]*>/, ''));
  c2('single-quoted attributes and spaces around =', sub(comp, `xmlns:xsi="${XSI}"`, `xmlns:xsi = '${XSI}'`));

  // Electronic signature: presence, cardinality, namespace, position.
  c1('electronic without signature', buildCompraVentaXml(officialSample(), 1));
  c1('electronic with two signatures', sub(elec, /<ds:Signature .*<\/ds:Signature>/s, (m) => m + m));
  c1('signature in a foreign namespace', sub(elec, `xmlns:ds="${DS}"`, 'xmlns:ds="urn:not-xmldsig"'));
  c1('signature without namespace', sub(sub(elec, /<ds:Signature [^>]*>/, '<Signature>'), '</ds:Signature>', '</Signature>'));
  c1('signature before the detalle', sub(elec, /(<detalle>.*<\/detalle>)(<ds:Signature .*<\/ds:Signature>)/s, '$2$1'));
  c1('signature with another prefix', elec.replace(/ds:/g, 'sig:').replace(`xmlns:ds="${DS}"`, `xmlns:sig="${DS}"`));
  c1('signature with a default namespace', elec.replace(/ds:/g, '').replace(`xmlns:ds="${DS}"`, `xmlns="${DS}"`));
  c1('signature followed by an element', sub(elec, '</ds:Signature>', '</ds:Signature><extra/>'));
  c1('electronic: municipio removed', remove(elec, 'municipio'));

  // xsi:nil.
  c2('nil on non-nillable municipio', sub(comp, elementRe('municipio'), '<municipio xsi:nil="true"></municipio>'));
  c2('nil on non-nillable cabecera', sub(comp, /<cabecera>.*<\/cabecera>/s, '<cabecera xsi:nil="true"/>'));
  c2('nil with content on telefono', sub(comp, elementRe('telefono'), '<telefono xsi:nil="true">78595684</telefono>'));
  c2('nil with whitespace content', sub(comp, elementRe('telefono'), '<telefono xsi:nil="true"> </telefono>'));
  c2('nil with a comment inside', sub(comp, elementRe('telefono'), '<telefono xsi:nil="true"><!--x--></telefono>'));
  c2('nil with a child element', sub(comp, elementRe('telefono'), '<telefono xsi:nil="true"><x/></telefono>'));
  c2('nil as an empty-element tag', sub(comp, elementRe('telefono'), '<telefono xsi:nil="true"/>'));
  c2('nil="1"', sub(comp, elementRe('telefono'), '<telefono xsi:nil="1"></telefono>'));
  c2('nil=" true " (collapsed)', sub(comp, elementRe('telefono'), '<telefono xsi:nil=" true "></telefono>'));
  c2('nil="yes"', sub(comp, elementRe('telefono'), '<telefono xsi:nil="yes"></telefono>'));
  c2('nil="false" with a value', sub(comp, elementRe('telefono'), '<telefono xsi:nil="false">123</telefono>'));
  c2('nil="false" on a non-nillable element', sub(comp, elementRe('municipio'), '<municipio xsi:nil="false">La Paz</municipio>'));
  c2('nil="false" and empty', sub(comp, elementRe('telefono'), '<telefono xsi:nil="false"></telefono>'));
  c2('nil without the xsi prefix', sub(comp, elementRe('telefono'), '<telefono nil="true"></telefono>'));
  c2('nil with an undeclared prefix', sub(comp, elementRe('telefono'), '<telefono x:nil="true"></telefono>'));
  c2('nil with another prefix bound to xsi', sub(comp, elementRe('telefono'), `<telefono xmlns:i="${XSI}" i:nil="true"></telefono>`));
  c2('nil on numeroSerie', sub(comp, elementRe('numeroSerie'), '<numeroSerie xsi:nil="true"/>'));
  c2('nil on fixed codigoDocumentoSector', sub(comp, elementRe('codigoDocumentoSector'), '<codigoDocumentoSector xsi:nil="true"/>'));

  // Strings (xs:string, whiteSpace preserve; lengths in characters).
  v('max length', 'razonSocialEmisor', 'a'.repeat(200));
  v('max length + 1', 'razonSocialEmisor', 'a'.repeat(201));
  v('astral character counts once', 'razonSocialEmisor', 'a'.repeat(199) + '🥑');
  v('astral character by reference', 'razonSocialEmisor', 'a'.repeat(199) + '&#x1F951;');
  v('accented characters', 'municipio', 'Ñuñoa ñandú áéíóú ÁÉÍÓÚ ü');
  v('references count decoded', 'municipio', '&amp;'.repeat(25));
  v('references count decoded, one too many', 'municipio', '&lt;'.repeat(26));
  v('empty, minLength 1', 'municipio', '');
  v('only spaces (preserved)', 'municipio', '   ');
  v('CDATA', 'municipio', '<![CDATA[La <Paz> & co]]>');
  v('CDATA too long', 'municipio', '<![CDATA[' + 'x'.repeat(26) + ']]>');
  v('empty, no minLength', 'complemento', '');
  v('6 chars, maxLength 5', 'complemento', '1A2B3C');
  v('empty, minLength 0', 'numeroSerie', '');
  v('CRLF normalized to LF (200 chars)', 'leyenda', 'a'.repeat(198) + '\r\n');
  v('CR LF by reference (201 chars)', 'leyenda', 'a'.repeat(199) + '&#13;&#10;');
  v('tabs preserved (201 chars)', 'leyenda', 'a'.repeat(199) + '\t\t');

  // Integers.
  v('zero, minInclusive 1', 'nitEmisor', '0');
  v('at maxInclusive', 'nitEmisor', '9999999999999');
  v('above maxInclusive', 'nitEmisor', '10000000000000');
  v('surrounding whitespace', 'nitEmisor', ' \n\t1003579028 \r\n');
  v('leading +', 'nitEmisor', '+1003579028');
  v('leading zeros', 'nitEmisor', '0001003579028');
  v('26 leading zeros', 'nitEmisor', '0'.repeat(26) + '1');
  v('exponent', 'nitEmisor', '1e3');
  v('decimal point', 'nitEmisor', '1003579028.0');
  v('empty', 'nitEmisor', '');
  v('inner space', 'nitEmisor', '1003 579028');
  v('negative', 'codigoSucursal', '-1');
  v('minus zero', 'codigoSucursal', '-0');
  v('only a sign', 'codigoSucursal', '+');
  v('out of range', 'codigoTipoDocumentoIdentidad', '6');
  v('16 digits at max', 'numeroTarjeta', '9999999999999999');
  v('17 digits', 'numeroTarjeta', '10000000000000000');
  v('huge integer', 'numeroTarjeta', '1'.repeat(30));
  v('empty non-nil nillable integer', 'codigoPuntoVenta', '');
  v('fixed value', 'codigoDocumentoSector', '1');
  v('wrong fixed value', 'codigoDocumentoSector', '2');
  v('fixed value with leading zero', 'codigoDocumentoSector', '01');
  v('fixed value with +', 'codigoDocumentoSector', '+1');
  v('fixed value with spaces', 'codigoDocumentoSector', ' 1 ');
  v('empty fixed element', 'codigoDocumentoSector', '');
  v('fixed as a decimal literal', 'codigoDocumentoSector', '1.0');

  // Decimals.
  v('zero, minExclusive 0', 'montoTotal', '0');
  v('0.00, minExclusive 0', 'montoTotal', '0.00');
  v('-0, minExclusive 0', 'montoTotal', '-0');
  v('smallest positive', 'montoTotal', '0.01');
  v('three decimals', 'montoTotal', '1.234');
  v('trailing fractional zeros', 'montoTotal', '1.2300000');
  v('17 digits', 'montoTotal', '123456789012345.67');
  v('18 digits', 'montoTotal', '1234567890123456.78');
  v('18 integer digits', 'montoTotal', '123456789012345678');
  v('17 digits with leading zeros', 'montoTotal', '000123456789012345.67');
  v('leading dot', 'montoTotal', '.5');
  v('trailing dot', 'montoTotal', '5.');
  v('only a dot', 'montoTotal', '.');
  v('leading +', 'montoTotal', '+5.50');
  v('exponent', 'montoTotal', '1e2');
  v('uppercase exponent', 'montoTotal', '1.5E2');
  v('surrounding whitespace', 'montoTotal', '  99.00\n');
  v('inner space', 'montoTotal', '5 .00');
  v('comma decimal separator', 'montoTotal', '1,50');
  v('NaN', 'montoTotal', 'NaN');
  v('INF', 'montoTotal', 'INF');
  v('25 significant digits', 'montoTotal', '1.' + '0'.repeat(24));
  v('24 digits (zeros in the fraction)', 'montoTotal', '1.' + '0'.repeat(23));
  v('zero, minInclusive 0', 'montoTotalSujetoIva', '0');
  v('-0, minInclusive 0', 'montoTotalSujetoIva', '-0.00');
  v('negative', 'montoTotalSujetoIva', '-0.01');
  v('exchange rate', 'tipoCambio', '6.96');
  v('too many decimals', 'cantidad', '0.001');
  v('max 17 digits with 2 decimals', 'precioUnitario', '999999999999999.99');
  v('empty', 'subTotal', '');

  // dateTime.
  v('no fraction', 'fechaEmision', '2021-10-06T16:03:48');
  v('long fraction', 'fechaEmision', '2021-10-06T16:03:48.675123456');
  v('Z zone', 'fechaEmision', '2021-10-06T16:03:48.675Z');
  v('offset zone', 'fechaEmision', '2021-10-06T16:03:48-04:00');
  v('offset +14:00', 'fechaEmision', '2021-10-06T16:03:48+14:00');
  v('offset +14:01', 'fechaEmision', '2021-10-06T16:03:48+14:01');
  v('offset without colon', 'fechaEmision', '2021-10-06T16:03:48-0400');
  v('29 February, leap year', 'fechaEmision', '2024-02-29T00:00:00');
  v('29 February, common year', 'fechaEmision', '2021-02-29T00:00:00');
  v('29 February 1900', 'fechaEmision', '1900-02-29T00:00:00');
  v('31 April', 'fechaEmision', '2021-04-31T00:00:00');
  v('month 13', 'fechaEmision', '2021-13-01T00:00:00');
  v('hour 24', 'fechaEmision', '2021-10-06T24:00:00');
  v('hour 24 with minutes', 'fechaEmision', '2021-10-06T24:30:00');
  v('second 60', 'fechaEmision', '2021-10-06T23:59:60');
  v('space instead of T', 'fechaEmision', '2021-10-06 16:03:48');
  v('date only', 'fechaEmision', '2021-10-06');
  v('dot without digits', 'fechaEmision', '2021-10-06T16:03:48.');
  v('two-digit year', 'fechaEmision', '21-10-06T16:03:48');
  v('one-digit month', 'fechaEmision', '2021-1-06T16:03:48');
  v('year 0000', 'fechaEmision', '0000-10-06T16:03:48');
  v('negative year', 'fechaEmision', '-2021-10-06T16:03:48');
  v('five-digit year', 'fechaEmision', '12021-10-06T16:03:48');
  v('five-digit year with a leading zero', 'fechaEmision', '02021-10-06T16:03:48');
  v('leading + on the year', 'fechaEmision', '+2021-10-06T16:03:48');
  v('surrounding whitespace', 'fechaEmision', ' 2021-10-06T16:03:48.675 ');
  v('lowercase t', 'fechaEmision', '2021-10-06t16:03:48');
  v('empty', 'fechaEmision', '');

  // Well-formedness.
  c2('unclosed element', sub(comp, '</cabecera>', ''));
  c2('mismatched end tag', sub(comp, '</municipio>', '</Municipio>'));
  c2('undefined entity', set(comp, 'municipio', 'La &paz;'));
  c2('bare ampersand', set(comp, 'municipio', 'A & B'));
  c2('reference to a forbidden character', set(comp, 'municipio', 'A&#1;B'));
  c2('raw control character', set(comp, 'municipio', 'A\u0001B'));
  c2('\']]>\' in text', set(comp, 'municipio', 'a]]>b'));
  c2('raw \'>\' in text', set(comp, 'municipio', 'a>b'));
  c2('\'<\' in an attribute value', sub(comp, '<cabecera>', '<cabecera xsi:noNamespaceSchemaLocation="a<b">'));
  c2('duplicate attribute', sub(comp, '<cabecera>', '<cabecera xsi:noNamespaceSchemaLocation="a" xsi:noNamespaceSchemaLocation="b">'));
  c2('text after the root', comp + 'x');
  c2('comment after the root', comp + '<!-- fin -->\n');
  c2('second root element', comp + '<facturaComputarizadaCompraVenta/>');
  c2('undeclared element prefix', sub(comp, elementRe('municipio'), '<k:municipio>La Paz</k:municipio>'));
  c2('double hyphen inside a comment', sub(comp, '<cabecera>', '<cabecera><!-- a -- b -->'));
  c2('truncated document', comp.slice(0, comp.length - 10));
  c2('empty document', '');
  c2('XML declaration not at the start', ' ' + comp);
  return cases;
}
