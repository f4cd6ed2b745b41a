// Money and quantities as integers of hundredths: no floating-point arithmetic on amounts
// (DESIGN.md, Data). SIAT wants 2 decimals on compra-venta amounts (XSD dec(17,2)) and
// rounds HALF-UP (CONTRACT.md §3.3).
import { groupDigits } from './count';

/** An amount in hundredths of the currency unit (centavos). Always a safe integer. */
export type Cents = number;
/** A quantity in hundredths of the unit (1.5 units = 150). */
export type Hundredths = number;

/** Largest amount we accept: 15 integer digits keep every product below 2^53. */
const MAX_HUNDREDTHS = 999_999_999_999_99;

/**
 * Converts a JSON number with at most 2 decimals into hundredths.
 * Returns null when the value is not finite, negative, or has more than 2 decimals.
 * Works on the shortest decimal text of the double, so 0.1 + 0.2-style noise is rejected
 * rather than silently rounded.
 */
export function toHundredths(value: number): Hundredths | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  const text = decimalText(value);
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const whole = m[1] ?? '0';
  const frac = (m[2] ?? '').padEnd(2, '0');
  const n = Number(whole) * 100 + Number(frac);
  if (!Number.isSafeInteger(n) || n > MAX_HUNDREDTHS) return null;
  return n;
}


function decimalText(value: number): string {
  // Number#toString switches to exponent form below 1e-6 and above 1e21.
  const s = String(value);
  if (!/e/i.test(s)) return s;
  // eslint-disable-next-line regexp/no-super-linear-move -- a number's own digits (toFixed: at most ~42 characters), never user text
  return value.toFixed(20).replace(/\.?0+$/, '');
}

/** Hundredths back to a JSON number with 2 decimals of precision. */
export function fromHundredths(n: Hundredths): number {
  return n / 100;
}

/** "1234.50": the plain decimal text SIAT's XML wants (dot separator, no grouping). */
export function formatDecimal(n: Hundredths): string {
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  const whole = Math.trunc(abs / 100);
  const frac = abs % 100;
  return `${sign}${whole}.${frac.toString().padStart(2, '0')}`;
}

/**
 * quantity × unit price, both in hundredths, rounded HALF-UP to cents.
 * The exact product is in ten-thousandths; BigInt keeps it exact for any accepted input.
 */
export function multiply(quantity: Hundredths, unitPrice: Cents): Cents {
  const exact = BigInt(quantity) * BigInt(unitPrice); // ten-thousandths
  const q = exact / 100n;
  const r = exact % 100n;
  return Number(r >= 50n ? q + 1n : q);
}

/** a ÷ b for amounts (e.g. total in currency = total / exchange rate), HALF-UP to cents. */
export function divide(amount: Cents, divisor: Hundredths): Cents {
  if (divisor <= 0) throw new RangeError('divisor must be > 0');
  const num = BigInt(amount) * 100n;
  const d = BigInt(divisor);
  const q = num / d;
  const r = num % d;
  return Number(r * 2n >= d ? q + 1n : q);
}

/** Bs 1.234,50 — how a person in Bolivia reads an amount (es-BO). */
export function formatBs(n: Cents): string {
  return `Bs ${formatAmountEs(n)}`;
}

/** 1.234,50 — thousands with dots, decimals with a comma (es-BO). */
export function formatAmountEs(n: Cents): string {
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  const whole = groupDigits(Math.trunc(abs / 100));
  return `${sign}${whole},${(abs % 100).toString().padStart(2, '0')}`;
}

/**
 * `percent` (in hundredths of a percent: 12,5 % = 1250) of an amount, HALF-UP to cents: a
 * discount typed as "10%" becomes an exact amount. BigInt keeps the product exact.
 */
export function percentOf(amount: Cents, percent: Hundredths): Cents {
  const exact = BigInt(amount) * BigInt(percent); // amount × percent / 10 000
  const q = exact / 10_000n;
  const r = exact % 10_000n;
  return Number(r * 2n >= 10_000n ? q + 1n : q);
}

/** The IVA rate (13 %) in hundredths of a percent, for `percentOf`. */
export const IVA_RATE: Hundredths = 13_00;

/**
 * 13 % of an amount, HALF-UP to cents: a book line's débito or crédito fiscal (the RCV templates'
 * `U = T × 0.13`, PURCHASES.md §3) and a month's (Ley 843 art. 7 and 8: the rate applies to the
 * period's summed amounts, README «Libros»). Negative amounts are the caller's to refuse.
 */
export function ivaOf(base: Cents): Cents {
  return percentOf(base, IVA_RATE);
}
