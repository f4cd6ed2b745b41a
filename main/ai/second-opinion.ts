// The intent classifier's second opinion on the lexical answer (issue 31, decision 0104): the
// hand-set rules' choice, which the learnt answer rule (answer-rule.ts, decision 0105) reads as one
// of its features, and the answer when the corpus ships no rule for its classifier. The
// lexical ranking and its calibrated confidence choose a card as before; the classifier, which
// learnt from ~2,500 store questions, then: refuses it when it thinks no card answers the question
// (OUT_OF_SCOPE at SECOND_OPINION.out or more); swaps it for the card it puts SECOND_OPINION.lead
// or more ahead, when that one fits too, else refuses; and, when no card fits, vouches for the card
// it gives SECOND_OPINION.intent or more, if the lexical ranking has it with a confidence of
// SECOND_OPINION.confidence or more (its title meeting the question, its codes too). A card the
// embedding model vouches for keeps its place. Chosen on the bank by folds, the tuning set and the
// read held-in sets 4–13 together (never a blind set): against the lexical answer alone, right
// answers 836 → 881, 317 → 323 and 495 → 504, wrong ones 99 → 101, 3 → 2 and 2 → 2. Pure.
// Runs in: engine.

/** What the second opinion reads of a hit (assistant.ts' AssistantHit). */
export interface OpinionHit {
  tipo: 'ficha' | 'pasaje';
  confianza: number | null;
  intencion: number | null;
  intencionVentaja: number;
  fueraDeAlcance: number;
}

export const SECOND_OPINION = { lead: 0.6, out: 0.7, intent: 0.5, confidence: 0.3 };

/**
 * The answer's first card, or undefined for a refusal. `fitting`: the cards that fit, best first;
 * `candidates`: every first place that could answer if it fitted; `byModel`: the embedding model vouches.
 */
export function secondOpinion<H extends OpinionHit>(fitting: H[], candidates: H[], byModel: (h: H) => boolean): H | undefined {
  const o = SECOND_OPINION;
  const best = fitting[0];
  if (best) {
    if (best.tipo !== 'ficha' || best.intencion === null || byModel(best)) return best;
    if (best.fueraDeAlcance >= o.out) return undefined;
    if (best.intencionVentaja >= -o.lead) return best;
    return fitting.find((h) => h.intencionVentaja > 0);
  }
  const vouched = candidates.filter((h) => h.tipo === 'ficha' && (h.intencion ?? 0) >= o.intent && (h.confianza ?? 0) >= o.confidence);
  return vouched.sort((a, b) => b.intencion! - a.intencion!)[0];
}
