// The embedding model's tokenizer (main/ai/unigram-tokenizer.ts) on small tokenizer.json files
// written here in the layout of XLM-R's (Precompiled normalizer, Metaspace, Unigram, template).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TokenizerError, UnigramTokenizer } from '../../../main/ai/unigram-tokenizer';

const SPECIALS: [string, number][] = [
  ['<s>', 0],
  ['<pad>', 0],
  ['</s>', 0],
  ['<unk>', 0],
];

function tokenizerJson(pieces: [string, number][], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    normalizer: { type: 'Sequence', normalizers: [{ type: 'Precompiled', precompiled_charsmap: 'ignored' }, { type: 'Replace', pattern: { Regex: ' {2,}' }, content: ' ' }] },
    pre_tokenizer: { type: 'Sequence', pretokenizers: [{ type: 'WhitespaceSplit' }, { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true }] },
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: { id: '<s>', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '</s>', type_id: 0 } }],
    },
    model: { type: 'Unigram', unk_id: 3, vocab: [...SPECIALS, ...pieces] },
    ...extra,
  });
}

// ids: ▁=4 ▁an=5 ular=6 ▁anular=7 ▁fac=8 tura=9 ▁factura=10 a=11 n=12
const PIECES: [string, number][] = [
  ['▁', -3],
  ['▁an', -4],
  ['ular', -4],
  ['▁anular', -5],
  ['▁fac', -4],
  ['tura', -4],
  ['▁factura', -9],
  ['a', -6],
  ['n', -6],
];

test('picks the segmentation with the best total log probability, with <s> … </s> around it', () => {
  const t = new UnigramTokenizer(tokenizerJson(PIECES));
  // ▁anular (−5) beats ▁an + ular (−8); ▁fac + tura (−8) beats ▁factura (−9).
  assert.deepEqual(t.encode('anular factura').ids, [0, 7, 8, 9, 2]);
});

test('normalizes like SentencePiece: NFKC and repeated spaces, each word with its ▁', () => {
  const t = new UnigramTokenizer(tokenizerJson(PIECES));
  // "ａｎｕｌａｒ" (full-width) is "anular" after NFKC.
  assert.deepEqual(t.encode('  ａｎｕｌａｒ    factura ').ids, [0, 7, 8, 9, 2]);
});

test('a run of characters no piece covers becomes one <unk>', () => {
  const t = new UnigramTokenizer(tokenizerJson(PIECES));
  // "▁" then "xyz" (unknown, fused) then "an" as a + n.
  assert.deepEqual(t.encode('xyzan').ids, [0, 4, 3, 11, 12, 2]);
});

test('cuts long texts to maxTokens, keeping the special tokens', () => {
  const t = new UnigramTokenizer(tokenizerJson(PIECES));
  const ids = t.encode('anular anular anular anular anular', 4).ids;
  assert.deepEqual(ids, [0, 7, 7, 2]);
});

test('RobertaProcessing and the older add_prefix_space form are read too', () => {
  const t = new UnigramTokenizer(
    tokenizerJson(PIECES, {
      pre_tokenizer: { type: 'Metaspace', replacement: '▁', add_prefix_space: true },
      post_processor: { type: 'RobertaProcessing', cls: ['<s>', 0], sep: ['</s>', 2] },
    }),
  );
  assert.deepEqual(t.encode('anular').ids, [0, 7, 2]);
});

test('refuses what it does not implement instead of guessing', () => {
  assert.throws(() => new UnigramTokenizer(JSON.stringify({ model: { type: 'WordPiece', vocab: { a: 0 } } })), TokenizerError);
  assert.throws(() => new UnigramTokenizer(tokenizerJson(PIECES, { normalizer: { type: 'BertNormalizer' } })), TokenizerError);
  assert.throws(() => new UnigramTokenizer(tokenizerJson(PIECES, { pre_tokenizer: { type: 'ByteLevel' } })), TokenizerError);
  assert.throws(() => new UnigramTokenizer('{ no es json'), TokenizerError);
  assert.throws(() => new UnigramTokenizer(JSON.stringify({ model: { type: 'Unigram', unk_id: 9, vocab: SPECIALS } })), /unk_id/);
});
