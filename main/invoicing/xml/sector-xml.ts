// The XML of any sector's document, written from its layout (sectors/layout.ts): CONTRACT.md
// §3.3 — no namespace on the root, xsi declared there, strict element order, every element
// present, empty optional ones as xsi:nil="true". Built by string concatenation because it runs
// on every sale (docs/decisions/0010-sale-path-cost.md). Electronic documents come out
// unsigned; signing.ts appends ds:Signature as the last child.
import { formatDecimal } from '../../../shared/money';
import { escapeText } from './escape';
import type { SimpleDocument } from './simple-c14n';
import type { ElementSpec, SectorLayout } from '../../../shared/sectors/layout';

/** An element's value: Cents for amounts, a number or digit string for integers, text otherwise. */
export type XmlValue = string | number | null;
export type XmlValues = Readonly<Record<string, XmlValue | undefined>>;

/** A document as values by element name; the layout says which elements and in what order. */
export interface SectorDocument {
  cabecera: XmlValues;
  detalle: readonly XmlValues[];
}

const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const ROOT_NAMESPACES: ReadonlyMap<string, string> = new Map([['xsi', XSI_NS]]);

// Every element is written as start + end tag, also the nil ones: that is how Canonical XML
// writes empty elements (C14N 1.0 §2.3), so the document needs no rewriting before its digest.
function element(spec: ElementSpec, v: XmlValue | undefined, where: string): string {
  const name = spec.name;
  if (v === null || v === undefined) {
    if (!spec.nillable) throw new Error(`XML ${where}: falta ${name}, que no admite nil`);
    return `<${name} xsi:nil="true"></${name}>`;
  }
  switch (spec.kind) {
    case 'dec':
      if (typeof v !== 'number') throw new Error(`XML ${where}: ${name} debe ser un monto en centavos`);
      return `<${name}>${formatDecimal(v)}</${name}>`;
    case 'zero':
      if (v !== 0) throw new Error(`XML ${where}: ${name} es 0 en este documento`);
      return `<${name}>0</${name}>`;
    case 'int':
      return `<${name}>${typeof v === 'number' ? String(v) : escapeText(v)}</${name}>`;
    default:
      return `<${name}>${escapeText(String(v))}</${name}>`;
  }
}

function part(name: string, specs: readonly ElementSpec[], d: XmlValues): string {
  let xml = `<${name}>`;
  for (const spec of specs) xml += element(spec, d[spec.name], name);
  return `${xml}</${name}>`;
}

/**
 * The document's XML; `root` is SIAT's root element for the sector and modality
 * (siat/code-catalog.ts sectorRoot) and `schemaFile` its XSD's file name. codigoDocumentoSector is
 * fixed by every XSD and written from the layout, whatever the values say.
 */
export function buildSectorXml(layout: SectorLayout, doc: SectorDocument, root: string, schemaFile: string): string {
  let xml = `${XML_DECLARATION}<${root} xmlns:xsi="${XSI_NS}" xsi:noNamespaceSchemaLocation="${schemaFile}"><cabecera>`;
  for (const spec of layout.cabecera) {
    xml += spec.name === 'codigoDocumentoSector' ? `<codigoDocumentoSector>${layout.sector}</codigoDocumentoSector>` : element(spec, doc.cabecera[spec.name], 'cabecera');
  }
  xml += '</cabecera>';
  const parts = layout.twoParts;
  if (layout.detalle && parts) {
    // Nota de conciliación: the original's lines, then the adjusted ones (codigoDetalleTransaccion
    // is Kipu's tag here, not an element of this layout).
    for (const d of doc.detalle) if (d['codigoDetalleTransaccion'] !== 2) xml += part(parts.original, layout.detalle, d);
    for (const d of doc.detalle) if (d['codigoDetalleTransaccion'] === 2) xml += part(parts.adjusted, parts.adjustedElements, d);
  } else if (layout.detalle) {
    for (const d of doc.detalle) xml += part('detalle', layout.detalle, d);
  }
  return `${xml}</${root}>`;
}

/**
 * The canonical shape of buildSectorXml's output, known without scanning it: the text after the
 * XML declaration is already Canonical XML (start + end tags everywhere, text from escapeText,
 * the root's namespace declaration before its one attribute), the only namespace is xsi on the
 * root and the signature goes before the root's end tag. The signer's fast path uses it; tests
 * hold it equal to parseSimpleDocument's result on every shape of document.
 */
export function sectorDocumentShape(xml: string, root: string): SimpleDocument {
  const endTag = `</${root}>`;
  if (!xml.startsWith(XML_DECLARATION) || !xml.endsWith(endTag)) throw new Error('sectorDocumentShape: not a document of buildSectorXml');
  const el = xml.slice(XML_DECLARATION.length);
  return {
    head: XML_DECLARATION,
    element: el,
    tail: '',
    endTagOffset: el.length - endTag.length,
    rootNamespaces: new Map(ROOT_NAMESPACES),
    canonical: el,
  };
}
