// Trains the learnt answer rule (main/ai/answer-rule.ts; decision 0105) into
// resources/ai/corpus/regla-respuesta.json, for the shipped classifier (run scripts/ai-train-intents.ts
// first when the cards, the bank or the thesaurus changed):
//   node_modules/.bin/tsx scripts/ai-train-answer-rule.ts [threshold [agree [keep]]]
// (the shipped rule: 0.75 0.1 0.3; decisions 0105 and 0106 say why not the pick of the whole grid).
// A bank question is right for its card and for every card its "+:" line names (decision 0106).
// Each quarter of the question bank is read by an assistant whose classifier learnt from the other
// three (so the classifier's readings are what it does on questions it never saw); both logistic
// models learn from those readings. Without arguments, the thresholds are those with the most right
// answers less three per wrong one over the bank (by halves: a rule learnt on two quarters answers the other two), the
// tuning set and the read held-in sets 4–13 together — never a blind set (14 and later). Prints the
// figures of every threshold tried and of the hand-set rules (no learnt rule) beside them. ~10 min.
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { bankAnswers, loadShippedCorpus, type ShippedCorpus } from '../main/ai/rule-cards';
import { loadThesaurus } from '../main/ai/thesaurus';
import { Assistant } from '../main/ai/assistant';
import { intentClasses, intentExamples } from '../main/ai/intent-classifier';
import { examplesDigest } from '../main/ai/intent-model-file';
import { answerFeatures, logistic, ruleChoice, type AnswerRule, type LogisticModel, type RuleCandidate } from '../main/ai/answer-rule';
import type { HeldInItem } from '../test/fixtures/ai/held-in-questions';
import { score, type Verdict } from '../test/unit/ai/held-in-score';
import { TUNING } from '../test/fixtures/ai/tuning-questions';
import { HELD_IN_4 } from '../test/fixtures/ai/held-in-questions-4';
import { HELD_IN_7 } from '../test/fixtures/ai/held-in-questions-7';
import { HELD_IN_8 } from '../test/fixtures/ai/held-in-questions-8';
import { HELD_IN_9 } from '../test/fixtures/ai/held-in-questions-9';
import { HELD_IN_10 } from '../test/fixtures/ai/held-in-questions-10';
import { HELD_IN_11 } from '../test/fixtures/ai/held-in-questions-11';
import { HELD_IN_12 } from '../test/fixtures/ai/held-in-questions-12';
import { HELD_IN_13 } from '../test/fixtures/ai/held-in-questions-13';

const FOLDS = 4;
const WRONG_COST = 3;
const L2 = 1;
const THRESHOLDS = [0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9];
const AGREE = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
/** 1: off (a rating never reaches it). */
const KEEP = [0.2, 0.3, 0.4, 0.5, 0.6, 1];
const dir = join('resources', 'ai');
const corpus = loadShippedCorpus(join(dir, 'corpus'));
const thesaurus = loadThesaurus(join(dir, 'thesaurus.json'));
const digest = examplesDigest(intentClasses(corpus), intentExamples(corpus), thesaurus);
if (corpus.intenciones?.digest !== digest) {
  console.error('intenciones.bin no es el modelo de estas fichas y este banco: corra antes scripts/ai-train-intents.ts');
  process.exit(1);
}

/** Logistic regression by Newton's method on standardized features (the first is the constant 1, not penalized). */
function fitLogistic(X: number[][], y: number[]): LogisticModel {
  const d = X[0]!.length;
  const mean = Array.from({ length: d }, (_, j) => (j === 0 ? 0 : X.reduce((s, x) => s + x[j]!, 0) / X.length));
  const scale = Array.from({ length: d }, (_, j) => (j === 0 ? 1 : Math.sqrt(X.reduce((s, x) => s + (x[j]! - mean[j]!) ** 2, 0) / X.length) + 1e-9));
  const Z = X.map((x) => x.map((v, j) => (v - mean[j]!) / scale[j]!));
  const w = new Array<number>(d).fill(0);
  for (let iter = 0; iter < 30; iter++) {
    const g = new Array<number>(d).fill(0);
    const H = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    Z.forEach((z, i) => {
      const p = 1 / (1 + Math.exp(-z.reduce((s, v, j) => s + v * w[j]!, 0)));
      const r = p - y[i]!;
      const q = p * (1 - p);
      for (let a = 0; a < d; a++) {
        g[a]! += r * z[a]!;
        for (let b = a; b < d; b++) H[a]![b]! += q * z[a]! * z[b]!;
      }
    });
    for (let a = 0; a < d; a++) {
      for (let b = 0; b < a; b++) H[a]![b] = H[b]![a]!;
      if (a > 0) {
        g[a]! += 2 * L2 * w[a]!;
        H[a]![a]! += 2 * L2;
      }
    }
    const step = solve(H, g);
    let moved = 0;
    for (let a = 0; a < d; a++) {
      w[a]! -= step[a]!;
      moved = Math.max(moved, Math.abs(step[a]!));
    }
    if (moved < 1e-7) break;
  }
  const round = (v: number) => Number(v.toPrecision(8));
  return { mean: mean.map(round), scale: scale.map(round), weights: w.map(round) };
}

/** Solves H x = g by Gaussian elimination with partial pivoting. */
function solve(H: number[][], g: number[]): number[] {
  const n = g.length;
  const A = H.map((row, i) => [...row, g[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = A[r]![c]! / A[c]![c]!;
      for (let k = c; k <= n; k++) A[r]![k]! -= f * A[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = A[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= A[r]![k]! * x[k]!;
    x[r] = s / A[r]![r]!;
  }
  return x;
}

interface Row {
  fold: number;
  q: string;
  expect: string[] | null;
  candidates: RuleCandidate[];
  /** Answered before the rule is asked (a code's guide, a topic Kipu names and refuses, no words). */
  settled: boolean;
}

function fitRule(rows: Row[]): Pick<AnswerRule, 'candidate' | 'answer'> {
  const right = (r: Row, id: string) => (r.expect?.includes(id) ? 1 : 0);
  const all = rows.flatMap((r) => r.candidates.map((c) => ({ x: c.features, y: right(r, c.id) })));
  const candidate = fitLogistic(
    all.map((a) => a.x),
    all.map((a) => a.y),
  );
  const asked = rows.filter((r) => !r.settled && r.candidates.length > 0);
  const second = asked.map((r) => {
    const ratings = r.candidates.map((c) => logistic(candidate, c.features));
    const best = r.candidates[ratings.indexOf(Math.max(...ratings))]!;
    return { x: answerFeatures(ratings, best, r.q), y: right(r, best.id) };
  });
  const answer = fitLogistic(
    second.map((a) => a.x),
    second.map((a) => a.y),
  );
  return { candidate, answer };
}

// Each quarter of the bank, read by an assistant whose classifier learnt from the other three.
const rows: Row[] = [];
const folds: { assistant: Assistant; items: HeldInItem[] }[] = [];
for (let f = 0; f < FOLDS; f++) {
  const c: ShippedCorpus = {
    ...corpus,
    cards: corpus.cards.map((x) => ({ ...x, banco: x.banco.filter((_, i) => i % FOLDS !== f) })),
    fueraDeAlcance: corpus.fueraDeAlcance.filter((_, i) => i % FOLDS !== f),
    intenciones: undefined,
    reglaRespuesta: undefined,
  };
  const assistant = new Assistant(c, thesaurus, []);
  // A question that quotes a SIAT code is answered by the card or by the code's guide, as in the held-in sets.
  const items: HeldInItem[] = [
    ...corpus.cards.flatMap((x) => x.banco.filter((_, i) => i % FOLDS === f).map((q) => ({ q, expect: [...bankAnswers(x, q), ...(q.match(/\b\d{3,4}\b/g) ?? []).map((n) => `guia:${n}`)] }))),
    ...corpus.fueraDeAlcance.filter((_, i) => i % FOLDS === f).map((q) => ({ q, expect: null })),
  ];
  for (const item of items) {
    const r = assistant.ask(item.q);
    const chosen = r.tipo === 'ficha' || r.tipo === 'pasaje' ? r.hit.id : null;
    const settled = r.tipo === 'guia' || r.tipo === 'sin-palabras' || (r.tipo === 'sin-respuesta' && r.fueraDeAlcance.length > 0);
    rows.push({ fold: f, q: item.q, expect: item.expect, candidates: assistant.ruleCandidates(item.q, chosen).candidates, settled });
  }
  folds.push({ assistant, items });
  console.error(`cuarto ${f + 1} de ${FOLDS}: ${items.length} preguntas`);
}

const half = (fs: number[]) => fitRule(rows.filter((r) => fs.includes(r.fold)));
const byHalves = [half([2, 3]), half([0, 1])];
const whole = fitRule(rows);
const full = new Assistant(corpus, thesaurus, []);
const read = [...HELD_IN_4, ...HELD_IN_7, ...HELD_IN_8, ...HELD_IN_9, ...HELD_IN_10, ...HELD_IN_11, ...HELD_IN_12, ...HELD_IN_13];

/**
 * A question's answer without the learnt rule (hand), with it at a threshold of 0 (ruled: its best
 * candidate always answers) and whether the rule decides it at all (a code's guide, a topic Kipu
 * names and refuses and a list of codes are answered before it: at a threshold of 1 they keep their
 * answer, every other question is refused).
 */
interface Outcome {
  hand: Verdict;
  handFirst: string | null;
  ruled: Verdict;
  decides: boolean;
  pick: string | null;
  p: number;
  /** The candidate model's rating of the hand-set rules' card (0 when they refused). */
  handRating: number;
  refusal: Verdict;
}

function records(assistant: Assistant, items: HeldInItem[], rule: Pick<AnswerRule, 'candidate' | 'answer'>): Outcome[] {
  const at = (threshold: number) => {
    assistant.answerRule = threshold < 0 ? null : { format: 2, classifier: digest, ...rule, threshold, agree: threshold, keep: 1 };
    return score(assistant, items).results;
  };
  const hand = at(-1);
  const ruled = at(1e-9);
  const none = at(1);
  return items.map((item, i) => {
    const h = hand[i]!.r;
    const n = none[i]!.r;
    const handFirst = h.tipo === 'ficha' || h.tipo === 'pasaje' ? h.hit.id : null;
    const candidates = assistant.ruleCandidates(item.q, handFirst).candidates;
    const pick = ruleChoice(assistant.answerRule!, candidates, item.q);
    const own = candidates.find((c) => c.id === handFirst);
    const handRating = own ? logistic(rule.candidate, own.features) : 0;
    const decides = n.tipo === 'sin-respuesta' && n.fueraDeAlcance.length === 0;
    return { hand: hand[i]!.v, handFirst, ruled: ruled[i]!.v, decides, pick: pick?.id ?? null, p: pick?.p ?? 0, handRating, refusal: item.expect === null ? 'right' : 'refused' };
  });
}

/** What a question gets with the rule at these thresholds. */
function outcome(r: Outcome, threshold: number, agree: number, keep: number): Verdict {
  if (!r.decides) return r.hand;
  if (r.pick === null) return r.refusal;
  if (r.p >= (r.pick === r.handFirst ? agree : threshold)) return r.ruled;
  return r.handFirst !== null && r.handRating >= keep ? r.hand : r.refusal;
}

const groups = {
  banco: folds.flatMap((f, i) => records(f.assistant, f.items, byHalves[i < 2 ? 0 : 1]!)),
  ajuste: records(full, TUNING, whole),
  'conjuntos 4–13': records(full, read, whole),
};
const tally = (rs: Outcome[], pick: (r: Outcome) => Verdict) => ({ right: rs.filter((r) => pick(r) === 'right').length, wrong: rs.filter((r) => pick(r) === 'wrong').length, n: rs.length });
function line(pick: (r: Outcome) => Verdict): { text: string; total: number } {
  let total = 0;
  const parts = Object.entries(groups).map(([name, rs]) => {
    const t = tally(rs, pick);
    total += t.right - WRONG_COST * t.wrong;
    return `${name} ${t.right}/${t.n} (${t.wrong} equivocadas)`;
  });
  return { text: `${parts.join(' · ')} · puntaje ${total}`, total };
}

console.log(`reglas a mano (sin regla aprendida): ${line((r) => r.hand).text}`);
const given = process.argv[2] ? Number(process.argv[2]) : null;
const givenAgree = process.argv[3] ? Number(process.argv[3]) : null;
const givenKeep = process.argv[4] ? Number(process.argv[4]) : null;
let chosen = { threshold: 0, agree: 0, keep: 1, total: -Infinity };
for (const threshold of given !== null ? [given] : THRESHOLDS) {
  for (const agree of givenAgree !== null ? [givenAgree] : AGREE.filter((a) => a <= threshold)) {
    for (const keep of givenKeep !== null ? [givenKeep] : KEEP) {
      const m = line((r) => outcome(r, threshold, agree, keep));
      console.log(`umbral ${threshold}, de acuerdo ${agree}, se mantiene ${keep}: ${m.text}`);
      if (m.total > chosen.total) chosen = { threshold, agree, keep, total: m.total };
    }
  }
}
const rule: AnswerRule = { format: 2, classifier: digest, ...whole, threshold: chosen.threshold, agree: chosen.agree, keep: chosen.keep };
writeFileSync(join(dir, 'corpus', 'regla-respuesta.json'), `${JSON.stringify(rule)}\n`);
console.log(`regla-respuesta.json: umbral ${chosen.threshold}, de acuerdo ${chosen.agree}, se mantiene ${chosen.keep}`);
