// The optional sentence-embedding model (issue 20): which one Kipu pins, where an installed one
// lives in the data directory and what its manifest says. Nothing here touches the network; the
// download is model-install.ts, run only by `npm run admin -- ai model install`.
// Runs in: engine, admin CLI.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ModelFileSpec {
  name: 'model.onnx' | 'tokenizer.json';
  url: string;
  sha256: string;
  bytes: number;
}

export interface EmbeddingModelSpec {
  name: string;
  dimensions: number;
  /** Tokens per text the model was trained with (special tokens included); longer texts are cut. */
  maxTokens: number;
  /**
   * Cosine similarity from which the model's best card answers a question by itself (the lexical
   * coverage rules of assistant.ts still answer the rest).
   */
  minCosine: number;
  files: ModelFileSpec[];
  /** Hosts a download may be redirected to (over https): the hub's file storage. */
  redirectHosts: string[];
}

/**
 * paraphrase-multilingual-MiniLM-L12-v2 (sentence-transformers, Apache-2.0), the ONNX export
 * quantized to int8 of Xenova's repository, at a fixed commit. 50+ languages, Spanish included,
 * 384 dimensions, mean pooling, XLM-R's SentencePiece Unigram tokenizer. The hashes and sizes
 * were taken from a public pin of these exact URLs, not checked from Kipu's build machines (they
 * reach no model hub): a mismatch makes the install fail and leaves nothing installed.
 * minCosine 0.75 is a first guess, not calibrated on the evaluation set (see decision 0039).
 */
const REVISION = '2c4055b12046f11709e9df2c122e59ffbdc2f900';
const BASE = `https://huggingface.co/Xenova/paraphrase-multilingual-MiniLM-L12-v2/resolve/${REVISION}`;
export const PINNED_MODEL: EmbeddingModelSpec = {
  name: 'paraphrase-multilingual-MiniLM-L12-v2 (int8)',
  dimensions: 384,
  maxTokens: 128,
  minCosine: 0.75,
  files: [
    { name: 'model.onnx', url: `${BASE}/onnx/model_quantized.onnx`, sha256: '66fc00f5f29afcaff34092e1bdd20008ca3918265a82fb9695a551e510cc4ebc', bytes: 118_308_126 },
    { name: 'tokenizer.json', url: `${BASE}/tokenizer.json`, sha256: 'b60b6b43406a48bf3638526314f3d232d97058bc93472ff2de930d43686fa441', bytes: 17_082_913 },
  ],
  redirectHosts: ['huggingface.co', 'cdn-lfs.huggingface.co', 'cdn-lfs.hf.co', 'cdn-lfs-us-1.hf.co', 'cas-bridge.xethub.hf.co', 'us.aws.cdn.hf.co'],
};

/** The installed model's folder under the data directory. */
export function modelDir(dataDir: string): string {
  return join(dataDir, 'ai-model');
}

/** What the install wrote: the engine loads exactly these files, checked against these hashes. */
export interface ModelManifest {
  name: string;
  dimensions: number;
  maxTokens: number;
  minCosine: number;
  /** Where the model file came from (its URL). */
  source: string;
  files: { name: ModelFileSpec['name']; sha256: string; bytes: number }[];
  installedAt: string;
}

export const MANIFEST_FILE = 'manifest.json';

export class ModelManifestError extends Error {}

/** The installed model's manifest, or null when no model was installed. */
export function readManifest(dataDir: string): ModelManifest | null {
  let text: string;
  try {
    text = readFileSync(join(modelDir(dataDir), MANIFEST_FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const m = JSON.parse(text) as Partial<ModelManifest>;
  const ok =
    typeof m.name === 'string' &&
    Number.isInteger(m.dimensions) &&
    m.dimensions! > 0 &&
    Number.isInteger(m.maxTokens) &&
    m.maxTokens! > 2 &&
    typeof m.minCosine === 'number' &&
    typeof m.source === 'string' &&
    Array.isArray(m.files) &&
    ['model.onnx', 'tokenizer.json'].every((n) => m.files!.some((f) => f.name === n && /^[0-9a-f]{64}$/.test(f.sha256)));
  if (!ok) throw new ModelManifestError(`${join(modelDir(dataDir), MANIFEST_FILE)} está incompleto o dañado: vuelva a instalar el modelo`);
  return m as ModelManifest;
}

export function manifestFile(m: ModelManifest, name: ModelFileSpec['name']): { name: string; sha256: string; bytes: number } {
  return m.files.find((f) => f.name === name)!;
}
