import { join } from 'node:path';
import { loadShippedCorpus } from '../main/ai/rule-cards';
import { loadThesaurus } from '../main/ai/thesaurus';
import { Assistant } from '../main/ai/assistant';
import { logistic, ruleChoice } from '../main/ai/answer-rule';
const a = new Assistant(loadShippedCorpus(join('resources', 'ai', 'corpus')), loadThesaurus(join('resources', 'ai', 'thesaurus.json')), []);
const rule = a.answerRule!;
for (const q of process.argv.slice(2)) {
  a.answerRule = null; const h = a.ask(q); const hid = h.tipo === 'ficha' ? h.hit.id : null;
  const { candidates } = a.ruleCandidates(q, hid);
  const rated = candidates.map((c) => ({ id: c.id, r: logistic(rule.candidate, c.features) })).sort((x, y) => y.r - x.r);
  const pick = ruleChoice(rule, candidates, q);
  console.log(`${q} | hand ${hid} ${rated.find((x) => x.id === hid)?.r.toFixed(2)} | rule ${pick?.id} ${pick?.p.toFixed(2)} | ${rated.slice(0, 3).map((x) => x.id + ' ' + x.r.toFixed(2)).join(', ')}`);
}
