// The learnt answer rule (decision 0105): its candidates and features, its choice, its file's
// checks, and how the assistant uses it — on the shipped corpus, classifier and rule.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { ANSWER_FEATURES, CANDIDATE_FEATURES, coAnswers, parseAnswerRule, ruleCandidates, shippedAnswerRule, ruleChoice, type AnswerRule, type RuleHit } from '../../../main/ai/answer-rule';
import { loadShippedCorpus } from '../../../main/ai/rule-cards';
import { loadThesaurus } from '../../../main/ai/thesaurus';
import { Assistant } from '../../../main/ai/assistant';
import { intentClasses, intentExamples } from '../../../main/ai/intent-classifier';
import { examplesDigest } from '../../../main/ai/intent-model-file';

const dir = join('resources', 'ai');
const corpus = loadShippedCorpus(join(dir, 'corpus'));
const thesaurus = loadThesaurus(join(dir, 'thesaurus.json'));
const assistant = new Assistant(corpus, thesaurus, []);
const shipped = assistant.answerRule;

const hit = (id: string, over: Partial<RuleHit & { fits: boolean }> = {}): RuleHit & { fits: boolean } => ({
  id,
  confianza: 0.5,
  cobertura: 0.5,
  similitud: 0.4,
  coberturaTitulo: 0.3,
  coberturaPreguntas: 0.3,
  desconocidas: 0,
  bm25Relativo: 1,
  intencion: 0.2,
  fits: false,
  ...over,
});

test('the shipped rule was learnt on the shipped classifier’s readings, and the assistant uses it', () => {
  assert.ok(corpus.reglaRespuesta, 'el manifiesto nombra regla-respuesta.json');
  assert.equal(corpus.reglaRespuesta.classifier, examplesDigest(intentClasses(corpus), intentExamples(corpus), thesaurus), 'regla-respuesta.json no es la regla de este clasificador: corra scripts/ai-train-answer-rule.ts');
  assert.ok(shipped, 'the assistant answers by the learnt rule');
  assert.ok(shipped.agree <= shipped.threshold);
});

test('a rule learnt on another classifier is not used: the hand-set rules choose', () => {
  const other = { ...corpus, reglaRespuesta: { ...corpus.reglaRespuesta!, classifier: '0'.repeat(64) } };
  assert.equal(new Assistant(other, thesaurus, []).answerRule, null);
  assert.equal(new Assistant({ ...corpus, reglaRespuesta: null }, thesaurus, []).answerRule, null);
});

test('the candidates are the lexical hits and the classifier’s five likeliest cards, each with its features', () => {
  const reading = { cards: ['a', 'x', 'b', 'y', 'z', 'w'].map((id, i) => ({ id, p: 0.5 / (i + 1) })), out: 0.1 };
  // In the bank, half of x's questions are answered by b as well.
  const co = coAnswers([
    { id: 'x', banco: ['q1', 'q2'], bancoTambien: new Map([['q1', ['b']]]) },
    { id: 'b', banco: ['q3'] },
  ]);
  assert.equal(co.get('x')?.get('b'), 0.5);
  const cs = ruleCandidates([hit('a', { fits: true }), hit('b')], reading, 'b', co);
  assert.deepEqual(
    cs.map((c) => c.id),
    ['a', 'b', 'x', 'y', 'z'],
  );
  for (const c of cs) assert.equal(c.features.length, CANDIDATE_FEATURES);
  const [a, b, x] = cs;
  assert.equal(a!.features[8], 1, 'a fits');
  assert.equal(a!.features[10], 1, 'a is the lexical first');
  assert.equal(a!.features[13], 1, 'a is the classifier’s first');
  assert.equal(a!.features[24], 1, 'first in both');
  assert.equal(b!.features[17], 1, 'b is the hand-set answer');
  assert.equal(x!.features[9], 0, 'x is not among the lexical hits');
  assert.equal(x!.features[1], 0, 'x has no lexical confidence');
  assert.equal(x!.features[11], 0.25, 'x has the classifier’s probability');
  assert.equal(a!.features[26], 0.5, 'a’s co-answer: its own probability, no other card shares its questions');
  assert.ok(Math.abs(b!.features[26]! - (0.5 / 3 + 0.25 * 0.5)) < 1e-12, 'b’s co-answer: its own probability and half of x’s');
});

test('the rule picks the candidate it rates best and gives the probability that it is right', () => {
  const zeros = (n: number) => ({ mean: new Array<number>(n).fill(0), scale: new Array<number>(n).fill(1), weights: new Array<number>(n).fill(0) });
  const candidate = zeros(CANDIDATE_FEATURES);
  candidate.weights[11] = 10; // the classifier's probability
  const answer = zeros(ANSWER_FEATURES);
  answer.weights[1] = 4; // the best rating
  const rule: AnswerRule = { format: 2, classifier: 'f'.repeat(64), candidate, answer, threshold: 0.5, agree: 0.5, keep: 1 };
  const reading = { cards: [{ id: 'x', p: 0.8 }, { id: 'a', p: 0.1 }], out: 0 };
  const pick = ruleChoice(rule, ruleCandidates([hit('a', { intencion: 0.1 })], reading, 'a', new Map()), 'pregunta');
  assert.equal(pick?.id, 'x');
  assert.ok(pick!.p > 0.5 && pick!.p < 1, String(pick?.p));
  assert.equal(ruleChoice(rule, [], 'pregunta'), null);
});

test('a malformed rule file is refused with its reason', () => {
  const good = readFileSync(join(dir, 'corpus', 'regla-respuesta.json'), 'utf8');
  const r = JSON.parse(good) as AnswerRule;
  assert.doesNotThrow(() => parseAnswerRule(good));
  assert.throws(() => parseAnswerRule(JSON.stringify({ ...r, format: 1 })), /formato/);
  // A rule of the format before decision 0106 (no co-answer) is stale, not an error: the hand-set rules choose.
  assert.equal(shippedAnswerRule(JSON.stringify({ ...r, format: 1 })), null);
  assert.deepEqual(shippedAnswerRule(good), parseAnswerRule(good));
  assert.throws(() => parseAnswerRule(JSON.stringify({ ...r, threshold: 1.5 })), /umbral/);
  assert.throws(() => parseAnswerRule(JSON.stringify({ ...r, agree: r.threshold + 0.01 })), /acuerdo/);
  assert.throws(() => parseAnswerRule(JSON.stringify({ ...r, keep: 2 })), /mantener/);
  assert.throws(() => parseAnswerRule(JSON.stringify({ ...r, answer: { ...r.answer, weights: r.answer.weights.slice(1) } })), /mal formado/);
});

test('the assistant answers a card only when the rule is sure enough, and keeps its guides and named refusals', () => {
  const question = '¿Hasta cuándo puedo anular una factura?';
  const sure = assistant.ask(question);
  assert.equal(sure.tipo === 'ficha' && sure.hit.id, 'anulacion-plazo');
  try {
    assistant.answerRule = { ...shipped!, threshold: 0.999999, agree: 0.999999, keep: 1 };
    assert.equal(assistant.ask(question).tipo, 'sin-respuesta', 'below the threshold: a refusal');
    assert.equal(assistant.ask('¿Qué hago si SIAT responde 902?').tipo, 'guia', 'a code’s guide comes before the rule');
    const other = assistant.ask('como facturo en el peru');
    assert.ok(other.tipo === 'sin-respuesta' && other.fueraDeAlcance.length > 0, 'a topic Kipu names is refused by name');
    // Unsure, the rule lets the hand-set rules' card stand when it rates that card well enough.
    assistant.answerRule = { ...shipped!, threshold: 0.999999, agree: 0.999999, keep: 0 };
    const kept = assistant.ask(question);
    assert.equal(kept.tipo === 'ficha' && kept.hit.id, 'anulacion-plazo');
    assistant.answerRule = null;
    const hand = assistant.ask(question);
    assert.equal(hand.tipo === 'ficha' && hand.hit.id, 'anulacion-plazo', 'without a rule the hand-set rules answer');
  } finally {
    assistant.answerRule = shipped;
  }
});
