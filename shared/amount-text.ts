// An amount written in a file a store hands in (a CSV or a text cell of an XLSX), read only as it
// was written. Two conventions meet here: the SIN's templates write 1,234.56 (PURCHASES.md §3:
// comma for thousands, point for decimals), a spreadsheet saved in an es-BO locale writes
// 1.234,56 (and separates its CSV columns with ';'). The till's own fields read what a person
// types (renderer/src/format/amount-input.ts, decision 0052); this reads what a file says
// (decision 0102).
import type { Cents } from './money';

/** The mark a file uses for decimals: '.' in the SIN's templates, ',' in an es-BO spreadsheet. */
export type DecimalMark = '.' | ',';

export type AmountText = { cents: Cents } | { error: 'invalid' | 'ambiguous' };

/**
 * "1.234,56" and "1,234.56" are 123456 whatever the file's convention (the last mark is the
 * decimal one, the other groups thousands); "10,5" and "12.50" are decimals (one or two digits
 * after a lone mark cannot be a thousands group); a lone mark before exactly three digits is the
 * one case the convention decides: the file's thousands mark groups ("1,500" in the SIN's
 * template, "1.500" in an es-BO one: mil quinientos), while the file's decimal mark there would be
 * three decimals, not an amount of 14.2 — "ambiguous", never read as 1,5 or as 1500 by guess.
 */
export function parseAmountText(text: string, decimal: DecimalMark): AmountText {
  const t = text.replace(/\s/g, '');
  if (!/^\d[\d.,]*$/.test(t)) return { error: 'invalid' };
  const group = decimal === '.' ? ',' : '.';
  const at = Math.max(t.lastIndexOf('.'), t.lastIndexOf(','));
  if (at < 0) return cents(t, '');
  const mark = t[at]!;
  const head = t.slice(0, at);
  const tail = t.slice(at + 1);
  if (!/^\d+$/.test(tail)) return { error: 'invalid' };
  const headMarks = head.replace(/\d/g, '');
  if (headMarks === '') {
    // A lone mark.
    if (tail.length <= 2) return cents(head, tail);
    if (tail.length !== 3) return { error: 'invalid' };
    if (mark === decimal) return { error: 'ambiguous' };
    return head.length <= 3 ? cents(head + tail, '') : { error: 'invalid' };
  }
  const other = mark === '.' ? ',' : '.';
  if (!grouped(head, headMarks[0]!)) return { error: 'invalid' };
  // 1.234,56 or 1,234.56: the marks before the last group thousands, the last one is decimal.
  if (headMarks[0] === other && tail.length <= 2) return cents(head.split(other).join(''), tail);
  // 1.234.567 / 1,234,567: every mark groups, so they must be the file's thousands mark.
  if (headMarks[0] === mark && mark === group && tail.length === 3) return cents(head.split(mark).join('') + tail, '');
  return { error: 'invalid' };
}

/** Digits in groups of three after the first one to three, split by `mark` only. */
function grouped(head: string, mark: string): boolean {
  const parts = head.split(mark);
  return parts.every((p, i) => /^\d+$/.test(p) && (i === 0 ? p.length <= 3 : p.length === 3));
}

function cents(whole: string, frac: string): AmountText {
  const n = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(n) ? { cents: n } : { error: 'invalid' };
}

/** What to tell the person who wrote an amount the reading refused. */
export function amountTextProblem(text: string, error: 'invalid' | 'ambiguous', decimal: DecimalMark): string {
  if (error === 'invalid') return `«${text}» no es un importe`;
  const [whole = '', frac = ''] = text.trim().split(decimal);
  return `«${text}» puede leerse de dos maneras: escriba ${whole}${frac} (sin separador de miles) o ${whole}${decimal}${frac.slice(0, 2)} (con dos decimales)`;
}
