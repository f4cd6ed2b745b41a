import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DOMParser } from '@xmldom/xmldom';
import { C14nCanonicalization } from 'xml-crypto';
import { parseSimpleDocument } from '../../../../main/invoicing/xml/simple-c14n';
import { buildCompraVentaXml, compraVentaShape } from '../../../../main/invoicing/xml/compra-venta';
import { tenLineInvoice } from '../sample-documents';

/** Reference: xml-crypto's inclusive C14N 1.0 of the parsed document element. */
function referenceC14n(xml: string): string {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  return new C14nCanonicalization().process(doc.documentElement as unknown as Parameters<C14nCanonicalization['process']>[0], {}) as string;
}

const SIMPLE: [string, string][] = [
  ['our builder output', buildCompraVentaXml(tenLineInvoice(3, 1), 1)],
  ['self-closing nil elements', '<?xml version="1.0" encoding="UTF-8"?><r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><a xsi:nil="true"/><b/><c>x</c></r>'],
  ['pretty-printed with a trailing newline', '<?xml version="1.0"?>\n<r xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n  <a>1</a>\n  <b xsi:nil="true" />\n</r>\n'],
  ['root attributes out of canonical order', '<r xsi:noNamespaceSchemaLocation="r.xsd" b="2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" a="1" xmlns:a="urn:a"><x>y</x></r>'],
  ['text with quotes, tabs, newlines and escaped specials', '<r><x>"q" \'a\'\tb\nc &amp; &lt;d&gt; e&#xD;f</x></r>'],
  ['whitespace inside tags', '<r   ><x   >1</x   ><y a="v"   /></r   >'],
  ['no declaration, astral characters', '<r><x>🥑 ñ</x></r>'],
];

for (const [name, xml] of SIMPLE) {
  test(`canonical form equals xml-crypto's C14N: ${name}`, () => {
    const doc = parseSimpleDocument(xml);
    assert.ok(doc, 'recognised as simple');
    assert.equal(doc.canonical, referenceC14n(xml));
    assert.equal(doc.head + doc.element + doc.tail, xml);
    assert.ok(doc.element.slice(doc.endTagOffset).startsWith('</r') || doc.element.slice(doc.endTagOffset).startsWith('</factura'));
  });
}

test('our builder output is already canonical (no rewriting needed)', () => {
  const xml = buildCompraVentaXml(tenLineInvoice(1, 2), 1);
  const doc = parseSimpleDocument(xml)!;
  assert.equal(doc.canonical, doc.element);
  assert.equal(doc.rootNamespaces.get('xsi'), 'http://www.w3.org/2001/XMLSchema-instance');
});

const NOT_SIMPLE: [string, string][] = [
  ['a comment', '<r><!-- c --><x/></r>'],
  ['CDATA', '<r><![CDATA[a<b]]></r>'],
  ['a DOCTYPE', '<!DOCTYPE r><r/>'],
  ['a processing instruction', '<r><?pi x?></r>'],
  ['&quot; in text (C14N writes ")', '<r>&quot;</r>'],
  ['a numeric reference', '<r>&#65;</r>'],
  ['a raw ">" in text', '<r>a > b</r>'],
  ['a default namespace', '<r xmlns="urn:x"><a/></r>'],
  ['two attributes on a descendant', '<r><a x="1" y="2"/></r>'],
  ['a namespace declared below the root', '<r><a xmlns:p="urn:p"/></r>'],
  ['single-quoted attributes', "<r a='1'/>"],
  ['mismatched tags', '<r><a></b></r>'],
  ['text after the root', '<r></r>x'],
  ['an empty root', '<r/>'],
  ['an unclosed root', '<r><a></a>'],
  ['a non-UTF-8 declaration', '<?xml version="1.0" encoding="ISO-8859-1"?><r/>'],
  ['a raw carriage return', '<r>a\rb</r>'],
  ['a control character', '<r>a\u0001b</r>'],
  ['an undeclared attribute prefix on the root', '<r p:a="1"><x/></r>'],
];

for (const [name, xml] of NOT_SIMPLE) {
  test(`not simple, left to the general path: ${name}`, () => {
    assert.equal(parseSimpleDocument(xml), null);
  });
}

// The sale path signs without scanning: compraVentaShape states what the scan would find.
// Every kind of value the builder writes (nil fields, XML specials, CR, control characters it
// drops, astral characters, both modalities, 1 to 30 lines) must give the same shape.
test('compraVentaShape equals the scan of the builder output for every shape of document', () => {
  const awkward = ['', 'a & b', '<x>', 'q"\'', 'tab\there', 'cr\r\nlf', 'ctl\u0001\u001f', '🥑ñ', ']]>', '&amp;', '\uFFFE'];
  let checked = 0;
  for (let seed = 0; seed < 40; seed++) {
    const base = tenLineInvoice(seed + 1, seed);
    const lines = Array.from({ length: 1 + (seed % 30) }, (_, i) => ({ ...base.detalle[i % 10]!, descripcion: awkward[(i + seed) % awkward.length]! || 'x' }));
    const doc = {
      cabecera: { ...base.cabecera, usuario: awkward[seed % awkward.length]! || 'u', leyenda: `Ley ${awkward[(seed + 3) % awkward.length]}`, complemento: seed % 2 ? null : '1A' },
      detalle: lines,
    };
    for (const modalidad of [1, 2] as const) {
      const xml = buildCompraVentaXml(doc, modalidad);
      const scanned = parseSimpleDocument(xml);
      assert.ok(scanned, `seed ${seed}: builder output must be simple`);
      assert.deepEqual(compraVentaShape(xml, modalidad), scanned);
      checked++;
    }
  }
  assert.equal(checked, 80);
});

test('compraVentaShape refuses text the builder did not write', () => {
  const xml = buildCompraVentaXml(tenLineInvoice(1, 1), 1);
  assert.throws(() => compraVentaShape(xml, 2), /not a document of buildSectorXml/);
  assert.throws(() => compraVentaShape(xml.slice(5), 1), /not a document of buildSectorXml/);
});
