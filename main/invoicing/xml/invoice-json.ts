// A stored invoice XML as the JSON of seed 001's retrieval by short code ("Retrieval fields"):
// { cabecera, detalle, signature }. Read from the XML exactly as stored (the document SIAT has),
// so the JSON can never disagree with the fiscal document. Members are the XML's element names
// and depend on the sector; pure function, no database.
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { fromBoliviaIso } from '../../../shared/time';

export type InvoiceJsonValue = string | number | null;

export interface InvoiceJson {
  cabecera: Record<string, InvoiceJsonValue>;
  detalle: Record<string, InvoiceJsonValue>[];
  /** ds:SignatureValue (base64, whitespace removed) of an electronic invoice; null for computerized. */
  signature: string | null;
}

const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const DS_NS = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * Elements whose XSD type is numeric (SIAT's invoice XSDs: compra-venta and the sectors of seed
 * 001), written as JSON numbers ("numbers as numbers"). Everything else is text in the XSD and
 * stays text even when it looks numeric (numeroDocumento, codigoProducto, numeroSerie …).
 */
const NUMERIC = new Set([
  // cabecera
  'nitEmisor', 'numeroFactura', 'codigoSucursal', 'codigoPuntoVenta', 'codigoTipoDocumentoIdentidad', 'codigoMetodoPago',
  'numeroTarjeta', 'montoTotal', 'montoTotalSujetoIva', 'codigoMoneda', 'tipoCambio', 'montoTotalMoneda', 'montoGiftCard',
  'descuentoAdicional', 'codigoExcepcion', 'codigoDocumentoSector', 'nitConjunto', 'montoTotalDevuelto',
  'montoDescuentoCreditoDebito', 'montoEfectivoCreditoDebito', 'numeroAutorizacionCuf', 'montoTotalOriginal',
  // detalle
  'codigoProductoSin', 'cantidad', 'unidadMedida', 'precioUnitario', 'montoDescuento', 'subTotal',
  'nroQuirofanoSalaOperaciones', 'nitDocumentoMedico', 'nroFacturaMedico', 'codigoDetalleTransaccion',
]);

function elementChildren(node: Element): Element[] {
  const out: Element[] = [];
  for (let n = node.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
}

function valueOf(el: Element): InvoiceJsonValue {
  if (el.getAttributeNS(XSI_NS, 'nil') === 'true') return null;
  const text = el.textContent ?? '';
  // xmldom types localName as nullable (a DOM Level 1 node has none); a parsed element has one.
  const name = el.localName ?? el.tagName;
  if (name === 'fechaEmision') {
    // seed: "milliseconds since the Unix epoch in JSON"; the XML holds Bolivia time without zone.
    return fromBoliviaIso(text)?.getTime() ?? text;
  }
  if (NUMERIC.has(name) && text.trim() !== '') {
    const n = Number(text);
    // A 16-digit card number can exceed 2^53: kept as text rather than silently rounded.
    if (Number.isFinite(n) && (!Number.isInteger(n) || Number.isSafeInteger(n))) return n;
  }
  return text;
}

function record(el: Element): Record<string, InvoiceJsonValue> {
  const out: Record<string, InvoiceJsonValue> = {};
  for (const child of elementChildren(el)) out[child.localName ?? child.tagName] = valueOf(child);
  return out;
}

export class InvoiceXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceXmlError';
  }
}

export function invoiceXmlToJson(xml: string): InvoiceJson {
  let problem: string | null = null;
  let root: Element | null = null;
  try {
    const doc = new DOMParser({
      onError: (level: string, msg: string) => {
        if (level !== 'warning') problem ??= msg;
      },
    }).parseFromString(xml, 'text/xml') as unknown as Document;
    root = doc.documentElement;
  } catch (err) {
    problem ??= err instanceof Error ? err.message : String(err);
  }
  if (problem || !root) throw new InvoiceXmlError(`El XML de la factura no se pudo leer: ${problem ?? 'documento vacío'}`);
  const children = elementChildren(root);
  const cabecera = children.find((c) => c.localName === 'cabecera' && !c.namespaceURI);
  if (!cabecera) throw new InvoiceXmlError('El XML de la factura no tiene cabecera');
  const signatureEl = children.find((c) => c.localName === 'Signature' && c.namespaceURI === DS_NS);
  const valueEl = signatureEl ? elementChildren(signatureEl).find((c) => c.localName === 'SignatureValue' && c.namespaceURI === DS_NS) : undefined;
  return {
    cabecera: record(cabecera),
    detalle: children.filter((c) => c.localName === 'detalle' && !c.namespaceURI).map(record),
    signature: valueEl ? (valueEl.textContent ?? '').replace(/\s+/g, '') : null,
  };
}
