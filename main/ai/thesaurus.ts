// The domain thesaurus (resources/ai/thesaurus.json, versioned): maps the words of the till to the
// words of the rules ("se cayó el internet" → contingencia; "boleta" → factura; "talonario" →
// CAFC). A question is expanded with the words its phrases map to; retrieval.ts weighs them less
// than the question's own words. An entry may hold only together with other words: "internet" is
// an outage only next to "se cayó", "sin", "no hay"… (an ISP asking which invoice to issue is not
// in a contingency; issue 31). It also lists topics Kipu knows it has no card for (other taxes,
// other countries' invoicing): a question about one of them is refused, not answered with a card
// about something else. Pure apart from loading the file.
// Runs in: engine.
import { readFileSync } from 'node:fs';
import { normalizeWord, STOPWORDS, words } from './query-terms';

export interface ThesaurusEntry {
  /** The normalized words the phrase adds. */
  adds: string[];
  /** Normalized phrases of which one must also be in the text; null = always. */
  when: string[] | null;
  /**
   * The phrase's words stand for what it adds and no longer for themselves: "no da nit" is a sale
   * without a document, not a question about the NIT (the `negaciones` of thesaurus.json).
   */
  replaces: boolean;
}

export interface Thesaurus {
  version: string;
  /** Normalized phrase ("a mano") → what it adds and when. */
  entries: Map<string, ThesaurusEntry>;
  /** Normalized phrase ("iue", "regimen simplificado") → the topic Kipu has no card for (es-BO, for the answer). */
  outOfScope: Map<string, string>;
}

/** Normalized words, with an enclitic pronoun cut off an infinitive ("deshacerla" → "deshacer"). */
function norm(s: string): string {
  return words(normalizeWord(s))
    .map((w) => w.replace(/^(.{3,}[aei]r)(la|lo|las|los|le|les|me|se|nos)$/, '$1'))
    .join(' ');
}

const isWordList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Words that may stand between a negation and the word it negates: "no da su nit", "sin el carnet". */
const NEGATED_FILLERS = ['', 'su ', 'el ', 'la ', 'sus ', 'los ', 'las ', 'ningun ', 'ninguna '];

export function parseThesaurus(json: string): Thesaurus {
  const raw = JSON.parse(json) as { version?: unknown; entries?: unknown; fueraDeAlcance?: unknown; negaciones?: unknown };
  if (typeof raw.version !== 'string' || !raw.version) throw new Error('thesaurus.json: falta «version»');
  if (!raw.entries || typeof raw.entries !== 'object') throw new Error('thesaurus.json: falta «entries»');
  const entries = new Map<string, ThesaurusEntry>();
  for (const [k, v] of Object.entries(raw.entries as Record<string, unknown>)) {
    let adds: unknown = v;
    let when: unknown = null;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      ({ agrega: adds, si: when } = v as { agrega?: unknown; si?: unknown });
      if (!isWordList(when) || when.length === 0) throw new Error(`thesaurus.json: «${k}».si debe ser una lista de palabras no vacía`);
    }
    if (!isWordList(adds)) throw new Error(`thesaurus.json: «${k}» debe ser una lista de palabras, o { agrega, si }`);
    const key = norm(k);
    if (key) entries.set(key, { adds: adds.map(norm).filter(Boolean), when: when === null ? null : (when as string[]).map(norm).filter(Boolean), replaces: false });
  }
  // A concept said by negating a word ("sin documento": "no da su nit", "ni carnet", "sin CI"):
  // each negation before each word is a phrase that stands for the concept instead of the word.
  if (raw.negaciones !== undefined) {
    if (!raw.negaciones || typeof raw.negaciones !== 'object') throw new Error('thesaurus.json: «negaciones» debe ser un objeto');
    for (const [k, v] of Object.entries(raw.negaciones as Record<string, unknown>)) {
      const { niegan, palabras, agrega } = (v ?? {}) as { niegan?: unknown; palabras?: unknown; agrega?: unknown };
      if (!isWordList(niegan) || niegan.length === 0 || !isWordList(palabras) || palabras.length === 0 || !isWordList(agrega) || agrega.length === 0) {
        throw new Error(`thesaurus.json: negaciones «${k}» debe tener listas no vacías «niegan», «palabras» y «agrega»`);
      }
      const adds = agrega.map(norm).filter(Boolean);
      for (const n of niegan.map(norm)) {
        for (const w of palabras.map(norm)) for (const f of NEGATED_FILLERS) entries.set(`${n} ${f}${w}`, { adds, when: null, replaces: true });
      }
    }
  }
  const outOfScope = new Map<string, string>();
  if (raw.fueraDeAlcance !== undefined) {
    if (!raw.fueraDeAlcance || typeof raw.fueraDeAlcance !== 'object') throw new Error('thesaurus.json: «fueraDeAlcance» debe ser un objeto');
    for (const [k, v] of Object.entries(raw.fueraDeAlcance as Record<string, unknown>)) {
      if (typeof v !== 'string' || !v) throw new Error(`thesaurus.json: fueraDeAlcance «${k}» debe nombrar el tema`);
      const key = norm(k);
      if (key) outOfScope.set(key, v);
    }
  }
  return { version: raw.version, entries, outOfScope };
}

export function loadThesaurus(file: string): Thesaurus {
  return parseThesaurus(readFileSync(file, 'utf8'));
}

const has = (padded: string, phrase: string) => padded.includes(` ${phrase} `);

/**
 * A word without its gender and number, for matching phrases only: "chiquitas" → "chiquito";
 * "pensiones" → "pension"; "hospitales" → "hospital"; "duran" → "duro", as "dura". An entry written for one form holds for the
 * others (issue 31: "ventas chicas" did not hold for "venta chica"). Function words keep their
 * form: "cuánto" (how much) is not "cuántos" (how many). Words of 3 letters or less stay as they
 * are ("sin", "mas", "luz").
 */
export function fold(word: string): string {
  if (word.length < 4 || STOPWORDS.has(word)) return word;
  const plural = /^(.{3,}[lrndz])es$/.exec(word);
  if (plural) return plural[1]!;
  // A verb's plural is its singular ("duran", "vencen" → "dura", "vence"), as a noun's is (decision 0098).
  return word.replace(/^(.{3,}[ae])n$/, '$1').replace(/s$/, '').replace(/a$/, 'o');
}

const folded = (normalized: string) => normalized.split(' ').map(fold).join(' ');

/** Each thesaurus' phrases and companions folded once (a question is matched against all of them). */
const foldedForms = new WeakMap<Thesaurus, { phrase: string; match: string; when: string[] | null; entry: ThesaurusEntry }[]>();

function matchForms(thesaurus: Thesaurus) {
  let forms = foldedForms.get(thesaurus);
  if (!forms) {
    forms = [...thesaurus.entries].map(([phrase, entry]) => ({ phrase, match: folded(phrase), when: entry.when?.map(folded) ?? null, entry }));
    foldedForms.set(thesaurus, forms);
  }
  return forms;
}

/** The entries whose phrase occurs in a text as whole words (and, for a conditional one, with one of its companions), in any gender or number, with the words each adds. */
export function expand(thesaurus: Thesaurus, text: string): { phrase: string; adds: string[]; replaces: boolean }[] {
  const padded = ` ${folded(norm(text))} `;
  const out: { phrase: string; adds: string[]; replaces: boolean }[] = [];
  for (const f of matchForms(thesaurus)) {
    if (has(padded, f.match) && (f.when === null || f.when.some((w) => has(padded, w)))) out.push({ phrase: f.phrase, adds: f.entry.adds, replaces: f.entry.replaces });
  }
  return out;
}

/**
 * The text with each word a one-word entry maps (and holds for) replaced by what it maps to
 * ("boleta" → "factura"), except the words `keep` keeps (ones the cards use as themselves: "vendo"
 * stays, or every card titled "venta de …" would resemble a question that merely sells something);
 * null when no word changes. Retrieval compares the cards with it too (decision 0093).
 */
export function reword(thesaurus: Thesaurus, text: string, keep: (word: string) => boolean): string | null {
  const map = new Map<string, string>();
  for (const { phrase, adds, replaces } of expand(thesaurus, text)) if (!replaces && !phrase.includes(' ')) map.set(phrase, adds.join(' '));
  if (map.size === 0) return null;
  const ws = words(text);
  const out = ws.map((w) => (keep(w) ? w : (map.get(w) ?? map.get(fold(w)) ?? w)));
  return out.join(' ') === ws.join(' ') ? null : out.join(' ');
}

/**
 * "impuesto a / al / sobre / por …" names a tax; the cards know two, the IVA and the IT. A question
 * naming a tax without naming either is about one Kipu has no card for ("impuesto a la herencia").
 */
const NAMED_TAX = / impuestos? (?:a|al|sobre|por|para|en) /;
const KNOWN_TAX = / (?:iva|it|transacciones|valor agregado|debito fiscal|credito fiscal) /;
export const OTHER_TAX = 'otros impuestos (Kipu tiene fichas del IVA y del IT)';

/** The topics outside Kipu's cards that a text names, in the thesaurus' words (es-BO). */
export function outOfScopeTopics(thesaurus: Thesaurus, text: string): string[] {
  const padded = ` ${norm(text)} `;
  const foldedText = ` ${folded(norm(text))} `;
  const out: string[] = [];
  for (const [phrase, topic] of thesaurus.outOfScope) if (has(foldedText, folded(phrase)) && !out.includes(topic)) out.push(topic);
  if (out.length === 0 && NAMED_TAX.test(padded) && !KNOWN_TAX.test(padded)) out.push(OTHER_TAX);
  return out;
}
