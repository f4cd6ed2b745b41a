// Refits the assistant's confidence (main/ai/confidence.ts) and picks its threshold, never on a
// held-in set (docs/decisions/0075, 0077 and 0104). Its data: the tuning questions
// (test/fixtures/ai/tuning-questions.ts and test/unit/ai/evaluation-set.ts) and, since decision
// 0104, the question bank by folds: each card's bank questions are split in FOLDS parts, and each
// part is asked of an assistant whose intent classifier learnt from the other parts only —
// questions in a store's words it has not seen, as a store's will be — with the bank's near-domain
// questions no card answers as negatives. Run after changing cards, bank, thesaurus or retrieval:
//   node_modules/.bin/tsx scripts/ai-fit-confidence.ts
// It prints the fitted WEIGHTS, then for each threshold the right / refused / wrong answers of the
// bank's folds and of the tuning set with those weights, and the one the rule picks (the most right
// answers less WRONG_COST per wrong one, both summed). Copy the weights into confidence.ts only if
// they answer better than the ones there, then set MIN_CONFIDENCE in assistant.ts.
import { join } from 'node:path';
import { bankAnswers, loadShippedCorpus, type ShippedCorpus } from '../main/ai/rule-cards';
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
const THRESHOLDS = [0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8];
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

function pairs(items: { q: string; expect: string[] | null }[], by: Assistant = assistant): { x: number[][]; y: number[] } {
  const x: number[][] = [];
  const y: number[] = [];
  for (const item of items) {
    // The confidence reads the six first places (assistant.ts), the fit the first PLACES of them.
    const hits = by.search(item.q, 6);
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

/** Bank folds: each card's questions by position (i % FOLDS), the near-domain ones alike. */
const FOLDS = 4;
function foldCorpus(f: number): ShippedCorpus {
  // No shipped model: each fold's classifier learns from the other folds only.
  return { ...corpus, cards: corpus.cards.map((c) => ({ ...c, banco: c.banco.filter((_, i) => i % FOLDS !== f) })), fueraDeAlcance: corpus.fueraDeAlcance.filter((_, i) => i % FOLDS !== f), intenciones: undefined };
}
function heldOut(f: number): HeldInItem[] {
  return [
    // A question that quotes a SIAT code is answered by the card or by the code's guide, as in the held-in sets.
    ...corpus.cards.flatMap((c) => c.banco.filter((_, i) => i % FOLDS === f).map((q) => ({ q, expect: [...bankAnswers(c, q), ...(q.match(/\b\d{3,4}\b/g) ?? []).map((n) => `guia:${n}`)] }))),
    ...corpus.fueraDeAlcance.filter((_, i) => i % FOLDS === f).map((q) => ({ q, expect: null })),
  ];
}
const folds = [...Array(FOLDS).keys()].map((f) => ({ corpus: foldCorpus(f), items: heldOut(f) }));
const bankSize = folds.reduce((s, f) => s + f.items.length, 0);

type Row = { t: number; right: number; refused: number; wrong: number };
function sweepOn(c: ShippedCorpus, set: HeldInItem[]): Row[] {
  return THRESHOLDS.map((t) => {
    const s = score(new Assistant(c, thesaurus, [], t), set);
    return { t, right: s.right, refused: s.refused.length, wrong: s.wrong.length };
  });
}
const add = (a: Row[], b: Row[]) => a.map((r, i) => ({ t: r.t, right: r.right + b[i]!.right, refused: r.refused + b[i]!.refused, wrong: r.wrong + b[i]!.wrong }));
const sweepBank = () => folds.map((f) => sweepOn(f.corpus, f.items)).reduce(add);

/** The best threshold: most right answers less WRONG_COST per wrong one; a tie goes to the higher threshold. */
const pick = (rows: Row[]) => [...rows].sort((a, b) => b.right - WRONG_COST * b.wrong - (a.right - WRONG_COST * a.wrong) || b.t - a.t)[0] ?? null;

const fixed = [...QUESTIONS, ...PARAPHRASES];
const current = { ...WEIGHTS };
const table = (label: string, rows: Row[], n: number, chosen: Row | null) => {
  console.log(label);
  for (const r of rows) console.log(`  umbral ${r.t}: ${r.right}/${n} bien, ${r.refused} sin respuesta, ${r.wrong} equivocadas${r.t === chosen?.t ? '  ← la regla' : ''}`);
};
function report(title: string): void {
  const bank = sweepBank();
  const tuning = sweepOn(corpus, TUNING);
  const chosen = pick(add(bank, tuning));
  console.log(`\n${title}`);
  if (bankSize > 0) table(`banco por partes (${FOLDS}):`, bank, bankSize, chosen);
  table('conjunto de ajuste:', tuning, TUNING.length, chosen);
}
console.log(`pesos actuales: ${JSON.stringify(current)}`);
console.log(`banco: ${corpus.cards.reduce((s, c) => s + c.banco.length, 0)} preguntas, ${corpus.fueraDeAlcance.length} fuera de alcance`);
report('con los pesos actuales:');

const data = [pairs([...fixed, ...TUNING]), ...folds.map((f) => pairs(f.items, new Assistant(f.corpus, thesaurus, [])))];
const fitted = fit(data.flatMap((d) => d.x), data.flatMap((d) => d.y));
console.log(`\npesos ajustados: ${JSON.stringify(fitted)}`);
Object.assign(WEIGHTS, fitted);
report('con los pesos ajustados:');
Object.assign(WEIGHTS, current);
