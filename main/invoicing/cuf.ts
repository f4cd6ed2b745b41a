// CUF (Código Único de Factura), CONTRACT.md §4: 53 digits of fixed-width fields, a mod-11
// check digit, the 54 digits written in base 16, then the CUFD's código de control.

export interface CufFields {
  nit: string | number;
  /** 'yyyy-MM-ddTHH:mm:ss.SSS', exactly the fechaEmision of the XML (CONTRACT.md §4 field 2). */
  fechaEmision: string;
  codigoSucursal: number;
  modalidad: number;
  tipoEmision: number;
  tipoFacturaDocumento: number;
  codigoDocumentoSector: number;
  numeroFactura: number;
  codigoPuntoVenta: number;
}

/** Field widths of the 53-digit string, in order (CONTRACT.md §4 step 1). */
const WIDTHS = {
  nit: 13,
  fecha: 17,
  codigoSucursal: 4,
  modalidad: 1,
  tipoEmision: 1,
  tipoFacturaDocumento: 1,
  codigoDocumentoSector: 2,
  numeroFactura: 10,
  codigoPuntoVenta: 4,
} as const;

const FECHA_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})$/;

/**
 * Mod-11 check digit as SIN's `calculaDigitoMod11(cadena, 1, 9, false)` (CONTRACT.md §4
 * step 2): weights 2..9 cycling from the right; the digit is the remainder itself (not
 * 11 − remainder); a remainder of 10 yields "1".
 */
export function mod11(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new RangeError('mod11 expects decimal digits');
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += (digits.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const r = sum % 11;
  // r === 11 cannot happen; SIN's routine maps it to "0" and so do we by construction.
  return r === 10 ? '1' : String(r);
}

function field(value: string | number, width: number, name: string): string {
  const text = typeof value === 'number' ? (Number.isSafeInteger(value) && value >= 0 ? String(value) : '') : value;
  if (!/^\d+$/.test(text) || text.length > width) {
    throw new RangeError(`CUF: ${name} must be a non-negative integer of at most ${width} digits`);
  }
  return text.padStart(width, '0');
}

/** The 53 digits of CONTRACT.md §4 step 1 (exported for the simulator and tests). */
export function cufDigits(f: CufFields): string {
  const m = FECHA_RE.exec(f.fechaEmision);
  if (!m) throw new RangeError("CUF: fechaEmision must be 'yyyy-MM-ddTHH:mm:ss.SSS'");
  return (
    field(f.nit, WIDTHS.nit, 'nit') +
    m.slice(1).join('') +
    field(f.codigoSucursal, WIDTHS.codigoSucursal, 'codigoSucursal') +
    field(f.modalidad, WIDTHS.modalidad, 'modalidad') +
    field(f.tipoEmision, WIDTHS.tipoEmision, 'tipoEmision') +
    field(f.tipoFacturaDocumento, WIDTHS.tipoFacturaDocumento, 'tipoFacturaDocumento') +
    field(f.codigoDocumentoSector, WIDTHS.codigoDocumentoSector, 'codigoDocumentoSector') +
    field(f.numeroFactura, WIDTHS.numeroFactura, 'numeroFactura') +
    field(f.codigoPuntoVenta, WIDTHS.codigoPuntoVenta, 'codigoPuntoVenta')
  );
}

/**
 * CUF = hex(53 digits + DV) + codigoControl. Base 16 in uppercase with no leading zeros
 * (CONTRACT.md §4 step 3); BigInt because 54 digits exceed 2^53.
 */
export function buildCuf(f: CufFields, codigoControl: string): string {
  const digits = cufDigits(f);
  return BigInt(digits + mod11(digits)).toString(16).toUpperCase() + codigoControl;
}

/**
 * Reverses buildCuf so the simulator can compare a received CUF with the XML fields
 * (CONTRACT.md §4, last paragraph; 1002 invalid CUF). Returns null when the CUF does not
 * end with the código de control or is not hexadecimal of at most 54 decimal digits.
 * `nit` comes back as a string without leading zeros.
 */
export function decodeCuf(cuf: string, codigoControl: string): (CufFields & { checkDigitValid: boolean }) | null {
  if (!codigoControl || cuf.length <= codigoControl.length || !cuf.endsWith(codigoControl)) return null;
  const hex = cuf.slice(0, cuf.length - codigoControl.length);
  if (!/^[0-9A-F]+$/.test(hex)) return null;
  const decimal = BigInt(`0x${hex}`).toString(10);
  if (decimal.length > 54) return null;
  const d = decimal.padStart(54, '0');
  let pos = 0;
  const take = (width: number): string => d.slice(pos, (pos += width));
  const nit = take(WIDTHS.nit);
  const fecha = take(WIDTHS.fecha);
  const codigoSucursal = Number(take(WIDTHS.codigoSucursal));
  const modalidad = Number(take(WIDTHS.modalidad));
  const tipoEmision = Number(take(WIDTHS.tipoEmision));
  const tipoFacturaDocumento = Number(take(WIDTHS.tipoFacturaDocumento));
  const codigoDocumentoSector = Number(take(WIDTHS.codigoDocumentoSector));
  const numeroFactura = Number(take(WIDTHS.numeroFactura));
  const codigoPuntoVenta = Number(take(WIDTHS.codigoPuntoVenta));
  const checkDigit = take(1);
  return {
    nit: nit.replace(/^0+(?=\d)/, ''),
    fechaEmision:
      `${fecha.slice(0, 4)}-${fecha.slice(4, 6)}-${fecha.slice(6, 8)}` +
      `T${fecha.slice(8, 10)}:${fecha.slice(10, 12)}:${fecha.slice(12, 14)}.${fecha.slice(14, 17)}`,
    codigoSucursal,
    modalidad,
    tipoEmision,
    tipoFacturaDocumento,
    codigoDocumentoSector,
    numeroFactura,
    codigoPuntoVenta,
    checkDigitValid: mod11(d.slice(0, 53)) === checkDigit,
  };
}
