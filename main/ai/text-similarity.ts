// Character-level closeness of words and texts, for retrieval (retrieval.ts): trigram sets and
// their Dice coefficient (spelling and word forms the stemmer misses), and whether two words are
// one typing mistake apart. Pure.
// Runs in: engine.
import { contentWords } from './query-terms';

/** Word-padded character trigrams of the content words of a text. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of contentWords(text)) {
    const p = ` ${w} `;
    for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
  }
  return out;
}

/** Dice's coefficient of two trigram sets (0–1). */
export function dice(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let n = 0;
  for (const g of a) if (b.has(g)) n++;
  return (2 * n) / (a.size + b.size);
}

/** Are two different words one edit apart (Damerau: change, insert, delete, or swap two neighbours)? */
export function oneEdit(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.length === b.length) {
    const diff: number[] = [];
    for (let i = 0; i < a.length && diff.length < 3; i++) if (a[i] !== b[i]) diff.push(i);
    if (diff.length === 1) return true;
    return diff.length === 2 && diff[1] === diff[0]! + 1 && a[diff[0]!] === b[diff[1]!] && a[diff[1]!] === b[diff[0]!];
  }
  const [s, l] = a.length < b.length ? [a, b] : [b, a];
  if (l.length - s.length !== 1) return false;
  let i = 0;
  while (i < s.length && s[i] === l[i]) i++;
  return s.slice(i) === l.slice(i + 1);
}
