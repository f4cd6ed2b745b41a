// The optional embedding model, end to end with a tiny ONNX model the test builds itself
// (test/fixtures/tiny-embedding-model.ts): installed through the admin command's own code
// (installModel) from a loopback HTTP server, loaded by a real engine from its data directory,
// its vectors kept in the engine's SQLite file, and its ranking joining the assistant's fusion.
// No network beyond 127.0.0.1, nothing faked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { buildTinyModel, type TinyModel } from '../../fixtures/tiny-embedding-model';
import { installModel, ModelInstallError } from '../../../main/ai/model-install';
import { modelDir, PINNED_MODEL, readManifest, type EmbeddingModelSpec } from '../../../main/ai/embedding-model';
import { loadEmbedder } from '../../../main/ai/embedder';
import { runAiAdmin } from '../../../main/engine/admin';
import { startTestEngine, type TestEngine } from '../../fixtures/engine';
import { tempDir } from '../../fixtures/tmp';

// What the tiny model "understands": a broken computer, said in the till's words or the card's.
const BROKEN_COMPUTER = ['hardware', 'computadora', 'compu', 'murió', 'quemó', 'daña', 'dañó'];
const CANCEL = ['anular', 'anulación', 'cancelar'];
const model: TinyModel = buildTinyModel([BROKEN_COMPUTER, CANCEL], ['se', 'la', 'el', 'de', 'factura', 'evento', 'plazo', 'una']);
// A question the lexical ranking misses (checked below). "se murió la compu" was one until the
// thesaurus matched phrases in any gender and number (decision 0077), and "la compu se daña" until
// the cards were compared with the question in the thesaurus' words (decision 0093: "compu" →
// hardware, equipo); now lexical ranks both first. The bare "la compu" it still cannot place.
const PARAPHRASE = 'la compu';
const EXPECTED = 'evento-7-hardware';

const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

function specFor(base: string, files: Record<'model.onnx' | 'tokenizer.json', Uint8Array | string>, minCosine = 0.6): EmbeddingModelSpec {
  return {
    name: 'modelo de prueba',
    dimensions: model.dims,
    maxTokens: 64,
    minCosine,
    files: (['model.onnx', 'tokenizer.json'] as const).map((name) => ({
      name,
      url: `${base}/${name}`,
      sha256: sha256(files[name]),
      bytes: Buffer.byteLength(files[name]),
    })),
    redirectHosts: [],
  };
}

/** A loopback server for the model files; /r/<file> redirects to /<file>, as a hub does to its storage. */
async function serve(files: Record<string, Uint8Array | string>): Promise<{ base: string; server: Server; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url!);
    if (req.url!.startsWith('/r/')) {
      res.writeHead(302, { location: req.url!.slice(2) }).end();
      return;
    }
    if (req.url === '/lejos/model.onnx') {
      res.writeHead(302, { location: 'http://example.com/model.onnx' }).end();
      return;
    }
    const body = files[req.url!.slice(1)];
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { base: `http://127.0.0.1:${port}`, server, hits };
}

const FILES = { 'model.onnx': model.onnx, 'tokenizer.json': model.tokenizerJson };

test('the admin command installs only the pinned model: another URL or hash, or a local source, is refused before any download', async () => {
  const t = tempDir();
  const { base, server, hits } = await serve(FILES);
  try {
    const local = specFor(base, FILES);
    await assert.rejects(installModel(t.dir, local), (err: unknown) => err instanceof ModelInstallError && /fijado por Kipu/.test(err.message));
    const tampered = { ...PINNED_MODEL, files: PINNED_MODEL.files.map((f) => (f.name === 'model.onnx' ? { ...f, sha256: '0'.repeat(64) } : f)) };
    await assert.rejects(installModel(t.dir, tampered), /fijado por Kipu/);
    const moved = { ...PINNED_MODEL, files: PINNED_MODEL.files.map((f) => ({ ...f, url: f.url.replace('huggingface.co', 'example.com') })) };
    await assert.rejects(installModel(t.dir, moved), /fijado por Kipu/);
    // Even the tests' local mode takes no host but loopback.
    await assert.rejects(installModel(t.dir, specFor('http://192.0.2.1', FILES), { allowLocalSource: true }), /origen no permitido/);
    assert.deepEqual(hits, [], 'nothing was fetched');
    assert.equal(readManifest(t.dir), null);
    // The pinned spec itself passes the checks: every file over https from the hub, with a SHA-256.
    for (const f of PINNED_MODEL.files) {
      assert.match(f.url, /^https:\/\/huggingface\.co\/Xenova\/paraphrase-multilingual-MiniLM-L12-v2\/resolve\/[0-9a-f]{40}\//);
      assert.match(f.sha256, /^[0-9a-f]{64}$/);
    }
  } finally {
    server.close();
    t.cleanup();
  }
});

test('a file whose bytes do not match the pin, a bigger one or a redirect off loopback is not installed', async () => {
  const t = tempDir();
  const wrong = { 'model.onnx': model.onnx, 'tokenizer.json': `${model.tokenizerJson} ` };
  const { base, server } = await serve(wrong);
  try {
    // Served tokenizer has one byte more than pinned: refused while streaming.
    await assert.rejects(installModel(t.dir, specFor(base, FILES), { allowLocalSource: true }), /más de \d+ bytes/);
    // Same size, other bytes: refused by the hash.
    const other = { 'model.onnx': model.onnx, 'tokenizer.json': model.tokenizerJson.replace('"1.0"', '"1.1"') };
    const s2 = await serve(other);
    await assert.rejects(installModel(t.dir, specFor(s2.base, FILES), { allowLocalSource: true }), /SHA-256 [0-9a-f]{64} .* no coincide/);
    s2.server.close();
    const far = specFor(base, FILES);
    far.files[0]!.url = `${base}/lejos/model.onnx`;
    const t3 = tempDir();
    try {
      await assert.rejects(installModel(t3.dir, far, { allowLocalSource: true }), /redirección a un origen no permitido \(example\.com\)/);
      assert.deepEqual(readdirSync(modelDir(t3.dir)), []);
    } finally {
      t3.cleanup();
    }
    assert.equal(readManifest(t.dir), null, 'no manifest: the engine loads nothing');
    assert.deepEqual(readdirSync(modelDir(t.dir)).filter((f) => f.endsWith('.partial') || f === 'tokenizer.json'), [], 'no partial or unchecked file left');
  } finally {
    server.close();
    t.cleanup();
  }
});

test('installs through a redirect and from file://, tries the model, and the embedder pools and normalizes its output', async () => {
  const t = tempDir();
  const { base, server } = await serve(FILES);
  try {
    const lines: string[] = [];
    const spec = specFor(`${base}/r`, FILES);
    const m = await installModel(t.dir, spec, { allowLocalSource: true, progress: (l) => lines.push(l), now: () => new Date('2026-11-24T12:00:00Z') });
    assert.equal(m.source, `${base}/r/model.onnx`);
    assert.deepEqual(readManifest(t.dir), m);
    assert.ok(lines.some((l) => /model\.onnx: \d+ bytes, SHA-256 verificado/.test(l)), lines.join('\n'));
    // A second run finds the files in place and downloads nothing.
    server.close();
    await installModel(t.dir, spec, { allowLocalSource: true, progress: (l) => lines.push(l) });
    assert.ok(lines.filter((l) => /ya instalado/.test(l)).length === 2);

    const e = await loadEmbedder(t.dir, m);
    try {
      const a = await e.embed('Se quemó la computadora');
      const b = await e.embed('se murió la compu');
      const c = await e.embed('anular una factura');
      const norm = Math.hypot(...a);
      assert.ok(Math.abs(norm - 1) < 1e-5, `unit length, got ${norm}`);
      const cos = (x: Float32Array, y: Float32Array) => x.reduce((s, v, i) => s + v * y[i]!, 0);
      assert.ok(cos(a, b) > 0.9, `same concept, other words: ${cos(a, b)}`);
      assert.ok(cos(a, c) < 0.3, `other concept: ${cos(a, c)}`);
    } finally {
      await e.close();
    }

    // file:// works the same (a model copied to the machine by hand, in the tests).
    const t2 = tempDir();
    try {
      for (const [name, body] of Object.entries(FILES)) writeFileSync(join(t2.dir, name), body);
      const fileSpec = specFor(pathToFileURL(t2.dir).href, FILES);
      const m2 = await installModel(join(t2.dir, 'datos'), fileSpec, { allowLocalSource: true });
      assert.equal(m2.dimensions, model.dims);
    } finally {
      t2.cleanup();
    }

    // A file changed after the install is refused at load.
    writeFileSync(join(modelDir(t.dir), 'tokenizer.json'), `${model.tokenizerJson}\n`);
    await assert.rejects(loadEmbedder(t.dir, m), /SHA-256 .* no coincide con el instalado/);
  } finally {
    server.close();
    t.cleanup();
  }
});

async function waitLoaded(eng: TestEngine): Promise<any> {
  for (let i = 0; i < 600; i++) {
    const s = (await (await eng.api('/api/v1/ai/status')).json()).data;
    if (s.vectorstoreAvailable) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the embedding index never loaded');
}

test('an engine with the model installed embeds the cards once, keeps the vectors in SQLite, and the paraphrase only the model links ranks its card first', async () => {
  const t = tempDir();
  const { base, server } = await serve(FILES);
  let eng: TestEngine | null = null;
  try {
    // Without a model: lexical only, and the paraphrase lands elsewhere.
    eng = await startTestEngine({}, t.dir);
    let status = (await (await eng.api('/api/v1/ai/status')).json()).data;
    assert.equal(status.vectorstoreAvailable, false);
    assert.equal(status.model, null);
    assert.equal(status.retrieval, 'bm25+tesauro+ngramas');
    let search = (await (await eng.api(`/api/v1/ai/normativas/search?q=${encodeURIComponent(PARAPHRASE)}&limit=5`)).json()).data;
    assert.notEqual(search[0]?.id, EXPECTED, 'lexical ranking alone misses it (else this test proves nothing)');
    await eng.stop();
    eng = null;

    const spec = specFor(base, FILES);
    const out: string[] = [];
    // The admin command's status sees no model yet; then the same install function it calls.
    await runAiAdmin(['ai', 'model', 'status'], t.dir, (l) => out.push(l));
    assert.match(out.pop()!, /Sin modelo instalado/);
    await installModel(t.dir, spec, { allowLocalSource: true });
    await runAiAdmin(['ai', 'model', 'status'], t.dir, (l) => out.push(l));
    assert.match(out.pop()!, new RegExp(`Instalado: modelo de prueba, ${model.dims} dimensiones`));
    server.close(); // the engine never downloads: the model is read from the data directory

    eng = await startTestEngine({}, t.dir);
    status = await waitLoaded(eng);
    assert.equal(status.retrieval, 'bm25+tesauro+ngramas+embeddings');
    assert.deepEqual(status.model, { name: 'modelo de prueba', dimensions: model.dims, source: `${base}/model.onnx` });

    search = (await (await eng.api(`/api/v1/ai/normativas/search?q=${encodeURIComponent(PARAPHRASE)}&limit=5`)).json()).data;
    assert.equal(search[0].id, EXPECTED, JSON.stringify(search.map((h: any) => h.id)));
    const ask = (await (await eng.api('/api/v1/ai/ask', { method: 'POST', json: { mensaje: PARAPHRASE } })).json()).data;
    assert.equal(ask.tipo, 'ficha');
    assert.equal(ask.respuesta.id, EXPECTED);
    // A question the lexical ranking already answered keeps its card.
    const plain = (await (await eng.api('/api/v1/ai/ask', { method: 'POST', json: { mensaje: '¿Hasta cuándo puedo anular una factura?' } })).json()).data;
    assert.equal(plain.respuesta.id, 'anulacion-plazo');
    await eng.stop();
    eng = null;

    // Each text embedded once, kept in SQLite; a restart reuses the rows instead of embedding again.
    const db = new Database(join(t.dir, readdirSync(t.dir).find((f) => f.endsWith('.db') || f.endsWith('.sqlite'))!), { readonly: true });
    const before = db.prepare('SELECT text_sha256, created_at FROM ai_embeddings ORDER BY text_sha256').all();
    db.close();
    assert.ok(before.length > 300, `${before.length} vectors (titles, questions and rules of every card)`);
    eng = await startTestEngine({}, t.dir);
    await waitLoaded(eng);
    await eng.stop();
    eng = null;
    const db2 = new Database(join(t.dir, readdirSync(t.dir).find((f) => f.endsWith('.db') || f.endsWith('.sqlite'))!), { readonly: true });
    assert.deepEqual(db2.prepare('SELECT text_sha256, created_at FROM ai_embeddings ORDER BY text_sha256').all(), before);
    db2.close();

    // `ai model remove`: back to lexical ranking at the next start.
    await runAiAdmin(['ai', 'model', 'remove'], t.dir, (l) => out.push(l));
    assert.equal(existsSync(modelDir(t.dir)), false);
    eng = await startTestEngine({}, t.dir);
    status = (await (await eng.api('/api/v1/ai/status')).json()).data;
    assert.equal(status.vectorstoreAvailable, false);
    assert.equal(status.model, null);
  } finally {
    await eng?.stop();
    server.close();
    t.cleanup();
  }
});
