// The search box understands a quantity prefix, as POS keyboards do: "3*7750123456789"
// adds three units of that code; "2,5*" followed by a scan adds 2,5 units.
import type { Hundredths } from '../../../shared/money';
import { parseQuantity } from '../format/amount-input';

export interface ParsedSearch {
  /** Quantity prefix, if typed ("3*"). */
  quantity: Hundredths | null;
  /** What remains: a code, a barcode or words of the description. */
  term: string;
  /** A "*" was typed but the number before it is not a valid quantity. */
  badQuantity: boolean;
}

export function parseSearchInput(text: string): ParsedSearch {
  // Split at the first "*" by hand: the regex that did it backtracked on long runs of spaces.
  const star = text.indexOf('*');
  if (star < 0) return { quantity: null, term: text.trim(), badQuantity: false };
  const q = parseQuantity(text.slice(0, star).trim());
  return { quantity: q, term: text.slice(star + 1).trim(), badQuantity: q === null };
}

/** Looks like a code or barcode (no spaces, has a digit): try the exact lookup first. */
export function looksLikeCode(term: string): boolean {
  return /^[0-9A-Za-z\-_./+]+$/.test(term) && /\d/.test(term);
}

/**
 * A scan into the search field: `code` is the scanner's burst, `text` the field with it. A
 * quantity typed by hand before it («3*») applies to it; other text typed before it («acei») is
 * the person's and stays in the field. Null when the field does not end with the burst (the
 * caret was in the middle): the field is read whole, as typing.
 */
export function splitScan(text: string, code: string): { quantity: Hundredths | null; badQuantity: boolean; kept: string } | null {
  if (!code || !text.endsWith(code)) return null;
  const before = text.slice(0, text.length - code.length);
  if (!before.trimEnd().endsWith('*')) return { quantity: null, badQuantity: false, kept: before };
  const q = parseSearchInput(before);
  return { quantity: q.quantity, badQuantity: q.badQuantity || q.term !== '', kept: '' };
}
