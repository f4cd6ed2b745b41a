// The codes a question names (IVA, IT, CUFD, 99003 …) and whether it lists them one after the
// other, which the assistant answers card by card (assistant.ts; decisions 0081–0100).
// Runs in: engine.
import { ACRONYMS, queryTerms } from './query-terms';

/** The codes a store names by their letters (query-terms.ts' two-letter acronyms and the longer ones). */
export const CODE_WORDS: ReadonlySet<string> = new Set([...ACRONYMS, 'iva', 'nit', 'cuf', 'cufd', 'cuis', 'cafc', 'rcv', 'cex']);
/** A code a store names: an acronym of CODE_WORDS or a number of 3 digits or more (99003, 1013). */
export const isCode = (w: string) => CODE_WORDS.has(w) || /^\d{3,}$/.test(w);

/** The codes a question names that an answering card must meet (IVA, IT, CUFD, 99003 …). */
export const questionCodes = (question: string) => queryTerms(question).filter((w) => CODE_WORDS.has(w) || /^9900\d$/.test(w));

/**
 * The card a code's own questions go to: what the code is. A question that names two of them and
 * whose answer is one's card asks about both («cuanto es iva y cuanto es it», «cuf y cufd son lo
 * mismo?»): the other's card joins the answer (assistant.ts; decision 0107).
 */
const CODE_HOME: ReadonlyMap<string, string> = new Map([
  ['iva', 'iva-13-incluido'],
  ['it', 'it-3-transacciones'],
  ['cuf', 'cuf-que-es'],
  ['cufd', 'cufd-que-es'],
  ['cuis', 'cuis-que-es'],
  ['cafc', 'cafc-que-es'],
  ['rcv', 'rcv-libros-compras-ventas'],
]);

/** The own cards (that `has`) of the codes a question names, once each. */
export const codeHomes = (codes: readonly string[], has: (id: string) => boolean) => [...new Set(codes.map((c) => CODE_HOME.get(c)).filter((id): id is string => id !== undefined && has(id)))];

/** Words that may stand between two codes of a list: "99001, 99002 y 99003", "el IVA y el IT". */
const LIST_JOINERS: ReadonlySet<string> = new Set(['y', 'e', 'o', 'u', 'vs', 'con', 'el', 'la', 'los', 'las', 'del']);

/** Does the question list two codes one after the other ("99001 y 99002"), not just name two ("el PV 2 no tiene CUFD")? */
export function listsCodes(ws: string[], isCode: (w: string) => boolean): boolean {
  let last = -1;
  for (let i = 0; i < ws.length; i++) {
    if (!isCode(ws[i]!)) continue;
    if (last >= 0 && ws.slice(last + 1, i).every((w) => LIST_JOINERS.has(w))) return true;
    last = i;
  }
  return false;
}

