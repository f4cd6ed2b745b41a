// Scratch (not committed): features per question for exploring a learnt answer rule.
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { loadShippedCorpus, type ShippedCorpus } from '../main/ai/rule-cards';
import { loadThesaurus } from '../main/ai/thesaurus';
import { Assistant } from '../main/ai/assistant';
import { intentModelFor, intentProbabilities } from '../main/ai/intent-classifier';
import { answered } from '../test/unit/ai/held-in-score';
import type { HeldInItem } from '../test/fixtures/ai/held-in-questions';
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
const dir = join('resources', 'ai');
const corpus = loadShippedCorpus(join(dir, 'corpus'));
const thesaurus = loadThesaurus(join(dir, 'thesaurus.json'));
const out: string[] = [];
function dump(group: string, a: Assistant, c: ShippedCorpus, items: HeldInItem[]) {
  const model = intentModelFor(c, thesaurus)!;
  for (const item of items) {
    const r = a.ask(item.q);
    const hits = a.search(item.q, 12).filter((h) => h.tipo === 'ficha');
    const p = intentProbabilities(model, thesaurus, item.q);
    const cls = model.classes.map((id, i) => ({ id, p: p[i]! })).sort((x, y) => y.p - x.p).slice(0, 8);
    out.push(JSON.stringify({ group, q: item.q, expect: item.expect, all: item.all ?? null, tipo: r.tipo, outside: r.tipo === 'sin-respuesta' ? r.fueraDeAlcance.length > 0 : false, answer: answered(r),
      hits: hits.map((h, rank) => ({ id: h.id, rank, conf: h.confianza, cob: h.cobertura, sim: h.similitud, ct: h.coberturaTitulo, cp: h.coberturaPreguntas, unk: h.desconocidas, bm: h.bm25Relativo, fits: a.fits(h), p: h.intencion, lead: h.intencionVentaja })),
      cls }));
  }
}
for (let f = 0; f < FOLDS; f++) {
  const c: ShippedCorpus = { ...corpus, cards: corpus.cards.map((x) => ({ ...x, banco: x.banco.filter((_, i) => i % FOLDS !== f) })), fueraDeAlcance: corpus.fueraDeAlcance.filter((_, i) => i % FOLDS !== f), intenciones: undefined };
  const a = new Assistant(c, thesaurus, []);
  const items: HeldInItem[] = [
    ...corpus.cards.flatMap((x) => x.banco.filter((_, i) => i % FOLDS === f).map((q) => ({ q, expect: [x.id, ...(q.match(/\b\d{3,4}\b/g) ?? []).map((n) => `guia:${n}`)] }))),
    ...corpus.fueraDeAlcance.filter((_, i) => i % FOLDS === f).map((q) => ({ q, expect: null })),
  ];
  dump(`bank${f}`, a, c, items);
  console.error('fold', f, 'done');
}
const full = new Assistant(corpus, thesaurus, []);
dump('tuning', full, corpus, TUNING);
const sets: [string, HeldInItem[]][] = [['s4', HELD_IN_4], ['s7', HELD_IN_7], ['s8', HELD_IN_8], ['s9', HELD_IN_9], ['s10', HELD_IN_10], ['s11', HELD_IN_11], ['s12', HELD_IN_12], ['s13', HELD_IN_13]];
for (const [g, s] of sets) dump(g, full, corpus, s);
writeFileSync('/tmp/feats.jsonl', out.join('\n') + '\n');
console.error(out.length, 'rows');
