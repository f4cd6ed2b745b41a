// XSD validation of SIAT documents (invoices and notes) against the schemas in
// resources/siat/xsd (CONTRACT.md §0.4, §3.5 step 1), one schema per sector and modality.
//
// validateInvoiceXml uses libxml2-wasm: libxml2 itself compiled to WebAssembly, the same
// validator SIAT-side tooling and xmllint use, so every sector's XSD is checked by one complete
// implementation of XML Schema (decision 0019 explains why it replaced Kipu's hand-written
// compiled validator). A schema is compiled once per file and kept; each document then costs
// about a tenth of a millisecond, which matters because the SIAT simulator validates every
// online invoice inside the client's 5 s time-out.
//
// validateInvoiceXmlWithXmllint keeps xmllint-wasm (another build of libxml2, run as the
// xmllint program) as the oracle of the differential tests, in batched runs
// (xml-schema/xmllint-batch.ts).
//
// Kipu checks every document it seals against its schema before storing it
// (invoicing/document-check.ts, issue #13); the simulator uses the same schemas for SIAT's 939
// check, and tests use them as the oracle of the XML builders.
// Runs in: engine (document check), SIAT simulator, tests.
import { readFileSync } from 'node:fs';
import { basename, dirname, join, resolve as resolvePath } from 'node:path';
import { validateWithXmllint, type XmllintSchema } from './xmllint-batch';
import { resourcesDir } from '../config/paths';
import { sectorRoot } from '../siat/code-catalog';
import { COMPRA_VENTA_SECTOR, sectorSpec } from '../../shared/sectors';
import { MODALIDAD } from '../../shared/siat-codes';

export interface XsdResult {
  valid: boolean;
  /** xmllint-style messages, `línea N: …`; empty when valid. */
  errors: string[];
}

/**
 * Official SIN schemas kept for sectors Kipu does not issue (prevalorada 23, the discount note
 * 47), named after their root element (CONTRACT.md §3.2): tests and the simulator validate with
 * them. The schemas of the sectors Kipu issues are named in each sector file (shared/sectors/).
 */
const SCHEMA_ONLY_SECTORS: ReadonlySet<number> = new Set([23, 47]);

/** Whether validateInvoiceXml has a schema for this sector and modality (1 electrónica, 2 computarizada). */
export function hasInvoiceXsd(sector: number, modalidad: number): boolean {
  return (sectorSpec(sector) !== undefined || SCHEMA_ONLY_SECTORS.has(sector)) && (modalidad === MODALIDAD.ELECTRONICA || modalidad === MODALIDAD.COMPUTARIZADA);
}

/** File name of the XSD of a sector and modality in resources/siat/xsd. Throws for a sector without a schema. */
export function invoiceXsdFileName(sector: number, modalidad: 1 | 2): string {
  if (!hasInvoiceXsd(sector, modalidad)) {
    throw new Error(`No hay XSD para el documento sector ${sector} en modalidad ${modalidad}`);
  }
  return sectorSpec(sector)?.xsd[modalidad] ?? `${sectorRoot(sector, modalidad)}.xsd`;
}

/** Absolute path of the main XSD (resources may move: KIPU_RESOURCES_DIR). */
function schemaPath(modalidad: 1 | 2, sector: number): string {
  return join(resourcesDir(), 'siat', 'xsd', invoiceXsdFileName(sector, modalidad));
}

/**
 * The files a schema imports (`xs:import schemaLocation`), by the absolute path libxml2 asks
 * for, each read from the schema's own folder by its base name. The official note and
 * prevalorada XSDs import `../SignatureSchema.xsd` and the compra-venta ones
 * `SignatureSchema.xsd`; both resolve to the one copy beside them, so the SIN files stay
 * verbatim.
 */
function importsOf(mainPath: string, contents: string): Map<string, Buffer> {
  const dir = dirname(mainPath);
  const out = new Map<string, Buffer>();
  for (const m of contents.matchAll(/<xs:(?:import|include)\b[^>]*\bschemaLocation="([^"]+)"/g)) {
    out.set(resolvePath(dir, m[1]!), readFileSync(join(dir, basename(m[1]!))));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// libxml2-wasm

export type Libxml2 = typeof import('libxml2-wasm');
type Validator = InstanceType<Libxml2['XsdValidator']>;

/** Imported schema files libxml2 may open: absolute path → contents. Nothing else is served. */
const importable = new Map<string, Buffer>();
let libxml2Loading: Promise<Libxml2> | null = null;

/**
 * libxml2-wasm is an ES module with top-level await (it instantiates the wasm on load), so it
 * is imported dynamically: the engine bundle is CommonJS and could not require() it.
 */
export function libxml2(): Promise<Libxml2> {
  libxml2Loading ??= import('libxml2-wasm').then((lx) => {
    // libxml2-wasm reads no file unless an input provider serves it; this one serves only the
    // schemas' imports, so neither a schema nor a received document can make it read a file.
    lx.xmlRegisterInputProvider({
      match: (name) => importable.has(resolvePath(name)),
      open: (name) => {
        const data = importable.get(resolvePath(name));
        return data ? lx.openBuffer(data) : undefined;
      },
      read: (fd, buf) => lx.readBuffer(fd, buf),
      close: (fd) => {
        lx.closeBuffer(fd);
        return true;
      },
    });
    return lx;
  });
  return libxml2Loading;
}

/** Compiled schemas by absolute path; never disposed (a handful, kept for the process). */
const compiled = new Map<string, Validator>();

function compile(lx: Libxml2, path: string): Validator {
  let validator = compiled.get(path);
  if (validator) return validator;
  const contents = readFileSync(path);
  for (const [name, data] of importsOf(path, contents.toString('utf8'))) importable.set(name, data);
  const doc = lx.XmlDocument.fromBuffer(contents, { url: path });
  try {
    validator = lx.XsdValidator.fromDoc(doc);
  } catch (e) {
    throw new Error(`XSD ${basename(path)} no compila: ${errorText(lx, e).join(' | ')}`, { cause: e });
  } finally {
    doc.dispose();
  }
  compiled.set(path, validator);
  return validator;
}

export function errorText(lx: Libxml2, e: unknown): string[] {
  if (e instanceof lx.XmlLibError && e.details.length > 0) {
    return e.details.map((d) => `línea ${d.line}: ${d.message.trim()}`);
  }
  return [e instanceof Error ? e.message.trim() : String(e)];
}

/**
 * Received documents are parsed without loading any external DTD or entity (the SIAT
 * simulator parses what a client sends) and without network access.
 */
export function documentOptions(lx: Libxml2): number {
  return lx.ParseOption.XML_PARSE_NO_XXE | lx.ParseOption.XML_PARSE_NONET;
}

function validateOne(lx: Libxml2, validator: Validator, xml: string): XsdResult {
  let doc: InstanceType<Libxml2['XmlDocument']>;
  try {
    doc = lx.XmlDocument.fromString(xml, { option: documentOptions(lx) });
  } catch (e) {
    if (e instanceof lx.XmlParseError) return { valid: false, errors: errorText(lx, e) };
    throw e;
  }
  try {
    validator.validate(doc);
    return { valid: true, errors: [] };
  } catch (e) {
    if (e instanceof lx.XmlValidateError) return { valid: false, errors: errorText(lx, e) };
    // libxml2 gives up (-1, no details) on what it cannot validate at all, e.g. a reference to
    // an external entity left unloaded: not a valid document either.
    if (e instanceof lx.XmlError) return { valid: false, errors: [`documento no validable: ${e.message}`] };
    throw e;
  } finally {
    doc.dispose();
  }
}

/** The compiled schema of a sector and modality (compiled on first use, then kept). */
export function invoiceSchema(lx: Libxml2, modalidad: 1 | 2, sector: number): Validator {
  return compile(lx, schemaPath(modalidad, sector));
}

/**
 * Loads libxml2-wasm and compiles compra-venta's two schemas, so the simulator's first
 * reception does not pay for them (about 0.4 s, seconds on a loaded machine) inside the
 * client's time-out. Other sectors compile on first use (a few ms each). Never rejects: a
 * problem shows again, with its message, on the first validation.
 */
export async function warmUpInvoiceXsd(): Promise<void> {
  try {
    const lx = await libxml2();
    for (const m of [MODALIDAD.ELECTRONICA, MODALIDAD.COMPUTARIZADA] as const) compile(lx, schemaPath(m, COMPRA_VENTA_SECTOR));
  } catch {
    // reported by validateInvoiceXml
  }
}

/**
 * Validates documents against the XSD of their modality and sector. The result array is
 * parallel to `xmls`. Signed electronic documents validate against the electronic XSD (which
 * requires a ds:Signature valid for the XML-Signature schema); computarizada ones against the
 * computarizada XSD. Rejects for a sector without a schema.
 */
export async function validateInvoiceXml(xmls: string[], modalidad: 1 | 2, sector = 1): Promise<XsdResult[]> {
  const path = schemaPath(modalidad, sector);
  if (xmls.length === 0) return [];
  const lx = await libxml2();
  const validator = compile(lx, path);
  return xmls.map((xml) => validateOne(lx, validator, xml));
}

// ---------------------------------------------------------------------------------------------
// xmllint-wasm (the oracle of the differential tests)

const schemaCache = new Map<string, XmllintSchema>();

function schemaFor(modalidad: 1 | 2, sector: number): XmllintSchema {
  const key = schemaPath(modalidad, sector);
  let files = schemaCache.get(key);
  if (!files) {
    const contents = readFileSync(key, 'utf8');
    // xmllint-wasm runs in a file system whose working folder is its root, where `x.xsd` and
    // `../x.xsd` are the same file: each import is preloaded under its base name.
    const preload = [...importsOf(key, contents)].map(([name, data]) => ({ fileName: basename(name), contents: data.toString('utf8') }));
    files = { key, main: { fileName: basename(key), contents }, preload };
    schemaCache.set(key, files);
  }
  return files;
}

/**
 * The same check with xmllint-wasm (the xmllint program of another libxml2 build): slow to
 * start, kept as the oracle of the differential tests.
 */
export function validateInvoiceXmlWithXmllint(xmls: string[], modalidad: 1 | 2, sector = 1): Promise<XsdResult[]> {
  let schema: XmllintSchema;
  try {
    schema = schemaFor(modalidad, sector);
  } catch (e) {
    return Promise.reject(e);
  }
  return validateWithXmllint(schema, xmls);
}
