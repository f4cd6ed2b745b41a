// The assistant's knowledge: the rule cards Kipu ships (normativas, contingencias), the texts the
// administrator installs (a third collection) and the retrieval index over both. It answers with
// the best card whole, with its reference and date; a SIAT code in the question goes to the error
// guide; when nothing fits it says so and names the nearest cards. It never writes a rule.
// Runs in: engine.
import type { ErrorResolution } from './siat-error-guide';
import { guidanceFor, resolveSiatError } from './siat-error-guide';
import { RetrievalIndex, type IndexDoc, type RankedHit } from './retrieval';
import type { RuleCard, ShippedCorpus } from './rule-cards';
import { COLLECTION_CONTINGENCIAS, COLLECTION_NORMATIVAS } from './rule-cards';
import type { Thesaurus } from './thesaurus';
import { siatCodeIn } from './siat-code-in-question';
import { queryTerms } from './query-terms';

/** The administrator's texts (KIPU_AI_CORPUS_DIR): a collection of its own, next to the shipped ones. */
export const COLLECTION_ADMIN = 'administrador';

export interface AdminPassage {
  path: string;
  seq: number;
  titulo: string;
  texto: string;
}

export interface AssistantHit {
  tipo: 'ficha' | 'pasaje';
  coleccion: string;
  /** The card's id, or "<file>#<n>" for a passage. */
  id: string;
  titulo: string;
  texto: string;
  fuente: string;
  referencia: string | null;
  vigenteAl: string | null;
  puntaje: number;
  cobertura: number;
  similitud: number;
  /** Cosine similarity with the question by the embedding model; null without one. */
  semejanza: number | null;
}

/** The embedding index: one unit vector per text of a document (rows of `matrix`, owner = document). */
export interface DenseVectors {
  dims: number;
  matrix: Float32Array;
  owner: Int32Array;
  /** Cosine from which the model's best hit answers by itself (the model's manifest). */
  minCosine: number;
}

/** A text the embedding model must see, and the document (index position) it stands for. */
export interface EmbeddingText {
  doc: number;
  text: string;
}

export type AskResult =
  | { tipo: 'ficha' | 'pasaje'; hit: AssistantHit; cercanas: AssistantHit[] }
  | { tipo: 'guia'; codigo: number; guia: ErrorResolution; cercanas: AssistantHit[] }
  | { tipo: 'sin-respuesta'; cercanas: AssistantHit[] }
  | { tipo: 'sin-palabras'; cercanas: AssistantHit[] };

/**
 * A hit answers the question when it covers most of its words (directly or through the thesaurus)
 * or is close to one of a card's questions letter by letter. Calibrated on the evaluation set
 * (test/unit/ai/evaluation.test.ts), including questions that nothing in the corpus answers.
 */
const MIN_COVERAGE = 0.5;
const MIN_SIMILARITY = 0.45;
/** Neither alone, but both fairly high: a paraphrase that shares some words and some letters. */
const MIN_BOTH = 0.8;

export function answers(hit: { cobertura: number; similitud: number }): boolean {
  return hit.cobertura >= MIN_COVERAGE || hit.similitud >= MIN_SIMILARITY || hit.cobertura + hit.similitud >= MIN_BOTH;
}

const CARD_WEIGHTS = { titulo: 3, preguntas: 2, regla: 1, referencia: 0.5 };

export class Assistant {
  private readonly cards = new Map<string, RuleCard>();
  private readonly passages = new Map<string, AdminPassage>();
  private readonly index: RetrievalIndex;
  private readonly texts: EmbeddingText[] = [];
  private dense: DenseVectors | null = null;

  constructor(
    readonly shipped: ShippedCorpus,
    readonly thesaurus: Thesaurus,
    admin: readonly AdminPassage[],
  ) {
    const docs: IndexDoc[] = [];
    for (const c of shipped.cards) {
      this.cards.set(c.id, c);
      docs.push({
        key: c.id,
        fields: [
          { text: c.titulo, weight: CARD_WEIGHTS.titulo },
          { text: c.preguntas.join('\n'), weight: CARD_WEIGHTS.preguntas },
          { text: c.regla, weight: CARD_WEIGHTS.regla },
          { text: c.referencia, weight: CARD_WEIGHTS.referencia },
        ],
        short: [c.titulo, ...c.preguntas],
      });
      // The model compares the question with each of the card's questions, its title and its rule.
      for (const t of [c.titulo, ...c.preguntas, c.regla]) this.texts.push({ doc: docs.length - 1, text: t });
    }
    for (const p of admin) {
      const key = `${p.path}#${p.seq}`;
      this.passages.set(key, p);
      docs.push({ key, fields: [{ text: p.titulo, weight: 2 }, { text: p.texto, weight: 1 }], short: [], long: `${p.titulo}\n${p.texto}` });
      this.texts.push({ doc: docs.length - 1, text: `${p.titulo}\n${p.texto}` });
    }
    this.index = new RetrievalIndex(docs, thesaurus);
  }

  /** Card count per collection (the shipped ones always listed, the administrator's when it has passages). */
  collections(): { nombre: string; fichas: number }[] {
    const count = (c: string) => this.shipped.cards.filter((x) => x.coleccion === c).length;
    const out = [
      { nombre: COLLECTION_NORMATIVAS, fichas: count(COLLECTION_NORMATIVAS) },
      { nombre: COLLECTION_CONTINGENCIAS, fichas: count(COLLECTION_CONTINGENCIAS) },
    ];
    if (this.passages.size > 0) out.push({ nombre: COLLECTION_ADMIN, fichas: this.passages.size });
    return out;
  }

  /** What the embedding model must embed for the dense ranking. */
  embeddingTexts(): readonly EmbeddingText[] {
    return this.texts;
  }

  /** Loads (or, with null, drops) the embedding index; from then on a question's vector joins the ranking. */
  setDense(dense: DenseVectors | null): void {
    if (dense && (dense.owner.length * dense.dims !== dense.matrix.length || dense.owner.some((d) => d < 0 || d >= this.index.size))) {
      throw new Error('embedding index does not fit the documents');
    }
    this.dense = dense;
  }

  get denseLoaded(): boolean {
    return this.dense !== null;
  }

  /** Each document's best cosine similarity with the question's vector (−1 where it has none). */
  private denseScores(q: Float32Array): Float32Array | null {
    const d = this.dense;
    if (!d || q.length !== d.dims) return null;
    const out = new Float32Array(this.index.size).fill(-1);
    const { matrix, owner, dims } = d;
    // Four accumulators: about a quarter faster than one on V8 (10,000 passages × 384 dims ≈ 5 ms).
    const body = dims - (dims % 4);
    for (let row = 0; row < owner.length; row++) {
      let a0 = 0;
      let a1 = 0;
      let a2 = 0;
      let a3 = 0;
      const base = row * dims;
      for (let k = 0; k < body; k += 4) {
        a0 += matrix[base + k]! * q[k]!;
        a1 += matrix[base + k + 1]! * q[k + 1]!;
        a2 += matrix[base + k + 2]! * q[k + 2]!;
        a3 += matrix[base + k + 3]! * q[k + 3]!;
      }
      for (let k = body; k < dims; k++) a0 += matrix[base + k]! * q[k]!;
      const dot = a0 + a1 + a2 + a3;
      const doc = owner[row]!;
      if (dot > out[doc]!) out[doc] = dot;
    }
    return out;
  }

  /** Does the hit answer the question: the lexical rules, or the model's similarity when one is loaded. */
  fits(hit: AssistantHit): boolean {
    return answers(hit) || (this.dense !== null && hit.semejanza !== null && hit.semejanza >= this.dense.minCosine);
  }

  card(id: string): RuleCard | undefined {
    return this.cards.get(id);
  }

  private toHit(r: RankedHit): AssistantHit {
    const card = this.cards.get(r.key);
    const scores = { puntaje: r.score, cobertura: r.coverage, similitud: r.similarity, semejanza: r.dense };
    if (card) {
      return {
        tipo: 'ficha',
        coleccion: card.coleccion,
        id: card.id,
        titulo: card.titulo,
        texto: card.regla,
        fuente: `Kipu ${this.shipped.version} · ${card.archivo}`,
        referencia: card.referencia,
        vigenteAl: card.vigenteAl,
        ...scores,
      };
    }
    const p = this.passages.get(r.key)!;
    return { tipo: 'pasaje', coleccion: COLLECTION_ADMIN, id: r.key, titulo: p.titulo, texto: p.texto, fuente: p.path, referencia: null, vigenteAl: null, ...scores };
  }

  /** `queryVector`: the question's vector by the embedding model, when one is loaded. */
  search(question: string, limit: number, queryVector: Float32Array | null = null): AssistantHit[] {
    const dense = queryVector ? this.denseScores(queryVector) : null;
    return this.index.search(question, limit, dense).map((r) => this.toHit(r));
  }

  /** The answer to a question: the error guide for a SIAT code, else the best card or passage that fits, else nothing. */
  ask(question: string, syncedMessage: (code: number) => string | null = () => null, queryVector: Float32Array | null = null): AskResult {
    const hits = this.search(question, 4, queryVector);
    const code = siatCodeIn(question, (c) => guidanceFor(c) !== null);
    if (code !== null) {
      return { tipo: 'guia', codigo: code, guia: resolveSiatError({ codigoError: code }, syncedMessage), cercanas: hits.filter((h) => this.fits(h)).slice(0, 3) };
    }
    if (queryTerms(question).length === 0) return { tipo: 'sin-palabras', cercanas: [] };
    const best = hits[0];
    if (best && this.fits(best)) return { tipo: best.tipo, hit: best, cercanas: hits.slice(1, 4) };
    return { tipo: 'sin-respuesta', cercanas: hits.slice(0, 3) };
  }
}
