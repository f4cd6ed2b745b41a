// XSD validation with xmllint-wasm (libxml2's xmllint program), for many documents at a time.
// Each call starts a worker and instantiates the wasm module (~0.25 s idle, seconds under load),
// so documents are validated in batches: one run per list, and concurrent calls for the same
// schema are coalesced into the next run. Used by the purchase register (purchases/registro-xsd.ts)
// and as the oracle of the invoice schemas' differential tests (xml-schema/invoice-xsd.ts).
// Runs in: engine and SIAT simulator.
import { validateXML, memoryPages } from 'xmllint-wasm';

export interface XmllintSchema {
  /** Identifies the schema (and its queue). */
  key: string;
  main: { fileName: string; contents: string };
  /** Files the main XSD imports, under the names it imports them by. */
  preload: { fileName: string; contents: string }[];
}

export interface XmllintResult {
  valid: boolean;
  /** libxml2's messages, with the line of the document. */
  errors: string[];
}

/**
 * Documents per xmllint run: one run over 5,000 purchases (a month's import may hold 20,000)
 * failed inside the wasm program ("memory access out of bounds"); 2,000 passed. Larger lists
 * run in turns of this many.
 */
export const XMLLINT_DOCS_PER_RUN = 1000;

/** Runs xmllint over many documents, XMLLINT_DOCS_PER_RUN at a time; results parallel to `xmls`. */
async function runInTurns(schema: XmllintSchema, xmls: string[]): Promise<XmllintResult[]> {
  const results: XmllintResult[] = [];
  for (let i = 0; i < xmls.length; i += XMLLINT_DOCS_PER_RUN) results.push(...(await runXmllint(schema, xmls.slice(i, i + XMLLINT_DOCS_PER_RUN))));
  return results;
}

/** Runs xmllint once over many documents and splits its report per document. */
async function runXmllint(schema: XmllintSchema, xmls: string[]): Promise<XmllintResult[]> {
  const totalChars = xmls.reduce((n, x) => n + x.length, 0);
  // Room for the inputs (copied into the wasm file system) plus libxml2's trees.
  const neededPages = memoryPages.defaultMaxMemoryPages + Math.ceil((totalChars * 4) / 65536);
  let output: string;
  try {
    const r = await validateXML({
      xml: xmls.map((contents, i) => ({ fileName: `doc_${i}.xml`, contents })),
      schema: [schema.main],
      preload: schema.preload,
      maxMemoryPages: Math.min(memoryPages.max, neededPages),
    });
    output = r.rawOutput;
  } catch (e) {
    // xmllint-wasm rejects on exit codes other than "valid"/"invalid" (e.g. a parse error in
    // the last file); the report is still in the message. A schema problem is rethrown below.
    output = e instanceof Error ? e.message : String(e);
  }
  const results: XmllintResult[] = xmls.map(() => ({ valid: false, errors: [] }));
  let current: XmllintResult | null = null;
  for (const line of output.split('\n')) {
    if (line === '') continue;
    const m = /^doc_(\d+)\.xml(?::(\d+):)?(.*)$/.exec(line);
    const target = m ? results[Number(m[1])] : undefined;
    if (m && target) {
      current = target;
      if (m[2] === undefined) {
        if (m[3]?.trim() === 'validates') target.valid = true;
        continue; // "doc_N.xml fails to validate" adds nothing to the errors listed
      }
      target.errors.push(`línea ${m[2]}: ${m[3]!.trimStart()}`);
    } else if (current) {
      // Continuation lines of a parser error (source excerpt and caret).
      if (line.trim() !== '^') current.errors.push(line.trim());
    } else {
      throw new Error(`xmllint: ${output}`);
    }
  }
  for (const r of results) {
    if (!r.valid && r.errors.length === 0) r.errors.push('documento no validado por xmllint');
    if (r.valid) r.errors = [];
  }
  return results;
}

interface Pending {
  xmls: string[];
  resolve: (r: XmllintResult[]) => void;
  reject: (e: unknown) => void;
}

/** Per schema: calls waiting for the next run, and whether a run is under way. */
const queues = new Map<string, { schema: XmllintSchema; waiting: Pending[]; running: boolean }>();

function drain(key: string): void {
  const q = queues.get(key)!;
  if (q.running || q.waiting.length === 0) return;
  const batch = q.waiting.splice(0);
  q.running = true;
  runInTurns(q.schema, batch.flatMap((p) => p.xmls))
    .then(
      (results) => {
        let at = 0;
        for (const p of batch) {
          p.resolve(results.slice(at, at + p.xmls.length));
          at += p.xmls.length;
        }
      },
      (e: unknown) => batch.forEach((p) => p.reject(e)),
    )
    .finally(() => {
      q.running = false;
      drain(key);
    });
}

/** Validates `xmls` against `schema`; the result array is parallel to `xmls`. */
export function validateWithXmllint(schema: XmllintSchema, xmls: string[]): Promise<XmllintResult[]> {
  if (xmls.length === 0) return Promise.resolve([]);
  let q = queues.get(schema.key);
  if (!q) queues.set(schema.key, (q = { schema, waiting: [], running: false }));
  const queue = q;
  return new Promise<XmllintResult[]>((resolve, reject) => {
    queue.waiting.push({ xmls, resolve, reject });
    // Let the calls of this tick join the same run.
    setImmediate(() => drain(schema.key));
  });
}
