// Compra-venta (sector 1) invoice XML, CONTRACT.md §3.3 and §9.1 (official XSD order).
// Built by string concatenation: this runs on every sale (target < 0.3 ms per document).
// Electronic documents come out unsigned; signing.ts appends ds:Signature as the last child.
import { formatDecimal, type Cents, type Hundredths } from '../../../shared/money';
import { escapeText } from './escape';
import type { SimpleDocument } from './simple-c14n';
import { MODALIDAD, SECTOR, sectorRoot } from '../../siat/codes';

export interface CompraVentaCabecera {
  nitEmisor: number | string;
  razonSocialEmisor: string;
  municipio: string;
  telefono: string | null;
  numeroFactura: number;
  cuf: string;
  cufd: string;
  codigoSucursal: number;
  direccion: string;
  codigoPuntoVenta: number | null;
  /** 'yyyy-MM-ddTHH:mm:ss.SSS' (fecha.ts), written as given: the CUF was built from it. */
  fechaEmision: string;
  nombreRazonSocial: string | null;
  codigoTipoDocumentoIdentidad: number;
  numeroDocumento: string;
  complemento: string | null;
  codigoCliente: string;
  codigoMetodoPago: number;
  /** Up to 16 digits (masked card), beyond 2^53: a digit string. */
  numeroTarjeta: string | number | null;
  montoTotal: Cents;
  montoTotalSujetoIva: Cents;
  codigoMoneda: number;
  tipoCambio: Hundredths;
  montoTotalMoneda: Cents;
  montoGiftCard: Cents | null;
  descuentoAdicional: Cents | null;
  codigoExcepcion: number | null;
  cafc: string | null;
  leyenda: string;
  usuario: string;
  // codigoDocumentoSector is fixed to 1 by the XSD and written by the builder.
}

export interface CompraVentaDetalle {
  actividadEconomica: string;
  codigoProductoSin: number;
  codigoProducto: string;
  descripcion: string;
  cantidad: Hundredths;
  unidadMedida: number;
  precioUnitario: Cents;
  montoDescuento: Cents | null;
  subTotal: Cents;
  numeroSerie: string | null;
  numeroImei: string | null;
}

export interface CompraVentaDocument {
  cabecera: CompraVentaCabecera;
  detalle: CompraVentaDetalle[];
}

export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const ROOT_NAMESPACES: ReadonlyMap<string, string> = new Map([['xsi', XSI_NS]]);

// Root element per modality, from SIAT's sector table (siat/codes.ts); worked out once, not per sale.
const ROOT: Readonly<Record<1 | 2, string>> = {
  1: sectorRoot(SECTOR.COMPRA_VENTA, MODALIDAD.ELECTRONICA),
  2: sectorRoot(SECTOR.COMPRA_VENTA, MODALIDAD.COMPUTARIZADA),
};

// Every element is written as start + end tag, also the nil ones: that is how Canonical XML
// writes empty elements (C14N 1.0 §2.3), so the document needs no rewriting before its digest.
const str = (name: string, v: string): string => `<${name}>${escapeText(v)}</${name}>`;
const num = (name: string, v: number | string): string =>
  `<${name}>${typeof v === 'number' ? String(v) : escapeText(v)}</${name}>`;
const dec = (name: string, v: number): string => `<${name}>${formatDecimal(v)}</${name}>`;
const nil = (name: string): string => `<${name} xsi:nil="true"></${name}>`;
const strOrNil = (name: string, v: string | null): string => (v === null ? nil(name) : str(name, v));
const numOrNil = (name: string, v: number | string | null): string => (v === null ? nil(name) : num(name, v));
const decOrNil = (name: string, v: number | null): string => (v === null ? nil(name) : dec(name, v));

/**
 * XML of a compra-venta invoice; modalidad 1 electrónica (to be signed), 2 computarizada.
 * Values are written as given: totals come from totals.ts and constraints are the XSD's
 * (siat-sim/xsd/invoice-xsd.ts). Null nillable fields become xsi:nil="true" (CONTRACT.md §3.3).
 */
export function buildCompraVentaXml(doc: CompraVentaDocument, modalidad: 1 | 2): string {
  const c = doc.cabecera;
  const root = ROOT[modalidad];
  let xml =
    XML_DECLARATION +
    `<${root} xmlns:xsi="${XSI_NS}" xsi:noNamespaceSchemaLocation="${root}.xsd">` +
    '<cabecera>' +
    num('nitEmisor', c.nitEmisor) +
    str('razonSocialEmisor', c.razonSocialEmisor) +
    str('municipio', c.municipio) +
    strOrNil('telefono', c.telefono) +
    num('numeroFactura', c.numeroFactura) +
    str('cuf', c.cuf) +
    str('cufd', c.cufd) +
    num('codigoSucursal', c.codigoSucursal) +
    str('direccion', c.direccion) +
    numOrNil('codigoPuntoVenta', c.codigoPuntoVenta) +
    str('fechaEmision', c.fechaEmision) +
    strOrNil('nombreRazonSocial', c.nombreRazonSocial) +
    num('codigoTipoDocumentoIdentidad', c.codigoTipoDocumentoIdentidad) +
    str('numeroDocumento', c.numeroDocumento) +
    strOrNil('complemento', c.complemento) +
    str('codigoCliente', c.codigoCliente) +
    num('codigoMetodoPago', c.codigoMetodoPago) +
    numOrNil('numeroTarjeta', c.numeroTarjeta) +
    dec('montoTotal', c.montoTotal) +
    dec('montoTotalSujetoIva', c.montoTotalSujetoIva) +
    num('codigoMoneda', c.codigoMoneda) +
    dec('tipoCambio', c.tipoCambio) +
    dec('montoTotalMoneda', c.montoTotalMoneda) +
    decOrNil('montoGiftCard', c.montoGiftCard) +
    decOrNil('descuentoAdicional', c.descuentoAdicional) +
    numOrNil('codigoExcepcion', c.codigoExcepcion) +
    strOrNil('cafc', c.cafc) +
    str('leyenda', c.leyenda) +
    str('usuario', c.usuario) +
    '<codigoDocumentoSector>1</codigoDocumentoSector>' +
    '</cabecera>';
  for (const d of doc.detalle) {
    xml +=
      '<detalle>' +
      str('actividadEconomica', d.actividadEconomica) +
      num('codigoProductoSin', d.codigoProductoSin) +
      str('codigoProducto', d.codigoProducto) +
      str('descripcion', d.descripcion) +
      dec('cantidad', d.cantidad) +
      num('unidadMedida', d.unidadMedida) +
      dec('precioUnitario', d.precioUnitario) +
      decOrNil('montoDescuento', d.montoDescuento) +
      dec('subTotal', d.subTotal) +
      strOrNil('numeroSerie', d.numeroSerie) +
      strOrNil('numeroImei', d.numeroImei) +
      '</detalle>';
  }
  return `${xml}</${root}>`;
}

/**
 * The canonical shape of buildCompraVentaXml's output, known without scanning it: the text
 * after the XML declaration is already Canonical XML (start + end tags everywhere, text from
 * escapeText, the root's namespace declaration before its one attribute), the only namespace
 * is xsi on the root and the signature goes before the root's end tag. The signer's fast path
 * uses it; tests hold it equal to parseSimpleDocument's result on every shape of document.
 */
export function compraVentaShape(xml: string, modalidad: 1 | 2): SimpleDocument {
  const endTag = `</${ROOT[modalidad]}>`;
  if (!xml.startsWith(XML_DECLARATION) || !xml.endsWith(endTag)) throw new Error('compraVentaShape: not a document of buildCompraVentaXml');
  const element = xml.slice(XML_DECLARATION.length);
  return {
    head: XML_DECLARATION,
    element,
    tail: '',
    endTagOffset: element.length - endTag.length,
    rootNamespaces: new Map(ROOT_NAMESPACES),
    canonical: element,
  };
}
