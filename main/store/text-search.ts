// Accent- and case-insensitive text search over SQLite's FTS5 trigram indexes with
// remove_diacritics (products 0006, invoices' client names 0021): "perez" finds "Pérez". The
// typed text split into words; words of 3+ characters go to the index as phrases (every one must
// appear), shorter ones have no trigram and are checked with LIKE on the rows.

export interface SearchWords {
  /** FTS5 MATCH text for the 3+ character words, null when there is none. */
  match: string | null;
  /** Words of 1–2 characters: LIKE '%w%' patterns, escaped for ESCAPE '\'. */
  shortPatterns: string[];
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function searchWords(term: string): SearchWords {
  const words = term.trim().split(/\s+/).filter((w) => w !== '');
  const long = words.filter((w) => [...w].length >= 3);
  const short = words.filter((w) => [...w].length < 3);
  return {
    // FTS5 phrase per word: "…" with inner quotes doubled.
    match: long.length > 0 ? long.map((w) => `"${w.replace(/"/g, '""')}"`).join(' ') : null,
    shortPatterns: short.map((w) => `%${escapeLike(w)}%`),
  };
}
