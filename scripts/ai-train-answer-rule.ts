// Trains the learnt answer rule (main/ai/answer-rule.ts; decision 0105) into
// resources/ai/corpus/regla-respuesta.json, for the shipped classifier (run scripts/ai-train-intents.ts
// first when the cards, the bank or the thesaurus changed):
//   node_modules/.bin/tsx scripts/ai-train-answer-rule.ts [threshold]
// Each quarter of the question bank is read by an assistant whose classifier learnt from the other
// three (so the classifier's readings are what it does on questions it never saw); both logistic
// models learn from those readings. The threshold is the one with the most right answers less three
// per wrong one over the bank (by halves: a rule learnt on two quarters answers the other two), the
// tuning set and the read held-in sets 4–13 together — never a blind set (14 and later). Prints the
// figures of every threshold tried and of the hand-set rules (no learnt rule) beside them. ~4 min.
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { loadShippedCorpus, type ShippedCorpus } from '../main/ai/rule-cards';
import { loadThesaurus } from '../main/ai/thesaurus';
import { Assistant } from '../main/ai/assistant';
import { intentClasses, intentExamples } from '../main/ai/intent-classifier';
import { examplesDigest } from '../main/ai/intent-model-file';
import { answerFeatures, logistic, type AnswerRule, type LogisticModel, type RuleCandidate } from '../main/ai/answer-rule';
import type { HeldInItem } from '../test/fixtures/ai/held-in-questions';
import { score } from '../test/unit/ai/held-in-score';
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
    ...corpus.cards.flatMap((x) => x.banco.filter((_, i) => i % FOLDS === f).map((q) => ({ q, expect: [x.id, ...(q.match(/\b\d{3,4}\b/g) ?? []).map((n) => `guia:${n}`)] }))),
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

function measure(threshold: number | null): { line: string; total: number } {
  const bank = { right: 0, wrong: 0, n: 0 };
  folds.forEach((f, i) => {
    f.assistant.answerRule = threshold === null ? null : { format: 1, classifier: digest, ...byHalves[i < 2 ? 0 : 1]!, threshold };
    const s = score(f.assistant, f.items);
    bank.right += s.right;
    bank.wrong += s.wrong.length;
    bank.n += f.items.length;
  });
  full.answerRule = threshold === null ? null : { format: 1, classifier: digest, ...whole, threshold };
  const tuning = score(full, TUNING);
  const sets = score(full, read);
  const total = bank.right + tuning.right + sets.right - WRONG_COST * (bank.wrong + tuning.wrong.length + sets.wrong.length);
  const line = `banco ${bank.right}/${bank.n} (${bank.wrong} equivocadas) · ajuste ${tuning.right}/${TUNING.length} (${tuning.wrong.length}) · conjuntos 4–13 ${sets.right}/${read.length} (${sets.wrong.length}) · puntaje ${total}`;
  return { line, total };
}

console.log(`reglas a mano (sin regla aprendida): ${measure(null).line}`);
const given = process.argv[2] ? Number(process.argv[2]) : null;
let chosen = { threshold: 0, total: -Infinity };
for (const threshold of given !== null ? [given] : THRESHOLDS) {
  const m = measure(threshold);
  console.log(`umbral ${threshold}: ${m.line}`);
  if (m.total > chosen.total) chosen = { threshold, total: m.total };
}
const rule: AnswerRule = { format: 1, classifier: digest, ...whole, threshold: chosen.threshold };
writeFileSync(join(dir, 'corpus', 'regla-respuesta.json'), `${JSON.stringify(rule)}\n`);
console.log(`regla-respuesta.json: umbral ${chosen.threshold}`);
