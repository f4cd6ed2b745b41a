// What the till's 2D scanner types when it reads a supplier's invoice QR (PURCHASES.md §4):
//   - online modalities: `<host>/consulta/QR?nit=…&cuf=…&numero=…[&t=…]`. No amounts, no name;
//     the CUF's own digits give the date, branch, modality, emission type, invoice type, sector
//     and point of sale (CONTRACT §4);
//   - legacy SFV (dosificación): 12 fields separated by `|`, which fill almost every field.
// Pure.
import { decodeCuf } from '../invoicing/cuf';
import type { PurchaseFields } from './purchase-input';

export interface DecodedCuf {
  nit: string;
  /** yyyy-MM-ddTHH:mm:ss.SSS, the invoice's fechaEmision. */
  fechaEmision: string;
  codigoSucursal: number;
  modalidad: number;
  tipoEmision: number;
  tipoFacturaDocumento: number;
  codigoDocumentoSector: number;
  numeroFactura: number;
  codigoPuntoVenta: number;
  /** The CUFD's código de control at the end of the CUF. */
  codigoControl: string;
}

export type ScannedQr =
  | { kind: 'online'; nit: string; cuf: string; numero: string; cufFields: DecodedCuf | null; fields: Partial<PurchaseFields> }
  | { kind: 'sfv'; fields: Partial<PurchaseFields> };

export class QrParseError extends Error {
  override name = 'QrParseError';
}

/**
 * The CUF's 54 decimal digits are written in hex (41–45 characters) and followed by the CUFD's
 * control code, whose length SIAT does not document (15 in every official example). Every split
 * is tried; the one whose mod-11 digit checks and whose NIT and number match the QR wins
 * (PURCHASES.md §4.1, [derived]).
 */
export function decodeQrCuf(cuf: string, nit?: string, numero?: string): DecodedCuf | null {
  const upper = cuf.toUpperCase();
  if (!/^[0-9A-F]+$/.test(upper)) return null;
  let fallback: DecodedCuf | null = null;
  for (let hexLength = 46; hexLength >= 30; hexLength--) {
    if (hexLength >= upper.length) continue;
    const control = upper.slice(hexLength);
    const d = decodeCuf(upper, control);
    if (!d || !d.checkDigitValid) continue;
    const decoded: DecodedCuf = {
      nit: String(d.nit),
      fechaEmision: d.fechaEmision,
      codigoSucursal: d.codigoSucursal,
      modalidad: d.modalidad,
      tipoEmision: d.tipoEmision,
      tipoFacturaDocumento: d.tipoFacturaDocumento,
      codigoDocumentoSector: d.codigoDocumentoSector,
      numeroFactura: d.numeroFactura,
      codigoPuntoVenta: d.codigoPuntoVenta,
      codigoControl: control,
    };
    const plausible = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d/.test(d.fechaEmision) && d.modalidad >= 1 && d.modalidad <= 3;
    if (!plausible) continue;
    const nitMatches = nit === undefined || decoded.nit === nit.replace(/^0+/, '');
    const numberMatches = numero === undefined || String(decoded.numeroFactura) === numero.replace(/^0+(?=\d)/, '');
    if (nitMatches && numberMatches) return decoded;
    fallback ??= nit === undefined && numero === undefined ? decoded : null;
  }
  return fallback;
}

/** SFV amounts are written with `.` and no thousands separator; `0` when none. */
function sfvAmount(text: string, field: string): number {
  const t = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(t)) throw new QrParseError(`QR de factura antigua: el campo ${field} («${t}») no es un importe`);
  return Number(t);
}

/** Parses the scanner's text; throws QrParseError (Spanish) when it is neither shape. */
export function parseInvoiceQr(text: string): ScannedQr {
  const t = text.trim();
  if (/\/consulta\/QR\b/i.test(t)) {
    let url: URL;
    try {
      url = new URL(t);
    } catch {
      throw new QrParseError('El texto del QR parece una dirección de SIAT pero no es una URL válida');
    }
    const nit = url.searchParams.get('nit')?.trim() ?? '';
    const cuf = url.searchParams.get('cuf')?.trim().toUpperCase() ?? '';
    const numero = url.searchParams.get('numero')?.trim() ?? '';
    if (!/^\d{1,13}$/.test(nit)) throw new QrParseError('El QR no trae un NIT de proveedor válido (parámetro nit)');
    if (!/^[0-9A-F]{30,100}$/.test(cuf)) throw new QrParseError('El QR no trae un CUF válido (parámetro cuf)');
    if (!/^\d{1,20}$/.test(numero)) throw new QrParseError('El QR no trae un número de factura válido (parámetro numero)');
    const cufFields = decodeQrCuf(cuf, nit, numero);
    const fields: Partial<PurchaseFields> = { issuerNit: nit, authorizationCode: cuf, invoiceNumber: numero, duiDimNumber: '0', controlCode: '0' };
    if (cufFields) fields.emissionDate = cufFields.fechaEmision;
    return { kind: 'online', nit, cuf, numero, cufFields, fields };
  }
  const parts = t.split('|');
  if (parts.length === 12 || parts.length === 11) {
    // Legacy SFV QR (PURCHASES.md §4.2): NIT emisor | número | autorización | fecha | total |
    // base CF | código de control | NIT comprador | ICE/IEHD/tasas | no gravadas o tasa cero |
    // no sujeto a CF | descuentos.
    const [nit, numero, autorizacion, fecha, total, , control, , iceTasas, tasaCero, noSujeto, descuento] = parts.map((p) => p.trim());
    if (!/^\d{1,13}$/.test(nit ?? '')) throw new QrParseError('QR de factura antigua: el primer campo no es un NIT');
    if (!/^\d{1,20}$/.test(numero ?? '')) throw new QrParseError('QR de factura antigua: el segundo campo no es un número de factura');
    if (!/^\d{1,15}$/.test(autorizacion ?? '')) throw new QrParseError('QR de factura antigua: el tercer campo no es un número de autorización');
    if (!/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(fecha ?? '')) throw new QrParseError('QR de factura antigua: el cuarto campo no es una fecha dd/mm/aaaa');
    return {
      kind: 'sfv',
      fields: {
        issuerNit: nit!,
        invoiceNumber: numero!,
        authorizationCode: autorizacion!,
        emissionDate: fecha!,
        totalPurchaseAmount: sfvAmount(total ?? '', 'total'),
        controlCode: control && control !== '' ? control.toUpperCase() : '0',
        // The SFV QR joins ICE, IEHD and tasas in one field: it goes to ICE, the user can move it.
        iceAmount: sfvAmount(iceTasas ?? '0', 'ICE/IEHD/tasas'),
        zeroRateAmount: sfvAmount(tasaCero ?? '0', 'tasa cero'),
        otherNotSubjectToCredit: sfvAmount(noSujeto ?? '0', 'no sujeto a crédito fiscal'),
        discount: sfvAmount(descuento ?? '0', 'descuentos'),
        duiDimNumber: '0',
      },
    };
  }
  throw new QrParseError('El texto leído no es el QR de una factura de SIAT (URL …/consulta/QR?nit=…&cuf=…&numero=…) ni el de una factura antigua (12 campos separados por |)');
}
