// The dense half of the assistant's ranking, when (and only when) an administrator installed an
// embedding model with `npm run admin -- ai model install`. At start it reads the model from the
// data directory (never from the network), embeds the texts it has no vector for yet (once: the
// vectors are kept in SQLite, migration 0017), and then hands the index to the assistant. Until
// then, and whenever anything fails, the assistant ranks lexically as before: the assistant is an
// aid and never keeps the till from working.
// Runs in: engine.
import { createHash } from 'node:crypto';
import type { EmbeddingRepository } from '../store/ai-embeddings';
import type { Assistant } from './assistant';
import { readManifest, type ModelManifest } from './embedding-model';
import { loadEmbedder, type Embedder } from './embedder';

export interface SemanticLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type SemanticState = 'sin-modelo' | 'cargando' | 'listo' | 'error';

/** Vectors written to SQLite per transaction while the corpus is embedded. */
const BATCH = 32;
/** Recent questions' vectors, so a repeated question does not run the model again. */
const QUERY_CACHE = 256;

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export class SemanticIndex {
  private embedder: Embedder | null = null;
  private manifest: ModelManifest | null = null;
  private stateValue: SemanticState = 'sin-modelo';
  private closed = false;
  private running: Promise<void> | null = null;
  private readonly queryCache = new Map<string, Float32Array>();

  constructor(
    private readonly deps: { dataDir: string; embeddings: EmbeddingRepository; assistant: Assistant; log: SemanticLog },
  ) {}

  get state(): SemanticState {
    return this.stateValue;
  }

  /** The model in use (name, dimensions, source), once its index is loaded; else null. */
  model(): { name: string; dimensions: number; source: string } | null {
    if (this.stateValue !== 'listo' || !this.manifest) return null;
    return { name: this.manifest.name, dimensions: this.manifest.dimensions, source: this.manifest.source };
  }

  /** Loads the installed model, if any, and builds the index in the background; resolves when done (or failed). */
  start(): Promise<void> {
    this.running ??= this.load().catch((err: Error) => {
      this.stateValue = 'error';
      this.deps.log.error({ err }, 'embedding model could not be loaded; the assistant ranks without it');
    });
    return this.running;
  }

  private async load(): Promise<void> {
    const manifest = readManifest(this.deps.dataDir);
    if (!manifest) return;
    this.stateValue = 'cargando';
    this.manifest = manifest;
    const t0 = Date.now();
    const embedder = await loadEmbedder(this.deps.dataDir, manifest);
    this.embedder = embedder;
    if (this.closed) return;
    const texts = this.deps.assistant.embeddingTexts();
    const hashes = texts.map((t) => sha(t.text));
    const known = this.deps.embeddings.vectors(embedder.modelSha256, hashes);
    const missing = [...new Set(hashes.filter((h) => !known.has(h)))];
    const textOf = new Map(texts.map((t, i) => [hashes[i]!, t.text]));
    let pending: { textSha256: string; vector: Float32Array }[] = [];
    for (const h of missing) {
      if (this.closed) return;
      const v = await embedder.embed(textOf.get(h)!);
      known.set(h, v);
      pending.push({ textSha256: h, vector: v });
      if (pending.length >= BATCH) {
        this.deps.embeddings.put(embedder.modelSha256, pending);
        pending = [];
      }
      // Let the engine's other work (the till's requests) run between two texts.
      await new Promise((r) => setImmediate(r));
    }
    if (this.closed) return;
    if (pending.length > 0) this.deps.embeddings.put(embedder.modelSha256, pending);
    const dims = manifest.dimensions;
    const matrix = new Float32Array(texts.length * dims);
    const owner = new Int32Array(texts.length);
    texts.forEach((t, i) => {
      matrix.set(known.get(hashes[i]!)!, i * dims);
      owner[i] = t.doc;
    });
    this.deps.assistant.setDense({ dims, matrix, owner, minCosine: manifest.minCosine });
    const pruned = this.deps.embeddings.prune(embedder.modelSha256, new Set(hashes));
    this.stateValue = 'listo';
    this.deps.log.info({ model: manifest.name, texts: texts.length, embedded: missing.length, pruned, ms: Date.now() - t0 }, 'embedding index loaded');
  }

  /** The question's vector, or null while no index is loaded (or if the model fails: lexical ranking then). */
  async embedQuery(question: string): Promise<Float32Array | null> {
    if (this.stateValue !== 'listo' || !this.embedder) return null;
    const key = question.trim();
    const cached = this.queryCache.get(key);
    if (cached) return cached;
    try {
      const v = await this.embedder.embed(key);
      if (this.queryCache.size >= QUERY_CACHE) this.queryCache.delete(this.queryCache.keys().next().value!);
      this.queryCache.set(key, v);
      return v;
    } catch (err) {
      this.deps.log.warn({ err }, 'question could not be embedded; lexical ranking only');
      return null;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.running;
    await this.embedder?.close();
    this.embedder = null;
  }
}
