// How likely a card is a right answer to a question (issue 31: the old rank-fusion number was the
// same 0.18 for a fitting and an unfitting top hit). From what retrieval measured for the card:
// coverage (the share of the question's words, weighted by rarity, the card meets directly or
// through the thesaurus), similarity (letter trigrams against the card's title and own questions)
// and whether the fusion ranked it first. Logistic (Platt) fit on every (question, card) pair of
// the top 6 of the tuning questions (test/fixtures/ai/tuning-questions.ts) and the older evaluation
// set (test/unit/ai/evaluation-set.ts): 928 pairs, 155 right. Never fit on the held-in set, which
// only checks it (test/unit/ai/held-in.test.ts). Refit when the cards or the retrieval change
// (docs/decisions/0075-assistant-calibrated-refusal.md says how). Pure.
// Runs in: engine.

const W = { bias: -5.943, coverage: 2.875, similarity: 2.524, both: 2.235, first: 3.091 } as const;

/** Probability (0–1, two decimals) that the card answers the question. */
export function cardConfidence(coverage: number, similarity: number, rankedFirst: boolean): number {
  const z = W.bias + W.coverage * coverage + W.similarity * similarity + W.both * coverage * similarity + (rankedFirst ? W.first : 0);
  return Number((1 / (1 + Math.exp(-z))).toFixed(2));
}
