// SOAP 1.1 envelopes for SIAT, built by hand and parsed with fast-xml-parser
// (docs/decisions/0002-siat-soap-hand-built.md). Used by both the client and the simulator;
// what goes inside each envelope comes from the operation table (operations.ts).
//
// CONTRACT §1.3: the wrapper (`ns:<operation>`, `ns2:<operation>Response`) is in
// https://siat.impuestos.gob.bo/; its single child and every field are UNQUALIFIED (no
// default namespace on the wrapper). §1.5: fields in schema order. Answers are read
// prefix-agnostically (SIAT uses `soap:`/`ns2:`, peers and proxies may not).

import { XMLParser } from 'fast-xml-parser';
import { formatSiatDateTime } from './datetime';
import { SIAT_NAMESPACE, SOAP_ENVELOPE_NAMESPACE, type FieldSpec, type OperationSpec } from './operations';

/** The XML could not be read as a SOAP envelope, or a value does not fit its schema type. */
export class SoapFormatError extends Error {
  override name = 'SoapFormatError';
}

export function xmlEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

// ---------------------------------------------------------------------------------------
// Serialization

function plainDecimal(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  // eslint-disable-next-line regexp/no-super-linear-move -- a number's own digits (toFixed: at most ~42 characters), never user text
  return n.toFixed(20).replace(/\.?0+$/, '');
}

function formatScalar(field: FieldSpec, value: unknown, path: string): string {
  switch (field.type) {
    case 'int':
    case 'long':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
      if (typeof value === 'bigint') return value.toString();
      if (typeof value === 'string' && /^-?\d+$/.test(value)) return value;
      throw new TypeError(`${path}: expected an integer, got ${JSON.stringify(value)}`);
    case 'decimal':
      if (typeof value === 'number' && Number.isFinite(value)) return plainDecimal(value);
      if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return value;
      throw new TypeError(`${path}: expected a decimal, got ${JSON.stringify(value)}`);
    case 'boolean':
      if (typeof value === 'boolean') return value ? 'true' : 'false';
      throw new TypeError(`${path}: expected a boolean, got ${JSON.stringify(value)}`);
    case 'dateTime':
      if (value instanceof Date) return formatSiatDateTime(value);
      if (typeof value === 'string') return xmlEscape(value);
      throw new TypeError(`${path}: expected a date-time, got ${JSON.stringify(value)}`);
    case 'base64Binary':
      if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
      if (typeof value === 'string') return xmlEscape(value);
      throw new TypeError(`${path}: expected base64 data`);
    case 'string':
      if (typeof value === 'string') return xmlEscape(value);
      if (typeof value === 'number' || typeof value === 'bigint') return String(value);
      throw new TypeError(`${path}: expected a string, got ${JSON.stringify(value)}`);
    default:
      throw new TypeError(`${path}: complex value where a scalar is expected`);
  }
}

/**
 * Serializes `values` as unqualified elements in the order of `fields`. Undefined/null values
 * of optional fields are omitted (minOccurs=0); a missing required field is a programming
 * error (TypeError) unless `lenient` (the simulator's answers: every response field is
 * minOccurs=0, §1.6).
 */
export function serializeFields(fields: readonly FieldSpec[], values: Record<string, unknown>, lenient = false, path = ''): string {
  let out = '';
  for (const field of fields) {
    const value = values[field.name];
    const here = path ? `${path}.${field.name}` : field.name;
    if (value === undefined || value === null) {
      if (field.optional || field.list || lenient) continue;
      throw new TypeError(`${here}: required SIAT field is missing`);
    }
    const items = field.list ? (Array.isArray(value) ? value : [value]) : [value];
    for (const item of items) {
      if (field.type === 'complex') {
        if (typeof item !== 'object' || item === null) throw new TypeError(`${here}: expected an object`);
        out += `<${field.name}>${serializeFields(field.fields ?? [], item as Record<string, unknown>, lenient, here)}</${field.name}>`;
      } else {
        out += `<${field.name}>${formatScalar(field, item, here)}</${field.name}>`;
      }
    }
  }
  return out;
}

/** Request envelope exactly as CONTRACT §1.5. */
export function buildRequestEnvelope(operation: string, spec: OperationSpec, values: Record<string, unknown>): string {
  const body = spec.request === null
    ? `<ns:${operation}/>`
    : `<ns:${operation}><${spec.request}>${serializeFields(spec.requestFields, values)}</${spec.request}></ns:${operation}>`;
  return (
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENVELOPE_NAMESPACE}" xmlns:ns="${SIAT_NAMESPACE}">` +
    `<soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`
  );
}

/** Answer envelope in SIAT's own style (`soap:` + `ns2:`, §1.3/§1.5). */
export function buildResponseEnvelope(operation: string, spec: OperationSpec, values: Record<string, unknown>): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soap:Envelope xmlns:soap="${SOAP_ENVELOPE_NAMESPACE}"><soap:Body>` +
    `<ns2:${operation}Response xmlns:ns2="${SIAT_NAMESPACE}">` +
    `<${spec.response}>${serializeFields(spec.responseFields, values, true)}</${spec.response}>` +
    `</ns2:${operation}Response></soap:Body></soap:Envelope>`
  );
}

/** SOAP 1.1 fault (§1.4: server faults, typically with HTTP 500). */
export function buildFaultEnvelope(faultcode: string, faultstring: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soap:Envelope xmlns:soap="${SOAP_ENVELOPE_NAMESPACE}"><soap:Body><soap:Fault>` +
    `<faultcode>${xmlEscape(faultcode)}</faultcode><faultstring>${xmlEscape(faultstring)}</faultstring>` +
    `</soap:Fault></soap:Body></soap:Envelope>`
  );
}

// ---------------------------------------------------------------------------------------
// Parsing

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Values are typed from the schema, never guessed: a CUIS like `12345678` stays a string.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

export type ParsedEnvelope =
  | { kind: 'body'; wrapperName: string; wrapper: unknown }
  | { kind: 'fault'; faultcode: string; faultstring: string };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function childKeys(node: Record<string, unknown>): string[] {
  return Object.keys(node).filter((k) => !k.startsWith('@_') && k !== '#text');
}

function textOf(node: unknown): string | undefined {
  if (node === undefined || node === null) return undefined;
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (isRecord(node)) {
    if (node['@_nil'] === 'true' || node['@_nil'] === '1') return undefined;
    const t = node['#text'];
    if (t === undefined) return childKeys(node).length === 0 ? '' : undefined;
    return String(t);
  }
  return undefined;
}

/** Reads a SOAP 1.1 envelope; throws SoapFormatError when it is not one. */
export function parseEnvelope(xml: string): ParsedEnvelope {
  // SOAP 1.1 §3: "A SOAP message MUST NOT contain a Document Type Declaration". The parser would
  // read the DOCTYPE's entities and hand `&lol9;` or `&xxe;` through as text (issue #16): no
  // answer with one is read at all.
  if (/<!DOCTYPE/i.test(xml)) throw new SoapFormatError('DOCTYPE in a SOAP message: refused without reading it (SOAP 1.1 §3)');
  let doc: unknown;
  try {
    doc = parser.parse(xml, true);
  } catch (err) {
    throw new SoapFormatError(`not well-formed XML: ${(err as Error).message}`);
  }
  if (!isRecord(doc) || !isRecord(doc['Envelope'])) throw new SoapFormatError('no SOAP Envelope');
  const body = doc['Envelope']['Body'];
  if (!isRecord(body)) throw new SoapFormatError('no SOAP Body');
  const fault = body['Fault'];
  if (fault !== undefined) {
    const f = isRecord(fault) ? fault : {};
    return {
      kind: 'fault',
      faultcode: textOf(f['faultcode']) ?? '',
      faultstring: textOf(f['faultstring']) ?? '',
    };
  }
  const keys = childKeys(body);
  const wrapperName = keys[0];
  if (wrapperName === undefined) throw new SoapFormatError('empty SOAP Body');
  return { kind: 'body', wrapperName, wrapper: body[wrapperName] };
}

function coerceScalar(field: FieldSpec, raw: unknown, path: string): unknown {
  const text = textOf(raw);
  if (text === undefined) {
    if (isRecord(raw) && childKeys(raw).length > 0) throw new SoapFormatError(`${path}: element content where text is expected`);
    return undefined;
  }
  switch (field.type) {
    case 'int':
    case 'long': {
      if (text === '') return undefined;
      if (!/^[+-]?\d+$/.test(text)) throw new SoapFormatError(`${path}: '${text}' is not an integer`);
      const n = Number(text);
      if (!Number.isSafeInteger(n)) throw new SoapFormatError(`${path}: '${text}' is out of range`);
      return n;
    }
    case 'decimal': {
      if (text === '') return undefined;
      if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) throw new SoapFormatError(`${path}: '${text}' is not a decimal`);
      return Number(text);
    }
    case 'boolean':
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0') return false;
      if (text === '') return undefined;
      throw new SoapFormatError(`${path}: '${text}' is not a boolean`);
    default:
      return text;
  }
}

/**
 * Turns the parsed element `raw` into a typed object following `fields`: numbers and booleans
 * typed, lists always arrays, absent/nil fields absent. Elements not in the schema are ignored.
 * Throws SoapFormatError when a value does not fit its type.
 */
export function coerceFields(fields: readonly FieldSpec[], raw: unknown, path = ''): Record<string, unknown> {
  const node = isRecord(raw) ? raw : {};
  if (raw !== undefined && raw !== '' && !isRecord(raw)) throw new SoapFormatError(`${path || 'element'}: expected child elements`);
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const here = path ? `${path}.${field.name}` : field.name;
    const value = node[field.name];
    if (field.list) {
      const items = value === undefined ? [] : Array.isArray(value) ? value : [value];
      out[field.name] = items
        .map((item) => (field.type === 'complex' ? coerceFields(field.fields ?? [], item, here) : coerceScalar(field, item, here)))
        .filter((v) => v !== undefined);
      continue;
    }
    if (value === undefined) continue;
    if (Array.isArray(value)) throw new SoapFormatError(`${here}: repeated where one is expected`);
    const v = field.type === 'complex' ? coerceFields(field.fields ?? [], value, here) : coerceScalar(field, value, here);
    if (v !== undefined) out[field.name] = v;
  }
  return out;
}

/** The child element of a wrapper, or undefined when absent. */
export function wrapperChild(wrapper: unknown, name: string): unknown {
  if (!isRecord(wrapper)) return undefined;
  return wrapper[name];
}
