// Assistant search latency (issue 20): the shipped rule cards plus 10,000 administrator passages
// of generated Spanish-like text, ranked in memory. Target: p99 < 20 ms per search.
import { join } from 'node:path';
import { Assistant, type AdminPassage } from '../../main/ai/assistant';
import { loadShippedCorpus } from '../../main/ai/rule-cards';
import { loadThesaurus } from '../../main/ai/thesaurus';
import { PARAPHRASES, QUESTIONS } from '../unit/ai/evaluation-set';
import { fmt, summarize } from './_stats';

const TARGET_P99_MS = 20;
const VOCAB = (
  'factura contribuyente plazo anulación paquete evento contingencia documento fiscal emisión crédito débito nota registro sucursal ' +
  'punto venta código control sistema impuestos servicio recepción validación archivo firma certificado obligación declaración ' +
  'régimen tributario sanción multa deber formal comprador vendedor importe alícuota base imponible período mes día hora artículo'
).split(' ');

let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
// A regulation's vocabulary is wide: the domain words above plus 3,000 other words, drawn with a
// Zipf-like skew (a few words everywhere, most words rare), as in real text.
const SYLLABLES = ['ta', 'ri', 'bu', 'ción', 'men', 'dor', 'gis', 'tro', 'pla', 'zo', 'ven', 'ta', 'le', 'gal', 'fis', 'cal'];
const OTHER = Array.from({ length: 3000 }, (_, i) => SYLLABLES[i % 16]! + SYLLABLES[Math.floor(i / 16) % 16]! + SYLLABLES[Math.floor(i / 256) % 16]!);
const WORDS = [...VOCAB, ...OTHER];
const pick = () => WORDS[Math.floor(WORDS.length * rnd() ** 3)]!;
const sentence = (n: number) => Array.from({ length: n }, pick).join(' ');
const admin: AdminPassage[] = Array.from({ length: 10_000 }, (_, i) => ({
  path: `admin/norma-${Math.floor(i / 20)}.md`,
  seq: i % 20,
  titulo: `Artículo ${i % 20}.- (${sentence(3)})`,
  texto: Array.from({ length: 6 }, () => `${sentence(18)}.`).join(' '),
}));

const dir = join('resources', 'ai');
const t0 = performance.now();
const assistant = new Assistant(loadShippedCorpus(join(dir, 'corpus')), loadThesaurus(join(dir, 'thesaurus.json')), admin);
console.log(`index of ${assistant.shipped.cards.length} cards + ${admin.length} passages built in ${fmt(performance.now() - t0)}`);

const questions = [...QUESTIONS, ...PARAPHRASES].map((x) => x.q);
for (const q of questions.slice(0, 20)) assistant.search(q, 10); // warm-up
const samples: number[] = [];
for (let round = 0; round < 5; round++) {
  for (const q of questions) {
    const s = performance.now();
    assistant.search(q, 10);
    samples.push(performance.now() - s);
  }
}
const r = summarize(samples);
console.log(`search: n=${r.n} p50 ${fmt(r.p50)} p99 ${fmt(r.p99)} mean ${fmt(r.mean)} (target p99 < ${TARGET_P99_MS} ms)`);
if (r.p99 >= TARGET_P99_MS) {
  console.error('FAIL: search p99 over target');
  process.exit(1);
}
