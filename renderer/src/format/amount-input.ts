// Parses what a cashier types for amounts and quantities into integer hundredths.
// es-BO writes 1.234,50, but the numeric keypad's decimal key often yields "." — so a single
// "." is a decimal point unless it is followed by exactly three digits (1.500 = mil quinientos).
import type { Cents, Hundredths } from '../../../shared/money';

function normalise(text: string): string | null {
  let t = text.trim().replace(/\s/g, '').replace(/^Bs\.?/i, '');
  if (t === '') return null;
  const hasDot = t.includes('.');
  const hasComma = t.includes(',');
  if (hasDot && hasComma) {
    const lastDot = t.lastIndexOf('.');
    const lastComma = t.lastIndexOf(',');
    if (lastComma > lastDot) t = t.replace(/\./g, '').replace(',', '.');
    else t = t.replace(/,/g, '');
  } else if (hasComma) {
    if ((t.match(/,/g) ?? []).length > 1) return null;
    t = t.replace(',', '.');
  } else if (hasDot) {
    if (/^\d{1,3}(\.\d{3})+$/.test(t)) t = t.replace(/\./g, '');
    else if ((t.match(/\./g) ?? []).length > 1) return null;
  }
  return /^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(t) ? t : null;
}

function toHundredthsText(t: string): number | null {
  const [whole = '0', frac = ''] = t.split('.');
  const n = Number(whole || '0') * 100 + Number(frac.padEnd(2, '0') || '0');
  return Number.isSafeInteger(n) ? n : null;
}

/** "1.234,50" → 123450; "" or garbage → null. Zero is allowed. */
export function parseAmount(text: string): Cents | null {
  const t = normalise(text);
  return t === null ? null : toHundredthsText(t);
}

/** Quantity in hundredths of a unit, > 0 ("2,5" → 250). */
export function parseQuantity(text: string): Hundredths | null {
  const n = parseAmount(text);
  return n === null || n <= 0 ? null : n;
}

/** 250 → "2,5"; 300 → "3"; 125 → "1,25" (quantities without trailing zeros). */
export function formatQuantity(q: Hundredths): string {
  const whole = Math.trunc(q / 100);
  const frac = q % 100;
  if (frac === 0) return String(whole);
  return `${whole},${frac.toString().padStart(2, '0').replace(/0$/, '')}`;
}

/** Cents as the plain text an input shows for editing: 123450 → "1234,50". */
export function amountInputText(n: Cents): string {
  return `${Math.trunc(n / 100)},${(n % 100).toString().padStart(2, '0')}`;
}
