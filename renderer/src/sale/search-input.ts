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
