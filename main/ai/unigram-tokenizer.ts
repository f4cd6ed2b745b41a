// The embedding model's tokenizer, read from its Hugging Face tokenizer.json: SentencePiece
// Unigram (the XLM-R family, which the pinned multilingual model uses). Only the parts those
// files use are implemented, and anything else is refused at load rather than guessed:
//   normalizer   Precompiled (SentencePiece's nmt_nfkc map, done here as Unicode NFKC), NFKC,
//                NFC, Lowercase, Replace (literal or regex), Strip, Sequence;
//   pre-tokenizer Metaspace (prepend "▁" and split on it), WhitespaceSplit, Sequence;
//   model        Unigram: Viterbi over the pieces' log probabilities, unknown stretches as one
//                <unk> (fuse_unk, as the Hugging Face library does for Unigram);
//   post         TemplateProcessing or RobertaProcessing: <s> … </s>.
// Pure: JSON in, token ids out.
// Runs in: engine, admin CLI.

export class TokenizerError extends Error {}

type Normalize = (s: string) => string;
/** `first`: the piece is the start of the text (Metaspace's prepend_scheme "first"). */
type PreTokenize = (s: string, first: boolean) => string[];

interface Json {
  [k: string]: unknown;
}

const obj = (v: unknown, what: string): Json => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new TokenizerError(`tokenizer.json: ${what} no es un objeto`);
  return v as Json;
};

function normalizer(spec: unknown): Normalize {
  if (spec === null || spec === undefined) return (s) => s;
  const n = obj(spec, 'normalizer');
  switch (n.type) {
    case 'Sequence': {
      const parts = (n.normalizers as unknown[]).map(normalizer);
      return (s) => parts.reduce((acc, f) => f(acc), s);
    }
    // SentencePiece's precompiled map is nmt_nfkc: NFKC plus a few control-character rules. NFKC
    // covers what Spanish text meets (composed accents, full-width forms, ligatures).
    case 'Precompiled':
    case 'NFKC':
      return (s) => s.normalize('NFKC');
    case 'NFC':
      return (s) => s.normalize('NFC');
    case 'Lowercase':
      return (s) => s.toLowerCase();
    case 'Strip': {
      const left = n.strip_left !== false;
      const right = n.strip_right !== false;
      return (s) => (left && right ? s.trim() : left ? s.trimStart() : right ? s.trimEnd() : s);
    }
    case 'Replace': {
      const p = obj(n.pattern, 'Replace.pattern');
      const content = String(n.content ?? '');
      if (typeof p.String === 'string') {
        const lit = p.String;
        return (s) => s.split(lit).join(content);
      }
      if (typeof p.Regex === 'string') {
        const re = new RegExp(p.Regex, 'gu');
        return (s) => s.replace(re, content);
      }
      throw new TokenizerError('tokenizer.json: Replace sin patrón');
    }
    default:
      throw new TokenizerError(`tokenizer.json: normalizador no soportado: ${String(n.type)}`);
  }
}

function preTokenizer(spec: unknown): PreTokenize {
  if (spec === null || spec === undefined) return (s) => [s];
  const p = obj(spec, 'pre_tokenizer');
  switch (p.type) {
    case 'Sequence': {
      const parts = (p.pretokenizers as unknown[]).map(preTokenizer);
      return (s, first) => parts.reduce<string[]>((words, f) => words.flatMap((w, i) => f(w, first && i === 0)), [s]);
    }
    case 'WhitespaceSplit':
      return (s) => s.split(/\s+/u).filter(Boolean);
    case 'Metaspace': {
      const rep = String(p.replacement ?? '▁');
      // Older files say add_prefix_space, newer ones prepend_scheme ("always" | "first" | "never").
      const scheme = typeof p.prepend_scheme === 'string' ? p.prepend_scheme : p.add_prefix_space === false ? 'never' : 'always';
      const split = p.split !== false;
      return (s, first) => {
        let t = s.replace(/ /g, rep);
        if ((scheme === 'always' || (scheme === 'first' && first)) && !t.startsWith(rep)) t = rep + t;
        if (!split) return [t];
        // Each word keeps its leading "▁".
        return t.split(new RegExp(`(?=${rep.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'u')).filter((w) => w.length > 0);
      };
    }
    default:
      throw new TokenizerError(`tokenizer.json: pre-tokenizador no soportado: ${String(p.type)}`);
  }
}

export interface Encoded {
  ids: number[];
}

export class UnigramTokenizer {
  private readonly pieces = new Map<string, { id: number; score: number }>();
  private readonly maxPieceChars: number;
  private readonly unkId: number;
  private readonly unkScore: number;
  private readonly normalize: Normalize;
  private readonly preTokenize: PreTokenize;
  private readonly prefix: number[];
  private readonly suffix: number[];
  readonly vocabSize: number;

  constructor(json: string) {
    let spec: Json;
    try {
      spec = obj(JSON.parse(json), 'raíz');
    } catch (err) {
      throw err instanceof TokenizerError ? err : new TokenizerError(`tokenizer.json no es JSON válido: ${(err as Error).message}`);
    }
    const model = obj(spec.model, 'model');
    if (model.type !== 'Unigram') throw new TokenizerError(`tokenizer.json: modelo no soportado: ${String(model.type)} (se espera Unigram)`);
    const vocab = model.vocab;
    if (!Array.isArray(vocab) || vocab.length === 0) throw new TokenizerError('tokenizer.json: vocabulario vacío');
    if (model.byte_fallback === true) throw new TokenizerError('tokenizer.json: byte_fallback no soportado');
    let maxChars = 1;
    let minScore = 0;
    vocab.forEach((entry: unknown, id) => {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'number') throw new TokenizerError(`tokenizer.json: entrada ${id} del vocabulario inválida`);
      const [piece, score] = entry as [string, number];
      if (!this.pieces.has(piece)) this.pieces.set(piece, { id, score });
      maxChars = Math.max(maxChars, [...piece].length);
      minScore = Math.min(minScore, score);
    });
    this.vocabSize = vocab.length;
    this.maxPieceChars = maxChars;
    const unk = model.unk_id;
    if (typeof unk !== 'number' || unk < 0 || unk >= vocab.length) throw new TokenizerError('tokenizer.json: unk_id ausente o fuera del vocabulario');
    this.unkId = unk;
    // SentencePiece: an unknown character costs more than any piece.
    this.unkScore = minScore - 10;
    this.normalize = normalizer(spec.normalizer);
    this.preTokenize = preTokenizer(spec.pre_tokenizer);
    const special = (name: string): number => {
      const hit = this.pieces.get(name);
      if (!hit) throw new TokenizerError(`tokenizer.json: falta el token especial ${name}`);
      return hit.id;
    };
    const post = spec.post_processor === null || spec.post_processor === undefined ? null : obj(spec.post_processor, 'post_processor');
    if (post === null) {
      this.prefix = [];
      this.suffix = [];
    } else if (post.type === 'RobertaProcessing' || post.type === 'BertProcessing') {
      this.prefix = [(post.cls as [string, number])[1]];
      this.suffix = [(post.sep as [string, number])[1]];
    } else if (post.type === 'TemplateProcessing') {
      const single = post.single as Json[];
      const at = single.findIndex((p) => 'Sequence' in p);
      if (at < 0) throw new TokenizerError('tokenizer.json: plantilla sin secuencia');
      const ids = (part: Json) => special(String(obj(part.SpecialToken, 'SpecialToken').id));
      this.prefix = single.slice(0, at).map(ids);
      this.suffix = single.slice(at + 1).map(ids);
    } else throw new TokenizerError(`tokenizer.json: post-procesador no soportado: ${String(post.type)}`);
  }

  /** The best segmentation of one pre-tokenized word (Viterbi over the pieces' log probabilities). */
  private segment(word: string): number[] {
    const chars = [...word];
    const n = chars.length;
    const best = new Float64Array(n + 1).fill(-Infinity);
    const from = new Int32Array(n + 1).fill(-1);
    const piece = new Int32Array(n + 1).fill(-1);
    best[0] = 0;
    for (let i = 0; i < n; i++) {
      if (best[i] === -Infinity) continue;
      let s = '';
      let matched = false;
      for (let len = 1; len <= this.maxPieceChars && i + len <= n; len++) {
        s += chars[i + len - 1];
        const p = this.pieces.get(s);
        if (!p) continue;
        if (len === 1) matched = true;
        const score = best[i]! + p.score;
        if (score > best[i + len]!) {
          best[i + len] = score;
          from[i + len] = i;
          piece[i + len] = p.id;
        }
      }
      // A character no piece covers: <unk>, one character long.
      if (!matched) {
        const score = best[i]! + this.unkScore;
        if (score > best[i + 1]!) {
          best[i + 1] = score;
          from[i + 1] = i;
          piece[i + 1] = this.unkId;
        }
      }
    }
    const out: number[] = [];
    for (let at = n; at > 0; at = from[at]!) out.push(piece[at]!);
    out.reverse();
    // Consecutive unknowns become one <unk>.
    return out.filter((id, i) => !(id === this.unkId && out[i - 1] === this.unkId));
  }

  /** Token ids with the model's special tokens, cut to at most maxTokens (the specials included). */
  encode(text: string, maxTokens = 128): Encoded {
    const room = Math.max(0, maxTokens - this.prefix.length - this.suffix.length);
    const ids: number[] = [];
    const normalized = this.normalize(text);
    for (const word of this.preTokenize(normalized, true)) {
      if (ids.length >= room) break;
      ids.push(...this.segment(word));
    }
    return { ids: [...this.prefix, ...ids.slice(0, room), ...this.suffix] };
  }
}
