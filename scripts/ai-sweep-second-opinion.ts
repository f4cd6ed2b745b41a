// Scores settings of the intent classifier's second opinion (main/ai/second-opinion.ts; decision
// 0104) on the data they were chosen on — half the question bank by folds (each fold asked of an
// assistant whose classifier learnt from the other folds), the tuning set and the read held-in sets
// 4–13 — never on a blind set (14, 15). Prints right and wrong answers per group and the rule's
// score (right less three per wrong), for the settings now in force and for those given:
//   node_modules/.bin/tsx scripts/ai-sweep-second-opinion.ts '[{"lead":0.4},{"out":0.5}]'
// "lead":9 (and so on) turns a part off; {"lead":9,"out":9,"intent":9} is the lexical answer alone.
import { join } from 'node:path';
import { bankAnswers, loadShippedCorpus, type ShippedCorpus } from '../main/ai/rule-cards';
import { loadThesaurus } from '../main/ai/thesaurus';
import { Assistant } from '../main/ai/assistant';
import { SECOND_OPINION } from '../main/ai/second-opinion';
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
/** The folds asked (two of four: the figures of decision 0104). */
const ASKED = 2;
const WRONG_COST = 3;
const dir = join('resources', 'ai');
const corpus = loadShippedCorpus(join(dir, 'corpus'));
const thesaurus = loadThesaurus(join(dir, 'thesaurus.json'));
const fold = (f: number): ShippedCorpus => ({
  ...corpus,
  cards: corpus.cards.map((c) => ({ ...c, banco: c.banco.filter((_, i) => i % FOLDS !== f) })),
  fueraDeAlcance: corpus.fueraDeAlcance.filter((_, i) => i % FOLDS !== f),
  intenciones: undefined,
});
// A question that quotes a SIAT code is answered by the card or by the code's guide, as in the held-in sets.
const heldOut = (f: number): HeldInItem[] => [
  ...corpus.cards.flatMap((c) => c.banco.filter((_, i) => i % FOLDS === f).map((q) => ({ q, expect: [...bankAnswers(c, q), ...(q.match(/\b\d{3,4}\b/g) ?? []).map((n) => `guia:${n}`)] }))),
  ...corpus.fueraDeAlcance.filter((_, i) => i % FOLDS === f).map((q) => ({ q, expect: null })),
];
const folds = [...Array(ASKED).keys()].map((f) => ({ assistant: new Assistant(fold(f), thesaurus, []), items: heldOut(f) }));
const full = new Assistant(corpus, thesaurus, []);
// The hand-set second opinion is what this scores: the learnt answer rule (decision 0105) stays off.
full.answerRule = null;
const read = [...HELD_IN_4, ...HELD_IN_7, ...HELD_IN_8, ...HELD_IN_9, ...HELD_IN_10, ...HELD_IN_11, ...HELD_IN_12, ...HELD_IN_13];
const inForce = { ...SECOND_OPINION };
const settings: Partial<typeof SECOND_OPINION>[] = [{}, ...(JSON.parse(process.argv[2] ?? '[]') as Partial<typeof SECOND_OPINION>[])];
for (const s of settings) {
  Object.assign(SECOND_OPINION, inForce, s);
  const bank = folds.map((f) => score(f.assistant, f.items)).reduce((a, r) => ({ right: a.right + r.right, wrong: a.wrong + r.wrong.length, n: a.n + r.results.length }), { right: 0, wrong: 0, n: 0 });
  const tuning = score(full, TUNING);
  const sets = score(full, read);
  const total = bank.right + tuning.right + sets.right - WRONG_COST * (bank.wrong + tuning.wrong.length + sets.wrong.length);
  console.log(`${JSON.stringify(SECOND_OPINION)}: banco ${bank.right}/${bank.n} (${bank.wrong} equivocadas) · ajuste ${tuning.right}/${TUNING.length} (${tuning.wrong.length}) · conjuntos 4–13 ${sets.right}/${read.length} (${sets.wrong.length}) · puntaje ${total}`);
}
Object.assign(SECOND_OPINION, inForce);
