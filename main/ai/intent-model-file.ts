// The trained intent classifier as Kipu ships it (resources/ai/corpus/intenciones.bin; decision 0104),
// so an engine never trains at run time (a few seconds of CPU on the thread that serves the tills).
// Gzip of: a 4-byte length and a JSON header { format, examples, classes, features }, then per
// feature its weights above PRUNE as (class uint8, weight int16 × SCALE), then the biases (float32).
// `examples` is the SHA-256 of what the model was trained on (classes and examples, in order, the
// thesaurus, and TRAINING): a corpus whose examples differ is not this model's (intent-classifier.ts' intentModelFor).
// Written by scripts/ai-train-intents.ts. Pure but for the file read.
// Runs in: engine.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { IntentExample, IntentModel } from './intent-model';
import type { Thesaurus } from './thesaurus';

const FORMAT = 1;
/** Bumped when the classifier's features or training change: a model of another training is stale. */
const TRAINING = 4;
/** Weights smaller than this are dropped: about an eighth are kept, 0.6 MB; on the tuning questions every first class stays and no probability moves by more than 0.015 (decision 0104). */
const PRUNE = 0.05;
const SCALE = 1 / 2000;

interface Header {
  format: number;
  examples: string;
  classes: string[];
  features: string[];
}

/** What a model trained on these examples, with this thesaurus (its words are features), is known by. */
export function examplesDigest(classes: readonly string[], examples: readonly IntentExample[], thesaurus: Thesaurus): string {
  const words = { version: thesaurus.version, entries: [...thesaurus.entries], outOfScope: [...thesaurus.outOfScope] };
  return createHash('sha256').update(JSON.stringify({ training: TRAINING, classes, examples, thesaurus: words })).digest('hex');
}

export function writeIntentModel(model: IntentModel, digest: string): Buffer {
  const C = model.classes.length;
  if (C > 255) throw new Error('intent model: more than 255 classes');
  const features = [...model.vocab.keys()];
  const header = Buffer.from(JSON.stringify({ format: FORMAT, examples: digest, classes: model.classes, features } satisfies Header), 'utf8');
  const parts: Buffer[] = [];
  const len = Buffer.alloc(4);
  len.writeUInt32LE(header.length);
  parts.push(len, header);
  for (let r = 0; r < features.length; r++) {
    const kept: [number, number][] = [];
    for (let c = 0; c < C; c++) {
      const w = model.weights[r * C + c]!;
      if (Math.abs(w) >= PRUNE) kept.push([c, Math.max(-32768, Math.min(32767, Math.round(w / SCALE)))]);
    }
    const row = Buffer.alloc(1 + kept.length * 3);
    row.writeUInt8(Math.min(kept.length, 255));
    kept.slice(0, 255).forEach(([c, q], i) => {
      row.writeUInt8(c, 1 + i * 3);
      row.writeInt16LE(q, 2 + i * 3);
    });
    parts.push(row.subarray(0, 1 + Math.min(kept.length, 255) * 3));
  }
  const bias = Buffer.alloc(C * 4);
  model.bias.forEach((b, c) => bias.writeFloatLE(b, c * 4));
  parts.push(bias);
  return gzipSync(Buffer.concat(parts), { level: 9 });
}

/** The model and the digest of its examples. Throws on a malformed file. */
export function readIntentModel(bytes: Buffer): { model: IntentModel; digest: string } {
  const raw = gunzipSync(bytes);
  const n = raw.readUInt32LE(0);
  const header = JSON.parse(raw.subarray(4, 4 + n).toString('utf8')) as Header;
  if (header.format !== FORMAT || !Array.isArray(header.classes) || !Array.isArray(header.features)) throw new Error('intenciones: formato desconocido');
  const C = header.classes.length;
  const weights = new Float32Array(header.features.length * C);
  let at = 4 + n;
  for (let r = 0; r < header.features.length; r++) {
    const k = raw.readUInt8(at++);
    for (let i = 0; i < k; i++, at += 3) weights[r * C + raw.readUInt8(at)] = raw.readInt16LE(at + 1) * SCALE;
  }
  const bias = new Float32Array(C);
  for (let c = 0; c < C; c++, at += 4) bias[c] = raw.readFloatLE(at);
  if (at !== raw.length) throw new Error('intenciones: longitud inesperada');
  return { model: { classes: header.classes, vocab: new Map(header.features.map((f, i) => [f, i])), weights, bias }, digest: header.examples };
}

export function loadIntentModel(file: string): { model: IntentModel; digest: string } {
  return readIntentModel(readFileSync(file));
}
