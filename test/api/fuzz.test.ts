// Issue #16: the API tried as an attacker would, derived from the OpenAPI document, so a new
// route is covered without writing a case. For every operation fast-check builds requests from
// its parameters and body schema (valid-ish values, then mutated: wrong types, missing required
// fields, unknown fields, hostile strings, huge and negative numbers, broken JSON, deep nesting,
// oversized bodies, wrong content types) and the engine must:
//   (a) answer no 5xx, except a 503 that says SIAT (or, on the e-mail route, SMTP — README:
//       "503 without SMTP") is unavailable;
//   (b) give every 4xx a non-empty Spanish `detail` (sector style: errors[].message);
//   (c) write nothing when it refuses a request (a fingerprint of the main tables, read from
//       the store's SQLite connection, is the same before and after every 4xx);
//   (d) keep running: GET /api/v1/pos answers 200 between operations and at the end.
// Fixed seed and a bounded count: RUNS_PER_OPERATION × 172 operations plus the numeric edges ≈
// 2,300 requests (the suite is CPU-bound; KIPU_FUZZ_RUNS explores further by hand).
//
// Nothing is skipped. GET /api/v1/till/stream (Server-Sent Events) never ends by design: its
// answer is judged on status and headers, then the connection is dropped. Requests that reach a
// printer, an SMTP server or a webhook receiver run with the request time-out below.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { operationsOf, type OpenApiDocument, type Operation, type Parameter, type Schema } from '../fixtures/openapi';
import { sqliteConnection } from '../../main/store/store';
import { MAX_JSON_DEPTH } from '../../shared/api/limits';
import { createPurchase, settlePurchases } from '../fixtures/purchases';
import { educationItem, submitBatch, waitCompleted } from '../integration/massive/helpers';

// KIPU_FUZZ_SEED / KIPU_FUZZ_RUNS explore further by hand; `npm test` always runs these.
const SEED = Number(process.env.KIPU_FUZZ_SEED ?? 160_016);
const RUNS_PER_OPERATION = Number(process.env.KIPU_FUZZ_RUNS ?? 10);
// A hang guard, not a speed target: a first PDF starts a render worker, which on a machine loaded
// twenty deep (helpers, CI) took more than 8 s.
const REQUEST_TIMEOUT_MS = 60_000;

// ---- values ------------------------------------------------------------------------------------

const HOSTILE_STRINGS = [
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  'a%00b',
  '\u0000',
  'x'.repeat(5_000),
  "' OR 1=1; DROP TABLE invoices; --",
  '"; DELETE FROM products WHERE "1"="1',
  '${7*7}',
  '{{constructor.constructor("return process")()}}',
  '<%= 7*7 %>',
  '<script>alert(1)</script>',
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  '__proto__',
  'constructor',
  '\u202e\ufeff\ud800',
  '😀'.repeat(300),
  ' ',
  '',
  'null',
  'NaN',
];
const HOSTILE_NUMBERS = [
  -1, -2_147_483_649, 0, 1e308, -1e308, 2 ** 53 + 1, 1e22, 1.5, 0.001, 123_456_789.123, Number.MAX_SAFE_INTEGER,
];
/** Query and path values as raw text: numbers SQLite or JavaScript cannot take, and path tricks. */
const HOSTILE_RAW = [
  '99999999999999999999999', '-1', '1e308', '-0', 'NaN', 'Infinity', '0x10', '1.5', '', '%00', '%', '%zz', '..', '../..%2f',
  '%2e%2e%2f', 'x'.repeat(5_000), "1'%20OR%20'1'%3D'1", '%24%7Bjndi%3Aldap%3A%2F%2Fx%7D', '%F0%28%8C%BC',
];
const BROKEN_JSON = ['{', '{"a":}', "{'a':1}", '[1,2,', '{"a":1,}', 'NaN', 'undefined', '\u0000', '"\\ud800"', '{"a":"\u0000"}', 'true', '12', 'null', '""', ''];

/** Real ids and codes of the engine, so some requests get past the lookups. */
const known: { posId: string[]; id: string[]; cuf: string[] } = { posId: [], id: [], cuf: [] };
const EXAMPLES: Record<string, unknown[]> = {
  invoiceType: ['COMPUTERIZED_SALE', 'ELECTRONIC_SALE'],
  activityEconomic: ['471110'],
  codeProductSin: ['99100', 99100],
  unitMeasure: [57],
  paymentMethodCode: [1, 2],
  clientDocumentType: [1, 5],
  clientDocumentNumber: ['5115889'],
  codigoMotivo: [1, 2],
  branchId: [1, 0, '0'],
  fechaEvento: ['2026-11-24'],
  catalog: ['activities', 'products', 'legends'],
  type: ['paymentMethods', 'units', 1],
  url: ['https://203.0.113.10/hook', 'http://127.0.0.1:1/x'],
  email: ['cliente@example.com'],
};

function leafArb(s: Schema, name: string): fc.Arbitrary<unknown> {
  const examples = EXAMPLES[name];
  const pools = name === 'posId' ? known.posId : name === 'id' ? known.id : name === 'cuf' ? known.cuf : [];
  const own = base(s);
  const options: fc.Arbitrary<unknown>[] = [own];
  if (examples) options.push(fc.constantFrom(...examples));
  if (pools.length > 0) options.push(fc.constantFrom(...pools));
  return fc.oneof(...options);
}

/** A value that fits the schema's type, roughly its bounds. */
function base(s: Schema): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return fc.oneof(...alts.map((a) => base(a)));
  const nullable = (a: fc.Arbitrary<unknown>) => (s.nullable ? fc.oneof(a, fc.constant(null)) : a);
  switch (s.type) {
    case 'string':
      if (s.format === 'uuid') return nullable(fc.uuid());
      if (s.format === 'email') return nullable(fc.emailAddress());
      if (s.format === 'uri') return nullable(fc.webUrl());
      if (s.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return nullable(fc.constant('2026-11-24'));
      return nullable(fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 20, 20) }));
    case 'integer': {
      const min = s.minimum ?? -1000;
      return nullable(fc.integer({ min, max: Math.max(min, Math.min(s.maximum ?? 1000, min + 100_000)) }));
    }
    case 'number': {
      const min = s.minimum ?? s.exclusiveMinimum ?? -1000;
      return nullable(fc.integer({ min: Math.ceil(min * 100), max: Math.ceil(min * 100) + 100_000 }).map((c) => c / 100));
    }
    case 'boolean':
      return nullable(fc.boolean());
    case 'array':
      return nullable(fc.array(s.items ? value(s.items, '') : fc.jsonValue({ maxDepth: 1 }), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) }));
    case 'object':
      return nullable(s.properties ? objectArb(s) : fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function value(s: Schema, name: string): fc.Arbitrary<unknown> {
  if (s.type === 'object' && s.properties) return objectArb(s);
  if (s.type === 'array' && s.items) {
    return fc.array(value(s.items, name), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) });
  }
  return leafArb(s, name);
}

function objectArb(s: Schema): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of props) model[k] = value(v, k);
  // Optional members come and go; required ones are always there until a mutation drops one.
  return fc.record(model, { requiredKeys: props.filter(([k]) => required.has(k)).map(([k]) => k) }) as fc.Arbitrary<Record<string, unknown>>;
}

// ---- mutations -----------------------------------------------------------------------------------

type BodyMutation =
  | { kind: 'none' }
  | { kind: 'wrongType'; at: number; replacement: unknown }
  | { kind: 'dropRequired'; at: number }
  | { kind: 'unknownField'; name: string }
  | { kind: 'hostileLeaf'; at: number; replacement: unknown }
  | { kind: 'broken'; text: string }
  | { kind: 'deep'; levels: number }
  | { kind: 'huge' }
  | { kind: 'contentType'; type: string };

const WRONG_TYPED = [[], {}, null, true, 'texto', 12, -7.5, [1, 'a'], { a: { b: 1 } }];
const bodyMutationArb: fc.Arbitrary<BodyMutation> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('wrongType' as const), at: fc.nat(), replacement: fc.constantFrom(...WRONG_TYPED) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('dropRequired' as const), at: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('unknownField' as const), name: fc.constantFrom('extra', 'isAdmin', 'tenantId', '$where', 'a b', 'ñandú') }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('hostileLeaf' as const), at: fc.nat(), replacement: fc.constantFrom(...HOSTILE_STRINGS, ...HOSTILE_NUMBERS) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('broken' as const), text: fc.constantFrom(...BROKEN_JSON) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deep' as const), levels: fc.constantFrom(MAX_JSON_DEPTH + 1, 20_000) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'huge' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('contentType' as const), type: fc.constantFrom('text/plain', 'text/csv', 'image/png', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'application/xml') }) },
);

/** Paths (lists of keys) of every member of a JSON value, depth first. */
function pathsOf(v: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (v !== null && typeof v === 'object') {
    for (const [k, child] of Object.entries(v)) {
      const p = [...prefix, Array.isArray(v) ? Number(k) : k];
      out.push(p);
      pathsOf(child, p, out);
    }
  }
  return out;
}

function setAt(root: unknown, path: (string | number)[], replacement: unknown, remove = false): void {
  let node = root as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = replacement;
}

interface BodyPlan {
  payload: string | Buffer | null;
  contentType: string | null;
  /** The member the mutation names, when the answer should name it too. */
  names: string | null;
}

function planBody(op: Operation, generated: unknown, m: BodyMutation): BodyPlan {
  const json = (v: unknown): BodyPlan => ({ payload: JSON.stringify(v), contentType: 'application/json', names: null });
  if (m.kind === 'broken') return { payload: m.text, contentType: 'application/json', names: null };
  if (m.kind === 'deep') return { payload: `{"a":${'['.repeat(m.levels)}${']'.repeat(m.levels)}}`, contentType: 'application/json', names: null };
  if (m.kind === 'huge') return { payload: JSON.stringify({ blob: 'x'.repeat(5 * 1024 * 1024 + 1) }), contentType: 'application/json', names: null };
  if (m.kind === 'contentType') return { payload: JSON.stringify(generated ?? {}), contentType: m.type, names: null };
  if (generated === undefined) return { payload: null, contentType: null, names: null };
  const v = structuredClone(generated);
  const paths = pathsOf(v);
  if (m.kind === 'none') return json(v);
  if (m.kind === 'unknownField') {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return json(v);
    (v as Record<string, unknown>)[m.name] = 1;
    return { ...json(v), names: m.name };
  }
  if (m.kind === 'dropRequired') {
    const req = op.body?.required ?? [];
    if (req.length === 0 || v === null || typeof v !== 'object') return json(v);
    const name = req[m.at % req.length]!;
    delete (v as Record<string, unknown>)[name];
    return { ...json(v), names: name };
  }
  if (paths.length === 0) return json(m.replacement);
  setAt(v, paths[m.at % paths.length]!, m.replacement);
  return json(v);
}

// ---- requests --------------------------------------------------------------------------------------

interface Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | Buffer | null;
  names: string | null;
  /** Only the body was mutated: a 400 must then name the member `names`. */
  onlyBody: boolean;
}

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD instead of a URIError). */
const enc = (v: unknown) =>
  [...Buffer.from(typeof v === 'string' ? v : JSON.stringify(v), 'utf8')].map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

function requestArb(op: Operation, key: string): fc.Arbitrary<Request> {
  const params = op.parameters.filter((p) => p.in !== 'header');
  const paramArbs = params.map((p) =>
    fc.oneof(
      { weight: 3, arbitrary: value(p.schema, p.name).map((v) => ({ raw: enc(v), mutated: false })) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_RAW).map((raw) => ({ raw, mutated: true })) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map((v) => ({ raw: enc(v), mutated: true })) },
      // Absent (required or not), or given twice: query strings become arrays under coercion.
      ...(p.in === 'query' ? [{ weight: 1, arbitrary: fc.constantFrom({ raw: null, mutated: true }, { raw: `1&${p.name}=2`, mutated: true }) }] : []),
    ),
  );
  const bodyArb: fc.Arbitrary<unknown> = op.body ? value(op.body, '') : fc.constant(undefined);
  // Operations without a JSON body get a body now and then too (GET with a body, CSV, PNG …).
  const strayBody = op.body ? fc.constant(false) : fc.boolean();
  const keyArb = fc.oneof({ weight: 30, arbitrary: fc.constant(key) }, { weight: 1, arbitrary: fc.constantFrom('', 'kipu_00000000_' + '0'.repeat(40), 'x'.repeat(5_000)) });
  const extraQuery = fc.oneof({ weight: 5, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('&unknown=1', '&__proto__[x]=1', '&constructor=1') });
  return fc
    .record({ params: fc.tuple(...paramArbs), generated: bodyArb, mutation: bodyMutationArb, stray: strayBody, key: keyArb, extra: extraQuery })
    .map(({ params: values, generated, mutation, stray, key: k, extra }) => {
      let path = op.path;
      const query: string[] = [];
      let onlyBody = true;
      params.forEach((p, i) => {
        const { raw, mutated } = values[i]!;
        if (mutated) onlyBody = false;
        if (p.in === 'path') path = path.replace(`{${p.name}}`, raw ?? '');
        else if (raw !== null) query.push(`${p.name}=${raw}`);
      });
      const search = query.length > 0 || extra ? `?${query.join('&')}${extra}` : '';
      const plan = op.body ? planBody(op, generated, mutation) : stray ? { ...planBody(op, { any: 'thing' }, mutation), names: null } : { payload: null, contentType: null, names: null };
      const headers: Record<string, string> = {};
      if (k) headers['x-api-key'] = k;
      if (plan.contentType) headers['content-type'] = plan.contentType;
      return {
        method: op.method,
        url: path + search,
        headers,
        body: plan.payload,
        names: plan.names,
        onlyBody: onlyBody && extra === '' && k === key && mutation.kind !== 'none',
      };
    });
}

/** Numbers as query or path text that no bound may let through to SQL or arithmetic. */
const NUMERIC_EDGES = ['99999999999999999999999', '9007199254740993', '1e308', '-1e308', '-1', '-0', '1.5', 'NaN', 'Infinity', '0x10', '1e2', ' 1'];

/** A plain valid-looking value of a parameter: a known id, the default, the minimum, or a sample. */
function plainValue(p: Parameter, seed: number): unknown {
  const pool = p.name === 'posId' && p.schema.format === 'uuid' ? known.posId : p.name === 'id' ? known.id : p.name === 'cuf' ? known.cuf : [];
  if (pool.length > 0) return pool[0];
  if (p.schema.default !== undefined) return p.schema.default;
  if (p.schema.type === 'integer' || p.schema.type === 'number') return p.schema.minimum ?? 1;
  return fc.sample(value(p.schema, p.name), { seed, numRuns: 1 })[0];
}

/**
 * Every integer in a path or query, alone at its edges with the other parameters plain: the
 * sampled requests above rarely put `page=99999999999999999999999` next to otherwise valid
 * parameters, and that is the request that was a 500 (issue #16).
 */
function numericEdges(op: Operation, key: string, seed: number): Request[] {
  const params = op.parameters.filter((p) => p.in === 'path' || p.in === 'query');
  const out: Request[] = [];
  for (const target of params.filter((p) => p.schema.type === 'integer' || p.schema.type === 'number')) {
    const edges = [...NUMERIC_EDGES, ...(target.schema.maximum !== undefined ? [String(target.schema.maximum + 1)] : [])];
    for (const edge of edges) {
      let path = op.path;
      const query: string[] = [];
      for (const p of params) {
        const raw = p === target ? encodeURIComponent(edge) : p.required || p.in === 'path' ? enc(plainValue(p, seed)) : null;
        if (raw === null) continue;
        if (p.in === 'path') path = path.replace(`{${p.name}}`, raw);
        else query.push(`${p.name}=${raw}`);
      }
      out.push({ method: op.method, url: `${path}${query.length > 0 ? `?${query.join('&')}` : ''}`, headers: { 'x-api-key': key }, body: null, names: null, onlyBody: false });
    }
  }
  return out;
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** One request over node:http, so paths go as written (fetch would resolve `../`). */
function send(base: URL, r: Request): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = r.body === null ? null : Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body, 'utf8');
    const req = http.request(
      { host: base.hostname, port: base.port, method: r.method, path: r.url, headers: { ...r.headers, ...(body ? { 'content-length': String(body.length) } : {}) }, timeout: REQUEST_TIMEOUT_MS },
      (res) => {
        const contentType = String(res.headers['content-type'] ?? '');
        if (contentType.startsWith('text/event-stream')) {
          res.destroy();
          resolve({ status: res.statusCode ?? 0, contentType, text: '' });
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`sin respuesta en ${REQUEST_TIMEOUT_MS} ms`)));
    // An early answer (413) may close the socket while a large body is still being written.
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : reject(e)));
    req.end(body ?? undefined);
  });
}

// ---- what the engine must hold ---------------------------------------------------------------------

/** Rows of the tables a request could write, hashed (api_keys without last use, which every call touches). */
const FINGERPRINTED = {
  tenants: 'SELECT * FROM tenants ORDER BY id',
  api_keys: 'SELECT id, tenant_id, prefix, hash, name, scopes, revoked_at FROM api_keys ORDER BY id',
  branches: 'SELECT * FROM branches ORDER BY id',
  points_of_sale: 'SELECT * FROM points_of_sale ORDER BY id',
  products: 'SELECT * FROM products ORDER BY id',
  invoices: 'SELECT * FROM invoices ORDER BY id',
  contingency_events: 'SELECT * FROM contingency_events ORDER BY id',
  webhook_endpoints: 'SELECT * FROM webhook_endpoints ORDER BY id',
  third_party_users: 'SELECT * FROM third_party_users ORDER BY id',
  settings: 'SELECT * FROM settings ORDER BY 1, 2',
  // The routes added since (cash, purchases and books, massive emission, sectors): their tables too.
  cash_sessions: 'SELECT * FROM cash_sessions ORDER BY id',
  cash_movements: 'SELECT * FROM cash_movements ORDER BY id',
  invoice_payments: 'SELECT * FROM invoice_payments ORDER BY 1, 2',
  purchases: 'SELECT * FROM purchases ORDER BY id',
  purchase_packages: 'SELECT * FROM purchase_packages ORDER BY 1',
  purchase_queries: 'SELECT * FROM purchase_queries ORDER BY 1',
  invoice_batches: 'SELECT * FROM invoice_batches ORDER BY id',
  invoice_batch_items: 'SELECT * FROM invoice_batch_items ORDER BY 1, 2',
  invoice_batch_packages: 'SELECT * FROM invoice_batch_packages ORDER BY 1',
  invoice_counters: 'SELECT * FROM invoice_counters ORDER BY 1, 2, 3, 4',
} as const;

let eng: TestEngine;
let engineUrl: URL;
const ops: Operation[] = [];

function fingerprint(): Record<string, string> {
  const db = sqliteConnection(eng.store);
  const out: Record<string, string> = {};
  for (const [table, sql] of Object.entries(FINGERPRINTED)) {
    out[table] = createHash('sha256').update(JSON.stringify(db.prepare(sql).raw().all(), (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : Buffer.isBuffer(v) ? v.toString('hex') : v))).digest('hex');
  }
  return out;
}

const ENGLISH = /\b(must|should|cannot|can't|unexpected|unsupported|not found|is required|failed to|invalid)\b/i;
const SPANISH = /[áéíóúñ¿«]|\b(el|la|los|las|de|del|debe|no|es|un|una|en|con|sin|campo|cuerpo|clave|ruta|tipo|valor|falta|supera|desconocid[oa]s?)\b/i;

/** The Spanish text of a 4xx: `detail` (API-key style) or the errors' messages (sector style). */
function detailOf(body: any): string {
  if (typeof body?.detail === 'string') return body.detail;
  if (Array.isArray(body?.errors)) return body.errors.map((e: { field?: string; message?: string }) => `${e.field ?? ''} ${e.message ?? ''}`).join('; ');
  return '';
}

function judge(op: Operation, r: Request, a: Answer, before: Record<string, string>): void {
  const show = `${r.method} ${r.url.slice(0, 300)} [${r.headers['content-type'] ?? '-'}] ${r.body === null ? '' : String(r.body).slice(0, 300)} → ${a.status} ${a.text.slice(0, 400)}`;
  let body: any = null;
  if (a.contentType.includes('json')) body = JSON.parse(a.text);
  if (a.status >= 500) {
    const text = `${body?.error?.code ?? ''} ${detailOf(body)}`;
    const documented = a.status === 503 && (/SIAT/.test(text) || (op.path.endsWith('/resend-email') && /SMTP|correo/i.test(text)));
    assert.ok(documented, `(a) 5xx: ${show}`);
    return;
  }
  if (a.status < 400) return;
  assert.ok(body !== null, `(b) a 4xx without a JSON body: ${show}`);
  const detail = detailOf(body);
  assert.ok(detail.trim().length > 0, `(b) a 4xx without detail: ${show}`);
  assert.ok(SPANISH.test(detail) && !ENGLISH.test(detail), `(b) a 4xx whose detail is not Spanish: ${show}`);
  // A refused body names the member the mutation touched (when the 400 is about the body).
  const aboutBody = op.parameters.every((p) => p.in === 'header') || /^campo /.test(detail);
  if (r.onlyBody && r.names && a.status === 400 && aboutBody) assert.ok(detail.includes(r.names), `(b) the 400 does not name «${r.names}»: ${show}`);
  const after = fingerprint();
  for (const table of Object.keys(FINGERPRINTED)) assert.equal(after[table], before[table], `(c) a refused request changed ${table}: ${show}`);
}

async function alive(): Promise<void> {
  const res = await eng.api('/api/v1/pos');
  assert.equal(res.status, 200, '(d) the engine stopped answering');
  await res.arrayBuffer();
}

before(async () => {
  eng = await startTestEngine({ KIPU_RATE_LIMIT: '100000', KIPU_PUBLIC_RATE_LIMIT: '100000' }, undefined, { scheduler: false });
  engineUrl = new URL(eng.url);
  ops.push(...operationsOf((await (await eng.api('/docs/json')).json()) as OpenApiDocument));
  // Something to find: a synced catalog, a product, an invoice.
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
  known.posId = ((await (await eng.api('/api/v1/pos')).json()).data as { id: string }[]).map((p) => p.id);
  const product = await eng.api('/api/v1/products', { method: 'POST', json: { code: 'FZ-1', description: 'Producto de prueba', priceUnit: 10, unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100' } });
  assert.equal(product.status, 201, await product.clone().text());
  const invoice = await eng.api('/api/v1/invoices?wait=true', {
    method: 'POST',
    json: {
      invoiceType: 'COMPUTERIZED_SALE', posId: known.posId[0], clientDocumentType: 1, clientDocumentNumber: '5115889', clientBusinessName: 'Juan Pérez', clientCode: 'C-1', paymentMethodCode: 1,
      details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'FZ-1', description: 'Producto de prueba', quantity: 1, unitMeasure: 57, priceUnit: 10 }],
    },
  });
  assert.equal(invoice.status, 201);
  const inv = (await invoice.json()).data as { id: string; cuf: string };
  known.id = [inv.id, (await product.json()).data.id];
  known.cuf = [inv.cuf];
  // Ids of the routes added since, so their requests get past the lookups: a cash session, a
  // purchase (sent and validated before the fuzzing starts) and a completed massive batch.
  const session = await eng.api('/api/v1/cash/sessions', { method: 'POST', json: { posId: known.posId[0], openingFloat: 100 } });
  assert.equal(session.status, 201, await session.clone().text());
  const purchase = await createPurchase(eng);
  await settlePurchases(eng);
  const batch = await submitBatch(eng.api, known.posId[0]!, [educationItem(1)]);
  await waitCompleted(eng.api, batch.batchId);
  known.id.push((await session.json()).data.id, purchase.id, batch.batchId);
});
after(async () => {
  await eng?.stop();
});

test('the document lists every operation (84 when this was written)', () => {
  assert.ok(ops.length >= 84, `${ops.length} operations`);
});

test('a body nested deeper than the cap is a 400 naming the nesting, on both envelopes (issue #16)', async () => {
  const deep = `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
  const core = await send(engineUrl, { method: 'POST', url: '/api/v1/products', headers: { 'x-api-key': eng.ownerKey!, 'content-type': 'application/json' }, body: deep, names: null, onlyBody: false });
  assert.equal(core.status, 400);
  assert.match(JSON.parse(core.text).detail, new RegExp(`anida más de ${MAX_JSON_DEPTH} niveles`));
  const sector = await send(engineUrl, { method: 'POST', url: '/api/v1/branchOffice', headers: { 'x-api-key': eng.ownerKey!, 'content-type': 'application/json' }, body: deep, names: null, onlyBody: false });
  assert.equal(sector.status, 400);
  assert.match(JSON.parse(sector.text).errors[0].message, /anida más de/);
  // A body at the cap still parses (and is then judged by its schema).
  const atCap = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
  const ok = await send(engineUrl, { method: 'POST', url: '/api/v1/products', headers: { 'x-api-key': eng.ownerKey!, 'content-type': 'application/json' }, body: atCap, names: null, onlyBody: false });
  assert.match(JSON.parse(ok.text).detail, /debe ser de tipo objeto/);
});

test('what the first runs found, one assertion each (issue #16)', async () => {
  const get = (url: string) => send(engineUrl, { method: 'GET', url, headers: { 'x-api-key': eng.ownerKey! }, body: null, names: null, onlyBody: false });
  // The router's own refusals were English, without `detail`.
  const badEscape = await get('/api/v1/invoices/%zz');
  assert.equal(badEscape.status, 400);
  assert.match(JSON.parse(badEscape.text).detail, /% que no forma una secuencia codificada/);
  const long = await get(`/api/v1/invoices/${'x'.repeat(101)}`);
  assert.equal(long.status, 414);
  assert.match(JSON.parse(long.text).detail, /supera los 100 caracteres/);
  // A union of literals said "must be equal to constant" once per literal.
  const state = await get('/api/v1/invoices?state=NOPE');
  assert.equal(state.status, 400);
  assert.equal(JSON.parse(state.text).detail, 'parámetro state: debe ser uno de: PENDING, VALIDATED, REJECTED, CANCELLED, CONTINGENCY');
  // An unknown invoiceType named neither the field in Spanish nor what is accepted.
  const type = await send(engineUrl, {
    method: 'POST', url: '/api/v1/invoices', headers: { 'x-api-key': eng.ownerKey!, 'content-type': 'application/json' }, names: null, onlyBody: false,
    body: JSON.stringify({ invoiceType: 'NOPE', posId: known.posId[0], clientDocumentType: 1, clientDocumentNumber: '1', clientBusinessName: 'A', clientCode: 'C', paymentMethodCode: 1, details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'A', description: 'A', quantity: 1, unitMeasure: 57, priceUnit: 1 }] }),
  });
  assert.equal(type.status, 400);
  assert.match(JSON.parse(type.text).detail, /El tipo de factura \(invoiceType\) «NOPE» no existe; los tipos admitidos están en la documentación de la API/);
});

test('every operation, fuzzed from its schema: no 5xx, a Spanish detail on every 4xx, nothing written when refused, the engine alive', async (t) => {
  const started = Date.now();
  let requests = 0;
  const statuses = new Map<number, number>();
  const unavailable = new Set<string>();
  for (const [i, op] of ops.entries()) {
    await t.test(`${op.method} ${op.path}`, async () => {
      for (const r of numericEdges(op, eng.ownerKey!, SEED + i)) {
        const before = fingerprint();
        requests++;
        const answer = await send(engineUrl, r);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        judge(op, r, answer, before);
      }
      await fc.assert(
        fc.asyncProperty(requestArb(op, eng.ownerKey!), async (r) => {
          const before = fingerprint();
          requests++;
          const answer = await send(engineUrl, r);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status === 503) unavailable.add(`${op.method} ${op.path}`);
          judge(op, r, answer, before);
        }),
        { seed: SEED + i, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
      await alive();
    });
  }
  await alive();
  t.diagnostic(`${requests} requests over ${ops.length} operations in ${Date.now() - started} ms`);
  t.diagnostic(`statuses: ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ')}`);
  if (unavailable.size > 0) t.diagnostic(`503 (documented) from: ${[...unavailable].join(', ')}`);
});
