// Trains the assistant's intent classifier (main/ai/intent-classifier.ts) on the shipped corpus —
// every card's title, own questions and question bank, and the bank's near-domain questions — and
// writes it where the manifest names it (resources/ai/corpus/intenciones.bin; decision 0104). Run
// after changing cards, bank or thesaurus, then refit the confidence (scripts/ai-fit-confidence.ts):
//   node_modules/.bin/tsx scripts/ai-train-intents.ts
// test/unit/ai/intent-classifier.test.ts fails while the file is not the model of the corpus.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadShippedCorpus } from '../main/ai/rule-cards';
import { loadThesaurus } from '../main/ai/thesaurus';
import { intentClasses, intentExamples, trainIntentModel } from '../main/ai/intent-classifier';
import { examplesDigest, writeIntentModel } from '../main/ai/intent-model-file';

const dir = join('resources', 'ai');
const manifest = JSON.parse(readFileSync(join(dir, 'corpus', 'manifest.json'), 'utf8')) as { intenciones?: string };
if (!manifest.intenciones) throw new Error('manifest.json: falta «intenciones» (el archivo del clasificador)');
const corpus = loadShippedCorpus(join(dir, 'corpus'));
const thesaurus = loadThesaurus(join(dir, 'thesaurus.json'));
const classes = intentClasses(corpus);
const examples = intentExamples(corpus);
const started = Date.now();
const model = trainIntentModel(thesaurus, classes, examples);
const bytes = writeIntentModel(model, examplesDigest(classes, examples, thesaurus));
writeFileSync(join(dir, 'corpus', ...manifest.intenciones.split('/')), bytes);
console.log(`${examples.length} ejemplos, ${classes.length} clases, ${model.vocab.size} rasgos; ${Date.now() - started} ms; ${bytes.length} bytes`);
