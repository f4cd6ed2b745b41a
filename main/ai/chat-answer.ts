// The chat's answer, composed only of sentences quoted verbatim from the passages the search
// found, each with its source ("Según <fuente> …"). Nothing is generated: with no corpus, or no
// passage that covers the question, the answer says so plainly and quotes nothing — a wrong
// "regulation" is worse than none for a cashier deciding what to do. Pure.
// Runs in: engine.
import { baseTitle } from './passages';
import { requiredMatches, termsFound, words } from './query-terms';

export interface AnswerPassage {
  fuente: string;
  titulo: string;
  texto: string;
}

export type ChatOutcome = 'answered' | 'no-corpus' | 'no-terms' | 'no-match';

export interface ChatAnswer {
  outcome: ChatOutcome;
  texto: string;
  /** The sources quoted, in order. */
  fuentes: string[];
}

/** At most this many passages are quoted, and this many sentences of each. */
const MAX_PASSAGES = 3;
const MAX_SENTENCES = 2;
const MAX_QUOTE_CHARS = 600;

export const NO_CORPUS_ANSWER =
  'No hay normativa instalada en este equipo, así que no puedo responder con citas. El administrador puede copiar archivos ' +
  '.txt o .md con la normativa en la carpeta configurada en KIPU_AI_CORPUS_DIR (por defecto, «normativa» dentro de la carpeta ' +
  'de datos de Kipu) y reiniciar Kipu para que se indexen.';

export function noTermsAnswer(): string {
  return 'La pregunta no tiene palabras que se puedan buscar en la normativa. Escriba de qué trata, por ejemplo: «plazo para anular una factura».';
}

export function noMatchAnswer(question: string): string {
  return (
    `No encontré en la normativa instalada un pasaje que responda a «${clip(question.trim(), 200)}». ` +
    'No invento texto normativo: reformule la pregunta con las palabras que usaría la norma (por ejemplo «anulación», ' +
    '«contingencia», «plazo») o consulte la normativa vigente del SIN.'
  );
}

function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`;
}

/** Sentences of a passage: cut after . ; : ! ? and at line ends (list items). */
export function sentences(texto: string): string[] {
  return texto
    .split(/(?<=[.;:!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => words(s).length > 0);
}

/** The sentences of a passage that carry the most query terms, in their original order. */
export function extract(texto: string, terms: readonly string[]): string {
  const all = sentences(texto);
  const scored = all.map((s, i) => ({ s, i, n: termsFound(terms, s).length }));
  let chosen = scored
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .slice(0, MAX_SENTENCES)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s);
  // The terms may sit in the heading only: quote the passage's opening instead.
  if (chosen.length === 0) chosen = all.slice(0, MAX_SENTENCES);
  return clip(chosen.join(' '), MAX_QUOTE_CHARS);
}

/**
 * The answer to `question` from `ranked` (best first, as the search returned them). A passage is
 * quoted only if it (with its heading) contains enough of the question's terms (requiredMatches).
 */
export function composeAnswer(question: string, terms: readonly string[], ranked: readonly AnswerPassage[], corpusAvailable: boolean): ChatAnswer {
  if (!corpusAvailable) return { outcome: 'no-corpus', texto: NO_CORPUS_ANSWER, fuentes: [] };
  if (terms.length === 0) return { outcome: 'no-terms', texto: noTermsAnswer(), fuentes: [] };
  const need = requiredMatches(terms.length);
  const usable = ranked.filter((p) => termsFound(terms, `${p.titulo}\n${p.texto}`).length >= need).slice(0, MAX_PASSAGES);
  if (usable.length === 0) return { outcome: 'no-match', texto: noMatchAnswer(question), fuentes: [] };

  const quotes = usable.map((p) => {
    const where = p.titulo && p.titulo !== baseTitle(p.fuente) ? `${p.fuente} (${p.titulo})` : p.fuente;
    return `Según ${where}: «${extract(p.texto, terms)}»`;
  });
  const texto = [
    'Esto dice la normativa instalada sobre su pregunta (citas textuales encontradas por coincidencia de palabras):',
    ...quotes,
    'Kipu no interpreta ni completa la norma: lea el pasaje completo en la fuente antes de decidir.',
  ].join('\n\n');
  return { outcome: 'answered', texto, fuentes: [...new Set(usable.map((p) => p.fuente))] };
}
