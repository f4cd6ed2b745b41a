// Request validation by JSON schema. Two validators, because the parts differ:
// - bodies: no type coercion (a money field sent as "12.50" is an error, not 12.5), unknown
//   fields REJECTED (additionalProperties: false on every body schema), defaults applied;
// - query strings and path parameters arrive as text, so they are coerced to the declared type.
// Status: any problem in the query or path → 400 (seed: "invalid parameters"); a body that is
// structurally wrong (missing field, wrong type, unknown field) → 400 ("malformed request"); a
// well-formed body with a value out of range, pattern or catalog → 422 ("validation failed").
//
// Compiled when first used, once per process: Fastify compiles every route's schemas when the
// route is registered (a validator with Ajv, a serializer with fast-json-stringify), again for
// each instance — about a second of CPU at every start for the engine's routes, most of which a
// till never calls. Here a route's schema is compiled at its first request (a few milliseconds)
// and kept for the process, keyed by the schema's text (routes build their schema objects when
// registered), so a process that starts engines one after another (the tests) compiles it once.
// A compiled function depends on nothing else: one Ajv per part; Fastify's default serializer
// options. Every route is called by the API tests (the fuzz test calls each operation), so a
// schema that cannot compile still fails the suite.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { FieldProblem } from './errors';

const common = { allErrors: true, strict: false, useDefaults: true, removeAdditional: false } as const;
const bodyAjv = addFormats(new Ajv({ ...common, coerceTypes: false }));
const paramAjv = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));

const validators = new Map<string, ValidateFunction>();
const serializers = new Map<string, (data: unknown) => string>();

function once<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let made = cache.get(key);
  if (made === undefined) cache.set(key, (made = make()));
  return made;
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const part = httpPart === 'body' ? 'body' : 'param';
  let compiled: ValidateFunction | undefined;
  // Fastify reads a failed validation's problems from the function's `errors`, and passes the
  // parent (so Ajv may replace a root value) to a function that has Ajv's `schemaEnv`: both as an
  // Ajv function has them.
  const validate = (data: unknown, cxt?: Parameters<ValidateFunction>[1]): boolean => {
    compiled ??= once(validators, `${part} ${JSON.stringify(schema)}`, () => (part === 'body' ? bodyAjv : paramAjv).compile(schema as object));
    const valid = compiled(data, cxt);
    validate.errors = compiled.errors;
    return valid;
  };
  validate.errors = null as ValidateFunction['errors'];
  validate.schemaEnv = true;
  return validate;
};

/** Fastify's own response serializer (fast-json-stringify, no shared schemas). */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  let compiled: ((data: unknown) => string) | undefined;
  return (data) => {
    compiled ??= once(serializers, JSON.stringify(schema), () => fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0], { schema: {} }));
    return compiled(data);
  };
};

const VALUE_KEYWORDS = new Set([
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern',
  'format', 'enum', 'multipleOf', 'minItems', 'maxItems', 'const', 'uniqueItems',
]);

function fieldName(e: ErrorObject, part: string): string {
  const path = e.instancePath.replace(/^\//, '').replace(/\/(\d+)/g, '[$1]').replace(/\//g, '.');
  if (e.keyword === 'required') {
    const missing = (e.params as { missingProperty: string }).missingProperty;
    return path ? `${path}.${missing}` : missing;
  }
  if (e.keyword === 'additionalProperties') {
    const extra = (e.params as { additionalProperty: string }).additionalProperty;
    return path ? `${path}.${extra}` : extra;
  }
  return path || part;
}

function messageFor(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return 'es obligatorio';
    case 'additionalProperties':
      return 'no es un campo admitido';
    case 'type':
      return `debe ser de tipo ${translateType(String(p.type))}`;
    case 'minimum':
      return `debe ser mayor o igual a ${p.limit}`;
    case 'maximum':
      return `debe ser menor o igual a ${p.limit}`;
    case 'exclusiveMinimum':
      return `debe ser mayor a ${p.limit}`;
    case 'exclusiveMaximum':
      return `debe ser menor a ${p.limit}`;
    case 'minLength':
      return `debe tener al menos ${p.limit} caracteres`;
    case 'maxLength':
      return `debe tener como máximo ${p.limit} caracteres`;
    case 'minItems':
      return `debe tener al menos ${p.limit} elementos`;
    case 'maxItems':
      return `debe tener como máximo ${p.limit} elementos`;
    case 'pattern':
      return 'no tiene el formato esperado';
    case 'format':
      return `debe tener formato ${p.format}`;
    case 'enum':
      return `debe ser uno de: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `debe ser ${String(p.allowedValue)}`;
    case 'multipleOf':
      return `admite como máximo ${decimalsFromMultiple(Number(p.multipleOf))} decimales`;
    case 'uniqueItems':
      return `no admite elementos repetidos (los elementos ${p.j} y ${p.i} son iguales)`;
    case 'minProperties':
      return `debe tener al menos ${p.limit} ${p.limit === 1 ? 'campo' : 'campos'}`;
    case 'maxProperties':
      return `debe tener como máximo ${p.limit} campos`;
    default:
      // Ajv's own messages are English; the rule's name at least says what failed.
      return `no cumple la regla ${e.keyword} del esquema`;
  }
}

function decimalsFromMultiple(m: number): number {
  return Math.max(0, Math.round(-Math.log10(m)));
}

function translateType(t: string): string {
  const map: Record<string, string> = {
    integer: 'entero', number: 'número', string: 'texto', boolean: 'booleano', object: 'objeto', array: 'lista', null: 'nulo',
  };
  return t.split(',').map((x) => map[x] ?? x).join(' o ');
}

/**
 * A union of literals (TypeBox's Type.Union of Type.Literal) fails once per branch: one problem
 * "debe ser uno de: A, B, C" per field instead; a union of types repeats the same problem per
 * branch: each is said once.
 */
function mergeAlternatives(problems: (FieldProblem & { allowed?: unknown })[]): FieldProblem[] {
  const out: FieldProblem[] = [];
  const allowedOf = new Map<string, { problem: FieldProblem; values: unknown[] }>();
  const seen = new Set<string>();
  for (const { allowed, ...problem } of problems) {
    if (problem.rule === 'const') {
      const merged = allowedOf.get(problem.field);
      if (merged) {
        merged.values.push(allowed);
        merged.problem.message = `debe ser uno de: ${merged.values.map(String).join(', ')}`;
        continue;
      }
      const entry = { problem: { ...problem }, values: [allowed] };
      allowedOf.set(problem.field, entry);
      out.push(entry.problem);
      continue;
    }
    const key = `${problem.field}\u0000${problem.rule}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(problem);
  }
  return out;
}

const isNullBranch = (e: ErrorObject) => e.keyword === 'type' && (e.params as { type?: unknown }).type === 'null';

/**
 * A nullable member (a union with null) that holds a value out of range fails both branches:
 * "debe ser mayor o igual a 0" and "debe ser de tipo nulo". The second says nothing and made a
 * range problem look structural (400): it is dropped when the member has another problem.
 */
function withoutNullBranches(errors: ErrorObject[]): ErrorObject[] {
  const other = new Set(errors.filter((e) => !isNullBranch(e) && e.keyword !== 'anyOf' && e.keyword !== 'oneOf').map((e) => e.instancePath));
  return errors.filter((e) => !(isNullBranch(e) && other.has(e.instancePath)));
}

export function describeValidation(all: ErrorObject[], part: string): { status: 400 | 422; fields: FieldProblem[]; detail: string } {
  const kept = withoutNullBranches(all);
  // The union of a dropped null branch failed only because its value branch did.
  const nullableAt = new Set(all.filter((e) => !kept.includes(e)).map((e) => e.instancePath));
  const errors = kept.filter((e) => e.keyword !== 'if' && e.keyword !== 'anyOf' && e.keyword !== 'oneOf');
  const fields = mergeAlternatives(
    errors
      .map((e) => ({ field: fieldName(e, part), rule: e.keyword, message: messageFor(e), ...(e.keyword === 'const' ? { allowed: (e.params as { allowedValue: unknown }).allowedValue } : {}) })),
  );
  const structural = kept.some((e) => !VALUE_KEYWORDS.has(e.keyword) && !(e.keyword === 'anyOf' && nullableAt.has(e.instancePath)));
  const status = part !== 'body' || structural ? 400 : 422;
  const where = part === 'querystring' ? 'parámetro' : part === 'params' ? 'parámetro de ruta' : part === 'headers' ? 'cabecera' : 'campo';
  const detail = fields.map((f) => `${where} ${f.field}: ${f.message}`).join('; ');
  return { status, fields, detail };
}

/**
 * A body validator for a part of a request checked on its own (each item of a batch): the same
 * rules as a body (no coercion, unknown fields refused, defaults applied), answering the
 * problems as a body's would be, or null when the value is valid.
 */
export function bodyPartValidator(schema: object): (value: unknown) => { status: 400 | 422; fields: FieldProblem[]; detail: string } | null {
  const validate = bodyAjv.compile(schema);
  return (value) => {
    if (validate(value)) return null;
    return describeValidation(validate.errors ?? [], 'body');
  };
}
