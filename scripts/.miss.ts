import { join } from 'node:path';
import { loadShippedCorpus } from '../main/ai/rule-cards';
import { loadThesaurus } from '../main/ai/thesaurus';
import { Assistant } from '../main/ai/assistant';
import { ruleChoice } from '../main/ai/answer-rule';
import { score } from '../test/unit/ai/held-in-score';
import { HELD_IN_17 } from '../test/fixtures/ai/held-in-questions-17';
const dir = join('resources', 'ai');
const a = new Assistant(loadShippedCorpus(join(dir, 'corpus')), loadThesaurus(join(dir, 'thesaurus.json')), []);
const rule = a.answerRule!;
const s = score(a, HELD_IN_17);
for (const x of s.results) {
  if (x.v === 'right') continue;
  const q = x.item.q;
  a.answerRule = null; const h = a.ask(q); a.answerRule = rule;
  const hand = h.tipo === 'ficha' ? h.hit.id : h.tipo;
  const { candidates, reading } = a.ruleCandidates(q, h.tipo === 'ficha' ? h.hit.id : null);
  const pick = ruleChoice(rule, candidates, q);
  const rated = pick ? [...pick.ratings].sort((p, r) => r[1] - p[1]) : [];
  const exp = x.item.expect ?? [];
  const rank = rated.findIndex(([id]) => exp.includes(id));
  console.log(`[${x.v}] ${q}\n   expect=${exp.join('|') || 'NONE'}${x.item.all ? ' all=' + x.item.all.join('+') : ''} got=${x.r.tipo === 'ficha' ? x.r.respuestas.map((r) => r.id).join('+') : x.r.tipo} hand=${hand} pick=${pick?.id} p=${pick?.p.toFixed(2)} out=${reading?.out.toFixed(2)} expRank=${rank} expRating=${rank >= 0 ? rated[rank]![1].toFixed(2) : '-'}`);
  console.log('   cls: ' + reading!.cards.slice(0, 4).map((c) => `${c.id}:${c.p.toFixed(2)}`).join(' '));
}
