// The domain thesaurus (resources/ai/thesaurus.json, versioned): maps the words of the till to the
// words of the rules ("se cayó el internet" → contingencia; "boleta" → factura; "talonario" →
// CAFC). A question is expanded with the words its phrases map to; retrieval.ts weighs them less
// than the question's own words. Pure apart from loading the file.
// Runs in: engine.
import { readFileSync } from 'node:fs';
import { normalizeWord, words } from './query-terms';

export interface Thesaurus {
  version: string;
  /** Normalized phrase ("a mano") → the normalized words it adds. */
  entries: Map<string, string[]>;
}

/** Normalized words, with an enclitic pronoun cut off an infinitive ("deshacerla" → "deshacer"). */
function norm(s: string): string {
  return words(normalizeWord(s))
    .map((w) => w.replace(/^(.{3,}[aei]r)(la|lo|las|los|le|les|me|se|nos)$/, '$1'))
    .join(' ');
}

export function parseThesaurus(json: string): Thesaurus {
  const raw = JSON.parse(json) as { version?: unknown; entries?: unknown };
  if (typeof raw.version !== 'string' || !raw.version) throw new Error('thesaurus.json: falta «version»');
  if (!raw.entries || typeof raw.entries !== 'object') throw new Error('thesaurus.json: falta «entries»');
  const entries = new Map<string, string[]>();
  for (const [k, v] of Object.entries(raw.entries as Record<string, unknown>)) {
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new Error(`thesaurus.json: «${k}» debe ser una lista de palabras`);
    const key = norm(k);
    if (key) entries.set(key, (v as string[]).map(norm).filter(Boolean));
  }
  return { version: raw.version, entries };
}

export function loadThesaurus(file: string): Thesaurus {
  return parseThesaurus(readFileSync(file, 'utf8'));
}

/** The entries whose phrase occurs in a text as whole words, with the words each one adds. */
export function expand(thesaurus: Thesaurus, text: string): { phrase: string; adds: string[] }[] {
  const padded = ` ${norm(text)} `;
  const out: { phrase: string; adds: string[] }[] = [];
  for (const [phrase, adds] of thesaurus.entries) if (padded.includes(` ${phrase} `)) out.push({ phrase, adds });
  return out;
}
