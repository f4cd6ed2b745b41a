// The learnt answer rule (issue 31, decision 0105): which card answers a question, or none, learnt
// from ~6,300 store questions of the question bank rather than set by hand. Two logistic models,
// trained by scripts/ai-train-answer-rule.ts on the bank by folds (each question read by a
// classifier that never saw it) into resources/ai/corpus/regla-respuesta.json:
// - the candidate model rates each candidate card — the lexical ranking's first places and the
//   classifier's likeliest cards — from what both say of it (confidence, coverage, likeness, place
//   in each ranking, the classifier's probability and lead, the hand-set rules' choice);
// - the answer model reads the best candidate's rating beside the second's, the classifier's "no
//   card" and the question's length, and gives the probability that the best candidate is right.
// Since decision 0106 the bank lists every card that answers a question ("+:"), and a candidate's
// "co-answer" weighs in: the likelihood that it answers, read from the classifier's likeliest cards
// and how often each of them shares its questions with the candidate in the bank.
// The best candidate answers when that probability reaches the rule's threshold (a lower one when
// the hand-set rules chose it too); else the hand-set rules' card when the candidate model rates it
// well enough (keep); else a refusal.
// A rule belongs to one classifier (its digest): with another, or with none, the assistant keeps
// the hand-set second opinion (second-opinion.ts). Pure.
// Runs in: engine.

/** One logistic model over standardized features (the first feature is the constant 1). */
export interface LogisticModel {
  mean: number[];
  scale: number[];
  weights: number[];
}

/** The rule file's format: 2 since the co-answer features (decision 0106). */
const FORMAT = 2;

export interface AnswerRule {
  format: typeof FORMAT;
  /** The digest of the intent classifier whose readings the rule learnt from (intent-model-file.ts). */
  classifier: string;
  candidate: LogisticModel;
  answer: LogisticModel;
  /** The answer model's probability from which the best candidate answers. */
  threshold: number;
  /**
   * ... and from which it answers when it is the hand-set rules' answer too (at most `threshold`):
   * the bank names one card per question, so the answer model underrates a card whose neighbour
   * would be right as well; the hand-set rules' agreement is evidence it does not weigh enough.
   */
  agree: number;
  /**
   * When its best candidate is another card and below `threshold`, the hand-set rules' card still
   * answers if the candidate model rates it this much (1: never). The rule's refusal of a card it
   * merely prefers a neighbour to («cómo anulo una factura»: the deadline card 0.44, the conditions
   * card 0.41) is a refusal of a plain question.
   */
  keep: number;
}

/** What the rule reads of a lexical hit (assistant.ts' AssistantHit, cards only). */
export interface RuleHit {
  id: string;
  confianza: number | null;
  cobertura: number;
  similitud: number;
  coberturaTitulo: number;
  coberturaPreguntas: number;
  desconocidas: number;
  bm25Relativo: number;
  intencion: number | null;
}

/** What the rule reads of the classifier: its likeliest cards (best first) and its "no card". */
export interface RuleReading {
  cards: { id: string; p: number }[];
  out: number;
}

export interface RuleCandidate {
  id: string;
  features: number[];
}

/** Card D → card C → the share of D's bank questions that C answers as well (its "+:" lines). */
export type CoAnswers = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** How often each card answers another card's bank questions, from the bank's "+:" lines. */
export function coAnswers(cards: readonly { id: string; banco: readonly string[]; bancoTambien?: ReadonlyMap<string, readonly string[]> }[]): CoAnswers {
  const out = new Map<string, Map<string, number>>();
  for (const d of cards) {
    const row = new Map<string, number>();
    for (const q of d.banco) for (const c of d.bancoTambien?.get(q) ?? []) row.set(c, (row.get(c) ?? 0) + 1 / d.banco.length);
    out.set(d.id, row);
  }
  return out;
}

/** The likelihood that card `id` answers: each likely card's probability times how often `id` answers its questions (1 for itself). */
const coAnswer = (id: string, reading: RuleReading, co: CoAnswers) => reading.cards.reduce((s, d) => s + d.p * (d.id === id ? 1 : (co.get(d.id)?.get(id) ?? 0)), 0);

/** The classifier's likeliest cards that join the lexical hits as candidates. */
const FROM_CLASSIFIER = 5;
/** A card the classifier does not rank among its likeliest stands this far down. */
const UNRANKED = 9;
const EPS = 1e-4;

/**
 * The candidates and their features. `hits`: the lexical ranking's cards, best first, with `fits`
 * (the hand-set confidence reaches the bar); `chosen`: the hand-set rules' answer, if any.
 */
export function ruleCandidates(hits: readonly (RuleHit & { fits: boolean })[], reading: RuleReading, chosen: string | null, co: CoAnswers): RuleCandidate[] {
  const ranked = reading.cards;
  const top = ranked[0]?.p ?? 0;
  const second = ranked[1]?.p ?? 0;
  const ids = [...hits.map((h) => h.id), ...ranked.slice(0, FROM_CLASSIFIER).map((c) => c.id).filter((id) => !hits.some((h) => h.id === id))];
  return ids.map((id) => {
    const rank = hits.findIndex((h) => h.id === id);
    const h = rank >= 0 ? hits[rank]! : null;
    const classRank = ranked.findIndex((c) => c.id === id);
    const p = h?.intencion ?? ranked[classRank]?.p ?? 0;
    const conf = h?.confianza ?? 0;
    const fits = h?.fits ? 1 : 0;
    const lexPlace = h ? 1 / (rank + 1) : 0;
    const classPlace = 1 / ((classRank >= 0 ? classRank : UNRANKED) + 1);
    const lead = p - (p >= top ? second : top);
    const shared = coAnswer(id, reading, co);
    const features = [
      1,
      conf,
      h?.cobertura ?? 0,
      h?.similitud ?? 0,
      h?.coberturaTitulo ?? 0,
      h?.coberturaPreguntas ?? 0,
      h?.desconocidas ?? 0,
      h?.bm25Relativo ?? 0,
      fits,
      h ? 1 : 0,
      lexPlace,
      p,
      Math.log(p + EPS),
      classPlace,
      lead,
      reading.out,
      top,
      id === chosen ? 1 : 0,
      p * conf,
      conf * conf,
      p * p,
      p * fits,
      conf * classPlace,
      p * lexPlace,
      classPlace === 1 && lexPlace === 1 ? 1 : 0,
      p * (1 - reading.out),
      shared,
      Math.log(shared + EPS),
      shared * fits,
    ];
    return { id, features };
  });
}

export function logistic(model: LogisticModel, x: readonly number[]): number {
  let z = 0;
  for (let i = 0; i < x.length; i++) z += ((x[i]! - model.mean[i]!) / model.scale[i]!) * model.weights[i]!;
  return 1 / (1 + Math.exp(-z));
}

/** The answer model's features: the best candidate's rating and the second's, and the question's length. */
export function answerFeatures(ratings: readonly number[], best: RuleCandidate, question: string): number[] {
  const sorted = [...ratings].sort((a, b) => b - a);
  const [s1 = 0, s2 = 0] = sorted;
  const f = best.features;
  const words = question.split(/\s+/).filter(Boolean).length;
  return [1, s1, s2, s1 - s2, Math.log(s1 + EPS), f[15]!, f[1]!, f[11]!, f[8]!, f[17]!, Math.min(words, 30) / 30, words <= 3 ? 1 : 0, f[26]!];
}

/** The rule's choice: the best candidate and the probability that it is right, or null without candidates. */
export function ruleChoice(rule: AnswerRule, candidates: readonly RuleCandidate[], question: string): { id: string; p: number; ratings: Map<string, number> } | null {
  if (candidates.length === 0) return null;
  const ratings = candidates.map((c) => logistic(rule.candidate, c.features));
  let best = 0;
  for (let i = 1; i < ratings.length; i++) if (ratings[i]! > ratings[best]!) best = i;
  return { id: candidates[best]!.id, p: logistic(rule.answer, answerFeatures(ratings, candidates[best]!, question)), ratings: new Map(candidates.map((c, i) => [c.id, ratings[i]!])) };
}

const isModel = (m: unknown, n: number): m is LogisticModel => {
  const x = m as LogisticModel;
  return [x?.mean, x?.scale, x?.weights].every((a) => Array.isArray(a) && a.length === n && a.every((v) => typeof v === 'number' && Number.isFinite(v))) && x.scale.every((v) => v > 0);
};

/** The shipped rule, or null when it is of another format (a rule of an older Kipu: the hand-set rules choose until it is learnt again); throws when it is malformed. */
export function shippedAnswerRule(text: string): AnswerRule | null {
  const r = JSON.parse(text) as AnswerRule;
  return r.format === FORMAT ? checked(r) : null;
}

/** Parses the shipped rule; throws with the reason when it is malformed. */
export const parseAnswerRule = (text: string): AnswerRule => checked(JSON.parse(text) as AnswerRule);

function checked(r: AnswerRule): AnswerRule {
  if (r.format !== FORMAT) throw new Error('regla-respuesta.json: formato desconocido');
  if (typeof r.classifier !== 'string' || !/^[0-9a-f]{64}$/.test(r.classifier)) throw new Error('regla-respuesta.json: falta el resumen del clasificador');
  if (!isModel(r.candidate, CANDIDATE_FEATURES) || !isModel(r.answer, ANSWER_FEATURES)) throw new Error('regla-respuesta.json: modelo mal formado');
  if (typeof r.threshold !== 'number' || !(r.threshold > 0 && r.threshold < 1)) throw new Error('regla-respuesta.json: umbral fuera de 0–1');
  if (typeof r.agree !== 'number' || !(r.agree >= 0 && r.agree <= r.threshold)) throw new Error('regla-respuesta.json: umbral de acuerdo fuera de 0–umbral');
  if (typeof r.keep !== 'number' || !(r.keep >= 0 && r.keep <= 1)) throw new Error('regla-respuesta.json: umbral para mantener fuera de 0–1');
  return r;
}

export const CANDIDATE_FEATURES = 29;
export const ANSWER_FEATURES = 13;
