// Runs the installed sentence-embedding model: the tokenizer of its tokenizer.json (ours,
// unigram-tokenizer.ts) and the ONNX graph in onnxruntime-web's WebAssembly build (decision 0039:
// the native onnxruntime-node package downloads from outside the npm registry when installed).
// Sentence vector = mean of the token vectors under the attention mask, L2-normalized, as
// sentence-transformers does for the pinned model. Files are checked against the manifest's
// SHA-256 before anything is loaded.
// Runs in: engine, admin CLI.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifestFile, modelDir, type ModelManifest } from './embedding-model';
import { UnigramTokenizer } from './unigram-tokenizer';

export class EmbedderError extends Error {}

export interface Embedder {
  readonly manifest: ModelManifest;
  readonly modelSha256: string;
  readonly dimensions: number;
  /** The text's unit-length vector. Calls are queued: the WebAssembly runtime runs one at a time. */
  embed(text: string): Promise<Float32Array>;
  close(): Promise<void>;
}

function readChecked(dir: string, f: { name: string; sha256: string }): Buffer {
  const buf = readFileSync(join(dir, f.name));
  const sha = createHash('sha256').update(buf).digest('hex');
  if (sha !== f.sha256) throw new EmbedderError(`${f.name}: SHA-256 ${sha} no coincide con el instalado (${f.sha256}); vuelva a instalar el modelo`);
  return buf;
}

/** Mean of the rows of a [1, sequence, dims] tensor whose mask is 1, then L2-normalized. */
export function meanPool(hidden: Float32Array, mask: readonly number[], dims: number): Float32Array {
  const out = new Float32Array(dims);
  let n = 0;
  mask.forEach((m, t) => {
    if (!m) return;
    n++;
    for (let d = 0; d < dims; d++) out[d] = out[d]! + hidden[t * dims + d]!;
  });
  return normalize(n > 0 ? out.map((x) => x / n) : out);
}

function normalize(v: Float32Array): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  return norm > 0 ? v.map((x) => x / norm) : v;
}

export async function loadEmbedder(dataDir: string, manifest: ModelManifest): Promise<Embedder> {
  const dir = modelDir(dataDir);
  const modelFile = manifestFile(manifest, 'model.onnx');
  const onnx = readChecked(dir, modelFile);
  const tokenizer = new UnigramTokenizer(readChecked(dir, manifestFile(manifest, 'tokenizer.json')).toString('utf8'));
  // Loaded only when a model is installed: a till without one never starts the runtime.
  const ort = await import('onnxruntime-web');
  // One thread: the engine shares the machine with the till, and inference is off the sale path.
  ort.env.wasm.numThreads = 1;
  ort.env.logLevel = 'error';
  let session: Awaited<ReturnType<typeof ort.InferenceSession.create>>;
  try {
    session = await ort.InferenceSession.create(new Uint8Array(onnx.buffer, onnx.byteOffset, onnx.byteLength));
  } catch (err) {
    throw new EmbedderError(`el modelo no se pudo cargar: ${(err as Error).message}`);
  }
  for (const name of ['input_ids', 'attention_mask']) {
    if (!session.inputNames.includes(name)) throw new EmbedderError(`el modelo no tiene la entrada ${name}`);
  }
  const pooled = session.outputNames.includes('sentence_embedding');
  const output = pooled ? 'sentence_embedding' : session.outputNames.includes('last_hidden_state') ? 'last_hidden_state' : session.outputNames[0]!;
  const dims = manifest.dimensions;

  const run = async (text: string): Promise<Float32Array> => {
    const { ids } = tokenizer.encode(text, manifest.maxTokens);
    const shape = [1, ids.length];
    const feeds: Record<string, InstanceType<typeof ort.Tensor>> = {
      input_ids: new ort.Tensor('int64', BigInt64Array.from(ids, BigInt), shape),
      attention_mask: new ort.Tensor('int64', new BigInt64Array(ids.length).fill(1n), shape),
    };
    if (session.inputNames.includes('token_type_ids')) feeds.token_type_ids = new ort.Tensor('int64', new BigInt64Array(ids.length), shape);
    const result = await session.run(feeds, [output]);
    const t = result[output]!;
    const data = t.data as Float32Array;
    if (pooled) {
      if (data.length !== dims) throw new EmbedderError(`el modelo devolvió ${data.length} dimensiones, el manifiesto dice ${dims}`);
      return normalize(Float32Array.from(data));
    }
    if (t.dims.length !== 3 || t.dims[2] !== dims) throw new EmbedderError(`salida ${output} con forma [${t.dims.join(', ')}], se esperaba [1, n, ${dims}]`);
    return meanPool(data, ids.map(() => 1), dims);
  };

  let queue: Promise<unknown> = Promise.resolve();
  return {
    manifest,
    modelSha256: modelFile.sha256,
    dimensions: dims,
    embed(text: string) {
      const next = queue.then(() => run(text));
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      await queue;
      await session.release();
    },
  };
}
