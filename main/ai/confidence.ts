// How likely a card is a right answer to a question (issue 31: the old rank-fusion number was the
// same 0.18 for a fitting and an unfitting top hit). From what retrieval measured for the card:
// coverage (the share of the question's words, weighted by rarity, the card meets directly or
// through the thesaurus), similarity (letter trigrams against the card's title and own questions),
// its BM25 against the best BM25 of the first places and how far it leads the others, how much of the question is in words no
// card knows, and how much of it the card's title alone meets (a card is about its title; one word
// its rule names in passing — "seguros (34)" in the sector list — is not what it answers).
// Logistic (Platt) fit on the (question, card) pairs of the two first places of the tuning questions
// (test/fixtures/ai/tuning-questions.ts) and the older evaluation set (test/unit/ai/evaluation-set.ts).
// Never fit on a held-in set, which only checks it (test/unit/ai/held-in.test.ts). Refit when the
// cards or the retrieval change: scripts/ai-fit-confidence.ts (docs/decisions/0075 and 0077). Pure.
// Runs in: engine.

export interface ConfidenceFeatures {
  coverage: number;
  similarity: number;
  /** The card's BM25 over the best BM25 of the question's first places (0–1). */
  bm25Share: number;
  /** bm25Share minus the best bm25Share of the other first places: how far the card stands out (−1–1). */
  bm25Lead: number;
  /** The fusion ranked it first. */
  first: boolean;
  /** Share of the question in words no card knows (the same for every card of a question). */
  unknownShare: number;
  /** Share of the question the card's title alone meets (0–1). */
  titleCoverage: number;
  /** Share of the question the card's title and own questions alone meet (0–1). */
  shortCoverage: number;
}

/**
 * Fitted on 2026-11-27 (decision 0077) before the last stemmer change; the refit after it
 * (scripts/ai-fit-confidence.ts) answered no better on the tuning set, so these stay.
 */
export const WEIGHTS = { bias: -6.629, coverage: -0.187, similarity: 11.058, both: -6.281, bm25Share: -0.018, unknownShare: -1.89, bm25Lead: 4.182, coverageBm25: 4.574, titleCoverage: 1.169, shortCoverage: 0.258, first: 0 };

/** Probability (0–1, two decimals) that the card answers the question. */
export function cardConfidence(f: ConfidenceFeatures, w: typeof WEIGHTS = WEIGHTS): number {
  const z = w.bias + w.coverage * f.coverage + w.similarity * f.similarity + w.both * f.coverage * f.similarity + w.bm25Share * f.bm25Share + w.unknownShare * f.unknownShare + w.bm25Lead * f.bm25Lead + w.coverageBm25 * f.coverage * f.bm25Share + w.titleCoverage * f.titleCoverage + w.shortCoverage * f.shortCoverage + (f.first ? w.first : 0);
  return Number((1 / (1 + Math.exp(-z))).toFixed(2));
}
