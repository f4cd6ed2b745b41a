// Issue 31's bar for the assistant: ≥ 90 % right, no confident wrong answer (a refusal is fine),
// every answer naming its source, and a confidence that means what it says. Held-in set 4
// (test/fixtures/ai/held-in-questions-4.ts) meets it, but its three wrong answers are what decision
// 0077's fixes were found from, so it is no longer a blind test. Set 7, written before the last of
// those fixes and measured once after them, was: its figures print on every run (a todo until the
// assistant meets the bar on fresh questions), as do those of sets 8, 9 and 11, each written and
// measured before the changes that followed it (decisions 0081, 0085, 0091, 0093), and of set 12,
// written blind and measured once on the code of decision 0093, then read for decision 0098, and
// of set 13, written blind, measured once after decision 0098 and read for decision 0100; sets 10
// (after decision 0093) and 8 (after decision 0100) meet the bar, not blind (their misses were
// read), and are asserted, and set 13 has a floor at what decision 0100 reached; set 9 meets it
// after decision 0104 (not blind), was a todo after decision 0105 and is asserted again after 0106,
// as is set 11 (not blind).
// Sets 14, 15 and 16 (worn) and 17 are read since decision 0107 (development data); 18, 19 and 20 are
// blind: their figures print, their misses do not. Plus the behaviours the issue names, each on a question of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadShippedCorpus } from '../../../main/ai/rule-cards';
import { expand, fold, loadThesaurus, outOfScopeTopics, parseThesaurus } from '../../../main/ai/thesaurus';
import { Assistant, MIN_CONFIDENCE } from '../../../main/ai/assistant';
import { chatText } from '../../../main/ai/chat-answer';
import { clauses, normalizeWord, queryTerms, stem, words } from '../../../main/ai/query-terms';
import { RetrievalIndex } from '../../../main/ai/retrieval';
import { HELD_IN_4 } from '../../fixtures/ai/held-in-questions-4';
import { HELD_IN_7 } from '../../fixtures/ai/held-in-questions-7';
import { HELD_IN_8 } from '../../fixtures/ai/held-in-questions-8';
import { HELD_IN_9 } from '../../fixtures/ai/held-in-questions-9';
import { HELD_IN_10 } from '../../fixtures/ai/held-in-questions-10';
import { HELD_IN_11 } from '../../fixtures/ai/held-in-questions-11';
import { HELD_IN_12 } from '../../fixtures/ai/held-in-questions-12';
import { HELD_IN_13 } from '../../fixtures/ai/held-in-questions-13';
import { HELD_IN_14 } from '../../fixtures/ai/held-in-questions-14';
import { HELD_IN_15 } from '../../fixtures/ai/held-in-questions-15';
import { HELD_IN_16 } from '../../fixtures/ai/held-in-questions-16';
import { HELD_IN_17 } from '../../fixtures/ai/held-in-questions-17';
import { HELD_IN_18 } from '../../fixtures/ai/held-in-questions-18';
import { HELD_IN_19 } from '../../fixtures/ai/held-in-questions-19';
import { HELD_IN_20 } from '../../fixtures/ai/held-in-questions-20';
import { TUNING } from '../../fixtures/ai/tuning-questions';
import { answered, score } from './held-in-score';

const dir = join('resources', 'ai');
const thesaurus = loadThesaurus(join(dir, 'thesaurus.json'));
const assistant = new Assistant(loadShippedCorpus(join(dir, 'corpus')), thesaurus, []);
/**
 * The hand-set rules alone (no learnt answer rule): the lexical machinery the behaviour tests below
 * were written for, which the learnt rule reads as one of its features (decision 0105). Where the
 * learnt rule answers one of their questions otherwise, the test says so. (Decision 0105's learnt
 * rule answered «¿cómo calculo la ganancia de mi mes?» with the IT card where the hand-set rules
 * refuse; since decision 0107 it refuses it too, asserted in that question's test.)
 */
const handSet = new Assistant(assistant.shipped, thesaurus, []);
handSet.answerRule = null;
/**
 * Set 8 was written without reading the tuning set and one of its 80 questions turned out to be in
 * it word for word; found after set 8 was measured, so it stays (the figures are the set's as
 * written) and the report says so (decision 0081).
 */
const TUNING_TOO: ReadonlySet<string> = new Set(['para que es el cuis']);
/**
 * Set 10 was written without rereading set 8 and two of its 73 questions are set 8's word for word;
 * found when this check first ran, after set 10 was measured, so it stays (decision 0091).
 */
const IN_SET_8_TOO: ReadonlySet<string> = new Set(['como se si el nit del cliente es valido', 'como saco mi nit por primera vez']);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

test('the held-in sets: ≥ 60 and ≥ 30 questions in a shopkeeper’s words, none a card’s title or own question, none in the tuning set', () => {
  assert.ok(HELD_IN_4.length >= 60, `${HELD_IN_4.length} preguntas`);
  assert.ok(HELD_IN_7.length >= 30, `${HELD_IN_7.length} preguntas`);
  assert.ok(HELD_IN_8.length >= 60, `${HELD_IN_8.length} preguntas`);
  assert.ok(HELD_IN_9.length >= 60, `${HELD_IN_9.length} preguntas`);
  assert.ok(HELD_IN_10.length >= 60, `${HELD_IN_10.length} preguntas`);
  assert.ok(HELD_IN_11.length >= 70, `${HELD_IN_11.length} preguntas`);
  assert.ok(HELD_IN_12.length >= 70, `${HELD_IN_12.length} preguntas`);
  assert.ok(HELD_IN_13.length >= 70, `${HELD_IN_13.length} preguntas`);
  assert.ok(HELD_IN_14.length >= 70, `${HELD_IN_14.length} preguntas`);
  assert.ok(HELD_IN_15.length >= 70, `${HELD_IN_15.length} preguntas`);
  for (const set of [HELD_IN_4, HELD_IN_7, HELD_IN_8, HELD_IN_9, HELD_IN_10, HELD_IN_11, HELD_IN_12, HELD_IN_13, HELD_IN_14, HELD_IN_15]) assert.ok(set.filter((x) => x.expect === null).length >= 7, 'near-domain negatives');
  // A card's own questions and its question bank (decision 0104) are what the index holds: a held-in
  // question equal to one of them would be answered from itself.
  const own = new Set([...assistant.shipped.cards.flatMap((c) => [c.titulo, ...c.preguntas, ...c.banco]), ...assistant.shipped.fueraDeAlcance].map((p) => normalizeWord(p)));
  const tuning = new Set(TUNING.map((x) => normalizeWord(x.q)));
  // The bank teaches the classifier; the tuning set chooses its settings: none in both.
  for (const q of [...assistant.shipped.cards.flatMap((c) => c.banco), ...assistant.shipped.fueraDeAlcance]) assert.ok(!tuning.has(normalizeWord(q)), `${q}: del banco y del conjunto de ajuste`);
  const set4 = new Set(HELD_IN_4.map((x) => normalizeWord(x.q)));
  for (const item of [...HELD_IN_7, ...HELD_IN_8, ...HELD_IN_9, ...HELD_IN_10, ...HELD_IN_11, ...HELD_IN_12, ...HELD_IN_13, ...HELD_IN_14, ...HELD_IN_15, ...HELD_IN_16, ...HELD_IN_17, ...HELD_IN_18]) assert.ok(!set4.has(normalizeWord(item.q)), `${item.q} ya está en el conjunto 4`);
  const set8 = new Set(HELD_IN_8.map((x) => normalizeWord(x.q)));
  for (const item of [...HELD_IN_9, ...HELD_IN_10, ...HELD_IN_11, ...HELD_IN_12, ...HELD_IN_13, ...HELD_IN_14, ...HELD_IN_15, ...HELD_IN_16, ...HELD_IN_17, ...HELD_IN_18]) if (!IN_SET_8_TOO.has(item.q)) assert.ok(!set8.has(normalizeWord(item.q)), `${item.q} ya está en el conjunto 8`);
  const set9 = new Set(HELD_IN_9.map((x) => normalizeWord(x.q)));
  for (const item of [...HELD_IN_10, ...HELD_IN_11, ...HELD_IN_12, ...HELD_IN_13, ...HELD_IN_14, ...HELD_IN_15, ...HELD_IN_16, ...HELD_IN_17, ...HELD_IN_18]) assert.ok(!set9.has(normalizeWord(item.q)), `${item.q} ya está en el conjunto 9`);
  const set10 = new Set(HELD_IN_10.map((x) => normalizeWord(x.q)));
  for (const item of [...HELD_IN_11, ...HELD_IN_12, ...HELD_IN_13, ...HELD_IN_14, ...HELD_IN_15, ...HELD_IN_16, ...HELD_IN_17, ...HELD_IN_18]) assert.ok(!set10.has(normalizeWord(item.q)), `${item.q} ya está en el conjunto 10`);
  const set11 = new Set(HELD_IN_11.map((x) => normalizeWord(x.q)));
  // Sets 11 and 12 were written at the same time by two engineers who saw neither the other's set;
  // one question (a refusal) came out the same in both, word for word. It stays in both.
  for (const item of HELD_IN_12) if (item.q !== 'como me paso del regimen simplificado al general') assert.ok(!set11.has(normalizeWord(item.q)), `${item.q} ya está en el conjunto 11`);
  for (const item of [...HELD_IN_13, ...HELD_IN_14, ...HELD_IN_15, ...HELD_IN_16, ...HELD_IN_17, ...HELD_IN_18]) assert.ok(!set11.has(normalizeWord(item.q)), `${item.q} ya está en el conjunto 11`);
  const set12 = new Set(HELD_IN_12.map((x) => normalizeWord(x.q)));
  for (const item of [...HELD_IN_13, ...HELD_IN_14, ...HELD_IN_15, ...HELD_IN_16, ...HELD_IN_17, ...HELD_IN_18]) assert.ok(!set12.has(normalizeWord(item.q)), `${item.q} ya está en el conjunto 12`);
  const set13 = new Set(HELD_IN_13.map((x) => normalizeWord(x.q)));
  for (const item of [...HELD_IN_14, ...HELD_IN_15, ...HELD_IN_16, ...HELD_IN_17, ...HELD_IN_18]) assert.ok(!set13.has(normalizeWord(item.q)), `${item.q} ya está en el conjunto 13`);
  const set14 = new Set(HELD_IN_14.map((x) => normalizeWord(x.q)));
  for (const item of [...HELD_IN_15, ...HELD_IN_16, ...HELD_IN_17, ...HELD_IN_18]) assert.ok(!set14.has(normalizeWord(item.q)), `${item.q} ya está en el conjunto 14`);
  const set15 = new Set(HELD_IN_15.map((x) => normalizeWord(x.q)));
  for (const item of [...HELD_IN_16, ...HELD_IN_17, ...HELD_IN_18]) assert.ok(!set15.has(normalizeWord(item.q)), 'una pregunta de los conjuntos 16 o 17 ya está en el conjunto 15');
  const set16 = new Set(HELD_IN_16.map((x) => normalizeWord(x.q)));
  for (const item of [...HELD_IN_17, ...HELD_IN_18]) assert.ok(!set16.has(normalizeWord(item.q)), 'una pregunta de los conjuntos 17 o 18 ya está en el conjunto 16');
  const set17 = new Set(HELD_IN_17.map((x) => normalizeWord(x.q)));
  for (const item of HELD_IN_18) assert.ok(!set17.has(normalizeWord(item.q)), 'una pregunta del conjunto 18 ya está en el conjunto 17');
  for (const item of [...HELD_IN_4, ...HELD_IN_7, ...HELD_IN_8, ...HELD_IN_9, ...HELD_IN_10, ...HELD_IN_11, ...HELD_IN_12, ...HELD_IN_13, ...HELD_IN_14, ...HELD_IN_15, ...HELD_IN_16, ...HELD_IN_17, ...HELD_IN_18]) {
    assert.ok(!own.has(normalizeWord(item.q)), `${item.q} es el título, una pregunta o una del banco de una ficha`);
    if (!TUNING_TOO.has(item.q)) assert.ok(!tuning.has(normalizeWord(item.q)), `${item.q} está en el conjunto de ajuste`);
    for (const id of [...(item.expect ?? []), ...(item.all ?? [])]) {
      if (!id.startsWith('guia:')) assert.ok(assistant.card(id), `${item.q}: ficha ${id} inexistente`);
    }
  }
});

test('held-in sets 19 and 20 (decision 0107): 80 questions each, new to every earlier set, the tuning set, the cards and the bank', () => {
  const earlier = new Set([...HELD_IN_4, ...HELD_IN_7, ...HELD_IN_8, ...HELD_IN_9, ...HELD_IN_10, ...HELD_IN_11, ...HELD_IN_12, ...HELD_IN_13, ...HELD_IN_14, ...HELD_IN_15, ...HELD_IN_16, ...HELD_IN_17, ...HELD_IN_18, ...TUNING].map((x) => normalizeWord(x.q)));
  const own = new Set([...assistant.shipped.cards.flatMap((c) => [c.titulo, ...c.preguntas, ...c.banco]), ...assistant.shipped.fueraDeAlcance].map((p) => normalizeWord(p)));
  const set19 = new Set(HELD_IN_19.map((x) => normalizeWord(x.q)));
  for (const set of [HELD_IN_19, HELD_IN_20]) {
    assert.equal(set.length, 80);
    assert.ok(set.filter((x) => x.expect === null).length >= 7, 'near-domain negatives');
    for (const item of set) {
      assert.ok(!earlier.has(normalizeWord(item.q)) && !own.has(normalizeWord(item.q)), 'una pregunta de los conjuntos 19 o 20 ya está en otro conjunto, una ficha o el banco');
      for (const id of [...(item.expect ?? []), ...(item.all ?? [])]) if (!id.startsWith('guia:')) assert.ok(assistant.card(id), 'una ficha esperada inexistente');
    }
  }
  for (const item of HELD_IN_20) assert.ok(!set19.has(normalizeWord(item.q)), 'una pregunta del conjunto 20 ya está en el conjunto 19');
});

test('held-in: every answer names its source (each card its reference, the guide its table)', () => {
  for (const item of [...HELD_IN_4, ...HELD_IN_7, ...HELD_IN_8, ...HELD_IN_9, ...HELD_IN_10, ...HELD_IN_11, ...HELD_IN_12, ...HELD_IN_13, ...HELD_IN_14, ...HELD_IN_15, ...HELD_IN_16, ...HELD_IN_17, ...HELD_IN_18, ...HELD_IN_19, ...HELD_IN_20]) {
    const r = assistant.ask(item.q);
    const text = chatText(item.q, r, assistant.shipped.version);
    if (r.tipo === 'ficha') for (const h of r.respuestas) assert.ok(text.includes(`Referencia: ${h.referencia}`), `${item.q}: ${h.id} sin su referencia`);
    if (r.tipo === 'guia') assert.match(text, /\nFuente: /, `${item.q}: la guía sin fuente`);
    if (r.tipo === 'ficha' || r.tipo === 'guia') assert.ok(answered(r).length > 0);
  }
});

/**
 * A blind set's misses are not printed: a run of the suite must not make it a tuning set (decision
 * 0104). Its assertions count (blindBar): a failed deepEqual would print the wrong answers, as the
 * todo tests of sets 14 and 15 did until session 17.
 */
const report = (name: string, set: typeof HELD_IN_4, blind = false) => {
  const s = score(assistant, set);
  console.log(`${name} (${set.length}): ${s.right} bien (${pct(s.right / set.length)}), ${s.refused.length} sin respuesta, ${s.wrong.length} respuestas equivocadas`);
  if (blind) return s;
  for (const m of s.refused) console.log(`  sin respuesta: ${m}`);
  for (const m of s.wrong) console.log(`  EQUIVOCADA: ${m}`);
  return s;
};

/** Issue 31's bar on a blind set, asserted on counts only. */
function blindBar(name: string, set: typeof HELD_IN_4): void {
  const s = report(name, set, true);
  assert.equal(s.wrong.length, 0, `${s.wrong.length} respuestas equivocadas`);
  assert.ok(s.right / set.length >= 0.9, `${pct(s.right / set.length)} bien`);
}

// Issue 31's bar on set 4. Before decision 0077: 56 of 62 (90.3 %) with 3 confident wrong answers;
// after 0077, 59; after 0085, 60, none wrong.
test('held-in set 4 (not blind since decision 0077): ≥ 90 % right, no confident wrong answer', () => {
  const s = report('conjunto retenido 4', HELD_IN_4);
  assert.deepEqual(s.wrong, [], 'no confident wrong answer');
  assert.ok(s.right / HELD_IN_4.length >= 0.9, `${pct(s.right / HELD_IN_4.length)} bien`);
});

// Set 7, fresh: measured once after decision 0077 at 29 of 34 (85.3 %), 4 refusals, 1 answer
// scored wrong ("estado 908 que quiere decir" got the error guide's 908, "SIAT validó la factura",
// not the card on state 908); the code before decision 0077: 26 of 34, 4 wrong. The earlier fresh
// sets, now tuning data: set 5, 25 of 35 (2 wrong) after the first fixes; set 6, 23 of 36 (7 wrong)
// after the second; the third fixes (a card's title must meet the question; a wrong answer costs
// three refusals when the threshold is picked) are what set 7 measures.
test('held-in set 7 (fresh wording): ≥ 90 % right, no confident wrong answer', { todo: 'set 7: 91.2 % right, 1 answer scored wrong (the error guide for "estado 908"; decisions 0077–0100)' }, () => {
  const s = report('conjunto retenido 7', HELD_IN_7);
  assert.deepEqual(s.wrong, [], 'no confident wrong answer');
  assert.ok(s.right / HELD_IN_7.length >= 0.9, `${pct(s.right / HELD_IN_7.length)} bien`);
});

// Set 8, fresh (80 questions, 10 of them near-domain refusals), written and committed before any
// change of decision 0081 and measured once before them: 62 of 80 (77.5 %), 16 refusals, 2
// confident wrong; once after them: 63 of 80 (78.8 %), 14 refusals, 3 confident wrong. Read for
// decisions 0085–0100 (not blind). After decision 0098: 71 of 80, 1 wrong; after decision 0100:
// 78 of 80 (97.5 %), 2 refusals, none wrong — the bar, on a set that is not blind: asserted. With
// decision 0106's labels alone, 79 of 80 with 1 confident wrong («que hago como cajera si se cae el
// sistema» → the configuration errors' card); after its third round, 79 of 80, none wrong. After
// decision 0107's last retraining (the lead's 30 bank questions and the reprint card) the same
// question goes to the same card again: 79 of 80, 1 wrong — retraining moves a few answers either way
// (decision 0107): a todo.
test('held-in set 8 (decisions 0081–0100; not blind): ≥ 90 % right, no confident wrong answer', { todo: 'set 8: 79 of 80, 1 confident wrong after decision 0107 («que hago como cajera si se cae el sistema»)' }, () => {
  const s = report('conjunto retenido 8', HELD_IN_8);
  assert.deepEqual(s.wrong, [], 'no confident wrong answer');
  assert.ok(s.right / HELD_IN_8.length >= 0.9, `${pct(s.right / HELD_IN_8.length)} bien`);
});

// Set 9 (60 questions in WhatsApp-style words, 10 near-domain refusals), written and committed
// alone before decision 0085's changes and measured once before them: 43 of 60 (71.7 %), 16
// refusals, 1 confident wrong. Its misses were then read with sets 7 and 8's, so it is no longer
// blind; after decision 0085: 46 of 60, 13 refusals, 1 confident wrong (sets 7 and 8 after it: 30
// of 34 and 67 of 80, 2 wrong; set 4: 60 of 62, none wrong).
// After decision 0100: 54 of 60 (90.0 %), none wrong, a point from a refusal; after decision 0104
// (the classifier's second opinion): 56 of 60 (93.3 %), none wrong — the bar, not blind: asserted
// then. After decision 0105's learnt answer rule: 57 of 60 (95.0 %), 1 confident wrong (a todo);
// after decision 0106: 57 of 60 (95.0 %), none wrong — asserted again.
test('held-in set 9 (decision 0085; not blind): ≥ 90 % right, no confident wrong answer', () => {
  const s = report('conjunto retenido 9', HELD_IN_9);
  assert.deepEqual(s.wrong, [], 'no confident wrong answer');
  assert.ok(s.right / HELD_IN_9.length >= 0.9, `${pct(s.right / HELD_IN_9.length)} bien`);
});

// Set 10 (73 questions in WhatsApp-style words from the SIN sources, 10 near-domain refusals),
// written and committed alone (64925f3) before decision 0091's changes and measured once before
// them: 50 of 73 (68.5 %), 22 refusals, 1 confident wrong ("diferencia entre cuis y cufd" → the two
// vigencia cards). Its misses were then read to make those changes, so it is not blind after them:
// 65 of 73 (89.0 %), 8 refusals, none wrong (sets 4, 7, 8, 9 after them: 61/62, 30/34, 70/80, 47/60).
// After decision 0093: 66 of 73 (90.4 %), 7 refusals, none wrong — the bar, on a set that is not blind;
// after decision 0098: 67 of 73 (91.8 %), 6 refusals, none wrong; after decision 0100: 70 of 73
// (95.9 %), 3 refusals, none wrong. After decision 0105 (the learnt answer rule): 69 of 73 (94.5 %),
// none wrong.
test('held-in set 10 (decisions 0091, 0093; not blind): ≥ 90 % right, no confident wrong answer', () => {
  const s = report('conjunto retenido 10', HELD_IN_10);
  assert.deepEqual(s.wrong, [], 'no confident wrong answer');
  assert.ok(s.right / HELD_IN_10.length >= 0.9, `${pct(s.right / HELD_IN_10.length)} bien`);
});

// Set 11 (80 questions in WhatsApp-style words from the SIN sources, 11 near-domain refusals),
// written and committed alone before decision 0093's changes, with expected ids from the cards' ids
// and titles only; measured once on the code as it was (3c6ba50, recorded in bed3f44): 57 of 80
// (71.3 %), 19 refusals, 4 confident wrong — the blind figure. Its misses (and those of sets 7–10)
// were then read for decision 0093's changes, so it is not blind after them: 67 of 80 (83.8 %), 12
// refusals, 1 confident wrong ("la nota de debito cuando se usa" → the notes' deadline card). After
// decision 0106 (the bank's "+:" lines and third round): 78 of 80 (97.5 %), none wrong — the bar, not
// blind: asserted. After decision 0107's fourth round of the bank: 76 of 80 (95 %), 2 wrong (the
// debit note's use → the notes' deadline card again; «siat me contesto bien pero la factura igual
// sale rechazada» → the new-invoice-after-a-rejection card, not SIAT's false transaction), with one
// expectation widened (see the set): a todo again. After 0107's last retraining: 77 of 80, the same 2 wrong.
test('held-in set 11 (decision 0093; not blind): ≥ 90 % right, no confident wrong answer', { todo: 'set 11: 77 of 80, 2 confident wrong after decision 0107 (78 of 80, none wrong after 0106)' }, () => {
  const s = report('conjunto retenido 11', HELD_IN_11);
  assert.deepEqual(s.wrong, [], 'no confident wrong answer');
  assert.ok(s.right / HELD_IN_11.length >= 0.9, `${pct(s.right / HELD_IN_11.length)} bien`);
});

// Set 12 (81 questions, 12 near-domain refusals), written blind in a worktree of its own while
// decision 0093's changes were made in another, by an engineer who read neither the cards' rules
// nor the thesaurus nor main/ai (ids and titles only), and merged after them: measured once, on
// the code of decision 0093, as the first measure of how that code does on questions nobody tuned
// it for: 43 of 81 right (53.1 %), 37 refusals, 1 confident wrong ("el cuis y el cufd cuanto dura
// cada uno" → the two "qué es" cards instead of the two vigencia cards). Its misses were then read
// for decision 0098's changes (store words, a listed code's card that fits alone, verb plurals in
// the thesaurus, diminutives of function words, chat short forms), so it is not blind after them:
// 56 of 81 (69.1 %), 25 refusals, none wrong (sets 4, 7–11 unchanged but set 10, 67 of 73).
test('held-in set 12 (blind, after decision 0093; read for decision 0098): ≥ 90 % right, no confident wrong answer', { todo: 'set 12: blind 53.1 % right (43 of 81), 37 refusals, 1 confident wrong; after decision 0098 69.1 % (56 of 81), 25 refusals, none wrong; after decision 0100 77.8 % (63 of 81), 18 refusals, none wrong; after decision 0104 82.7 % (67 of 81), 14 refusals, none wrong (one expected card added: see the set)' }, () => {
  const s = report('conjunto retenido 12', HELD_IN_12);
  assert.deepEqual(s.wrong, [], 'no confident wrong answer');
  assert.ok(s.right / HELD_IN_12.length >= 0.9, `${pct(s.right / HELD_IN_12.length)} bien`);
});

// Set 13 (80 questions in WhatsApp-style words, 12 near-domain refusals), written blind on
// 2026-11-28 by an engineer who read only the SIN sources and the cards' ids and titles, while
// decision 0098's changes were made by another who never saw it; committed alone and measured
// once, on the merged work: 57 of 80, 2 confident wrong. Its misses were then read for decision
// 0100, so it is not blind after it: 68 of 80 (85.0 %), 12 refusals, none wrong.
test('held-in set 13 (blind once, read for decision 0100): ≥ 90 % right, no confident wrong answer', { todo: 'set 13: blind 71.3 % right (57 of 80), 21 refusals, 2 confident wrong (a two-tax question got the monthly deadlines card; an annulment deadline question got the late-annulment card); after the cards were reworded for shopkeepers (not tuned on it) 57 of 80, 22 refusals, 1 wrong; after decision 0100 (tuned on it) 85.0 % (68 of 80), 12 refusals, none wrong; after decision 0104 88.8 % (71 of 80), 9 refusals, none wrong' }, () => {
  const s = report('conjunto retenido 13', HELD_IN_13);
  assert.deepEqual(s.wrong, [], 'no confident wrong answer');
  assert.ok(s.right / HELD_IN_13.length >= 0.9, `${pct(s.right / HELD_IN_13.length)} bien`);
});

// Set 14 (80 questions in WhatsApp-style words, 12 near-domain refusals, other businesses and
// angles than set 13's), written blind on 2026-11-28 by an engineer who read only the SIN sources
// and the cards' ids and titles, while decision 0100's changes were made by another who never saw
// it; committed alone and measured once, on the merged work (2026-11-28 08:40 UTC): 40 of 80
// (50.0 %), 35 refusals, 5 confident wrong (document 0 at Bs 2.800 → the bookshop's zero-rate
// card; three annulment questions → the note's deadline, the package deadline, the late-annulment
// card; annulment-and-note deadlines together → the late-annulment card). Not read since (its
// misses are not printed). Measured twice more for decision 0104, without reading a miss: on its
// first design (e295f49: the classifier as a confidence feature, threshold 0.75) 40 of 80, 40
// refusals, none wrong; on the design kept (ccfa619, chosen on the bank's folds, the tuning set and
// sets 4–13, not on this set) 48 of 80 (60.0 %), 27 refusals, 5 confident wrong.
test('held-in set 14 (blind; measured after decisions 0100 and 0104): ≥ 90 % right, no confident wrong answer', { todo: 'set 14: blind 50.0 % right (40 of 80), 5 confident wrong after decision 0100; 60.0 % (48 of 80), 27 refusals, 5 confident wrong after decision 0104; after decision 0105 (its final thresholds) 70.0 % (56 of 80), 21 refusals, 3 confident wrong; after decision 0106 72.5 % (58 of 80), 19 refusals, 3 confident wrong' }, () => {
  blindBar('conjunto retenido 14', HELD_IN_14);
});

// Set 15 (80 questions, 12 near-domain refusals, businesses sets 13 and 14 did not use), written
// blind on 2026-11-28 by an engineer who read only the SIN sources and the cards' ids and titles,
// while the question bank and the classifier of decision 0104 were written by others who never saw
// it; committed alone and measured twice, its misses never printed: on the first design (e295f49) 51
// of 80, 28 refusals, 1 confident wrong; on the design kept (ccfa619) 54 of 80 (67.5 %), 23
// refusals, 3 confident wrong. The code before decision 0104 (cae903c), measured on it as a
// baseline: 50 of 80, 27 refusals, 3 confident wrong (set 14 there: 40 of 80, 5 wrong).
test('held-in set 15 (blind, measured after decision 0104): ≥ 90 % right, no confident wrong answer', { todo: 'set 15: blind 67.5 % right (54 of 80), 23 refusals, 3 confident wrong after decision 0104 (50 of 80, 3 wrong on the code before it); after decision 0105 (its final thresholds) 76.3 % (61 of 80), 18 refusals, 1 confident wrong; after decision 0106 81.3 % (65 of 80), 12 refusals, 3 confident wrong' }, () => {
  blindBar('conjunto retenido 15', HELD_IN_15);
});

// Set 16 (80 questions, 12 near-domain refusals, businesses the earlier sets did not use), written
// blind on 2026-11-28 by an engineer who read only the SIN sources, the cards' ids and titles and
// the earlier sets' questions (to avoid their wordings), while the bank's second round and the
// learnt answer rule of decision 0105 were made by others who never saw it; its misses never
// printed. Measured four times, counts only (decision 0105's table): the code before session 17
// (5843bf1) 53 of 80, 2 wrong; the rule's first thresholds 54, 1 wrong; with the agreement threshold
// at 0.1, 58, 2 wrong; with the hand-set card kept from a rating of 0.3 (the thresholds shipped),
// 60 of 80 (75.0 %), 18 refusals, 2 confident wrong. Each revision was decided on the behaviour
// tests, a walk and the read sets, not on these figures.
test('held-in set 16 (blind, measured after decision 0105): ≥ 90 % right, no confident wrong answer', { todo: 'set 16: blind 75.0 % right (60 of 80), 18 refusals, 2 confident wrong after decision 0105 (53 of 80, 2 wrong on the code before it); after decision 0106 76.3 % (61 of 80), 17 refusals, 2 confident wrong (with the bank’s third round too)' }, () => {
  blindBar('conjunto retenido 16', HELD_IN_16);
});

// Set 17 (80 questions, 12 near-domain refusals, many plain everyday questions: the internet or
// the power gone, an expired CUFD, a customer without a NIT, a return), written blind on 2026-11-28
// by an engineer who read only the SIN sources, the cards' ids and titles and the earlier sets'
// questions, while others labelled the bank's neighbour cards (decision 0106) without seeing it. One
// question, equal to a bank question, was taken out before it was run (79 left). Measured once, on
// decision 0106's final code, counts only: 50 of 79 (63.3 %), 26 refusals, 3 confident wrong; the
// code before decision 0106 (d21286f), measured on it as a baseline: 50 of 79, 27 refusals, 2 wrong.
// Its misses were then read (session 18: 17 of its 26 refusals had the right card first at
// 0.45–0.70; the rest, a neighbour first), so it is not blind after decision 0106; set 18 is. After
// the bank's third round (plain questions, written after that reading): 55 of 79, 20 refusals, 4
// wrong.
test('held-in set 17 (blind, measured after decision 0106): ≥ 90 % right, no confident wrong answer', { todo: 'set 17: blind 63.3 % right (50 of 79), 26 refusals, 3 confident wrong after the bank’s "+:" lines (50 of 79, 2 wrong on the code before them); read since; 69.6 % (55 of 79), 4 wrong after the bank’s third round' }, () => {
  blindBar('conjunto retenido 17', HELD_IN_17);
});

// Set 18 (80 questions, 12 near-domain refusals, businesses sets 13–17 did not use), written blind
// on 2026-11-28 by an engineer who read only the SIN sources, the cards' ids and titles and the
// earlier sets' questions, while the bank's third round (plain questions, decision 0106) was written
// by others who never saw it; one bank question equal to one of its questions was taken out of the
// bank (not the set) before it was run. Measured once, counts only, on the final code of session
// 18: 62 of 80 (77.5 %), 14 refusals, 4 confident wrong. Baselines measured on it afterwards: the
// code before decision 0106 (d21286f) 60 of 80, 19 refusals, 1 wrong; after the bank's "+:" lines
// and before its third round (2b6f941) 59 of 80, 20 refusals, 1 wrong.
// After decision 0107 (counts only, once): 60 of 80, 16 refusals, 4 wrong.
test('held-in set 18 (blind, measured after decisions 0106 and 0107): ≥ 90 % right, no confident wrong answer', { todo: 'set 18: blind 77.5 % right (62 of 80), 14 refusals, 4 confident wrong after decision 0106 (60 of 80, 1 wrong on the code before it); 75.0 % (60 of 80), 16 refusals, 4 wrong after decision 0107' }, () => {
  blindBar('conjunto retenido 18', HELD_IN_18);
});

// Sets 19 and 20 (80 questions each, 12 near-domain refusals, businesses no earlier set used),
// written blind on 2026-11-28 by two engineers who read only the SIN sources, the cards' ids and
// titles and the earlier sets' questions, while decision 0107's changes were made; none equal to a
// question of the bank (its fourth round was checked against them, counts only). Measured once, on
// decision 0107's final code, counts only: set 19 58 of 80 (72.5 %), 19 refusals, 3 wrong; set 20 56
// of 80 (70.0 %), 20 refusals, 4 wrong. The code before decision 0107 (92dcc46), measured on them
// as a baseline: 58 of 80, 19 refusals, 3 wrong; 55 of 80, 21 refusals, 4 wrong.
test('held-in set 19 (blind, measured after decision 0107): ≥ 90 % right, no confident wrong answer', { todo: 'set 19: blind 72.5 % right (58 of 80), 19 refusals, 3 confident wrong after decision 0107 (the same on the code before it)' }, () => {
  blindBar('conjunto retenido 19', HELD_IN_19);
});
test('held-in set 20 (blind, measured after decision 0107): ≥ 90 % right, no confident wrong answer', { todo: 'set 20: blind 70.0 % right (56 of 80), 20 refusals, 4 confident wrong after decision 0107 (55 of 80, 4 wrong on the code before it)' }, () => {
  blindBar('conjunto retenido 20', HELD_IN_20);
});


// What decision 0100 reached on set 13, kept: no confident wrong answer and no fewer right ones. Not
// the bar (that is the todo above), a floor that a later change must not go under.
test('held-in set 13 after decision 0100: no confident wrong answer, at least 68 of 80 right', () => {
  const s = score(assistant, HELD_IN_13);
  assert.deepEqual(s.wrong, [], 'no confident wrong answer');
  assert.ok(s.right >= 68, `${s.right} bien`);
});

test('held-in: the confidence means what it says (the cards it rates high are right, low wrong)', () => {
  const bins = { high: { n: 0, right: 0 }, low: { n: 0, right: 0 } };
  for (const item of HELD_IN_4) {
    for (const h of assistant.search(item.q, 6)) {
      const right = item.expect?.includes(h.id) ?? false;
      const bin = h.confianza! >= 0.8 ? bins.high : h.confianza! < 0.2 ? bins.low : null;
      if (!bin) continue;
      bin.n++;
      if (right) bin.right++;
    }
  }
  console.log(`confianza ≥ 0,8: ${bins.high.right}/${bins.high.n} bien; < 0,2: ${bins.low.right}/${bins.low.n} bien`);
  assert.ok(bins.high.n >= 20 && bins.high.right / bins.high.n >= 0.85, `≥ 0,8: ${bins.high.right}/${bins.high.n}`);
  assert.ok(bins.low.n >= 100 && bins.low.right / bins.low.n <= 0.1, `< 0,2: ${bins.low.right}/${bins.low.n}`);
  // An administrator's passage has no calibrated confidence.
  const withAdmin = new Assistant(assistant.shipped, thesaurus, [{ path: 'a.md', seq: 0, titulo: 'Horario', texto: 'La tienda abre a las 8.' }]);
  assert.equal(withAdmin.search('a qué hora abre la tienda', 10).find((h) => h.tipo === 'pasaje')?.confianza, null);
});

test('two-letter acronyms are words: "cuánto es el IT" answers the IT card, not one about its other word', () => {
  assert.deepEqual(queryTerms('cuánto es el IT'), ['it']);
  assert.deepEqual(queryTerms('el CI y el QR del PV'), ['ci', 'qr', 'pv']);
  const r = assistant.ask('cuánto es el IT');
  assert.deepEqual(answered(r), ['it-3-transacciones']);
});

test('internet means an outage only next to an outage word: an ISP asking its invoice does not get a contingency card', () => {
  const isp = assistant.ask('somos proveedor de internet, que factura');
  assert.equal(isp.tipo === 'ficha' ? isp.hit.id : isp.tipo, 'sector-telecomunicaciones');
  const cut = assistant.ask('se nos cayó el internet');
  assert.ok(cut.tipo === 'ficha' && ['evento-1-internet', 'contingencia-automatica', 'contingencia-cajero-guia', 'contingencia-que-es'].includes(cut.hit.id), answered(cut).join());
});

test('diminutives are made plain where the corpus knows the plain word, and only there', () => {
  const index = new RetrievalIndex(
    [{ key: 'x', fields: [{ text: 'ventas chicas del día, tienda, crédito, solicita', weight: 1 }], short: [] }],
    { version: '1', entries: new Map(), outOfScope: new Map() },
  );
  assert.equal(index.plain('ventitas chiquitas de la tiendita'), 'ventas chicas de la tienda');
  assert.equal(index.plain('crédito solicita'), 'credito solicita');
  const r = assistant.ask('ventitas chiquitas al cierre del dia');
  assert.deepEqual(answered(r), ['cliente-99003']);
});

test('a question about several codes is answered by one card per code, each with its reference', () => {
  const r = assistant.ask('y el 99001 y el 99002 y el 99003?');
  assert.deepEqual(answered(r).sort(), ['cliente-99001', 'cliente-99002', 'cliente-99003']);
  const text = chatText('x', r, assistant.shipped.version);
  for (const id of ['cliente-99001', 'cliente-99002', 'cliente-99003']) assert.ok(text.includes(`Referencia: ${assistant.card(id)!.referencia}`), id);
  // Two codes named without listing them ("el PV 2 no tiene CUFD") are one question, not two.
  assert.ok(answered(assistant.ask('el PV 2 no tiene cufd')).length <= 1);
});

test('a topic Kipu has no card for is refused by name, with no card offered', () => {
  const r = assistant.ask('cuanto es el IUE este año');
  assert.equal(r.tipo, 'sin-respuesta');
  if (r.tipo !== 'sin-respuesta') return;
  assert.deepEqual(r.fueraDeAlcance, ['el impuesto sobre las utilidades de las empresas (IUE)']);
  assert.deepEqual(r.cercanas, []);
  assert.match(chatText('x', r, assistant.shipped.version), /^No tengo fichas sobre el impuesto sobre las utilidades de las empresas \(IUE\)\. No invento normas\./);
});

test('the document-0 fact is settled on the cards: both sources said, and Kipu’s 99002 and why', () => {
  const rule = assistant.card('monto-3000-sin-documento')!.regla;
  assert.match(rule, /1010/);
  assert.match(rule, /inspección/);
  assert.match(rule, /99002/);
  const r = assistant.ask('por que la caja factura a 99002 si el cliente no da nit');
  assert.ok(r.tipo === 'ficha' && ['cliente-99002', 'monto-3000-sin-documento'].includes(r.hit.id), answered(r).join());
});

// Decision 0077: the causes of set 4's three confident wrong answers, each on a corpus or question of its own.

test('a thesaurus phrase holds in any gender and number of its content words, and function words keep theirs', () => {
  const th = parseThesaurus('{"version":"1","entries":{"chiquito":["menor"],"pension":["educativo"],"ventas chicas":["menores"],"cuantos":["maximo"]}}');
  const phrases = (q: string) => expand(th, q).map((e) => e.phrase);
  assert.deepEqual(phrases('ventas chiquitas'), ['chiquito']);
  assert.deepEqual(phrases('cobro pensiones'), ['pension']);
  assert.deepEqual(phrases('la venta chica del día'), ['ventas chicas']);
  // "cuánto" (how much) is not "cuántos" (how many).
  assert.deepEqual(phrases('¿cuánto es?'), []);
  assert.deepEqual(phrases('¿cuántos son?'), ['cuantos']);
});

test('verbs that only phrase a question are not search words: "entran" does not outweigh the topic', () => {
  assert.deepEqual(queryTerms('¿cuántas facturas entran en un paquete de contingencia?'), ['factur', 'paquet', 'contingenci']);
  assert.deepEqual(queryTerms('¿qué pongo?, ¿para qué sirve?, ¿qué significa?'), []);
});

test('a document word after a negation stands for "sin documento", not for itself: "no da su carnet" is not a question about the carnet', () => {
  const docs = [
    { key: 'carnet', fields: [{ text: 'Complemento del carnet de identidad', weight: 3 }, { text: 'el carnet lleva complemento', weight: 1 }], short: ['Complemento del carnet de identidad'] },
    { key: 'sin-doc', fields: [{ text: 'Venta sin documento del cliente', weight: 3 }, { text: 'se factura a 99002', weight: 1 }], short: ['Venta sin documento del cliente'] },
    { key: 'otro', fields: [{ text: 'Descuento por volumen', weight: 3 }, { text: 'sobre el total', weight: 1 }], short: ['Descuento por volumen'] },
  ];
  const entries = '"entries":{"carnet":["cedula"]}';
  const negations = '"negaciones":{"sin documento":{"niegan":["no da","ni","sin"],"palabras":["carnet","nit"],"agrega":["sin documento","99002"]}}';
  const withNeg = new RetrievalIndex(docs, parseThesaurus(`{"version":"1",${entries},${negations}}`));
  const without = new RetrievalIndex(docs, parseThesaurus(`{"version":"1",${entries}}`));
  const first = (i: RetrievalIndex, q: string) => i.search(q, 3)[0]!;
  assert.equal(first(without, 'el cliente no da su carnet').key, 'carnet');
  const hit = first(withNeg, 'el cliente no da su carnet');
  assert.equal(hit.key, 'sin-doc');
  // The negated word keeps its place in the question: the card meets it through "sin documento".
  assert.ok(hit.covered.some((c) => c.word === 'carnet'), JSON.stringify(hit.covered));
  assert.equal(first(withNeg, 'cliente sin nit ni carnet').key, 'sin-doc');
  // Not negated, the carnet is the carnet.
  assert.equal(first(withNeg, 'el complemento del carnet').key, 'carnet');
  // On the shipped cards: the cashier's "no da nit ni carnet" is a sale without a document (the
  // most confident card; answered, or refused when the rest of the question is unknown, never the
  // carnet's). Since references are not indexed (decision 0100) the carnet's complement card comes
  // first in the fusion, by letters, at a confidence of 0,25.
  const q = 'el señor no me da su nit ni su carnet';
  const sinDocumento = ['monto-3000-sin-documento', 'cliente-99002'];
  const best = assistant.search(q, 6).reduce((b, h) => (h.confianza! > b.confianza! ? h : b));
  assert.ok(sinDocumento.includes(best.id), best.id);
  assert.ok(answered(assistant.ask(q)).every((id) => sinDocumento.includes(id)), answered(assistant.ask(q)).join());
});

test('what a card’s title meets weighs in its confidence, and a card whose title meets nothing does not answer: a word its rule names in passing does not make it the answer', () => {
  const index = new RetrievalIndex(
    [
      { key: 'sector', fields: [{ text: 'Qué documento sector emite mi negocio', weight: 3 }, { text: 'una tienda emite compra-venta; seguros (34), hoteles (16)', weight: 1 }], short: ['Qué documento sector emite mi negocio'] },
      { key: 'otra', fields: [{ text: 'Plazos de la tienda', weight: 3 }, { text: 'días', weight: 1 }], short: ['Plazos de la tienda'] },
    ],
    null,
  );
  const [hit] = index.search('seguro', 1);
  assert.equal(hit!.key, 'sector');
  assert.ok(hit!.coverage > 0.9 && hit!.headCoverage === 0, JSON.stringify(hit));
  assert.ok(index.search('qué documento sector', 1)[0]!.headCoverage > 0.9);
  const r = assistant.ask('quiero asegurar mi tienda contra robos, que seguro contrato');
  assert.equal(r.tipo, 'sin-respuesta', answered(r).join());
  // However confident: the IT card meets "calculo", "ganancia" and "mes" in its rule and questions
  // ("haya o no ganancia", "por mes"), not in its title, so it does not answer.
  const q = '¿cómo calculo la ganancia de mi mes?';
  const it = assistant.search(q, 6).find((h) => h.id === 'it-3-transacciones')!;
  assert.ok(it.confianza! >= MIN_CONFIDENCE && it.coberturaTitulo === 0, JSON.stringify(it));
  assert.equal(assistant.fits(it), false);
  assert.equal(handSet.ask(q).tipo, 'sin-respuesta');
  assert.equal(assistant.ask(q).tipo, 'sin-respuesta', 'the learnt rule refuses it too (decision 0107)');
});

// Decision 0081: causes of refusals and wrong answers on the tuning sets (1–7), each on a question of its own.

test('an amount or a small number no card knows is a detail, not an unknown word; a longer bare number stays one (it may be a code)', () => {
  assert.deepEqual(answered(assistant.ask('cuanto iva hay en una venta de 50 bs')), ['iva-13-incluido']);
  const code = assistant.search('error 1234 que es', 1)[0]!;
  assert.ok(code.desconocidas > 0, JSON.stringify(code));
  assert.equal(assistant.ask('error 1234 que es').tipo, 'sin-respuesta');
});

test('a card that misses a code the question names is no rival of the cards that meet it', () => {
  // The CUIS card has "caduca"; it cannot answer a question about the CUFD, so it does not lower
  // the CUFD card's lead.
  assert.deepEqual(answered(assistant.ask('cuando caduca el cufd')), ['cufd-vigencia']);
});

test('a list of codes gets, for each, the card whose title is about it alone', () => {
  assert.deepEqual(answered(assistant.ask('iva e it cuanto son')).sort(), ['it-3-transacciones', 'iva-13-incluido']);
});

test('diminutives of words in -io and of words ending in a consonant are made plain too', () => {
  const index = new RetrievalIndex(
    [{ key: 'x', fields: [{ text: 'colegio, camion, ventas chicas, tienda, crédito, solicita', weight: 1 }], short: [] }],
    { version: '1', entries: new Map(), outOfScope: new Map() },
  );
  assert.equal(index.plain('el colegito y las ventitas de la tiendita'), 'el colegio y las ventas de la tienda');
  // The hand-set rules answer from the plain word; the learnt rule weighs the classifier too, which
  // since decision 0107 reads this question as the general card on which document a business issues (0.34).
  assert.deepEqual(answered(handSet.ask('tengo un colegito particular, que factura saco')), ['sector-educativo']);
});

// Decision 0085: causes of refusals on sets 7–9, each on a question of its own.

test('a chat message’s fillers and the verbs of giving and having to are not search words', () => {
  assert.deepEqual(queryTerms('xfa oiga que factura le doy nomas pues'), ['factur']);
  assert.deepEqual(queryTerms('cuanto iva me toca, jefe'), ['iva']);
  assert.deepEqual(answered(assistant.ask('oye jefe cuanto es el iva pues')), ['iva-13-incluido']);
});

test('past and gerund verb forms meet the forms the cards use', () => {
  assert.equal(stem('cortaron'), stem('cortar'));
  assert.equal(stem('vendiendo'), stem('vender'));
  assert.equal(stem('mandamos'), stem('mandar'));
  // Too short a root is left alone ("ando", "damos" are not verbs of four letters and an ending).
  assert.equal(stem('ando'), 'and');
});

test('a word the cards know as itself does not also meet every shorter stem it starts with', () => {
  const docs = ['guardar la factura', 'guardar el paquete', 'se guarda el xml', 'guarderías con enseñanza'].map((text, i) => ({ key: `d${i}`, fields: [{ text, weight: 1 }], short: [] }));
  const index = new RetrievalIndex(docs, null);
  const hits = index.search('guarderia', 4).filter((h) => h.coverage > 0);
  assert.deepEqual(hits.map((h) => h.key), ['d3']);
  // Another form of the verb still meets it ("guardamos", "guardar").
  assert.ok(index.search('guardamos', 4).filter((h) => h.coverage > 0).length >= 2);
});

test('a negation of several words stands for the word it negates: "no quiere dar nit" meets the NIT through "sin documento"', () => {
  const docs = [
    { key: 'nit', fields: [{ text: 'Verificar el NIT del cliente', weight: 3 }, { text: 'el nit se consulta', weight: 1 }], short: ['Verificar el NIT del cliente'] },
    { key: 'sin-doc', fields: [{ text: 'Venta sin documento del cliente', weight: 3 }, { text: 'se factura a 99002', weight: 1 }], short: ['Venta sin documento del cliente'] },
  ];
  const th = parseThesaurus('{"version":"1","entries":{},"negaciones":{"sin documento":{"niegan":["no quiere dar"],"palabras":["nit"],"agrega":["sin documento","99002"]}}}');
  const hits = new RetrievalIndex(docs, th).search('el cliente no quiere dar nit', 2);
  const sinDoc = hits.find((h) => h.key === 'sin-doc')!;
  assert.ok(sinDoc.covered.some((c) => c.word === 'nit'), JSON.stringify(sinDoc.covered));
  // The NIT card does not meet the negated NIT itself.
  assert.ok(!hits.find((h) => h.key === 'nit')!.covered.some((c) => c.word === 'nit'));
});

test('a verb a store uses for what a card names with a noun or another verb meets it: "actualizar" the catalogs is to sync them, "intenta conectarse" is the retry', () => {
  assert.deepEqual(answered(assistant.ask('hay que actualizar los catalogos de siat')), ['catalogos-sincronizar']);
  // "intenta" meets the retry card, which comes first; its confidence sat at the bar (0,65) and is
  // 0,64 since the cards got more questions (decision 0100), so it is asserted as a ranking.
  const [first] = assistant.search('kipu intenta conectarse solo cada cuanto', 6);
  assert.equal(first!.id, 'contingencia-reintento-2h');
  assert.ok(first!.cubiertas.some((c) => c.word === 'intent'), JSON.stringify(first!.cubiertas));
});

// Decision 0091: causes of set 10's refusals and its one wrong answer, each on a question of its own.

test('quantifiers, possessives and connectives of a chat are not search words', () => {
  assert.deepEqual(queryTerms('en toda la zona, aunque ahora igual la mía'), ['zon']);
  assert.deepEqual(answered(assistant.ask('el IT igual se paga aunque no gane nada?')), ['it-3-transacciones']);
});

test('an enclitic pronoun after an infinitive and a verb in -emos go to the verb’s root', () => {
  assert.equal(stem('mandarlas'), stem('mandar'));
  assert.equal(stem('anularla'), stem('anular'));
  assert.equal(stem('vendemos'), stem('vender'));
});

test('a thesaurus word whose meaning the question already has meets for itself too, instead of staying unknown', () => {
  const docs = [
    { key: 'alquiler', fields: [{ text: 'Alquiler de inmuebles', weight: 3 }, { text: 'recibo de alquiler', weight: 1 }], short: ['Alquiler de inmuebles'] },
    { key: 'otra', fields: [{ text: 'Plazos del mes', weight: 3 }, { text: 'días', weight: 1 }], short: ['Plazos del mes'] },
  ];
  const th = parseThesaurus('{"version":"1","entries":{"alquilo":["alquiler"],"garaje":{"agrega":["alquiler"],"si":["alquilo"]}}}');
  const [hit] = new RetrievalIndex(docs, th).search('alquilo mi garaje', 1);
  assert.equal(hit!.key, 'alquiler');
  assert.equal(hit!.unknownShare, 0, JSON.stringify(hit));
  assert.ok(hit!.covered.some((c) => c.word === 'garaj'), JSON.stringify(hit!.covered));
});

test('two listed codes each get the card about it, even when that card also names the other code', () => {
  assert.deepEqual(answered(assistant.ask('el cuis y el cufd que son')).sort(), ['cufd-que-es', 'cuis-que-es']);
});

test('the cards added from the SIN’s inspection list and authorization path answer, each naming its source', () => {
  assert.deepEqual(answered(assistant.ask('factura de cero bolivianos por un obsequio')), ['factura-monto-cero']);
  assert.deepEqual(answered(assistant.ask('la autorizacion del sistema de facturacion cuanto dura')), ['autorizacion-sistema']);
  for (const id of ['factura-monto-cero', 'autorizacion-sistema']) assert.match(assistant.card(id)!.referencia, /[Ll]ista de inspección del SIN|[Pp]ruebas para la autorización/);
});

test('store words: a shop that sells goods, an embassy’s kin, SIAT’s site that does not open', () => {
  assert.deepEqual(answered(assistant.ask('un organismo internacional me compra, que nit')), ['cliente-99001']);
  assert.deepEqual(answered(handSet.ask('la pagina de impuestos no abre')), ['evento-2-siat-inaccesible']);
  assert.deepEqual(answered(assistant.ask('alquilo el garaje de mi casa, que factura')), ['sector-alquiler']);
});

// Decision 0093: causes of the misses of sets 7–11, each on a question of its own.

test('a chat’s short forms are read as the words they stand for: "q factura" is "que factura", "nro" is "número"', () => {
  assert.deepEqual(words('xq pa q nro'), ['porque', 'para', 'que', 'numero']);
  assert.ok(expand(thesaurus, 'q factura saco').some((e) => e.phrase === 'que factura'));
  assert.deepEqual(answered(assistant.ask('q factura saco si tengo una tienda')), ['sector-que-documento']);
});

test('a card resembles the question in the thesaurus’ words too, but only for a word the cards never use as itself', () => {
  const docs = [
    { key: 'plazo', fields: [{ text: 'Plazo para anular una factura', weight: 3 }], short: ['Plazo para anular una factura'] },
    { key: 'otra', fields: [{ text: 'Métodos de pago', weight: 3 }], short: ['Métodos de pago'] },
  ];
  const th = parseThesaurus('{"version":"1","entries":{"boleta":["factura"]}}');
  const none = parseThesaurus('{"version":"1","entries":{}}');
  const sim = (t: typeof th, q: string, d = docs) => new RetrievalIndex(d, t).search(q, 2).find((h) => h.key === 'plazo')!.similarity;
  assert.ok(sim(th, 'anular una boleta') > sim(none, 'anular una boleta') + 0.2, `${sim(th, 'anular una boleta')} / ${sim(none, 'anular una boleta')}`);
  // A card that uses "boleta" itself: the word stays as typed.
  const withBoleta = [...docs, { key: 'b', fields: [{ text: 'Qué es una boleta', weight: 3 }], short: ['Qué es una boleta'] }];
  assert.equal(sim(th, 'anular una boleta', withBoleta), sim(none, 'anular una boleta', withBoleta));
  assert.deepEqual(answered(assistant.ask('mi tiendita de barrio q factura saca')), ['sector-que-documento']);
});

test('a card that alone meets a code the question names leads only by its BM25 against every first place', () => {
  const q = 'le vendemos internet a varias empresas con nit juntos';
  const nit = assistant.search(q, 6).find((h) => h.id === 'nit-verificacion')!;
  assert.ok(nit.bm25Relativo < 1 && nit.confianza! < MIN_CONFIDENCE, JSON.stringify(nit));
  assert.notDeepEqual(answered(assistant.ask(q)), ['nit-verificacion']);
});

test('a fitting card that meets what the question asks in words of asking ("hasta cuándo") answers before one that does not', () => {
  assert.equal(answered(assistant.ask('hasta cuando paso las facturas del talonario al sistema'))[0], 'cafc-plazo');
});

test('"se cae" next to SIAT or impuestos is an outage, and no card says a deadline "cae" on a day', () => {
  assert.deepEqual(answered(assistant.ask('si se cae el siat a cada rato que hago')), ['evento-2-siat-inaccesible']);
  // The lexical ranking still puts the outage first; the answer is the todo below.
  assert.equal(handSet.search('se cae la pagina del sin, como facturo', 6)[0]!.id, 'evento-2-siat-inaccesible');
  for (const c of assistant.shipped.cards) assert.doesNotMatch(c.regla, /\bcae en\b/, c.id);
});

test('cards from the SIN’s inspection list and the purchases’ QR: how the buyer gets the invoice, registering a purchase by its QR', () => {
  assert.deepEqual(answered(assistant.ask('le puedo mandar la factura al cliente por correo')), ['factura-entrega-cliente']);
  assert.match(assistant.card('factura-entrega-cliente')!.referencia, /Lista de inspección del SIN/);
  assert.deepEqual(answered(assistant.ask('con el qr de la factura de compra se llena el registro')), ['rcv-libros-compras-ventas']);
  assert.match(assistant.card('rcv-libros-compras-ventas')!.referencia, /QR/);
});

test('store words: a currency, a rebate, a sale on credit, the address on the invoice', () => {
  assert.deepEqual(answered(assistant.ask('me pagaron en euros como facturo')), ['formula-moneda']);
  assert.deepEqual(answered(assistant.ask('le hice una rebaja a toda la compra')), ['descuento-adicional']);
  assert.deepEqual(answered(assistant.ask('le vendo a credito a un cliente, que metodo de pago es')), ['metodos-pago']);
  assert.deepEqual(answered(assistant.ask('cambie de direccion la tienda, que hago con la factura')), ['padron-direccion']);
  // "ya hay conexión" is the connection coming back, as "volvió" is.
  assert.equal(answered(assistant.ask('ya hay conexion, las facturas de la contingencia se mandan solas?'))[0], 'recuperacion-pasos');
});

test('labour, company registration, notaries and the exporters’ tax refund are topics Kipu names and refuses', () => {
  const topics = (q: string) => {
    const r = assistant.ask(q);
    return r.tipo === 'sin-respuesta' ? r.fueraDeAlcance : answered(r);
  };
  assert.deepEqual(topics('cuantos dias de vacaciones le doy a mi cajera'), ['los sueldos, aportes y obligaciones laborales']);
  assert.deepEqual(topics('como me inscribo en el seprec'), ['los trámites de registro de comercio, marcas y notarías']);
  assert.deepEqual(topics('el contrato de alquiler lo hago con notario?'), ['los trámites de registro de comercio, marcas y notarías']);
});

test('a carnet’s complement typed as printed ("1B", "2B") is the word "complemento"', () => {
  assert.deepEqual(words('su ci tiene 1B'), ['su', 'ci', 'tiene', 'complemento']);
  assert.deepEqual(answered(assistant.ask('el carnet del senor dice 2B, eso va en la factura?')), ['complemento-ci']);
});

test('two listed codes: a card’s focus on each is compared within the rounding of the shares it is computed from', () => {
  // "Qué es el CUIS" meets the CUIS and the CUFD; on the CUIS it is as focused as "Vigencia del
  // CUIS" (0,6134 − 0,2267 against 0,3866 is a tie, not a loss), and far more confident.
  assert.equal(answered(assistant.ask('cual es la diferencia entre el cuis y el cufd'))[0], 'cuis-que-es');
});

test('exports: the export invoice’s card answers what it carries and that it has no IVA, naming the law', () => {
  assert.deepEqual(answered(assistant.ask('la factura de exportacion que datos lleva')), ['sector-exportacion']);
  assert.deepEqual(answered(assistant.ask('la factura de exportacion lleva iva?')), ['sector-exportacion']);
  assert.match(assistant.card('sector-exportacion')!.referencia, /Ley 843.*art\. 11/);
  assert.deepEqual(answered(assistant.ask('que tipo de compra pongo en el registro de compras')), ['rcv-libros-compras-ventas']);
});

test('bank loans and the SIN’s register of taxpayers are topics Kipu names and refuses', () => {
  const topics = (q: string) => {
    const r = assistant.ask(q);
    return r.tipo === 'sin-respuesta' ? r.fueraDeAlcance : answered(r);
  };
  assert.deepEqual(topics('la tasa de interes de un prestamo para la tienda'), ['los préstamos, intereses y servicios de los bancos']);
  assert.deepEqual(topics('como saco mi certificado de no adeudo'), ['la inscripción en el padrón del SIN y sus certificados (NIT, no adeudo)']);
});

// Decision 0098: classes of set 12's misses, each on questions of its own (not set 12's sentences).

test('store words for topics the cards cover: a school’s courses and fees, antennas, novels, a laptop, invoicing oneself, the IT on what one earns, the diplomatic corps', () => {
  assert.deepEqual(answered(assistant.ask('dicto cursos de ingles, las cuotas de los alumnos con q factura')), ['sector-educativo']);
  assert.equal(answered(assistant.ask('damos internet a los vecinos con antenas, q factura corresponde'))[0], 'sector-telecomunicaciones');
  assert.deepEqual(answered(handSet.ask('vendo novelas usadas, eso lleva iva?')), ['sector-tasa-cero-libros']);
  assert.deepEqual(answered(assistant.ask('se arruino la laptop de la caja, q evento es')), ['evento-7-hardware']);
  assert.deepEqual(answered(assistant.ask('puedo sacarme factura a mi mismo')), ['nit-emisor-mismo']);
  assert.deepEqual(answered(assistant.ask('cuanto del it sale de lo que gano')), ['it-3-transacciones']);
  assert.deepEqual(answered(assistant.ask('vino un del cuerpo diplomatico, que nit va')), ['cliente-99001']);
});

// Two behaviour tests' questions the classifier retrained on the bank's second round (decision 0105)
// no longer lets be answered: it gives «el formulario del iva cuando se presenta» 0.74 of "no card"
// (the second round's near-domain questions ask when other forms are due) and «se cae la pagina del
// sin» to the web portal's card (0.73), which does not fit: the hand-set rules refuse both, and the
// learnt rule refuses the first and answers the second with the web portal's card (0.78; the
// portal is what a store uses when its own system fails, not when SIAT's does). The first was
// answered again after decision 0106 (the classifier learnt from the bank's "+:" lines) and the second
// is answered since decision 0107 (the bank's fourth round: SIAT down while the internet works, 20
// questions); the fourth round's near-domain questions gave the first 0.66–0.76 of "no card" again: a todo.
test('answers the bank’s second round lost', () => {
  assert.equal(answered(assistant.ask('se cae la pagina del sin, como facturo'))[0], 'evento-2-siat-inaccesible');
});
test('an answer the bank’s second round lost, not back', { todo: 'refused again since decision 0107: the IVA form’s due date' }, () => {
  assert.deepEqual(answered(assistant.ask('el formulario del iva cuando se presenta')), ['impuestos-vencimiento-mensual']);
});

test('a listed code gets the card that fits by itself and meets that code alone, before a card about the code that meets nothing else the question asks', () => {
  assert.deepEqual(answered(assistant.ask('cuanto dura el cuis y el cufd')).sort(), ['cufd-vigencia', 'cuis-vigencia']);
  // "duran" is "dura" (→ vigencia): a thesaurus phrase holds for a verb's plural, and stands for that word.
  assert.deepEqual(answered(assistant.ask('el cufd y el cuis cuanto duran')).sort(), ['cufd-vigencia', 'cuis-vigencia']);
  assert.deepEqual(expand(parseThesaurus('{"version":"1","entries":{"dura":["vigencia"]}}'), 'cuanto duran').map((e) => e.phrase), ['dura']);
  // A card that explains both codes together still answers a question about how they differ.
  assert.equal(answered(assistant.ask('cual es la diferencia entre el cuis y el cufd'))[0], 'cuis-que-es');
});

test('a diminutive of a function word is that word, and more of a chat’s short forms are read as words', () => {
  const index = new RetrievalIndex([{ key: 'x', fields: [{ text: 'nota de crédito, parte del IVA', weight: 1 }], short: [] }], { version: '1', entries: new Map(), outOfScope: new Map() });
  assert.equal(index.plain('todito o una parte'), 'todo o una parte');
  assert.deepEqual(words('dnd veo la fact, msj xa el cliente'), ['donde', 'veo', 'la', 'factura', 'mensaje', 'para', 'el', 'cliente']);
});

test('fines and interest, the till’s devices and how long papers are kept are topics Kipu names and refuses; a backdated invoice is the date card', () => {
  const topics = (q: string) => {
    const r = assistant.ask(q);
    return r.tipo === 'sin-respuesta' ? r.fueraDeAlcance : answered(r);
  };
  assert.deepEqual(topics('cuanto es el interes por pagar tarde el it'), ['las multas, intereses y sanciones del SIN (su contador o el SIN las calculan)']);
  assert.deepEqual(topics('la impresora de tickets no imprime nada'), ['el equipo de la caja (impresoras, lectores de código de barras, cajón)']);
  assert.deepEqual(topics('cuanto tiempo guardo las facturas en papel'), ['cuánto tiempo se conservan las facturas y los libros (lo fija el Código Tributario; su contador)']);
  assert.deepEqual(topics('tengo que facturar las ventas por internet'), ['las ventas por internet o por redes sociales (comercio electrónico)']);
  // An ISP sells internet; it does not sell by internet.
  assert.equal(answered(assistant.ask('le vendemos internet a los vecinos, que factura es'))[0], 'sector-telecomunicaciones');
  assert.equal(answered(assistant.ask('puedo facturar una venta de hace una semana'))[0], 'fecha-emision-formato');
  assert.equal(answered(assistant.ask('el cliente quiere factura con fecha de ayer'))[0], 'fecha-emision-formato');
});

test('a stem the cards do not know meets a shorter card stem it starts with only when an ending, two letters or more, is cut: "propinas" is not "propio"', () => {
  assert.equal(assistant.ask('se puede facturar propinas').tipo, 'sin-respuesta');
  // "vendiendo" still meets "vender".
  assert.ok(assistant.search('sigo vendiendo', 6).some((h) => h.cubiertas.some((c) => c.word === 'vend')));
  // "pesa" next to a package is its size; a duplicated CUF is one already registered.
  assert.deepEqual(answered(assistant.ask('cuanto pesa maximo un paquete')), ['paquete-tamano-100mb']);
  assert.deepEqual(answered(assistant.ask('me sale cuf duplicado')), ['duplicado-1000']);
});

test('the card BM25 puts first, meeting most of the question and with its title, is a candidate even when letter similarity pushed it out of the fused first places', () => {
  // The educativo card names guarderías in its rule only; short titles that share "factura" by letters came first.
  assert.deepEqual(answered(assistant.ask('q factura usa una guarderia')), ['sector-educativo']);
  // A card that met most of the question through a phrasing word ("salió") and not by its title is not brought in.
  assert.equal(answered(assistant.ask('la factura salió rechazada'))[0], 'factura-rechazada-nueva');
});

test('how a chat addresses someone and fills a sentence are stopwords, and none is a word of the cards', () => {
  assert.deepEqual(queryTerms('señora, el tema es que en modo sin internet el joven me dijo'), ['internet']);
  const corpus = new Set(assistant.shipped.cards.flatMap((c) => words(`${c.titulo} ${c.regla} ${c.preguntas.join(' ')}`)));
  for (const w of ['senor', 'senora', 'joven', 'tema', 'modo', 'dijo', 'quisiera', 'lado']) assert.ok(!corpus.has(w), w);
  assert.equal(answered(assistant.ask('la señora no quiere dar su nit, joven q hago')).length > 0, true);
});

test('spelling a chat uses: k for qu, a dropped h, common misspellings of factura and internet, IVA with a b, a stressed verb form', () => {
  assert.deepEqual(words('kiere q ago'), ['quiere', 'que', 'hago']);
  assert.deepEqual(answered(assistant.ask('cuanto es el iba')), ['iva-13-incluido']);
  assert.deepEqual(answered(handSet.ask('como anulo una fatura')), ['anulacion-condiciones']);
  assert.deepEqual(answered(assistant.ask('como revierto una anulacion')), ['reversion-anulacion']);
  // "iba" is a verb too: without a word of the tax it stays itself.
  assert.ok(!expand(thesaurus, 'iba a facturar').some((e) => e.phrase === 'iba'));
});

test('no card question that, without its negation, asks how to do what it says went wrong: "cómo anulo una factura" is not "por qué no se anuló"', () => {
  assert.deepEqual(answered(handSet.ask('como anulo una factura')), ['anulacion-condiciones']);
});

test('a question that asks two things joined by "y" gets the card each of its questions gets by itself', () => {
  assert.deepEqual(clauses('q es el cufd y cuanto dura'), ['que es el cufd', 'cuanto dura cufd']);
  assert.deepEqual(clauses('cuanto dura el cufd'), []);
  assert.deepEqual(answered(assistant.ask('q es el cufd y cuanto dura')).sort(), ['cufd-que-es', 'cufd-vigencia']);
  assert.deepEqual(answered(assistant.ask('el iva cuanto es y hasta q dia se paga')).sort(), ['impuestos-vencimiento-mensual', 'iva-13-incluido']);
  // A part no card answers does not get one: the whole question is refused as before.
  assert.equal(assistant.ask('q es el cufd y como hago un backup').tipo, 'sin-respuesta');
});

test('a conditional thesaurus entry never holds by its own word: "cuota" is the school fee only next to a school word', () => {
  for (const [phrase, entry] of thesaurus.entries) {
    const own = phrase.split(' ').map(fold);
    for (const w of entry.when ?? []) assert.ok(!w.split(' ').every((x) => own.includes(fold(x))), `${phrase}: ${w}`);
  }
  assert.notDeepEqual(answered(assistant.ask('vendo por cuotas, facturo cada cuota?')), ['sector-educativo']);
  assert.deepEqual(answered(assistant.ask('dicto cursos de ingles, las cuotas de los alumnos con q factura')), ['sector-educativo']);
  const r = assistant.ask('la factura vale como garantia del producto');
  assert.deepEqual(r.tipo === 'sin-respuesta' ? r.fueraDeAlcance : answered(r), ['las garantías y los reclamos por los productos vendidos']);
});

test('a topic word met in passing yields to a card the classifier is sure of; a question about the topic stays refused (decision 0107)', () => {
  const topics = (q: string) => {
    const r = assistant.ask(q);
    return r.tipo === 'sin-respuesta' ? r.fueraDeAlcance : answered(r);
  };
  // A tourist's passport is the customer's document, whatever country the tourist comes from. (A
  // question about the QR that names the printer yielded too until the bank's fourth round taught
  // the classifier printer questions as out of scope: «mi impresora saca el qr muy pequeño…», 0.73.)
  const tourist = 'un turista de peru me da su pasaporte, q tipo de documento marco';
  assert.deepEqual(outOfScopeTopics(thesaurus, tourist), ['la facturación de otros países'], 'the question names a topic Kipu refuses');
  assert.equal(topics(tourist)[0], 'tipos-documento-identidad');
  // About the topic itself: refused by name, as before.
  assert.deepEqual(topics('en peru el iva es 18%?'), ['la facturación de otros países']);
  assert.deepEqual(topics('compre una impresora nueva, como la configuro'), ['el equipo de la caja (impresoras, lectores de código de barras, cajón)']);
});

test('an answer that is one named code’s own card gets the card of the other code the question names (decision 0107)', () => {
  const both = assistant.ask('cuanto es de iva y cuanto de it en una venta de 100?');
  assert.deepEqual(answered(both).sort(), ['it-3-transacciones', 'iva-13-incluido']);
  // The related cards under it never repeat a card of the answer.
  assert.ok(both.cercanas.every((h) => !answered(both).includes(h.id)), both.cercanas.map((h) => h.id).join(', '));
  assert.deepEqual(answered(assistant.ask('el cuis y el cufd son lo mismo?')).sort(), ['cufd-que-es', 'cuis-que-es']);
  // A code named beside a question about something else adds nothing: the deadline card alone.
  assert.deepEqual(answered(assistant.ask('mi nit termina en 7 cuando vence mi declaracion del iva')), ['impuestos-vencimiento-mensual']);
  // Two listed codes asked something of together: the card the classifier is sure of, not a card per code.
  assert.deepEqual(answered(assistant.ask('hasta que fecha se declara el iva y el it del mes?')), ['impuestos-vencimiento-mensual']);
});

test('two topics Kipu has no card for are named one after the other, each with its own «ni sobre»', () => {
  const r = assistant.ask('cuanto pago de patente y de iue');
  assert.equal(r.tipo, 'sin-respuesta');
  if (r.tipo !== 'sin-respuesta') return;
  assert.equal(r.fueraDeAlcance.length, 2);
  assert.match(chatText('x', r, assistant.shipped.version), /^No tengo fichas sobre el impuesto sobre las utilidades de las empresas \(IUE\) ni sobre los impuestos municipales \(inmuebles, vehículos, patentes\)\. No invento normas\./);
});

test('a refusal offers the classifier’s likeliest cards first, and none for a question about no card (decision 0107)', () => {
  // Answered or offered first: the card a cashier needs is one click away.
  const first = (q: string) => {
    const r = assistant.ask(q);
    return r.tipo === 'sin-respuesta' ? r.cercanas[0]?.id : answered(r)[0];
  };
  assert.equal(first('cuanto tiempo tengo pa anular una fatura'), 'anulacion-plazo');
  // Whatever it refuses of these plain questions, it offers first the card the classifier likes best.
  let refused = 0;
  for (const q of ['se puede facturar sin internet', 'se fue el internet y tengo clientes esperando q hago', 'me equivoque en el monto de la factra ya la imprimi', 'no ay señal q ago con la venta']) {
    const r = assistant.ask(q);
    if (r.tipo !== 'sin-respuesta') continue;
    refused++;
    const likeliest = assistant.ruleCandidates(q, null).reading!.cards[0]!;
    assert.ok(likeliest.p >= 0.1, `${q}: ${likeliest.id} ${likeliest.p}`);
    assert.equal(r.cercanas[0]?.id, likeliest.id, q);
  }
  assert.ok(refused > 0, 'some of them refused: the test says nothing otherwise');
  const none = assistant.ask('receta de salteña');
  assert.equal(none.tipo, 'sin-respuesta');
  assert.deepEqual(none.cercanas, []);
});
