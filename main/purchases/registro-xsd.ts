// Validation of purchase XMLs against the official schemas in resources/siat/xsd
// (registroCompra.xsd, confirmacionCompra.xsd; PURCHASES.md §1.2). Unlike invoices, Kipu checks
// every purchase before storing it as ready to send: a purchase SIAT would refuse is better
// fixed while the supplier's invoice is still at hand.
//
// Everything goes through validatePurchaseXml, the one function to change if the project moves
// from xmllint-wasm to another libxml2 build. xmllint-wasm starts a worker per call (a quarter
// of a second idle), so documents are validated in batches and concurrent calls for the same
// schema are coalesced into the next run (the same mechanism as siat-sim/xsd/invoice-xsd.ts).
// Runs in: engine and SIAT simulator.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML, memoryPages } from 'xmllint-wasm';
import { resourcesDir } from '../config/paths';

export type PurchaseSchema = 'registroCompra' | 'confirmacionCompra';

export interface PurchaseXsdResult {
  valid: boolean;
  /** libxml2's messages, with the line of the document. */
  errors: string[];
}

const schemaText = new Map<PurchaseSchema, string>();

function schemaOf(name: PurchaseSchema): { fileName: string; contents: string } {
  let contents = schemaText.get(name);
  if (contents === undefined) {
    contents = readFileSync(join(resourcesDir(), 'siat', 'xsd', `${name}.xsd`), 'utf8');
    schemaText.set(name, contents);
  }
  return { fileName: `${name}.xsd`, contents };
}

async function runXmllint(schema: PurchaseSchema, xmls: string[]): Promise<PurchaseXsdResult[]> {
  const totalChars = xmls.reduce((n, x) => n + x.length, 0);
  const neededPages = memoryPages.defaultMaxMemoryPages + Math.ceil((totalChars * 4) / 65536);
  let output: string;
  try {
    const r = await validateXML({
      xml: xmls.map((contents, i) => ({ fileName: `doc_${i}.xml`, contents })),
      schema: [schemaOf(schema)],
      maxMemoryPages: Math.min(memoryPages.max, neededPages),
    });
    output = r.rawOutput;
  } catch (e) {
    // Exit codes other than valid/invalid (a parse error in the last file) still carry the report.
    output = e instanceof Error ? e.message : String(e);
  }
  const results: PurchaseXsdResult[] = xmls.map(() => ({ valid: false, errors: [] }));
  let current: PurchaseXsdResult | null = null;
  for (const line of output.split('\n')) {
    if (line === '') continue;
    const m = /^doc_(\d+)\.xml(?::(\d+):\s*)?(.*)$/.exec(line);
    const target = m ? results[Number(m[1])] : undefined;
    if (m && target) {
      current = target;
      if (m[2] === undefined) {
        if (m[3]?.trim() === 'validates') target.valid = true;
        continue;
      }
      target.errors.push(`línea ${m[2]}: ${m[3]}`);
    } else if (current) {
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
  resolve: (r: PurchaseXsdResult[]) => void;
  reject: (e: unknown) => void;
}

const queues = new Map<PurchaseSchema, { waiting: Pending[]; running: boolean }>();

function drain(schema: PurchaseSchema): void {
  const q = queues.get(schema)!;
  if (q.running || q.waiting.length === 0) return;
  const batch = q.waiting.splice(0);
  q.running = true;
  runXmllint(schema, batch.flatMap((p) => p.xmls))
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
      drain(schema);
    });
}

/** Validates `xmls` against the official schema; the result array is parallel to `xmls`. */
export function validatePurchaseXml(xmls: string[], schema: PurchaseSchema = 'registroCompra'): Promise<PurchaseXsdResult[]> {
  if (xmls.length === 0) return Promise.resolve([]);
  try {
    schemaOf(schema);
  } catch (e) {
    return Promise.reject(e);
  }
  let q = queues.get(schema);
  if (!q) queues.set(schema, (q = { waiting: [], running: false }));
  const queue = q;
  return new Promise<PurchaseXsdResult[]>((resolve, reject) => {
    queue.waiting.push({ xmls, resolve, reject });
    setImmediate(() => drain(schema));
  });
}
