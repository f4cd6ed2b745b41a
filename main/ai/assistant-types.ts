// The assistant's results as plain data (assistant.ts answers them; chat-answer.ts, the API and the
// till's panel read them): types only, out of assistant.ts for its length.
// Runs in: engine.
import type { ErrorResolution } from './siat-error-guide';

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
  /** The question's words this hit meets, with their share of the question (retrieval.ts). */
  cubiertas: { word: string; share: number }[];
  /** Share of the question in words no card or passage knows. */
  desconocidas: number;
  /** Its BM25 over the best BM25 of the question's first places (0–1). */
  bm25Relativo: number;
  /** Share of the question its title alone meets (retrieval.ts' headCoverage): what the card is about, not a word its rule names in passing. */
  coberturaTitulo: number;
  /** Share of the question its title and own questions alone meet (retrieval.ts' shortCoverage). */
  coberturaPreguntas: number;
  /** The intent classifier's probability that the question is about this card (intent-classifier.ts); null for a passage. */
  intencion: number | null;
  /** The classifier's probability of this card less that of the likeliest other class (−1–1; 0 for a passage). */
  intencionVentaja: number;
  /** The classifier's probability that the question is about nothing a card answers (the same for every hit). */
  fueraDeAlcance: number;
  /**
   * How likely this card is a right answer (0–1), read from a table calibrated on the tuning set
   * (confidence.ts); null for an administrator's passage, which the calibration never saw.
   */
  confianza: number | null;
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
  | {
      tipo: 'ficha' | 'pasaje';
      /** The best answer (the first of `respuestas`). */
      hit: AssistantHit;
      /** Every card the answer is composed of, best first (one, or up to three when the question asks about several things). */
      respuestas: AssistantHit[];
      cercanas: AssistantHit[];
    }
  | { tipo: 'guia'; codigo: number; guia: ErrorResolution; cercanas: AssistantHit[] }
  | { tipo: 'sin-respuesta'; cercanas: AssistantHit[]; /** Topics Kipu knows it has no card for (thesaurus' fueraDeAlcance), when the question names one. */ fueraDeAlcance: string[] }
  | { tipo: 'sin-palabras'; cercanas: AssistantHit[] };
