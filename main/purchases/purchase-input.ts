// Checking a purchase as it comes in (API, scanner, spreadsheet import): every problem names the
// field with the API's name (seed 001 "Purchase record") and says in Spanish what is wrong.
// Pure: no I/O.
import { toHundredths } from '../../shared/money';
import { computeRcv, TIPO_COMPRA, type PurchaseAmounts, type PurchaseData } from './purchase-model';

/** A purchase with the API's field names; amounts in bolivianos (≤ 2 decimals). */
export interface PurchaseFields {
  issuerNit: string;
  issuerBusinessName: string;
  authorizationCode: string;
  invoiceNumber: string;
  duiDimNumber?: string | undefined;
  /** yyyy-MM-dd or yyyy-MM-ddTHH:mm:ss[.SSS] (Bolivia time), or dd/mm/aaaa. */
  emissionDate: string;
  totalPurchaseAmount: number;
  iceAmount?: number | undefined;
  iehdAmount?: number | undefined;
  ipjAmount?: number | undefined;
  rates?: number | undefined;
  otherNotSubjectToCredit?: number | undefined;
  exemptAmounts?: number | undefined;
  zeroRateAmount?: number | undefined;
  discount?: number | undefined;
  giftCardAmount?: number | undefined;
  purchaseType?: number | undefined;
  controlCode?: string | undefined;
}

export interface FieldIssue {
  field: string;
  rule: string;
  message: string;
}

export type Checked = { ok: true; value: PurchaseData } | { ok: false; problems: FieldIssue[] };

const AMOUNT_FIELDS: readonly [keyof PurchaseAmounts, keyof PurchaseFields][] = [
  ['total', 'totalPurchaseAmount'],
  ['ice', 'iceAmount'],
  ['iehd', 'iehdAmount'],
  ['ipj', 'ipjAmount'],
  ['tasas', 'rates'],
  ['otroNoSujeto', 'otherNotSubjectToCredit'],
  ['exentos', 'exemptAmounts'],
  ['tasaCero', 'zeroRateAmount'],
  ['descuento', 'discount'],
  ['giftCard', 'giftCardAmount'],
];

/** XSD decimal totalDigits 14, fractionDigits 2: at most 12 integer digits. */
const MAX_AMOUNT_CENTS = 999_999_999_999_99;

/** Normalizes a date to yyyy-MM-ddTHH:mm:ss.SSS or returns null. */
export function normalizeEmissionDate(text: string): string | null {
  const t = text.trim();
  let y: string, mo: string, d: string, time = '00:00:00.000';
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/.exec(t);
  if (m) {
    [y, mo, d] = [m[1]!, m[2]!, m[3]!];
    if (m[4] !== undefined) time = `${m[4]}:${m[5]}:${m[6] ?? '00'}.${(m[7] ?? '').padEnd(3, '0')}`;
  } else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t))) {
    [d, mo, y] = [m[1]!.padStart(2, '0'), m[2]!.padStart(2, '0'), m[3]!];
  } else return null;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() + 1 !== Number(mo) || date.getUTCDate() !== Number(d)) return null;
  const [hh, mi, ss] = time.slice(0, 8).split(':').map(Number) as [number, number, number];
  if (hh > 23 || mi > 59 || ss > 59) return null;
  return `${y}-${mo}-${d}T${time}`;
}

/**
 * Checks and normalizes a purchase. The XSD is checked afterwards on the XML built from the
 * result (registro-xsd.ts); these checks come first so that the answer names the API's field.
 */
export function checkPurchase(f: PurchaseFields): Checked {
  const problems: FieldIssue[] = [];
  const bad = (field: string, rule: string, message: string) => problems.push({ field, rule, message });

  const nit = String(f.issuerNit ?? '').trim();
  if (!/^\d{1,13}$/.test(nit) || /^0+$/.test(nit)) bad('issuerNit', 'pattern', 'debe ser el NIT del proveedor: de 1 a 13 dígitos, distinto de 0');
  const name = String(f.issuerBusinessName ?? '').trim();
  if (name.length < 1 || name.length > 240) bad('issuerBusinessName', 'length', 'debe tener de 1 a 240 caracteres');
  const auth = String(f.authorizationCode ?? '').trim();
  if (auth.length < 1 || auth.length > 100 || auth === '0') bad('authorizationCode', 'length', 'debe tener de 1 a 100 caracteres y no ser 0 (CUF, número de autorización; 1 boleto aéreo, 3 DUI/DIM)');
  const number = String(f.invoiceNumber ?? '').trim().replace(/^0+(?=\d)/, '');
  // registroCompra.xsd: numeroFactura 1..99999999999999999999 (a DUI/DIM's 0 does not validate, PURCHASES.md §1.2).
  if (!/^\d{1,20}$/.test(number) || number === '0') bad('invoiceNumber', 'range', 'debe ser un número de 1 a 20 dígitos, mayor que 0');
  const dui = String(f.duiDimNumber ?? '0').trim() || '0';
  if (dui.length > 15) bad('duiDimNumber', 'length', 'debe tener de 1 a 15 caracteres (0 si es factura)');
  const fecha = normalizeEmissionDate(String(f.emissionDate ?? ''));
  if (!fecha) {
    const written = String(f.emissionDate ?? '').trim();
    // A date in a known shape that is not on the calendar (31/11) is named as such, not as a format.
    const shaped = /^\d{1,2}\/\d{1,2}\/\d{4}$|^\d{4}-\d{2}-\d{2}/.test(written);
    bad('emissionDate', 'format', shaped ? `la fecha ${written} no existe en el calendario: revise el día y el mes` : 'fecha inválida: escriba dd/mm/aaaa (por ejemplo 05/11/2026)');
  }
  const tipo = f.purchaseType ?? 1;
  if (!Number.isInteger(tipo) || !(tipo in TIPO_COMPRA)) bad('purchaseType', 'enum', 'tipoCompra debe ser 1, 2, 3, 4 o 5');
  const control = String(f.controlCode ?? '0').trim().toUpperCase() || '0';
  if (control.length > 17 || (control !== '0' && !/^[0-9A-F]{2}(-[0-9A-F]{2}){1,5}$/.test(control))) {
    bad('controlCode', 'pattern', 'código de control: pares hexadecimales separados por guiones (p. ej. 7B-F3-48-A8), o 0 si no tiene');
  }

  const amounts = {} as PurchaseAmounts;
  for (const [key, field] of AMOUNT_FIELDS) {
    const raw = f[field];
    const value = raw === undefined || raw === null ? 0 : (raw as number);
    const cents = typeof value === 'number' ? toHundredths(value) : null;
    if (cents === null || cents > MAX_AMOUNT_CENTS) bad(field, 'amount', 'debe ser un importe de 0 o más, con hasta 12 enteros y 2 decimales');
    amounts[key] = cents ?? 0;
  }
  if (problems.some((p) => p.field === 'totalPurchaseAmount') === false && amounts.total <= 0) bad('totalPurchaseAmount', 'exclusiveMinimum', 'el importe total de la compra debe ser mayor que 0');
  const rcv = computeRcv(amounts);
  if (problems.length === 0 && rcv.subtotal < 0) {
    bad('totalPurchaseAmount', 'subtotal', 'ICE, IEHD, IPJ, tasas, no sujeto, exentos y tasa cero suman más que el importe total: el subtotal sería negativo');
  }
  if (problems.length === 0 && rcv.base < 0) bad('discount', 'base', 'descuento y gift card suman más que el subtotal: la base del crédito fiscal sería negativa');

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      nitEmisor: nit.replace(/^0+/, ''),
      razonSocialEmisor: name,
      codigoAutorizacion: auth,
      numeroFactura: number,
      numeroDuiDim: dui,
      fechaEmision: fecha!,
      amounts,
      rcv,
      tipoCompra: tipo,
      codigoControl: control,
    },
  };
}
