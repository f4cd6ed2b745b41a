// Refits the assistant's confidence (main/ai/confidence.ts) and picks its threshold, on the tuning
// questions only (test/fixtures/ai/tuning-questions.ts and test/unit/ai/evaluation-set.ts), never
// on a held-in set (docs/decisions/0075 and 0077). Run after changing cards, thesaurus or retrieval:
//   node_modules/.bin/tsx scripts/ai-fit-confidence.ts
// It prints the fitted WEIGHTS, then for each threshold the tuning set's right / refused / wrong
// answers with these weights, the one the rule picks (the most right answers less WRONG_COST per
// wrong one), and a 3-fold cross-validation of fit and pick. Copy the weights into
// confidence.ts only if they answer better than the ones there (the fit minimizes log-loss over
// (question, card) pairs, not wrong answers), then set MIN_CONFIDENCE in assistant.ts.
import { join } from 'node:path';
import { loadShippedCorpus } from '../main/ai/rule-cards';
import { loadThesaurus } from '../main/ai/thesaurus';
import { Assistant, type AssistantHit } from '../main/ai/assistant';
import { WEIGHTS } from '../main/ai/confidence';
import { TUNING } from '../test/fixtures/ai/tuning-questions';
import type { HeldInItem } from '../test/fixtures/ai/held-in-questions';
import { PARAPHRASES, QUESTIONS } from '../test/unit/ai/evaluation-set';
import { score } from '../test/unit/ai/held-in-score';

/** The (question, card) pairs of these first places are the fit's data: the places an answer is chosen from. */
const PLACES = 2;
const L2 = 0.01;
const THRESHOLDS = [0.5, 0.55, 0.6, 0.62, 0.65, 0.68, 0.7, 0.75];
/**
 * A confident wrong answer costs as much as this many refusals. Decision 0075's rule (at most one
 * wrong per fifty tuning questions) let through about one wrong answer in six on fresh questions
 * (held-in sets 5 and 6): the tuning set, which the thesaurus and the cards' questions have seen,
 * hides most of them, so the pick weighs each one it does show (decision 0077).
 */
const WRONG_COST = 3;

const dir = join('resources', 'ai');
const corpus = loadShippedCorpus(join(dir, 'corpus'));
const thesaurus = loadThesaurus(join(dir, 'thesaurus.json'));
const assistant = new Assistant(corpus, thesaurus, []);
type Weights = typeof WEIGHTS;
const KEYS = Object.keys(WEIGHTS).filter((k) => k !== 'bias' && k !== 'first') as (keyof Weights)[];

function features(h: AssistantHit, lead: number): Record<keyof Weights, number> {
  return {
    bias: 1,
    first: 0,
    coverage: h.cobertura,
    similarity: h.similitud,
    both: h.cobertura * h.similitud,
    bm25Share: h.bm25Relativo,
    unknownShare: h.desconocidas,
    bm25Lead: lead,
    coverageBm25: h.cobertura * h.bm25Relativo,
    titleCoverage: h.coberturaTitulo,
    shortCoverage: h.coberturaPreguntas,
  };
}

function pairs(items: { q: string; expect: string[] | null }[]): { x: number[][]; y: number[] } {
  const x: number[][] = [];
  const y: number[] = [];
  for (const item of items) {
    // The confidence reads the six first places (assistant.ts), the fit the first PLACES of them.
    const hits = assistant.search(item.q, 6);
    hits.slice(0, PLACES).forEach((h) => {
      const lead = h.bm25Relativo - Math.max(0, ...hits.filter((o) => o !== h).map((o) => o.bm25Relativo));
      const f = features(h, lead);
      x.push(KEYS.map((k) => f[k]));
      y.push(item.expect?.includes(h.id) ? 1 : 0);
    });
  }
  return { x, y };
}

/** Logistic regression by Newton's method, with a small ridge on every weight but the bias. */
function fit(x: number[][], y: number[]): Weights {
  const d = KEYS.length + 1;
  let w = new Array<number>(d).fill(0);
  for (let iter = 0; iter < 50; iter++) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    x.forEach((row, n) => {
      const v = [1, ...row];
      const p = 1 / (1 + Math.exp(-v.reduce((s, xi, j) => s + xi * w[j]!, 0)));
      for (let j = 0; j < d; j++) {
        grad[j]! += (p - y[n]!) * v[j]!;
        for (let k = 0; k < d; k++) hess[j]![k]! += p * (1 - p) * v[j]! * v[k]!;
      }
    });
    for (let j = 1; j < d; j++) {
      grad[j]! += L2 * w[j]!;
      hess[j]![j]! += L2;
    }
    // Solve hess · step = grad (Gauss-Jordan with partial pivoting).
    const m = hess.map((r, j) => [...r, grad[j]!]);
    for (let c = 0; c < d; c++) {
      let p = c;
      for (let r = c + 1; r < d; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
      [m[c], m[p]] = [m[p]!, m[c]!];
      for (let r = 0; r < d; r++) {
        if (r === c) continue;
        const f = m[r]![c]! / m[c]![c]!;
        for (let k = c; k <= d; k++) m[r]![k]! -= f * m[c]![k]!;
      }
    }
    w = w.map((v, j) => v - m[j]![d]! / m[j]![j]!);
  }
  const out = { ...WEIGHTS, bias: Number(w[0]!.toFixed(3)), first: 0 };
  KEYS.forEach((k, j) => (out[k] = Number(w[j + 1]!.toFixed(3))));
  return out;
}

function sweep(set: HeldInItem[]): { t: number; right: number; refused: number; wrong: number }[] {
  return THRESHOLDS.map((t) => {
    const s = score(new Assistant(corpus, thesaurus, [], t), set);
    return { t, right: s.right, refused: s.refused.length, wrong: s.wrong.length };
  });
}

/** The best threshold: most right answers less WRONG_COST per wrong one; a tie goes to the higher threshold. */
const pick = (rows: ReturnType<typeof sweep>) => [...rows].sort((a, b) => b.right - WRONG_COST * b.wrong - (a.right - WRONG_COST * a.wrong) || b.t - a.t)[0] ?? null;

const fixed = [...QUESTIONS, ...PARAPHRASES];
const current = { ...WEIGHTS };
console.log(`pesos actuales: ${JSON.stringify(current)}`);
const table = (rows: ReturnType<typeof sweep>, n: number) => {
  const chosen = pick(rows);
  for (const r of rows) console.log(`  umbral ${r.t}: ${r.right}/${n} bien, ${r.refused} sin respuesta, ${r.wrong} equivocadas${r === chosen ? '  ← la regla' : ''}`);
};
console.log('con los pesos actuales:');
table(sweep(TUNING), TUNING.length);

const fitted = fit(...(Object.values(pairs([...fixed, ...TUNING])) as [number[][], number[]]));
console.log(`\npesos ajustados: ${JSON.stringify(fitted)}`);
Object.assign(WEIGHTS, fitted);
table(sweep(TUNING), TUNING.length);

console.log('\nvalidación cruzada (3 partes del conjunto de ajuste):');
const folds = [0, 1, 2].map((f) => TUNING.filter((_, i) => i % 3 === f));
const total = THRESHOLDS.map((t) => ({ t, right: 0, refused: 0, wrong: 0 }));
folds.forEach((held, f) => {
  const train = [...fixed, ...folds.filter((_, j) => j !== f).flat()];
  Object.assign(WEIGHTS, fit(...(Object.values(pairs(train)) as [number[][], number[]])));
  sweep(held).forEach((r, i) => {
    total[i]!.right += r.right;
    total[i]!.refused += r.refused;
    total[i]!.wrong += r.wrong;
  });
});
table(total, TUNING.length);
Object.assign(WEIGHTS, current);
