// `npm run admin -- ai model install`: downloads the pinned embedding model (embedding-model.ts)
// into the data directory. The only code in Kipu that fetches a model, and only when an
// administrator runs that command: the engine never calls it. Each file is streamed to a
// .partial file, capped at its pinned size, hashed, and renamed only when its SHA-256 matches the
// pin; the model is then loaded and tried once, and the manifest (what the engine loads) is
// written last. A half-done or refused install leaves the previous state as it was.
// Runs in: admin CLI (and the tests, with a local source).
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, openSync, closeSync, fsyncSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MANIFEST_FILE, modelDir, PINNED_MODEL, type EmbeddingModelSpec, type ModelFileSpec, type ModelManifest } from './embedding-model';
import { loadEmbedder } from './embedder';

export class ModelInstallError extends Error {}

export interface InstallOptions {
  /**
   * Accept a spec other than the pinned one, served from file:// or http on loopback. Only the
   * tests set it (they build their own tiny model); the admin command never does.
   */
  allowLocalSource?: boolean;
  now?: () => Date;
  progress?: (line: string) => void;
}

const MAX_REDIRECTS = 5;
/** A 120 MB model over a slow store connection takes minutes; a stuck one must still end. */
const DOWNLOAD_TIMEOUT_MS = 60 * 60 * 1000;

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Refuses any source but the pin (or, for the tests, a local one). */
function checkSpec(spec: EmbeddingModelSpec, local: boolean): void {
  if (!local) {
    const same =
      spec.files.length === PINNED_MODEL.files.length &&
      spec.files.every((f) => PINNED_MODEL.files.some((p) => p.name === f.name && p.url === f.url && p.sha256 === f.sha256 && p.bytes === f.bytes));
    if (!same) throw new ModelInstallError('Solo se instala el modelo fijado por Kipu (URL y SHA-256 fijos)');
  }
  for (const f of spec.files) {
    if (!/^[0-9a-f]{64}$/.test(f.sha256)) throw new ModelInstallError(`${f.name}: SHA-256 inválido`);
    const u = new URL(f.url);
    const ok = local ? u.protocol === 'file:' || (u.protocol === 'http:' && isLoopback(u.hostname)) : u.protocol === 'https:';
    if (!ok) throw new ModelInstallError(`${f.name}: origen no permitido (${u.protocol}//${u.host})`);
  }
  for (const name of ['model.onnx', 'tokenizer.json'] as const) {
    if (!spec.files.some((f) => f.name === name)) throw new ModelInstallError(`Falta ${name} en la especificación del modelo`);
  }
}

async function* source(f: ModelFileSpec, spec: EmbeddingModelSpec, local: boolean, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  let url = new URL(f.url);
  if (url.protocol === 'file:') {
    yield* createReadStream(fileURLToPath(url), { signal });
    return;
  }
  for (let hop = 0; ; hop++) {
    const res = await fetch(url, { redirect: 'manual', signal, headers: { 'user-agent': 'kipu-model-install' } });
    if (res.status >= 300 && res.status < 400) {
      const loc = res.headers.get('location');
      await res.body?.cancel();
      if (!loc || hop >= MAX_REDIRECTS) throw new ModelInstallError(`${f.name}: demasiadas redirecciones`);
      const next = new URL(loc, url);
      const allowed = local ? next.protocol === 'http:' && isLoopback(next.hostname) : next.protocol === 'https:' && spec.redirectHosts.includes(next.hostname);
      if (!allowed) throw new ModelInstallError(`${f.name}: redirección a un origen no permitido (${next.host})`);
      url = next;
      continue;
    }
    if (!res.ok || !res.body) throw new ModelInstallError(`${f.name}: el servidor respondió HTTP ${res.status}`);
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  }
}

function sha256File(path: string): string | null {
  if (!existsSync(path)) return null;
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

async function download(dir: string, f: ModelFileSpec, spec: EmbeddingModelSpec, local: boolean, log: (l: string) => void): Promise<void> {
  const final = join(dir, f.name);
  if (sha256File(final) === f.sha256) {
    log(`${f.name}: ya instalado (SHA-256 correcto)`);
    return;
  }
  const partial = `${final}.partial`;
  const hash = createHash('sha256');
  let bytes = 0;
  const fd = openSync(partial, 'w');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DOWNLOAD_TIMEOUT_MS);
  try {
    for await (const chunk of source(f, spec, local, controller.signal)) {
      bytes += chunk.byteLength;
      if (bytes > f.bytes) throw new ModelInstallError(`${f.name}: más de ${f.bytes} bytes; no es el archivo fijado`);
      hash.update(chunk);
      writeSync(fd, chunk);
    }
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    rmSync(partial, { force: true });
    if (err instanceof ModelInstallError) throw err;
    throw new ModelInstallError(`${f.name}: la descarga falló (${(err as Error).message})`);
  } finally {
    clearTimeout(timer);
  }
  closeSync(fd);
  const sha = hash.digest('hex');
  if (sha !== f.sha256 || bytes !== f.bytes) {
    rmSync(partial, { force: true });
    throw new ModelInstallError(`${f.name}: SHA-256 ${sha} (${bytes} bytes) no coincide con el fijado ${f.sha256} (${f.bytes} bytes); no se instaló`);
  }
  renameSync(partial, final);
  log(`${f.name}: ${bytes} bytes, SHA-256 verificado`);
}

export async function installModel(dataDir: string, spec: EmbeddingModelSpec, opts: InstallOptions = {}): Promise<ModelManifest> {
  const local = opts.allowLocalSource === true;
  const log = opts.progress ?? (() => {});
  checkSpec(spec, local);
  const dir = modelDir(dataDir);
  mkdirSync(dir, { recursive: true });
  for (const f of spec.files) await download(dir, f, spec, local, log);
  const manifest: ModelManifest = {
    name: spec.name,
    dimensions: spec.dimensions,
    maxTokens: spec.maxTokens,
    minCosine: spec.minCosine,
    source: spec.files.find((f) => f.name === 'model.onnx')!.url,
    files: spec.files.map((f) => ({ name: f.name, sha256: f.sha256, bytes: f.bytes })),
    installedAt: (opts.now ?? (() => new Date()))().toISOString(),
  };
  // Try it before the engine may use it: tokenizer, graph and the vector's size.
  const embedder = await loadEmbedder(dataDir, manifest).catch((err: Error) => {
    throw new ModelInstallError(`El modelo descargado no funciona: ${err.message}`);
  });
  try {
    const v = await embedder.embed('¿Hasta cuándo puedo anular una factura?');
    if (v.length !== spec.dimensions) throw new ModelInstallError(`El modelo da vectores de ${v.length} dimensiones, se esperaban ${spec.dimensions}`);
  } finally {
    await embedder.close();
  }
  const tmp = join(dir, `${MANIFEST_FILE}.partial`);
  writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(tmp, join(dir, MANIFEST_FILE));
  log(`Modelo instalado en ${dir}. Reinicie Kipu para usarlo.`);
  return manifest;
}

/** `ai model remove`: the engine goes back to lexical retrieval at its next start. */
export function removeModel(dataDir: string): boolean {
  const dir = modelDir(dataDir);
  if (!existsSync(dir)) return false;
  rmSync(dir, { recursive: true, force: true });
  return true;
}
