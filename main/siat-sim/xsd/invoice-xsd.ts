// XSD validation of invoice XML against the schemas in resources/siat/xsd (CONTRACT.md §0.4,
// §3.5 step 1). validateInvoiceXml uses the compiled validator (xsd-compiled.ts): the XSD is
// compiled once and each document costs microseconds, which matters because the SIAT
// simulator validates every online invoice inside the client's 5 s time-out.
//
// validateInvoiceXmlWithXmllint keeps the reference implementation, xmllint-wasm (libxml2),
// used by the differential tests as the oracle. Each xmllint-wasm call starts a worker and
// instantiates the wasm module (~0.25 s idle, seconds under load), so there documents are
// validated in batches: one call per list, and concurrent calls for the same schema are
// coalesced into the next run.
//
// Kipu itself does not validate its XML before sending (SIAT does): the simulator uses this for
// the 939 check, and tests use it as the oracle of the XML builders.
// Runs in: SIAT simulator (and tests).
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { validateXML, memoryPages } from 'xmllint-wasm';
import { resourcesDir } from '../../config/paths';
import { SECTOR, sectorRoot } from '../../siat/codes';
import { compileXsd, validateCompiled, type XsdResult } from './xsd-compiled';

export type { XsdResult };

/** Sectors whose XSDs are in resources/siat/xsd; add a sector when its XSD is added. */
const SECTORS_WITH_XSD: ReadonlySet<number> = new Set([SECTOR.COMPRA_VENTA]);

interface SchemaFiles {
  /** Absolute path of the main XSD: identifies the schema (and its queue). */
  path: string;
  main: { fileName: string; contents: string };
  preload: { fileName: string; contents: string }[];
}

const schemaCache = new Map<string, SchemaFiles>();

/** Absolute path of the main XSD of a modality and sector (resources may move: KIPU_RESOURCES_DIR). */
function schemaPath(modalidad: 1 | 2, sector: number): string {
  if (!SECTORS_WITH_XSD.has(sector)) throw new Error(`No hay XSD para el documento sector ${sector}`);
  // Each XSD is named after the root element it declares (CONTRACT.md §3.2).
  return join(resourcesDir(), 'siat', 'xsd', `${sectorRoot(sector, modalidad)}.xsd`);
}

function schemaFor(modalidad: 1 | 2, sector: number): SchemaFiles {
  const key = schemaPath(modalidad, sector);
  const dir = dirname(key);
  const fileName = basename(key);
  let files = schemaCache.get(key);
  if (!files) {
    const contents = readFileSync(key, 'utf8');
    // The electronic XSDs import the XML-Signature schema by this relative name.
    const preload = contents.includes('SignatureSchema.xsd')
      ? [{ fileName: 'SignatureSchema.xsd', contents: readFileSync(join(dir, 'SignatureSchema.xsd'), 'utf8') }]
      : [];
    files = { path: key, main: { fileName, contents }, preload };
    schemaCache.set(key, files);
  }
  return files;
}

/** Runs xmllint once over many documents and splits its report per document. */
async function runXmllint(schema: SchemaFiles, xmls: string[]): Promise<XsdResult[]> {
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
  const results: XsdResult[] = xmls.map(() => ({ valid: false, errors: [] }));
  let current: XsdResult | null = null;
  for (const line of output.split('\n')) {
    if (line === '') continue;
    const m = /^doc_(\d+)\.xml(?::(\d+):\s*)?(.*)$/.exec(line);
    const target = m ? results[Number(m[1])] : undefined;
    if (m && target) {
      current = target;
      if (m[2] === undefined) {
        if (m[3] === ' validates' || m[3] === 'validates') target.valid = true;
        continue; // "doc_N.xml fails to validate" adds nothing to the errors listed
      }
      target.errors.push(`línea ${m[2]}: ${m[3]}`);
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
  resolve: (r: XsdResult[]) => void;
  reject: (e: unknown) => void;
}

/** Per schema file: calls waiting for the next run, and whether a run is under way. */
const queues = new Map<string, { schema: SchemaFiles; waiting: Pending[]; running: boolean }>();

function drain(key: string): void {
  const q = queues.get(key)!;
  if (q.running || q.waiting.length === 0) return;
  const batch = q.waiting.splice(0);
  q.running = true;
  runXmllint(q.schema, batch.flatMap((p) => p.xmls)).then(
    (results) => {
      let at = 0;
      for (const p of batch) {
        p.resolve(results.slice(at, at + p.xmls.length));
        at += p.xmls.length;
      }
    },
    (e: unknown) => batch.forEach((p) => p.reject(e)),
  ).finally(() => {
    q.running = false;
    drain(key);
  });
}

/**
 * Validates invoice documents against the XSD of their modality and sector. The result
 * array is parallel to `xmls`. Signed electronic documents validate against the electronic
 * XSD (which requires ds:Signature); computarizada against its derived XSD. Still async so
 * callers do not depend on the implementation; the work itself is synchronous and fast.
 * ds:Signature is checked for presence and namespace only (xsd-compiled.ts explains why).
 */
export function validateInvoiceXml(xmls: string[], modalidad: 1 | 2, sector = 1): Promise<XsdResult[]> {
  try {
    if (xmls.length === 0) return Promise.resolve([]);
    const schema = compileXsd(schemaPath(modalidad, sector));
    return Promise.resolve(xmls.map((xml) => validateCompiled(schema, xml)));
  } catch (e) {
    return Promise.reject(e);
  }
}

/**
 * The same check with xmllint-wasm (libxml2, full XSD including SignatureSchema.xsd): the
 * reference implementation, slow to start, kept as the oracle of the differential tests.
 */
export function validateInvoiceXmlWithXmllint(xmls: string[], modalidad: 1 | 2, sector = 1): Promise<XsdResult[]> {
  if (xmls.length === 0) return Promise.resolve([]);
  let schema: SchemaFiles;
  try {
    schema = schemaFor(modalidad, sector);
  } catch (e) {
    return Promise.reject(e);
  }
  const key = schema.path;
  let q = queues.get(key);
  if (!q) queues.set(key, (q = { schema, waiting: [], running: false }));
  return new Promise<XsdResult[]>((resolve, reject) => {
    q.waiting.push({ xmls, resolve, reject });
    // Let the calls of this tick join the same run.
    setImmediate(() => drain(key));
  });
}
