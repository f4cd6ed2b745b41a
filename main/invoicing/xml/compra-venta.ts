// Compra-venta (sector 1) invoice XML, CONTRACT.md §3.3 and §9.1 (official XSD order): the typed
// document model of sector 1, written by the one sector builder (sector-xml.ts). Tests and
// benchmarks build compra-venta documents through it.
import type { Cents, Hundredths } from '../../../shared/money';
import type { SimpleDocument } from './simple-c14n';
import { MODALIDAD, SECTOR, sectorRoot } from '../../siat/code-catalog';
import { sectorLayout } from '../sectors/layouts';
import { buildSectorXml, sectorDocumentShape } from './sector-xml';

export type CompraVentaCabecera = {
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
};

export type CompraVentaDetalle = {
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
};

export type CompraVentaDocument = {
  cabecera: CompraVentaCabecera;
  detalle: CompraVentaDetalle[];
};

// Root element per modality, from SIAT's sector table (siat/code-catalog.ts); worked out once, not per sale.
const ROOT: Readonly<Record<1 | 2, string>> = {
  1: sectorRoot(SECTOR.COMPRA_VENTA, MODALIDAD.ELECTRONICA),
  2: sectorRoot(SECTOR.COMPRA_VENTA, MODALIDAD.COMPUTARIZADA),
};
const LAYOUT = sectorLayout(SECTOR.COMPRA_VENTA)!;

/**
 * XML of a compra-venta invoice; modalidad 1 electrónica (to be signed), 2 computarizada: the
 * sector-1 layout written by the one sector builder (sector-xml.ts). Null nillable fields become
 * xsi:nil="true" (CONTRACT.md §3.3).
 */
export function buildCompraVentaXml(doc: CompraVentaDocument, modalidad: 1 | 2): string {
  return buildSectorXml(LAYOUT, doc, ROOT[modalidad], `${ROOT[modalidad]}.xsd`);
}

/** The canonical shape of buildCompraVentaXml's output (sector-xml.ts sectorDocumentShape). */
export function compraVentaShape(xml: string, modalidad: 1 | 2): SimpleDocument {
  return sectorDocumentShape(xml, ROOT[modalidad]);
}
