// A question that lists codes or acronyms (issue 31, decisions 0081–0098): one card per code. Moved
// out of assistant.ts whole (session 17), with the constants both use. Pure.
// Runs in: engine.
import { normalizeWord, queryTerms, words } from './query-terms';
import { isCode, listsCodes } from './question-codes';

export const MIN_PART_SIMILARITY = 0.3;
export const MAX_CARDS = 3;
/** How far apart two of retrieval.ts' rounded shares (4 decimals, summed or divided) may be and still be equal. */
export const ROUNDING = 1e-3;
/** A question mostly in words no card knows ("¿cuántos empleados puedo contratar?") is about something else, whatever one word matches: refused. */
export const MAX_UNKNOWN_SHARE = 0.6;

/** What the choice reads of a hit (assistant.ts' AssistantHit). */
export interface CodeHit {
  tipo: string;
  similitud: number;
  desconocidas: number;
  cobertura: number;
  coberturaTitulo: number;
  confianza: number | null;
  cubiertas: { word: string; share: number }[];
}

/**
 * A question that lists codes or acronyms ("diferencia entre 99001, 99002 y 99003", "¿el IVA y el
 * IT?") asks about each one: no card answers it whole, but one card per code does. The answer is
 * those cards when each meets its own code, resembles the question a little, and together they
 * meet every code of it; else null (a refusal).
 */
export function codesAnswer<H extends CodeHit>(question: string, hits: H[], fits: (h: H) => boolean): H[] | null {
  const codes = [...new Set(queryTerms(question).filter(isCode))];
  if (codes.length < 2 || !listsCodes(words(normalizeWord(question)), isCode)) return null;
  // Each code gets the card most about it: the one where it weighs most of what the card meets
  // (the IVA card for "IVA", not a card that names the IVA in passing), then the most confident.
  const eligible = hits.filter((h) => h.tipo === 'ficha' && h.similitud >= MIN_PART_SIMILARITY && h.desconocidas < MAX_UNKNOWN_SHARE);
  const chosen: H[] = [];
  for (const code of codes) {
    let pick: H | null = null;
    let focus = 0;
    // On a tie, the card whose title meets least besides this code is the one about it ("el IVA e
    // IT": the IT card, not the card whose title names both, on when they are due; decision 0081).
    const share = (h: H) => h.cubiertas.find((x) => x.word === code)?.share ?? 0;
    const titleElse = (h: H) => Math.max(0, h.coberturaTitulo - share(h));
    // What the card meets besides the question's other listed codes: a card that explains two of
    // them together ("Qué es el CUIS", which says how it differs from the CUFD) is no less about
    // this one (decision 0091: "diferencia entre cuis y cufd" got the two vigencia cards).
    const others = (h: H) => h.cubiertas.filter((x) => x.word !== code && codes.includes(x.word)).reduce((s, x) => s + x.share, 0);
    // Coverage and shares come rounded to 4 decimals each (retrieval.ts), so two focuses or titles
    // within ROUNDING are equal: 0,6134 − 0,2267 against a share of 0,3866 is a tie, not a loss
    // (decision 0093: the vigencia cards came back for "diferencia entre cuis y cufd" when a new
    // card moved the last decimal).
    for (const h of eligible) {
      const rest = h.cobertura - others(h);
      const f = rest > ROUNDING ? Math.min(1, share(h) / rest) : 0;
      const tie = pick !== null && Math.abs(f - focus) <= ROUNDING;
      const dt = tie ? titleElse(h) - titleElse(pick!) : 0;
      const better = tie ? dt < -ROUNDING || (Math.abs(dt) <= ROUNDING && (h.confianza ?? 0) > (pick!.confianza ?? 0)) : f > focus + ROUNDING;
      if (share(h) > 0 && (pick === null || better)) {
        pick = h;
        focus = f;
      }
    }
    // A card that fits the question by itself and meets this code alone of the listed ones comes
    // first, the most confident: it answers what the question asks of the code ("el cuis y el
    // cufd, cuánto dura cada uno": each vigencia card, not the "qué es" cards, which meet the
    // code with nothing else the question asks; decision 0098).
    const alone = eligible.filter((h) => share(h) > 0 && others(h) <= ROUNDING && fits(h)).sort((a, b) => (b.confianza ?? 0) - (a.confianza ?? 0));
    if (alone.length > 0) pick = alone[0]!;
    if (!pick) return null;
    if (!chosen.includes(pick)) chosen.push(pick);
  }
  return chosen.length >= 2 && chosen.length <= MAX_CARDS ? chosen : null;
}
