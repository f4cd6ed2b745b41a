// Fast XSD validation for the SIAT invoice schemas. xmllint-wasm (invoice-xsd.ts,
// validateInvoiceXmlWithXmllint) starts a worker and instantiates wasm on every call: 0.2-0.5 s
// idle, seconds under load, on the path of every online sale checked by the SIAT simulator.
// Here an XSD is compiled once into a small model and documents are checked with a single-pass
// scanner: tenths of a millisecond per signed 10-line invoice, no worker, no wasm.
//
// Scope, on purpose: exactly the XSD subset the SIAT schemas use (global/local xs:element
// with name, nillable, minOccurs, maxOccurs, fixed, type=builtin or ref into an imported
// namespace; anonymous xs:complexType holding one xs:sequence of elements; anonymous
// xs:simpleType/xs:restriction over xs:string, xs:integer, xs:long, xs:int, xs:decimal,
// xs:dateTime with the facets minLength, maxLength, min/maxInclusive, min/maxExclusive,
// totalDigits, fractionDigits, pattern, enumeration). Anything else makes the compiler
// THROW, so that a future XSD can never validate silently less than it says.
//
// Where libxml2 (the oracle) deviates from the XSD 1.0 text, this follows libxml2, because it
// is the reference the differential tests hold this validator to (xsd-compiled.test.ts):
//   - whitespace collapse applies to restricted (anonymous) numeric types only; an element
//     typed directly with a builtin (type="xs:dateTime", type="xs:integer") gets no
//     whitespace processing, so " 2021-10-06T16:03:48" is invalid there;
//   - a fixed value is compared as text ("01" and "+1" do not match fixed="1"), not by value;
//     an empty element takes the fixed value (cvc-elt 5.1.2);
//   - totalDigits counts the integer digits without leading zeros plus the fraction digits
//     without trailing zeros (so 0.05 has 2 digits); a zero has 1 digit.
//
// ds:Signature (a ref into the xmldsig namespace) is checked for presence, cardinality,
// namespace and well-formedness only; its inner structure is not validated against
// SignatureSchema.xsd. The signature is verified cryptographically elsewhere
// (signing.ts verifyXmlSignature), which is the check that matters, and a structurally broken
// signature cannot verify. This is the one documented difference from xmllint.
//
// The instance scanner is a strict XML 1.0 + Namespaces parser for what invoices contain
// (declaration, elements, attributes, text, references, CDATA, comments, PIs). A DOCTYPE or a
// non-UTF-8 encoding declaration is refused: invoices never carry them and supporting them
// (entity expansion, transcoding) is not worth the risk.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';

export interface XsdResult {
  valid: boolean;
  errors: string[];
}

const XS_NS = 'http://www.w3.org/2001/XMLSchema';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

// ---------------------------------------------------------------------------------------------
// Model

type BuiltinName = 'string' | 'integer' | 'long' | 'int' | 'decimal' | 'dateTime';
type Primitive = 'string' | 'decimal' | 'dateTime';

/** An exact decimal: digits × 10^-scale, negative when neg (zero is never negative). */
interface Dec {
  neg: boolean;
  digits: bigint;
  scale: number;
}

interface SimpleType {
  /** For messages: 'xs:integer' or 'local atomic type'. */
  label: string;
  builtin: BuiltinName;
  primitive: Primitive;
  integerOnly: boolean;
  /** whiteSpace="collapse" is applied (restricted numeric/dateTime types; see the header). */
  collapse: boolean;
  minLength?: number;
  maxLength?: number;
  minInclusive?: Dec;
  maxInclusive?: Dec;
  minExclusive?: Dec;
  maxExclusive?: Dec;
  totalDigits?: number;
  fractionDigits?: number;
  /** Alternatives (patterns of one restriction step are ORed). */
  patterns?: { source: string; re: RegExp }[];
  /** Canonical keys of the allowed values. */
  enumeration?: Set<string>;
}

interface ElementDecl {
  name: string;
  ns: string | null;
  nillable: boolean;
  /** Canonical key of the fixed value (valueKey), and its lexical form for messages. */
  fixed?: string;
  content: ComplexContent | SimpleContent | OpaqueContent;
}

interface Particle {
  decl: ElementDecl;
  min: number;
  max: number; // Infinity for unbounded
}

interface ComplexContent {
  kind: 'complex';
  particles: Particle[];
}

interface SimpleContent {
  kind: 'simple';
  type: SimpleType;
}

/** A ref into an imported schema (ds:Signature): well-formedness and namespace only. */
interface OpaqueContent {
  kind: 'opaque';
}

export interface CompiledSchema {
  path: string;
  roots: ElementDecl[];
}

// ---------------------------------------------------------------------------------------------
// Compiler

class XsdCompileError extends Error {
  constructor(file: string, el: Element | null, message: string) {
    const where = el ? ` (<${el.tagName}${el.getAttribute('name') ? ` name="${el.getAttribute('name')}"` : ''}>)` : '';
    super(`XSD no soportado por el validador compilado: ${file}${where}: ${message}`);
    this.name = 'XsdCompileError';
  }
}

const BUILTINS: Record<BuiltinName, { primitive: Primitive; integerOnly: boolean; min?: Dec; max?: Dec }> = {
  string: { primitive: 'string', integerOnly: false },
  integer: { primitive: 'decimal', integerOnly: true },
  long: { primitive: 'decimal', integerOnly: true, min: decFromBig(-(2n ** 63n)), max: decFromBig(2n ** 63n - 1n) },
  int: { primitive: 'decimal', integerOnly: true, min: decFromBig(-(2n ** 31n)), max: decFromBig(2n ** 31n - 1n) },
  decimal: { primitive: 'decimal', integerOnly: false },
  dateTime: { primitive: 'dateTime', integerOnly: false },
};

function decFromBig(v: bigint): Dec {
  return v < 0n ? { neg: true, digits: -v, scale: 0 } : { neg: false, digits: v, scale: 0 };
}

/** XSD-namespace element children, ignoring text/comments; annotations are skipped (no effect on validation). */
function xsChildren(file: string, el: Element): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1) {
      const c = n as Element;
      if (c.namespaceURI !== XS_NS) throw new XsdCompileError(file, c, 'elemento fuera del espacio de nombres XSD');
      if (c.localName === 'annotation') continue;
      out.push(c);
    } else if (n.nodeType === 3 && (n.nodeValue ?? '').trim() !== '') {
      throw new XsdCompileError(file, el, 'texto inesperado');
    }
  }
  return out;
}

/** Throws for any attribute not in `allowed` (namespace declarations are fine). */
function checkAttrs(file: string, el: Element, allowed: string[]): void {
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i)!;
    if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) continue;
    if (!allowed.includes(a.name)) throw new XsdCompileError(file, el, `atributo '${a.name}' no soportado`);
  }
}

function resolveQName(file: string, el: Element, qname: string): { ns: string | null; local: string } {
  const colon = qname.indexOf(':');
  const prefix = colon < 0 ? null : qname.slice(0, colon);
  const local = colon < 0 ? qname : qname.slice(colon + 1);
  const ns = el.lookupNamespaceURI(prefix);
  if (prefix !== null && !ns) throw new XsdCompileError(file, el, `prefijo no declarado en '${qname}'`);
  return { ns: ns || null, local };
}

function builtinType(file: string, el: Element, qname: string): BuiltinName {
  const { ns, local } = resolveQName(file, el, qname);
  if (ns !== XS_NS || !(local in BUILTINS)) throw new XsdCompileError(file, el, `tipo '${qname}' no soportado`);
  return local as BuiltinName;
}

function parseOccurs(file: string, el: Element, attr: string, unboundedOk: boolean): number {
  if (!el.hasAttribute(attr)) return 1;
  const v = el.getAttribute(attr)!.trim();
  if (unboundedOk && v === 'unbounded') return Infinity;
  if (!/^\d+$/.test(v)) throw new XsdCompileError(file, el, `${attr}="${v}" inválido`);
  return Number(v);
}

interface Imports {
  /** namespace → global element names of the imported schema */
  byNs: Map<string, Set<string>>;
}

function compileSimpleTypeEl(file: string, st: Element): SimpleType {
  checkAttrs(file, st, []);
  const kids = xsChildren(file, st);
  if (kids.length !== 1 || kids[0]!.localName !== 'restriction') throw new XsdCompileError(file, st, 'se admite solo xs:restriction');
  const r = kids[0]!;
  checkAttrs(file, r, ['base']);
  if (!r.hasAttribute('base')) throw new XsdCompileError(file, r, 'xs:restriction sin base');
  const builtin = builtinType(file, r, r.getAttribute('base')!);
  const t = newType(builtin, 'local atomic type');
  t.collapse = t.primitive !== 'string';
  const seen = new Set<string>();
  for (const f of xsChildren(file, r)) {
    const facet = f.localName!;
    checkAttrs(file, f, ['value']);
    if (!f.hasAttribute('value')) throw new XsdCompileError(file, f, 'faceta sin value');
    const value = f.getAttribute('value')!;
    if (facet !== 'pattern' && facet !== 'enumeration') {
      if (seen.has(facet)) throw new XsdCompileError(file, f, `faceta ${facet} repetida`);
      seen.add(facet);
    }
    const nonNeg = (): number => {
      if (!/^\s*\d+\s*$/.test(value)) throw new XsdCompileError(file, f, `valor '${value}' inválido`);
      return Number(value.trim());
    };
    const bound = (): Dec => {
      if (t.primitive !== 'decimal') throw new XsdCompileError(file, f, `faceta ${facet} sobre ${builtin} no soportada`);
      const d = parseDecimalLexical(collapse(value), t.integerOnly);
      if (typeof d === 'string') throw new XsdCompileError(file, f, `valor '${value}' inválido para ${builtin}`);
      return d;
    };
    switch (facet) {
      case 'minLength':
      case 'maxLength':
        if (t.primitive !== 'string') throw new XsdCompileError(file, f, `faceta ${facet} sobre ${builtin} no soportada`);
        t[facet] = nonNeg();
        break;
      case 'totalDigits':
      case 'fractionDigits':
        if (t.primitive !== 'decimal') throw new XsdCompileError(file, f, `faceta ${facet} sobre ${builtin} no soportada`);
        t[facet] = nonNeg();
        if (facet === 'totalDigits' && t.totalDigits === 0) throw new XsdCompileError(file, f, 'totalDigits debe ser positivo');
        break;
      case 'minInclusive':
      case 'maxInclusive':
      case 'minExclusive':
      case 'maxExclusive':
        t[facet] = bound();
        break;
      case 'pattern':
        (t.patterns ??= []).push({ source: value, re: compileXsdPattern(file, f, value) });
        break;
      case 'enumeration': {
        if (t.primitive === 'dateTime') throw new XsdCompileError(file, f, 'enumeration sobre dateTime no soportada');
        const key = valueKey(t, value);
        if (key === null) throw new XsdCompileError(file, f, `valor '${value}' inválido para ${builtin}`);
        (t.enumeration ??= new Set()).add(key);
        break;
      }
      default:
        throw new XsdCompileError(file, f, `faceta xs:${facet} no soportada`);
    }
  }
  if (t.minLength !== undefined && t.maxLength !== undefined && t.minLength > t.maxLength) throw new XsdCompileError(file, r, 'minLength > maxLength');
  return t;
}

function newType(builtin: BuiltinName, label: string): SimpleType {
  const b = BUILTINS[builtin];
  const t: SimpleType = { label, builtin, primitive: b.primitive, integerOnly: b.integerOnly, collapse: false };
  if (b.min) t.minInclusive = b.min;
  if (b.max) t.maxInclusive = b.max;
  return t;
}

function compileElement(file: string, el: Element, imports: Imports, global: boolean): { decl: ElementDecl; min: number; max: number } {
  if (el.hasAttribute('ref')) {
    if (global) throw new XsdCompileError(file, el, 'ref en un elemento global');
    checkAttrs(file, el, ['ref', 'minOccurs', 'maxOccurs']);
    if (xsChildren(file, el).length > 0) throw new XsdCompileError(file, el, 'ref con contenido');
    const { ns, local } = resolveQName(file, el, el.getAttribute('ref')!);
    const names = ns ? imports.byNs.get(ns) : undefined;
    if (!names) throw new XsdCompileError(file, el, `ref a '${el.getAttribute('ref')}': solo se admiten refs a esquemas importados`);
    if (!names.has(local)) throw new XsdCompileError(file, el, `el esquema importado no declara el elemento global '${local}'`);
    const min = parseOccurs(file, el, 'minOccurs', false);
    const max = parseOccurs(file, el, 'maxOccurs', true);
    return { decl: { name: local, ns, nillable: false, content: { kind: 'opaque' } }, min, max };
  }
  checkAttrs(file, el, global ? ['name', 'nillable', 'fixed', 'type'] : ['name', 'nillable', 'fixed', 'type', 'minOccurs', 'maxOccurs']);
  const name = el.getAttribute('name');
  if (!name) throw new XsdCompileError(file, el, 'xs:element sin name');
  const nillableAttr = (el.getAttribute('nillable') ?? 'false').trim();
  if (!['true', 'false', '1', '0'].includes(nillableAttr)) throw new XsdCompileError(file, el, `nillable="${nillableAttr}" inválido`);
  const nillable = nillableAttr === 'true' || nillableAttr === '1';
  const min = global ? 1 : parseOccurs(file, el, 'minOccurs', false);
  const max = global ? 1 : parseOccurs(file, el, 'maxOccurs', true);
  if (min > max) throw new XsdCompileError(file, el, 'minOccurs > maxOccurs');
  const kids = xsChildren(file, el);
  let content: ComplexContent | SimpleContent;
  if (el.hasAttribute('type')) {
    if (kids.length > 0) throw new XsdCompileError(file, el, 'type y tipo anónimo a la vez');
    const builtin = builtinType(file, el, el.getAttribute('type')!);
    content = { kind: 'simple', type: newType(builtin, `xs:${builtin}`) };
  } else if (kids.length === 1 && kids[0]!.localName === 'simpleType') {
    content = { kind: 'simple', type: compileSimpleTypeEl(file, kids[0]!) };
  } else if (kids.length === 1 && kids[0]!.localName === 'complexType') {
    content = compileComplexType(file, kids[0]!, imports);
  } else {
    throw new XsdCompileError(file, el, 'se espera type="xs:…", xs:simpleType o xs:complexType (anyType no soportado)');
  }
  const decl: ElementDecl = { name, ns: null, nillable, content };
  if (el.hasAttribute('fixed')) {
    if (content.kind !== 'simple' || content.type.primitive === 'dateTime') throw new XsdCompileError(file, el, 'fixed solo se admite en tipos string/numéricos');
    const lexical = el.getAttribute('fixed')!;
    if (checkValue(content.type, applyWhitespace(content.type, lexical)) !== null) {
      throw new XsdCompileError(file, el, `fixed="${lexical}" no es válido para su tipo`);
    }
    decl.fixed = lexical;
  }
  return { decl, min, max };
}

function compileComplexType(file: string, ct: Element, imports: Imports): ComplexContent {
  checkAttrs(file, ct, []);
  const kids = xsChildren(file, ct);
  if (kids.length !== 1 || kids[0]!.localName !== 'sequence') throw new XsdCompileError(file, ct, 'se admite solo un xs:sequence');
  const seq = kids[0]!;
  checkAttrs(file, seq, []);
  const particles: Particle[] = [];
  const names = new Set<string>();
  for (const c of xsChildren(file, seq)) {
    if (c.localName !== 'element') throw new XsdCompileError(file, c, `xs:${c.localName} dentro de xs:sequence no soportado`);
    const p = compileElement(file, c, imports, false);
    // With distinct names the sequence is trivially deterministic (UPA): no backtracking.
    const key = `{${p.decl.ns ?? ''}}${p.decl.name}`;
    if (names.has(key)) throw new XsdCompileError(file, c, `elemento '${p.decl.name}' repetido en la secuencia`);
    names.add(key);
    if (p.max === 0) continue; // maxOccurs="0": the particle does not exist
    particles.push({ decl: p.decl, min: p.min, max: p.max });
  }
  return { kind: 'complex', particles };
}

function globalElementNames(file: string): { targetNamespace: string | null; names: Set<string> } {
  // Imported schemas are only inspected for their global element names (opaque refs).
  const text = readFileSync(file, 'utf8');
  const doc = new DOMParser({ onError: () => {} }).parseFromString(text, 'text/xml');
  const root = doc.documentElement;
  if (!root || root.namespaceURI !== XS_NS || root.localName !== 'schema') throw new XsdCompileError(file, null, 'no es un xs:schema');
  const names = new Set<string>();
  for (let n = root.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).namespaceURI === XS_NS && (n as Element).localName === 'element') {
      names.add((n as Element).getAttribute('name') ?? '');
    }
  }
  return { targetNamespace: root.getAttribute('targetNamespace'), names };
}

function compileSchemaFile(path: string): CompiledSchema {
  const text = readFileSync(path, 'utf8');
  let parseError: string | null = null;
  let doc: Document;
  try {
    doc = new DOMParser({
      onError: (level: string, msg: string) => {
        if (level !== 'warning') parseError ??= msg;
      },
    }).parseFromString(text, 'text/xml');
  } catch (e) {
    throw new XsdCompileError(path, null, `XML inválido: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (parseError) throw new XsdCompileError(path, null, `XML inválido: ${parseError}`);
  const root = doc.documentElement;
  if (!root || root.namespaceURI !== XS_NS || root.localName !== 'schema') throw new XsdCompileError(path, null, 'la raíz no es xs:schema');
  // targetNamespace is not supported: the model assumes unqualified (no-namespace) documents,
  // which is what the SIAT schemas (noNamespaceSchemaLocation) define.
  checkAttrs(path, root, ['elementFormDefault', 'attributeFormDefault', 'version']);
  const imports: Imports = { byNs: new Map() };
  const roots: ElementDecl[] = [];
  for (const c of xsChildren(path, root)) {
    if (c.localName === 'import') {
      checkAttrs(path, c, ['namespace', 'schemaLocation']);
      const ns = c.getAttribute('namespace');
      const loc = c.getAttribute('schemaLocation');
      if (!ns || !loc) throw new XsdCompileError(path, c, 'xs:import requiere namespace y schemaLocation');
      const imported = globalElementNames(resolve(dirname(path), loc));
      if (imported.targetNamespace !== ns) throw new XsdCompileError(path, c, `el esquema importado no tiene targetNamespace ${ns}`);
      imports.byNs.set(ns, imported.names);
    } else if (c.localName === 'element') {
      roots.push(compileElement(path, c, imports, true).decl);
    } else {
      throw new XsdCompileError(path, c, `xs:${c.localName} no soportado`);
    }
  }
  if (roots.length === 0) throw new XsdCompileError(path, root, 'sin elementos globales');
  return { path, roots };
}

const compiled = new Map<string, CompiledSchema>();

/** Compiles the XSD at `path` (read and compiled once per absolute path, then cached). */
export function compileXsd(path: string): CompiledSchema {
  const key = resolve(path);
  let s = compiled.get(key);
  if (!s) {
    s = compileSchemaFile(key);
    compiled.set(key, s);
  }
  return s;
}

/**
 * XSD regular expression → JS RegExp (anchored, as XSD patterns match the whole value).
 * Only the common subset is translated; XSD-specific constructs (\i, \c, class subtraction,
 * \p{Is…} blocks) throw rather than being approximated.
 */
function compileXsdPattern(file: string, el: Element, src: string): RegExp {
  let out = '';
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (ch === '\\') {
      const next = src[i + 1];
      if (next === undefined) throw new XsdCompileError(file, el, `pattern '${src}' inválido`);
      if ('iIcC'.includes(next)) throw new XsdCompileError(file, el, `pattern con \\${next} no soportado`);
      if ((next === 'p' || next === 'P') && src.startsWith('{Is', i + 2)) throw new XsdCompileError(file, el, 'pattern con bloques \\p{Is…} no soportado');
      out += ch + next;
      i++;
      continue;
    }
    if (inClass) {
      if (ch === '-' && src[i + 1] === '[') throw new XsdCompileError(file, el, 'pattern con resta de clases no soportado');
      if (ch === ']') inClass = false;
      out += ch;
      continue;
    }
    if (ch === '[') inClass = true;
    if (ch === '^' || ch === '$') out += '\\' + ch; // literals in XSD regexes
    else if (ch === '.') out += '[^\\n\\r]';
    else out += ch;
  }
  try {
    return new RegExp(`^(?:${out})$`, 'u');
  } catch (e) {
    throw new XsdCompileError(file, el, `pattern '${src}' no traducible: ${e instanceof Error ? e.message : String(e)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Values

function isXmlWs(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** XSD whiteSpace="collapse" (not String#trim, which also strips non-XML spaces). */
function collapse(v: string): string {
  let a = 0;
  let b = v.length;
  while (a < b && isXmlWs(v.charCodeAt(a))) a++;
  while (b > a && isXmlWs(v.charCodeAt(b - 1))) b--;
  const s = a === 0 && b === v.length ? v : v.slice(a, b);
  return /[\t\n\r]| {2}/.test(s) ? s.replace(/[\t\n\r ]+/g, ' ') : s;
}

function applyWhitespace(t: SimpleType, v: string): string {
  return t.collapse ? collapse(v) : v; // xs:string: whiteSpace="preserve"; builtins: see the header
}

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const INTEGER_RE = /^([+-]?)(\d+)$/;

interface DecParse extends Dec {
  total: number;
  frac: number;
}

/** Lexical xs:decimal / xs:integer → exact value, or an error message. */
function parseDecimalLexical(v: string, integerOnly: boolean): DecParse | string {
  const m = (integerOnly ? INTEGER_RE : DECIMAL_RE).exec(v);
  if (!m) return 'lexical';
  let intPart = m[2]!;
  const rawFrac = integerOnly ? '' : (m[3] ?? '');
  if (intPart === '' && rawFrac === '') {
    // "." and "+" are not numbers; "0." and ".5" are (DECIMAL_RE already required a digit or '.').
    return 'lexical';
  }
  let z = 0;
  while (z < intPart.length && intPart.charCodeAt(z) === 0x30) z++;
  intPart = intPart.slice(z);
  let f = rawFrac.length;
  while (f > 0 && rawFrac.charCodeAt(f - 1) === 0x30) f--;
  const frac = rawFrac.slice(0, f);
  const all = intPart + frac;
  const digits = all === '' ? 0n : BigInt(all);
  const total = all === '' ? 1 : all.length;
  return { neg: m[1] === '-' && digits !== 0n, digits, scale: frac.length, total, frac: frac.length };
}

const POW10: bigint[] = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));
const pow10 = (n: number): bigint => POW10[n] ?? 10n ** BigInt(n);

/** Exact comparison (BigInt, never floats) of two decimals. */
function cmpDec(a: Dec, b: Dec): number {
  if (a.neg !== b.neg) return a.neg ? -1 : 1;
  // Fast path for the common bound 0 (minInclusive/minExclusive): no scaling needed.
  if (b.digits === 0n) return a.digits === 0n ? 0 : a.neg ? -1 : 1;
  const s = a.scale > b.scale ? a.scale : b.scale;
  const x = a.scale === s ? a.digits : a.digits * pow10(s - a.scale);
  const y = b.scale === s ? b.digits : b.digits * pow10(s - b.scale);
  const c = x < y ? -1 : x > y ? 1 : 0;
  return a.neg ? -c : c;
}

function decToString(d: Dec): string {
  let s = d.digits.toString();
  if (d.scale > 0) {
    s = s.padStart(d.scale + 1, '0');
    s = `${s.slice(0, s.length - d.scale)}.${s.slice(s.length - d.scale)}`;
  }
  return (d.neg ? '-' : '') + s;
}

const DATETIME_RE = /^(-?)(\d{4,})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)?$/;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** xs:dateTime as libxml2 accepts it (year ≥ 4 digits, no leading zero beyond 4, not 0000). */
function checkDateTime(v: string): boolean {
  const m = DATETIME_RE.exec(v);
  if (!m) return false;
  const ys = m[2]!;
  if (ys.length > 4 && ys[0] === '0') return false;
  if (ys.length > 10) return false;
  const year = Number(ys);
  if (year === 0 || year > 2147483647) return false;
  const mon = Number(m[3]);
  const day = Number(m[4]);
  const hour = Number(m[5]);
  const min = Number(m[6]);
  const sec = Number(m[7]);
  if (mon < 1 || mon > 12 || day < 1) return false;
  const y = m[1] === '-' ? -year : year;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  if (day > (mon === 2 && leap ? 29 : DAYS[mon - 1]!)) return false;
  if (hour > 23 || min > 59 || sec > 59) {
    // 24:00:00 is the end of the day (XSD 1.0 errata); accepted only exactly.
    if (!(hour === 24 && min === 0 && sec === 0 && !/[1-9]/.test(m[8] ?? ''))) return false;
  }
  const tz = m[9];
  if (tz && tz !== 'Z') {
    const th = Number(tz.slice(1, 3));
    const tm = Number(tz.slice(4, 6));
    if (th > 23 || tm > 59 || th * 60 + tm > 840) return false;
  }
  return true;
}

function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) n--; // a surrogate pair is one character
  }
  return n;
}

/** Canonical comparison key of a value (for enumeration), null if not a valid literal. */
function valueKey(t: SimpleType, raw: string): string | null {
  const v = applyWhitespace(t, raw);
  if (t.primitive === 'string') return v;
  if (t.primitive === 'decimal') {
    const d = parseDecimalLexical(v, t.integerOnly);
    return typeof d === 'string' ? null : decToString(d);
  }
  return checkDateTime(v) ? v : null;
}

function notValid(t: SimpleType, v: string): string {
  return `'${v}' is not a valid value of the ${t.label === 'local atomic type' ? 'local atomic type' : `atomic type '${t.label}'`}.`;
}

function matchesAny(patterns: { re: RegExp }[], v: string): boolean {
  for (const p of patterns) if (p.re.test(v)) return true;
  return false;
}

/** Checks a whitespace-processed value against its type; returns an error message or null. */
function checkValue(t: SimpleType, v: string): string | null {
  if (t.primitive === 'string') {
    if (t.minLength !== undefined || t.maxLength !== undefined) {
      const n = codePointLength(v);
      if (t.minLength !== undefined && n < t.minLength) return `[facet 'minLength'] The value has a length of '${n}'; this underruns the allowed minimum length of '${t.minLength}'.`;
      if (t.maxLength !== undefined && n > t.maxLength) return `[facet 'maxLength'] The value has a length of '${n}'; this exceeds the allowed maximum length of '${t.maxLength}'.`;
    }
  } else if (t.primitive === 'decimal') {
    const d = parseDecimalLexical(v, t.integerOnly);
    if (typeof d === 'string') return notValid(t, v);
    if (t.totalDigits !== undefined && d.total > t.totalDigits) return `[facet 'totalDigits'] The value '${v}' has more digits than are allowed ('${t.totalDigits}').`;
    if (t.fractionDigits !== undefined && d.frac > t.fractionDigits) return `[facet 'fractionDigits'] The value '${v}' has more fractional digits than are allowed ('${t.fractionDigits}').`;
    if (t.minInclusive && cmpDec(d, t.minInclusive) < 0) return `[facet 'minInclusive'] The value '${v}' is less than the minimum value allowed ('${decToString(t.minInclusive)}').`;
    if (t.maxInclusive && cmpDec(d, t.maxInclusive) > 0) return `[facet 'maxInclusive'] The value '${v}' is greater than the maximum value allowed ('${decToString(t.maxInclusive)}').`;
    if (t.minExclusive && cmpDec(d, t.minExclusive) <= 0) return `[facet 'minExclusive'] The value '${v}' must be greater than '${decToString(t.minExclusive)}'.`;
    if (t.maxExclusive && cmpDec(d, t.maxExclusive) >= 0) return `[facet 'maxExclusive'] The value '${v}' must be less than '${decToString(t.maxExclusive)}'.`;
  } else if (!checkDateTime(v)) {
    return notValid(t, v);
  }
  if (t.patterns && !matchesAny(t.patterns, v)) return `[facet 'pattern'] The value '${v}' is not accepted by the pattern '${t.patterns.map((p) => p.source).join("' | '")}'.`;
  if (t.enumeration && !t.enumeration.has(valueKey(t, v)!)) return `[facet 'enumeration'] The value '${v}' is not an element of the set {${[...t.enumeration].map((e) => `'${e}'`).join(', ')}}.`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Instance validation

class XmlParseError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

interface Frame {
  qname: string;
  /** Declaration to validate against; null while skipping an unexpected element's subtree. */
  decl: ElementDecl | null;
  /** Namespace declarations this element added (popped with it). */
  nsAdded: number;
  particle: number;
  count: number;
  nilled: boolean;
  text: string;
  offset: number;
}

// XML 1.0 (5th ed.) names; the colon is checked separately (Namespaces: QName).
const NAME_START = 'A-Za-z_:\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
/** Full name rule, used only when a name has a non-ASCII character (the ASCII path is a loop). */
// eslint-disable-next-line no-misleading-character-class -- XML 1.0 lists U+200C and U+200D (ZWNJ, ZWJ) as name characters of their own, not as joiners
const NAME_RE = new RegExp(`[${NAME_START}][${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040]*`, 'uy');
// Without the u flag: ~10x faster on the whole document; surrogates are then checked precisely.
const SUSPECT_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/g;

/** Offset of the first character XML 1.0 forbids, or -1 (surrogate pairs are fine). */
function invalidCharAt(xml: string): number {
  SUSPECT_CHAR.lastIndex = 0;
  for (let m = SUSPECT_CHAR.exec(xml); m; m = SUSPECT_CHAR.exec(xml)) {
    const i = m.index;
    const c = xml.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = xml.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        SUSPECT_CHAR.lastIndex = i + 2; // a well-formed pair: one astral character
        continue;
      }
    }
    return i;
  }
  return -1;
}

/** ASCII name characters: 1 start char, 2 other name char. */
const ASCII_NAME = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  ASCII_NAME[c] = /[A-Za-z_:]/.test(ch) ? 1 : /[-.0-9]/.test(ch) ? 2 : 0;
}
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

/** Expands references in text or attribute content starting at `base` (for error offsets). */
function decodeRefs(s: string, base: number): string {
  let out = '';
  let last = 0;
  for (let amp = s.indexOf('&'); amp >= 0; amp = s.indexOf('&', last)) {
    const semi = s.indexOf(';', amp + 1);
    if (semi < 0) throw new XmlParseError(base + amp, "EntityRef: expecting ';'");
    const ref = s.slice(amp + 1, semi);
    let rep: string | undefined;
    if (ref.charCodeAt(0) === 0x23 /* # */) {
      const m = /^#(?:([0-9]+)|x([0-9a-fA-F]+))$/.exec(ref);
      const cp = m ? (m[1] !== undefined ? Number(m[1]) : parseInt(m[2]!, 16)) : NaN;
      if (!m || !isXmlChar(cp)) throw new XmlParseError(base + amp, `xmlParseCharRef: invalid xmlChar value &${ref};`);
      rep = String.fromCodePoint(cp);
    } else {
      rep = PREDEFINED[ref];
      if (rep === undefined) throw new XmlParseError(base + amp, `Entity '${ref}' not defined`);
    }
    out += s.slice(last, amp) + rep;
    last = semi + 1;
  }
  return last === 0 ? s : out + s.slice(last);
}

function lineOf(xml: string, offset: number): number {
  let n = 1;
  for (let i = xml.indexOf('\n'); i >= 0 && i < offset; i = xml.indexOf('\n', i + 1)) n++;
  return n;
}

function declName(d: ElementDecl): string {
  return d.ns ? `{${d.ns}}${d.name}` : d.name;
}

/** Names that may come next in a sequence at (particle, count), as xmllint lists them. */
function expected(particles: Particle[], at: number, count: number): string {
  const names: string[] = [];
  for (let i = at; i < particles.length; i++) {
    const p = particles[i]!;
    const c = i === at ? count : 0;
    if (c < p.max) names.push(declName(p.decl));
    if (c < p.min) break;
  }
  return names.length === 1 ? `Expected is ( ${names[0]} ).` : `Expected is one of ( ${names.join(', ')} ).`;
}

/**
 * Validates one document against a compiled schema. Never throws for document problems:
 * those come back as errors, in xmllint's spirit ("línea N: Element 'x': …").
 */
export function validateCompiled(schema: CompiledSchema, xml: string): XsdResult {
  const v = new InstanceValidator(schema, xml);
  try {
    v.run();
  } catch (e) {
    if (!(e instanceof XmlParseError)) throw e;
    v.errors.push(`línea ${lineOf(xml, e.offset)}: parser error : ${e.message}`);
  }
  return v.errors.length === 0 ? { valid: true, errors: [] } : { valid: false, errors: v.errors };
}

/**
 * One pass over the document: XML well-formedness and namespaces, and the schema checks as
 * elements open and close. A class rather than closures: per-call closures cost more than the
 * validation itself at this scale (microseconds per document).
 */
class InstanceValidator {
  readonly errors: string[] = [];
  private pos = 0;
  private readonly len: number;
  /** Namespace bindings in scope, innermost last; nsTop is the number in use. */
  private nsPrefixes: string[] = ['xml'];
  private nsUris: string[] = [XML_NS];
  private nsTop = 1;
  private readonly stack: Frame[] = [];
  private rootSeen = false;

  constructor(
    private readonly schema: CompiledSchema,
    private readonly xml: string,
  ) {
    this.len = xml.length;
  }

  report(offset: number, qname: string, msg: string): void {
    this.errors.push(`línea ${lineOf(this.xml, offset)}: Element '${qname}': ${msg}`);
  }

  private lookup(prefix: string): string | undefined {
    for (let i = this.nsTop - 1; i >= 0; i--) if (this.nsPrefixes[i] === prefix) return this.nsUris[i] || undefined;
    return undefined;
  }

  /** End of the XML Name starting at `at` (== at when there is none). */
  private nameEnd(at: number): number {
    const xml = this.xml;
    let i = at;
    for (;;) {
      const c = xml.charCodeAt(i);
      if (c < 128) {
        const k = ASCII_NAME[c]!;
        if (k === 0 || (k === 2 && i === at)) break;
        i++;
      } else if (c === c /* not NaN: inside the string */) {
        // Non-ASCII: the full (rare) rule from here on.
        NAME_RE.lastIndex = at;
        const m = NAME_RE.exec(xml);
        return m ? at + m[0].length : at;
      } else break;
    }
    return i;
  }

  private skipWs(): void {
    while (this.pos < this.len && isXmlWs(this.xml.charCodeAt(this.pos))) this.pos++;
  }

  /** Comments, PIs, whitespace; outside the root element. */
  private misc(): void {
    const xml = this.xml;
    for (;;) {
      this.skipWs();
      if (xml.startsWith('<!--', this.pos)) this.pos = this.comment(this.pos);
      else if (xml.startsWith('<?', this.pos)) this.pos = this.pi(this.pos);
      else if (xml.startsWith('<!DOCTYPE', this.pos)) throw new XmlParseError(this.pos, 'DOCTYPE not supported');
      else return;
    }
  }

  private comment(at: number): number {
    const end = this.xml.indexOf('--', at + 4);
    if (end < 0) throw new XmlParseError(at, 'Comment not terminated');
    if (this.xml.charCodeAt(end + 2) !== 0x3e) throw new XmlParseError(end, 'Double hyphen within comment');
    return end + 3;
  }

  private pi(at: number): number {
    const xml = this.xml;
    const nameEnd = this.nameEnd(at + 2);
    if (nameEnd === at + 2) throw new XmlParseError(at, 'xmlParsePI : no target name');
    const target = xml.slice(at + 2, nameEnd);
    if (target.toLowerCase() === 'xml') throw new XmlParseError(at, 'XML declaration allowed only at the start of the document');
    if (target.includes(':')) throw new XmlParseError(at, `colons are forbidden from PI names '${target}'`);
    const end = xml.indexOf('?>', nameEnd);
    if (end < 0) throw new XmlParseError(at, 'PI not terminated');
    if (nameEnd !== end && !isXmlWs(xml.charCodeAt(nameEnd))) throw new XmlParseError(at, 'ParsePI: PI space expected');
    return end + 2;
  }

  /** Character data (text or CDATA, already decoded) inside the innermost element. */
  private text(t: string, offset: number): void {
    const f = this.stack[this.stack.length - 1]!;
    if (!f.decl) return;
    if (f.nilled) {
      this.report(offset, f.qname, "Neither character nor element content is allowed, because the element is 'nilled'.");
      f.decl = null;
      return;
    }
    const c = f.decl.content;
    if (c.kind === 'simple') f.text += t;
    else if (c.kind === 'complex') {
      for (let i = 0; i < t.length; i++) {
        if (!isXmlWs(t.charCodeAt(i))) {
          this.report(offset, f.qname, "Character content other than whitespace is not allowed because the content type is 'element-only'.");
          f.decl = null; // report once, like xmllint, and stop checking this element
          return;
        }
      }
    }
  }

  run(): void {
    const xml = this.xml;
    const len = this.len;
    const bad = invalidCharAt(xml);
    if (bad >= 0) throw new XmlParseError(bad, `Char 0x${xml.charCodeAt(bad).toString(16).toUpperCase()} out of allowed range`);
    this.pos = xml.charCodeAt(0) === 0xfeff ? 1 : 0;

    // XML declaration.
    if (xml.startsWith('<?xml', this.pos) && isXmlWs(xml.charCodeAt(this.pos + 5))) {
      const end = xml.indexOf('?>', this.pos);
      if (end < 0) throw new XmlParseError(this.pos, "parsing XML declaration: '?>' expected");
      const decl = xml.slice(this.pos + 5, end);
      const m = /^\s+version\s*=\s*(["'])1\.[0-9]+\1(?:\s+encoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._-]*)\2)?(?:\s+standalone\s*=\s*(["'])(?:yes|no)\4)?\s*$/.exec(decl);
      if (!m) throw new XmlParseError(this.pos, 'Malformed XML declaration');
      const enc = m[3]?.toLowerCase();
      if (enc !== undefined && enc !== 'utf-8' && enc !== 'utf8') throw new XmlParseError(this.pos, `Unsupported encoding ${m[3]} (only UTF-8)`);
      this.pos = end + 2;
    }

    this.misc();
    if (xml.charCodeAt(this.pos) !== 0x3c) throw new XmlParseError(this.pos, "Start tag expected, '<' not found");
    const stack = this.stack;
    // Next occurrences in the document of what makes a text segment need work: most segments
    // have none, and checking a position is cheaper than scanning every segment three times.
    let nextAmp = xml.indexOf('&', this.pos);
    let nextCr = xml.indexOf('\r', this.pos);
    let nextCdEnd = xml.indexOf(']]>', this.pos);

    while (this.pos < len) {
      if (stack.length === 0 && this.rootSeen) break;
      const pos = this.pos;
      const lt = xml.indexOf('<', pos);
      if (lt < 0) break;
      if (lt > pos) {
        if (stack.length > 0) {
          while (nextAmp >= 0 && nextAmp < pos) nextAmp = xml.indexOf('&', nextAmp + 1);
          while (nextCr >= 0 && nextCr < pos) nextCr = xml.indexOf('\r', nextCr + 1);
          while (nextCdEnd >= 0 && nextCdEnd < pos) nextCdEnd = xml.indexOf(']]>', nextCdEnd + 1);
          if (nextCdEnd >= 0 && nextCdEnd + 2 < lt) throw new XmlParseError(nextCdEnd, "Sequence ']]>' not allowed in content");
          const hasRefs = nextAmp >= 0 && nextAmp < lt;
          const f = stack[stack.length - 1]!;
          if (f.decl || hasRefs) {
            let raw = xml.slice(pos, lt);
            if (nextCr >= 0 && nextCr < lt) raw = raw.replace(/\r\n?/g, '\n'); // XML end-of-line handling
            const t = hasRefs ? decodeRefs(raw, pos) : raw; // also checks references in skipped content
            if (f.decl) this.text(t, pos);
          }
        } else {
          for (let i = pos; i < lt; i++) if (!isXmlWs(xml.charCodeAt(i))) throw new XmlParseError(i, 'Extra content at the end of the document');
        }
      }
      this.pos = lt;
      const c1 = xml.charCodeAt(lt + 1);
      if (c1 === 0x2f /* / */) this.endTag(lt);
      else if (c1 === 0x21 /* ! */) {
        if (stack.length > 0 && xml.startsWith('<![CDATA[', lt)) {
          const end = xml.indexOf(']]>', lt + 9);
          if (end < 0) throw new XmlParseError(lt, 'CData section not finished');
          this.text(xml.slice(lt + 9, end).replace(/\r\n?/g, '\n'), lt);
          this.pos = end + 3;
        } else if (xml.startsWith('<!--', lt)) {
          this.pos = this.comment(lt);
        } else if (stack.length === 0) {
          this.misc();
        } else {
          throw new XmlParseError(lt, 'StartTag: invalid element name');
        }
      } else if (c1 === 0x3f /* ? */) {
        this.pos = this.pi(lt);
      } else {
        this.startTag(lt);
      }
    }
    if (stack.length > 0) {
      const f = stack[stack.length - 1]!;
      throw new XmlParseError(len, `Premature end of data in tag ${f.qname} line ${lineOf(xml, f.offset)}`);
    }
    if (!this.rootSeen) throw new XmlParseError(this.pos, "Start tag expected, '<' not found");
    this.misc();
    if (this.pos < len) throw new XmlParseError(this.pos, 'Extra content at the end of the document');
  }

  private endTag(lt: number): void {
    const xml = this.xml;
    const nameEnd = this.nameEnd(lt + 2);
    const f = this.stack.pop();
    if (!f) throw new XmlParseError(lt, 'Extra content at the end of the document');
    let p = nameEnd;
    while (p < this.len && isXmlWs(xml.charCodeAt(p))) p++;
    const n = nameEnd - lt - 2;
    if (n !== f.qname.length || !xml.startsWith(f.qname, lt + 2) || xml.charCodeAt(p) !== 0x3e) {
      throw new XmlParseError(lt, `Opening and ending tag mismatch: ${f.qname} line ${lineOf(xml, f.offset)} and ${xml.slice(lt + 2, nameEnd)}`);
    }
    this.pos = p + 1;
    this.closeElement(f);
  }

  private closeElement(f: Frame): void {
    endElement(f, this);
    this.nsTop -= f.nsAdded;
  }

  private startTag(start: number): void {
    const xml = this.xml;
    const len = this.len;
    if (this.stack.length === 0 && this.rootSeen) throw new XmlParseError(start, 'Extra content at the end of the document');
    const nameEnd = this.nameEnd(start + 1);
    if (nameEnd === start + 1) throw new XmlParseError(start, 'StartTag: invalid element name');
    const qname = xml.slice(start + 1, nameEnd);
    let pos = nameEnd;
    // Attributes as [qname, value, offset]; most elements have none (no allocation then).
    let attrs: [string, string, number][] | null = null;
    let nsAdded = 0;
    let selfClosing = false;
    for (;;) {
      const before = pos;
      while (pos < len && isXmlWs(xml.charCodeAt(pos))) pos++;
      const c = xml.charCodeAt(pos);
      if (c === 0x3e) {
        pos++;
        break;
      }
      if (c === 0x2f && xml.charCodeAt(pos + 1) === 0x3e) {
        pos += 2;
        selfClosing = true;
        break;
      }
      if (pos >= len) throw new XmlParseError(start, `Couldn't find end of Start Tag ${qname}`);
      if (pos === before) throw new XmlParseError(pos, 'attributes construct error');
      const aEnd = this.nameEnd(pos);
      if (aEnd === pos) throw new XmlParseError(pos, 'attributes construct error');
      const aOffset = pos;
      const an = xml.slice(pos, aEnd);
      pos = aEnd;
      while (pos < len && isXmlWs(xml.charCodeAt(pos))) pos++;
      if (xml.charCodeAt(pos) !== 0x3d) throw new XmlParseError(pos, `Specification mandates value for attribute ${an}`);
      pos++;
      while (pos < len && isXmlWs(xml.charCodeAt(pos))) pos++;
      const q = xml.charCodeAt(pos);
      if (q !== 0x22 && q !== 0x27) throw new XmlParseError(pos, 'AttValue: " or \' expected');
      const close = xml.indexOf(q === 0x22 ? '"' : "'", pos + 1);
      if (close < 0) throw new XmlParseError(pos, "AttValue: ' expected");
      let raw = xml.slice(pos + 1, close);
      if (raw.includes('<')) throw new XmlParseError(pos, "Unescaped '<' not allowed in attributes values");
      // Attribute-value normalization (XML 1.0 §3.3.3): literal whitespace becomes a space.
      if (/[\t\n\r]/.test(raw)) raw = raw.replace(/\r\n|[\t\n\r]/g, ' ');
      const value = raw.includes('&') ? decodeRefs(raw, pos + 1) : raw;
      pos = close + 1;
      attrs ??= [];
      for (const a of attrs) if (a[0] === an) throw new XmlParseError(aOffset, `Attribute ${an} redefined`);
      if (an === 'xmlns' || an.startsWith('xmlns:')) {
        const prefix = an === 'xmlns' ? '' : an.slice(6);
        if (prefix !== '' && value === '') throw new XmlParseError(aOffset, `xmlns:${prefix}: Empty XML namespace is not allowed`);
        if (prefix.includes(':')) throw new XmlParseError(aOffset, `Failed to parse QName '${an}'`);
        this.nsPrefixes[this.nsTop] = prefix;
        this.nsUris[this.nsTop] = value;
        this.nsTop++;
        nsAdded++;
      }
      attrs.push([an, value, aOffset]);
    }
    this.pos = pos;

    // Namespace resolution (Namespaces in XML 1.0: QName and declared prefixes).
    const colon = qname.indexOf(':');
    if (colon === 0 || colon === qname.length - 1 || (colon > 0 && qname.indexOf(':', colon + 1) >= 0)) throw new XmlParseError(start, `Failed to parse QName '${qname}'`);
    const local = colon < 0 ? qname : qname.slice(colon + 1);
    const ns = colon < 0 ? (this.lookup('') ?? null) : this.lookup(qname.slice(0, colon));
    if (ns === undefined) throw new XmlParseError(start, `Namespace prefix ${qname.slice(0, colon)} on ${local} is not defined`);

    const frame: Frame = { qname, decl: this.childDecl(start, qname, local, ns), nsAdded, particle: 0, count: 0, nilled: false, text: '', offset: start };
    if (attrs) this.attributes(frame, attrs);
    if (frame.decl?.content.kind === 'opaque') frame.decl = null; // nothing more is checked inside
    if (selfClosing) this.closeElement(frame);
    else this.stack.push(frame);
  }

  /** Declaration for a new element, advancing the parent's content model; null = unchecked. */
  private childDecl(start: number, qname: string, local: string, ns: string | null): ElementDecl | null {
    const parent = this.stack[this.stack.length - 1];
    if (!parent) {
      this.rootSeen = true;
      let decl: ElementDecl | null = null;
      for (const d of this.schema.roots) if (d.name === local && d.ns === ns) decl = d;
      if (!decl) this.report(start, qname, 'No matching global declaration available for the validation root.');
      return decl;
    }
    if (!parent.decl) return null;
    const pc = parent.decl.content;
    if (parent.nilled) {
      this.report(start, parent.qname, "Neither character nor element content is allowed, because the element is 'nilled'.");
      parent.decl = null;
      return null;
    }
    if (pc.kind !== 'complex') {
      this.report(start, parent.qname, 'Element content is not allowed, because the content type is a simple type.');
      parent.decl = null;
      return null;
    }
    const ps = pc.particles;
    for (;;) {
      const p = ps[parent.particle];
      if (!p) {
        this.report(start, qname, 'This element is not expected.');
        parent.decl = null; // like libxml2: the parent's content model is abandoned
        return null;
      }
      if (p.decl.name === local && p.decl.ns === ns) {
        if (parent.count < p.max) {
          parent.count++;
          return p.decl;
        }
      } else if (parent.count < p.min) {
        this.report(start, qname, `This element is not expected. ${expected(ps, parent.particle, parent.count)}`);
        parent.decl = null;
        return null;
      }
      parent.particle++;
      parent.count = 0;
    }
  }

  /** Only xsi:* attributes are allowed (the schemas declare none), except on opaque refs. */
  private attributes(frame: Frame, attrs: [string, string, number][]): void {
    const qname = frame.qname;
    for (const [aq, av, aOff] of attrs) {
      if (aq === 'xmlns' || aq.startsWith('xmlns:')) continue;
      const ac = aq.indexOf(':');
      if (ac === 0 || ac === aq.length - 1 || (ac > 0 && aq.indexOf(':', ac + 1) >= 0)) throw new XmlParseError(aOff, `Failed to parse QName '${aq}'`);
      const ans = ac < 0 ? null : this.lookup(aq.slice(0, ac));
      if (ans === undefined) throw new XmlParseError(aOff, `Namespace prefix ${aq.slice(0, ac)} for ${aq.slice(ac + 1)} on ${qname} is not defined`);
      const alocal = ac < 0 ? aq : aq.slice(ac + 1);
      if (ans !== null) {
        for (const [bq, , bOff] of attrs) {
          const bc = bq.indexOf(':');
          if (bOff > aOff && bc > 0 && !bq.startsWith('xmlns:') && bq.slice(bc + 1) === alocal && this.lookup(bq.slice(0, bc)) === ans) {
            throw new XmlParseError(bOff, `Namespaced Attribute ${alocal} in '${ans}' redefined`);
          }
        }
      }
      const decl = frame.decl;
      if (!decl) continue;
      if (ans === XSI_NS) {
        if (alocal === 'nil') {
          const b = collapse(av);
          if (b !== 'true' && b !== 'false' && b !== '1' && b !== '0') {
            this.report(aOff, qname, `'${av}' is not a valid value of the atomic type 'xs:boolean'.`);
          } else if (!decl.nillable) {
            this.report(aOff, qname, "The element is not 'nillable'.");
          } else if (b === 'true' || b === '1') {
            if (decl.fixed !== undefined) this.report(aOff, qname, "The element cannot be 'nilled' because there is a fixed value constraint defined for it.");
            else frame.nilled = true;
          }
        } else if (alocal === 'type') {
          // Anonymous types cannot be named, so only the declared builtin itself is acceptable.
          const c = decl.content;
          const tq = collapse(av);
          const tc = tq.indexOf(':');
          const tns = tc < 0 ? this.lookup('') : this.lookup(tq.slice(0, tc));
          const same = c.kind === 'simple' && c.type.label === `xs:${c.type.builtin}` && tns === XS_NS && tq.slice(tc + 1) === c.type.builtin;
          if (!same) this.report(aOff, qname, `The type definition '${av}', specified by xsi:type, is not validly derived from the type definition of the element declaration.`);
        } else if (alocal !== 'schemaLocation' && alocal !== 'noNamespaceSchemaLocation') {
          this.report(aOff, qname, `The attribute '{${XSI_NS}}${alocal}' is not allowed.`);
        }
      } else if (decl.content.kind !== 'opaque') {
        this.report(aOff, qname, `The attribute '${ans ? `{${ans}}${alocal}` : alocal}' is not allowed.`);
      }
    }
  }
}

function endElement(f: Frame, v: { report(offset: number, qname: string, msg: string): void }): void {
  const d = f.decl;
  if (!d || f.nilled) return;
  const c = d.content;
  if (c.kind === 'complex') {
    const ps = c.particles;
    for (let i = f.particle; i < ps.length; i++) {
      if ((i === f.particle ? f.count : 0) < ps[i]!.min) {
        v.report(f.offset, f.qname, `Missing child element(s). ${expected(ps, f.particle, f.count)}`);
        return;
      }
    }
  } else if (c.kind === 'simple') {
    let val = applyWhitespace(c.type, f.text);
    // An empty element with a fixed value takes that value (XSD cvc-elt 5.1.2).
    if (val === '' && d.fixed !== undefined) val = applyWhitespace(c.type, d.fixed);
    const err = checkValue(c.type, val);
    if (err) v.report(f.offset, f.qname, err);
    else if (d.fixed !== undefined && val !== applyWhitespace(c.type, d.fixed)) v.report(f.offset, f.qname, `The actual value '${val}' does not match the fixed value constraint '${d.fixed}'.`);
  }
}
