// The rule cards Kipu ships (resources/ai/corpus): short rules written by us in Spanish, each with
// its SIN reference, a "vigente al" date and the questions a cashier or a manager asks about it.
// The corpus is versioned as a whole (manifest.json): a Kipu update ships a new version and the
// engine loads it instead of the old one; nothing of the previous version survives.
// Card format (markdown, one card per "## id" block):
//   ## anulacion-plazo
//   titulo: …        ref: …        vigente: AAAA-MM-DD
//   regla: … (may continue on the following lines)
//   p: a question   (3 to 6 of them)
// A rule may say {{sector:N}}: filled in at load with whether Kipu issues sector N (sector-status.ts).
// The question bank (manifest "banco", files under preguntas/): more questions in a store's words
// per card, written from the card's rule by people who never saw the held-in sets (issue 31,
// decision 0104); what the intent classifier learns from (intent-classifier.ts), never indexed
// for the lexical ranking nor shown. Its block "## fuera-de-alcance" holds near-domain questions no
// card answers (the classifier's class of its own). A question may be followed by a line
//   +: otra-ficha, otra-mas
// naming the other cards that answer it as well (judged by people who read the cards; decision 0106):
// what the classifier and the answer rule learn as right too, instead of counting them wrong.
// Runs in: engine.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fillTemplates } from './sector-status';
import { OUT_OF_SCOPE, type IntentModel } from './intent-model';
import { loadIntentModel } from './intent-model-file';
import { shippedAnswerRule, type AnswerRule } from './answer-rule';

export const COLLECTION_NORMATIVAS = 'normativas';
export const COLLECTION_CONTINGENCIAS = 'contingencias';
const SHIPPED_COLLECTIONS = [COLLECTION_NORMATIVAS, COLLECTION_CONTINGENCIAS] as const;

export interface RuleCard {
  id: string;
  coleccion: string;
  /** File of the corpus the card comes from ("normativas/plazos.md"). */
  archivo: string;
  titulo: string;
  regla: string;
  /** Where the rule can be checked (RND and article, or the SIN's page). */
  referencia: string;
  /** ISO date (AAAA-MM-DD): the rule as Kipu last reviewed it against its sources. */
  vigenteAl: string;
  preguntas: string[];
  /** The question bank's questions for this card (the classifier learns from them; never shown); none without a bank. */
  banco: string[];
  /** A bank question of this card → the other cards that answer it as well (its "+:" line); absent: none. */
  bancoTambien?: ReadonlyMap<string, readonly string[]>;
}

/** The cards that answer a bank question of `card`: the card, then those of its "+:" line. */
export const bankAnswers = (card: RuleCard, question: string): string[] => [card.id, ...(card.bancoTambien?.get(question) ?? [])];

export interface ShippedCorpus {
  version: string;
  cards: RuleCard[];
  /** The bank's near-domain questions no card answers. */
  fueraDeAlcance: string[];
  /**
   * The shipped intent classifier (manifest "intenciones") with the digest of what it was trained on;
   * null when the manifest names none or its file is missing; undefined in a corpus made by hand (a
   * test's), whose classifier is trained from its examples (intent-classifier.ts' intentModelFor).
   */
  intenciones?: { model: IntentModel; digest: string } | null;
  /** The learnt answer rule (manifest "reglaRespuesta", answer-rule.ts); null or undefined: none. */
  reglaRespuesta?: AnswerRule | null;
}

const MAX_BANK_QUESTION = 400;

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const KEYS = new Set(['titulo', 'ref', 'vigente', 'regla', 'p']);

/** Parses one card file. Throws on a malformed card, naming the file and the card. */
export function parseCards(archivo: string, coleccion: string, text: string): RuleCard[] {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').replace(/<!--[\s\S]*?-->/g, '');
  const blocks = body.split(/^## /m).slice(1);
  const cards: RuleCard[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    const id = lines.shift()!.trim();
    const fail = (why: string): never => {
      throw new Error(`${archivo}: ficha «${id}»: ${why}`);
    };
    if (!ID.test(id)) fail('el identificador debe ser minúsculas, dígitos y guiones');
    const fields: Record<string, string> = {};
    const preguntas: string[] = [];
    let last: string | null = null;
    for (const raw of lines) {
      const line = raw.trim();
      if (!line) continue;
      const m = /^([a-z]+):(.*)$/.exec(line);
      if (m && KEYS.has(m[1]!)) {
        last = m[1]!;
        const value = m[2]!.trimStart();
        if (last === 'p') preguntas.push(value);
        else if (fields[last] !== undefined) fail(`campo «${last}» repetido`);
        else fields[last] = value;
      } else if (last === 'regla') {
        // The rule may span several lines (the contingencias cards list who does what).
        fields.regla = `${fields.regla}\n${line}`;
      } else {
        fail(`línea fuera de un campo: «${line.slice(0, 40)}»`);
      }
    }
    for (const k of ['titulo', 'ref', 'vigente', 'regla']) if (!fields[k]?.trim()) fail(`falta «${k}»`);
    if (!DATE.test(fields.vigente!) || Number.isNaN(Date.parse(fields.vigente!))) fail('«vigente» debe ser una fecha AAAA-MM-DD');
    if (preguntas.length < 3 || preguntas.length > 6) fail(`debe tener de 3 a 6 preguntas (tiene ${preguntas.length})`);
    let regla: string;
    try {
      regla = fillTemplates(fields.regla!.trim());
    } catch (err) {
      return fail((err as Error).message);
    }
    if (/\{\{|\}\}/.test(regla)) fail('plantilla sin cerrar');
    cards.push({
      id,
      coleccion,
      archivo,
      titulo: fields.titulo!.trim(),
      regla,
      referencia: fields.ref!.trim(),
      vigenteAl: fields.vigente!,
      preguntas,
      banco: [],
    });
  }
  return cards;
}

export interface BankQuestion {
  q: string;
  /** The other cards its "+:" line names. */
  tambien: string[];
}

/** Parses one question-bank file: card id → its questions. Throws on a malformed block, naming the file and the block. */
export function parseBank(archivo: string, text: string): Map<string, BankQuestion[]> {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').replace(/<!--[\s\S]*?-->/g, '');
  const out = new Map<string, BankQuestion[]>();
  for (const block of body.split(/^## /m).slice(1)) {
    const lines = block.split('\n');
    const id = lines.shift()!.trim();
    const fail = (why: string): never => {
      throw new Error(`${archivo}: bloque «${id}»: ${why}`);
    };
    if (!ID.test(id)) fail('el identificador debe ser minúsculas, dígitos y guiones');
    if (out.has(id)) fail('bloque repetido');
    const questions: BankQuestion[] = [];
    for (const raw of lines) {
      const line = raw.trim();
      if (!line) continue;
      const also = /^\+:(.*)$/.exec(line);
      if (also) {
        const last = questions.at(-1);
        if (!last || last.tambien.length > 0) fail(`«+:» sin una pregunta antes: «${line.slice(0, 40)}»`);
        last!.tambien = also[1]!.split(',').map((x) => x.trim());
        if (last!.tambien.some((x) => !ID.test(x) || x === id)) fail(`«+:» debe nombrar otras fichas por su identificador: «${line.slice(0, 60)}»`);
        continue;
      }
      const m = /^p:(.*)$/.exec(line);
      if (!m) fail(`línea fuera de una pregunta: «${line.slice(0, 40)}»`);
      const q = m![1]!.trim();
      if (!q || q.length > MAX_BANK_QUESTION) fail(`pregunta vacía o de más de ${MAX_BANK_QUESTION} caracteres`);
      questions.push({ q, tambien: [] });
    }
    if (questions.length === 0) fail('sin preguntas');
    out.set(id, questions);
  }
  return out;
}

interface Manifest {
  version: string;
  collections: Record<string, string[]>;
  banco?: string[];
  intenciones?: string;
  reglaRespuesta?: string;
}

const safePath = (archivo: string) => {
  if (archivo.includes('..')) throw new Error(`manifest.json: ruta no permitida «${archivo}»`);
  return archivo.split('/');
};

/** Loads the corpus of `dir` (its manifest.json and the files it lists). Throws when anything is malformed. */
export function loadShippedCorpus(dir: string): ShippedCorpus {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  if (typeof manifest.version !== 'string' || !manifest.version) throw new Error('manifest.json: falta «version»');
  const cards: RuleCard[] = [];
  const seen = new Set<string>();
  for (const [coleccion, files] of Object.entries(manifest.collections ?? {})) {
    if (!(SHIPPED_COLLECTIONS as readonly string[]).includes(coleccion)) throw new Error(`manifest.json: colección desconocida «${coleccion}»`);
    for (const archivo of files) {
      for (const c of parseCards(archivo, coleccion, readFileSync(join(dir, ...safePath(archivo)), 'utf8'))) {
        if (seen.has(c.id)) throw new Error(`${archivo}: ficha «${c.id}» repetida`);
        seen.add(c.id);
        cards.push(c);
      }
    }
  }
  const byId = new Map(cards.map((c) => [c.id, c]));
  const fueraDeAlcance: string[] = [];
  for (const archivo of manifest.banco ?? []) {
    for (const [id, questions] of parseBank(archivo, readFileSync(join(dir, ...safePath(archivo)), 'utf8'))) {
      const card = byId.get(id);
      if (id !== OUT_OF_SCOPE && !card) throw new Error(`${archivo}: el banco nombra la ficha «${id}», que no existe`);
      for (const { q, tambien } of questions) {
        if (tambien.length > 0 && (!card || tambien.some((x) => !byId.has(x)))) throw new Error(`${archivo}: «${q.slice(0, 40)}»: «+:» nombra una ficha que no existe o está fuera de una ficha`);
        if (!card) fueraDeAlcance.push(q);
        else {
          card.banco.push(q);
          if (tambien.length > 0) {
            const also = card.bancoTambien instanceof Map ? card.bancoTambien : new Map<string, readonly string[]>();
            card.bancoTambien = also.set(q, tambien);
          }
        }
      }
    }
  }
  const intenciones = manifest.intenciones && existsSync(join(dir, ...safePath(manifest.intenciones))) ? loadIntentModel(join(dir, ...safePath(manifest.intenciones))) : null;
  const reglaRespuesta = manifest.reglaRespuesta && existsSync(join(dir, ...safePath(manifest.reglaRespuesta))) ? shippedAnswerRule(readFileSync(join(dir, ...safePath(manifest.reglaRespuesta)), 'utf8')) : null;
  return { version: manifest.version, cards, fueraDeAlcance, intenciones, reglaRespuesta };
}
