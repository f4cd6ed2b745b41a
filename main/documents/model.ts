// The document model of an issued invoice: the one set of facts every printed form (A4 PDF,
// 80 mm ticket PDF, ESC/POS ticket) is rendered from. Pure: no I/O, no clock.
import type { Cents, Hundredths } from '../../shared/money';

export interface InvoiceDocumentLine {
  codigoProducto: string;
  descripcion: string;
  cantidad: Hundredths;
  /** The unit's description from the synchronized catalog (e.g. "UNIDAD (BIENES)"). */
  unidadMedida: string;
  precioUnitario: Cents;
  descuento: Cents;
  subTotal: Cents;
}

export interface InvoiceDocumentModel {
  issuer: {
    nit: string;
    razonSocial: string;
    municipio: string;
    telefono: string | null;
    direccion: string;
    codigoSucursal: number;
    codigoPuntoVenta: number;
  };
  numeroFactura: number;
  cuf: string;
  /** 'yyyy-MM-ddTHH:mm:ss.SSS', Bolivia local time (as in the XML). */
  fechaEmision: string;
  /** 1 electrónica en línea, 2 computarizada en línea (CONTRACT §3.1). */
  modalidad: 1 | 2;
  /** Issued fuera de línea (emission type 2): changes the representation sentence. */
  offline: boolean;
  /** Training mode: prints 'SIN VALOR FISCAL — MODO ENTRENAMIENTO' prominently. */
  training: boolean;
  client: {
    nombre: string;
    /** codigoTipoDocumentoIdentidad 1–5 (CONTRACT §7). */
    documentType: number;
    documentNumber: string;
    complemento: string | null;
    codigoCliente: string;
  };
  lines: InvoiceDocumentLine[];
  subTotal: Cents;
  descuentoAdicional: Cents;
  montoTotal: Cents;
  montoGiftCard: Cents;
  montoAPagar: Cents;
  importeBaseCreditoFiscal: Cents;
  /** Amount in words, e.g. "Ciento Veinte 50/100 Bolivianos" (printed after "Son: "). */
  literal: string;
  /** The activity's legend chosen for this invoice (sincronizarListaLeyendasFactura). */
  leyenda: string;
  /** SIAT's QR page for the invoice; see buildQrUrl. */
  qrUrl: string;
  /** Invoice state; 'ANULADA' prints a visible mark. */
  state?: string;
}

// ---------------------------------------------------------------------------------------
// QR (CONTRACT §8)

const QR_HOSTS: Record<1 | 2, string> = {
  1: 'https://siat.impuestos.gob.bo',
  2: 'https://pilotosiat.impuestos.gob.bo',
};

/**
 * `<host>/consulta/QR?nit=…&cuf=…&numero=…&t=…` (CONTRACT §8). ambiente 1 = producción,
 * 2 = pruebas/piloto. t: 1 rollo (SIAT's default when omitted), 2 media hoja.
 */
export function buildQrUrl(input: {
  ambiente: 1 | 2;
  nit: string | number;
  cuf: string;
  numero: string | number;
  t?: 1 | 2;
}): string {
  const q = new URLSearchParams({ nit: String(input.nit), cuf: input.cuf, numero: String(input.numero) });
  if (input.t !== undefined) q.set('t', String(input.t));
  return `${QR_HOSTS[input.ambiente]}/consulta/QR?${q.toString()}`;
}

// ---------------------------------------------------------------------------------------
// Printed wording shared by every renderer (Spanish: it is what the customer reads).

export const DOCUMENT_TITLE = 'FACTURA';
export const DOCUMENT_SUBTITLE = '(Con Derecho a Crédito Fiscal)';

/** Fixed first legend of every SIAT graphic representation. */
export const FIXED_LEGEND =
  'ESTA FACTURA CONTRIBUYE AL DESARROLLO DEL PAÍS, EL USO ILÍCITO SERÁ SANCIONADO PENALMENTE DE ACUERDO A LEY';

export const TRAINING_MARK = 'SIN VALOR FISCAL — MODO ENTRENAMIENTO';

const REPRESENTATION_ONLINE =
  '“Este documento es la Representación Gráfica de un Documento Fiscal Digital emitido en una modalidad de facturación en línea”';
const REPRESENTATION_OFFLINE =
  '“Este documento es la Representación Gráfica de un Documento Fiscal Digital emitido fuera de línea, verifique su envío con su proveedor o en la página web www.impuestos.gob.bo”';

/**
 * The representation sentence. Both modalities (electrónica and computarizada) are "en línea"
 * modalities and use the same sentence family; only the offline emission changes it.
 */
export function representationSentence(model: Pick<InvoiceDocumentModel, 'offline'>): string {
  return model.offline ? REPRESENTATION_OFFLINE : REPRESENTATION_ONLINE;
}

/** The client's document as printed: number plus complemento ("1234567-1A"). */
export function clientDocumentText(client: InvoiceDocumentModel['client']): string {
  return client.complemento ? `${client.documentNumber}-${client.complemento}` : client.documentNumber;
}

/** 'casa matriz' for branch 0, otherwise 'Sucursal N° n' (SIAT's representation wording). */
export function branchText(codigoSucursal: number): string {
  return codigoSucursal === 0 ? 'CASA MATRIZ' : `SUCURSAL N° ${codigoSucursal}`;
}

export function pointOfSaleText(codigoPuntoVenta: number): string {
  return `No. Punto de Venta ${codigoPuntoVenta}`;
}

/**
 * 'yyyy-MM-ddTHH:mm:ss.SSS' → 'dd/mm/aaaa HH:MM' (es-BO, STYLE.md 9). The text is already
 * Bolivia local time, so it is rearranged, never passed through Date (which would apply the
 * machine's zone).
 */
export function formatFechaEmision(fecha: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(fecha);
  if (!m) return fecha;
  return `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}`;
}

/** "Son: …" line; tolerates a literal that already starts with "Son". */
export function literalText(literal: string): string {
  const t = literal.trim();
  return /^son\b/i.test(t) ? t : `Son: ${t}`;
}

/**
 * The mark a state prints across the document, or null. Only annulment is marked: any other
 * state (pending, validated, in contingency) is still a valid invoice for the customer.
 */
export function stateMark(model: Pick<InvoiceDocumentModel, 'state'>): string | null {
  const s = model.state?.trim().toUpperCase();
  return s === 'ANULADA' || s === 'ANULADO' ? 'ANULADA' : null;
}
