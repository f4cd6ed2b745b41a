// From a question in Spanish to the terms of a lexical (BM25) search. This is word matching, not
// understanding: stopwords are dropped and each word is cut to a crude stem searched as a prefix,
// so "anular", "anulación" and "anulaciones" meet, and "envío" finds "enviar". No model, no
// dictionary download (the tills run offline). Pure.
// Runs in: engine.

/** Spanish function words and question words that carry no search meaning. */
const STOPWORDS = new Set(
  (
    'a al algo algun alguna algunas alguno algunos ante antes aqui asi aun cada como con contra cual cuales cualquier cuando cuanta cuantas ' +
    'cuanto cuantos de debe deben debo del desde donde dos e el ella ellas ello ellos en entre era eran es esa esas ese eso esos esta estan ' +
    'estar estas este esto estos fue fueron ha hace hacer hacerlo han hasta hay la las le les lo los mas me mi mis mucho muy nada ni no nos ' +
    'nosotros o os otra otras otro otros para pero poco por porque puede pueden puedo que quien quienes se segun ser si sido sin sobre son ' +
    'su sus tal tambien tan tanto te tiene tienen tengo ti tu tus un una unas uno unos usted ustedes y ya yo'
  ).split(' '),
);

const MAX_TERMS = 12;
const MIN_STEM = 3;

/** Lower case without accents: "Anulación" → "anulacion" (as the index's unicode61 remove_diacritics 2 sees it). */
export function normalizeWord(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a text, normalized. */
export function words(text: string): string[] {
  return (normalizeWord(text).match(/[\p{L}\p{N}]+/gu) ?? []) as string[];
}

/**
 * A light Spanish stem: -ción/-ciones, plurals, a final vowel and infinitive endings are cut,
 * never below 3 letters. "contingencias" → "contingenci", "paquetes" → "paquet", "enviar" → "envi".
 */
export function stem(word: string): string {
  if (/^\d+$/.test(word)) return word;
  let w = word;
  const cut = (n: number) => {
    if (w.length - n >= MIN_STEM) w = w.slice(0, -n);
  };
  if (w.length > 6 && w.endsWith('ciones')) cut(6);
  else if (w.length > 5 && w.endsWith('cion')) cut(4);
  else if (w.length > 5 && w.endsWith('es')) cut(2);
  else if (w.length > 4 && w.endsWith('s')) cut(1);
  if (w.length > 5 && /(ar|er|ir)$/.test(w)) cut(2);
  else if (w.length > 4 && /[aeio]$/.test(w)) cut(1);
  return w;
}

/** The distinct search stems of a question, in order, at most MAX_TERMS. */
export function queryTerms(question: string): string[] {
  const out: string[] = [];
  for (const w of words(question)) {
    if (STOPWORDS.has(w)) continue;
    if (w.length < 3 && !/^\d+$/.test(w)) continue;
    const s = stem(w);
    if (!out.includes(s)) out.push(s);
    if (out.length === MAX_TERMS) break;
  }
  return out;
}

/** FTS5 MATCH expression: any of the stems (as prefixes; numbers exactly), ranked by BM25. */
export function matchExpression(terms: readonly string[]): string {
  // Terms are [\p{L}\p{N}]+ only, so quoting cannot be broken out of.
  return terms.map((t) => (/^\d+$/.test(t) ? `"${t}"` : `"${t}"*`)).join(' OR ');
}

/** How many of the stems occur in a text (a word starting with the stem; a number exactly). */
export function termsFound(terms: readonly string[], text: string): string[] {
  const ws = new Set(words(text));
  return terms.filter((t) => {
    if (/^\d+$/.test(t)) return ws.has(t);
    for (const w of ws) if (w.startsWith(t)) return true;
    return false;
  });
}

/**
 * Stems a passage must contain before the chat quotes it: 1 of 1, 2 of 2 or 3, 3 of 4 or 5 …
 * (60 %, rounded up). A passage that shares one common word with a long question is not an answer.
 */
export function requiredMatches(termCount: number): number {
  return Math.max(1, Math.ceil(termCount * 0.6));
}
