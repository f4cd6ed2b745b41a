// Compra-venta totals exactly as SIAT recomputes them (CONTRACT.md §3.7, sector 1), in integer
// hundredths (shared/money.ts) and HALF-UP per line before summing (CONTRACT.md §3.3).
import { divide, multiply, type Cents, type Hundredths } from '../../shared/money';

export interface TotalsLineInput {
  quantity: Hundredths;
  unitPrice: Cents;
  discount: Cents;
}

export interface TotalsInput {
  lines: TotalsLineInput[];
  additionalDiscount: Cents;
  giftCard: Cents;
  exchangeRate: Hundredths;
  /** A line may be given away whole (sector 35, bonificaciones): subTotal 0 is allowed. */
  allowZeroSubtotal?: boolean;
  /** The sector has no tax base (tasa cero, export, zona franca): montoTotalSujetoIva is 0. */
  zeroTaxBase?: boolean;
  /** montoTotalSujetoIva must be > 0 (the sector's official XSD: servicios básicos, alquiler). */
  positiveTaxBase?: boolean;
  /**
   * The sector's own header amounts that montoTotal adds to the lines (fees of servicios
   * básicos, the financial lease, montoTotalIj; layout rules.totals.addedToTotal).
   */
  addedToTotal?: Cents;
  /** The part of montoTotal outside the IVA base (layout rules.totals.notSubjectToIva). */
  notSubjectToIva?: Cents;
  /**
   * Export (sector 3): the lines and `addedToTotal` (national and international costs) are in
   * the invoice's currency; montoTotalMoneda is their sum and montoTotal = montoTotalMoneda ×
   * tipoCambio, HALF-UP to cents (decision 0047).
   */
  currencyLines?: boolean;
}

export interface TotalsError {
  /** Request path of the offending value, e.g. 'details[2].amountDiscount'. */
  field: string;
  /** Stable rule id for programs; `message` is for people. */
  rule: TotalsRule;
  /** Spanish, for the cashier or the integrator. */
  message: string;
}

export type TotalsRule =
  | 'LINES_COUNT'
  | 'NOT_AN_AMOUNT'
  | 'QUANTITY_NOT_POSITIVE'
  | 'UNIT_PRICE_NOT_POSITIVE'
  | 'SUBTOTAL_NOT_POSITIVE'
  | 'TOTAL_NOT_POSITIVE'
  | 'GIFT_CARD_EXCEEDS_TOTAL'
  | 'EXCHANGE_RATE_NOT_POSITIVE'
  | 'TOTAL_CURRENCY_NOT_POSITIVE'
  | 'AMOUNT_TOO_LARGE'
  | 'TAX_BASE_NEGATIVE'
  | 'TAX_BASE_NOT_POSITIVE';

export interface Totals {
  ok: true;
  lines: { subTotal: Cents }[];
  sumSubTotals: Cents;
  montoTotal: Cents;
  montoTotalSujetoIva: Cents;
  montoTotalMoneda: Cents;
}

export type TotalsResult = Totals | { ok: false; errors: TotalsError[] };

/** XSD: detalle minOccurs 1, maxOccurs 500 (CONTRACT.md §9.1). Central holds replicas to it too. */
export const MAX_LINES = 500;
/** XSD dec(17,2) has room for more, but beyond 2^53 hundredths the arithmetic is not exact. */
const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

const isNonNegativeInt = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/**
 * subTotal = cantidad × precioUnitario − montoDescuento (1018); montoTotal = Σ subTotal −
 * descuentoAdicional + the sector's added header amounts (1013); montoTotalSujetoIva =
 * montoTotal − montoGiftCard − the amounts outside the IVA base (1015/1058); montoTotalMoneda =
 * montoTotal / tipoCambio (1014). Export turns the last one around (`currencyLines`). All checked
 * before SIAT sees them, and against the XSD bounds (subTotal, montoTotal, montoTotalMoneda > 0;
 * sujeto IVA ≥ 0).
 */
export function computeTotals(input: TotalsInput): TotalsResult {
  const errors: TotalsError[] = [];
  const err = (field: string, rule: TotalsRule, message: string): void => {
    errors.push({ field, rule, message });
  };

  if (input.lines.length < 1 || input.lines.length > MAX_LINES) {
    err('details', 'LINES_COUNT', `La factura debe tener entre 1 y ${MAX_LINES} líneas de detalle.`);
  }

  const lines: { subTotal: Cents }[] = [];
  let sum = 0;
  input.lines.forEach((line, i) => {
    const at = `details[${i}]`;
    let lineOk = true;
    if (!isNonNegativeInt(line.quantity) || line.quantity === 0) {
      err(`${at}.quantity`, 'QUANTITY_NOT_POSITIVE', `Línea ${i + 1}: la cantidad debe ser mayor que cero (máximo 2 decimales).`);
      lineOk = false;
    }
    if (!isNonNegativeInt(line.unitPrice) || line.unitPrice === 0) {
      err(`${at}.unitPrice`, 'UNIT_PRICE_NOT_POSITIVE', `Línea ${i + 1}: el precio unitario debe ser mayor que cero (máximo 2 decimales).`);
      lineOk = false;
    }
    if (!isNonNegativeInt(line.discount)) {
      err(`${at}.amountDiscount`, 'NOT_AN_AMOUNT', `Línea ${i + 1}: el descuento debe ser un monto positivo o cero con 2 decimales.`);
      lineOk = false;
    }
    if (!lineOk) {
      lines.push({ subTotal: 0 });
      return;
    }
    const gross = multiply(line.quantity, line.unitPrice);
    const subTotal = gross - line.discount;
    if (gross > MAX_AMOUNT) {
      err(`${at}.quantity`, 'AMOUNT_TOO_LARGE', `Línea ${i + 1}: el importe es demasiado grande.`);
    } else if (subTotal < 0 || (subTotal === 0 && !input.allowZeroSubtotal)) {
      err(
        `${at}.amountDiscount`,
        'SUBTOTAL_NOT_POSITIVE',
        `Línea ${i + 1}: el descuento deja el subtotal en cero o negativo; el subtotal debe ser mayor que cero.`,
      );
    }
    lines.push({ subTotal });
    sum += subTotal;
  });

  if (!isNonNegativeInt(input.additionalDiscount)) {
    err('additionalDiscount', 'NOT_AN_AMOUNT', 'El descuento adicional debe ser un monto positivo o cero con 2 decimales.');
  }
  if (!isNonNegativeInt(input.giftCard)) {
    err('giftCard', 'NOT_AN_AMOUNT', 'El monto pagado con gift card debe ser positivo o cero con 2 decimales.');
  }
  if (!isNonNegativeInt(input.exchangeRate) || input.exchangeRate === 0) {
    err('exchangeRate', 'EXCHANGE_RATE_NOT_POSITIVE', 'El tipo de cambio debe ser mayor que cero (máximo 2 decimales).');
  }
  if (errors.length > 0) return { ok: false, errors };

  const added = input.addedToTotal ?? 0;
  const outsideBase = input.notSubjectToIva ?? 0;
  if (sum + added > MAX_AMOUNT) return { ok: false, errors: [{ field: 'details', rule: 'AMOUNT_TOO_LARGE', message: 'El total de la factura es demasiado grande.' }] };

  let montoTotal: Cents;
  let montoTotalMoneda: Cents;
  if (input.currencyLines) {
    // Export: the goods and costs are priced in the invoice's currency (decision 0047).
    montoTotalMoneda = sum + added;
    montoTotal = multiply(input.exchangeRate, montoTotalMoneda);
    if (montoTotal > MAX_AMOUNT) return { ok: false, errors: [{ field: 'exchangeRate', rule: 'AMOUNT_TOO_LARGE', message: 'El total de la factura en bolivianos es demasiado grande.' }] };
  } else {
    montoTotal = sum - input.additionalDiscount + added;
    if (montoTotal <= 0) {
      err('additionalDiscount', 'TOTAL_NOT_POSITIVE', 'El descuento adicional deja el total de la factura en cero o negativo; el total debe ser mayor que cero.');
      return { ok: false, errors };
    }
    montoTotalMoneda = divide(montoTotal, input.exchangeRate);
  }
  if (input.giftCard > montoTotal) {
    err('giftCard', 'GIFT_CARD_EXCEEDS_TOTAL', 'El monto pagado con gift card no puede ser mayor que el total de la factura.');
  }
  if (montoTotalMoneda <= 0 || montoTotal <= 0) {
    err('exchangeRate', 'TOTAL_CURRENCY_NOT_POSITIVE', 'Con este tipo de cambio el total en la moneda de la factura redondea a cero.');
  }
  const montoTotalSujetoIva = input.zeroTaxBase ? 0 : montoTotal - input.giftCard - outsideBase;
  if (montoTotalSujetoIva < 0 && input.giftCard <= montoTotal) {
    err('giftCard', 'TAX_BASE_NEGATIVE', 'El gift card y los montos no sujetos a IVA superan el total: el importe base para crédito fiscal quedaría negativo.');
  } else if (montoTotalSujetoIva === 0 && input.positiveTaxBase) {
    err(input.additionalDiscount > 0 ? 'additionalDiscount' : 'details', 'TAX_BASE_NOT_POSITIVE', 'En este documento sector el importe base para crédito fiscal (montoTotalSujetoIva) debe ser mayor que cero: los montos no sujetos a IVA no pueden cubrir todo el total.');
  }
  if (errors.length > 0) return { ok: false, errors };

  return { ok: true, lines, sumSubTotals: sum, montoTotal, montoTotalSujetoIva, montoTotalMoneda };
}
