// The total written in words for the printed representation ("Son: Cien 50/100 Bolivianos"),
// Spanish as used in Bolivia: cardinal words, then the centavos as a fraction of 100.
import type { Cents } from '../../shared/money';

const UNITS = [
  'cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve',
  'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve',
  'veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve',
];
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const HUNDREDS = ['', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos', 'ochocientos', 'novecientos'];

/** 1..999. `apocope` shortens a final "uno" before a noun: "veintiún mil", "un millón". */
function below1000(n: number, apocope: boolean): string {
  if (n === 100) return 'cien';
  const h = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (h > 0) parts.push(HUNDREDS[h]!);
  if (rest > 0) {
    let words: string;
    if (rest < 30) words = UNITS[rest]!;
    else {
      const u = rest % 10;
      words = TENS[Math.floor(rest / 10)]! + (u > 0 ? ` y ${UNITS[u]}` : '');
    }
    if (apocope) {
      if (words === 'uno') words = 'un';
      else if (words === 'veintiuno') words = 'veintiún';
      else if (words.endsWith(' y uno')) words = `${words.slice(0, -3)}un`;
    }
    parts.push(words);
  }
  return parts.join(' ');
}

/** 0..999 999 (thousands and units). `apocope` applies to the last word. */
function below1e6(n: number, apocope: boolean): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  // "mil", not "un mil"; "veintiún mil", "ciento un mil".
  if (thousands === 1) parts.push('mil');
  else if (thousands > 1) parts.push(`${below1000(thousands, true)} mil`);
  if (rest > 0) parts.push(below1000(rest, apocope));
  return parts.join(' ');
}

/** Long scale as in Spanish: millón = 10^6, billón = 10^12 ("mil millones" = 10^9). */
function integerInWords(n: number): string {
  if (n === 0) return 'cero';
  const billions = Math.floor(n / 1e12);
  const millions = Math.floor((n % 1e12) / 1e6);
  const rest = n % 1e6;
  const parts: string[] = [];
  if (billions > 0) parts.push(billions === 1 ? 'un billón' : `${below1e6(billions, true)} billones`);
  if (millions > 0) parts.push(millions === 1 ? 'un millón' : `${below1e6(millions, true)} millones`);
  if (rest > 0) parts.push(below1e6(rest, false));
  return parts.join(' ');
}

/** 10050 → "Cien 50/100 Bolivianos". Amounts are integer centavos (shared/money.ts). */
export function amountInWords(cents: Cents, currency = 'Bolivianos'): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError('amountInWords expects non-negative integer cents');
  const whole = Math.floor(cents / 100);
  const words = integerInWords(whole);
  const fraction = (cents % 100).toString().padStart(2, '0');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} ${fraction}/100 ${currency}`;
}
