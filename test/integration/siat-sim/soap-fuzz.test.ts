// Issue #16: the simulator's SOAP input, tried as a broken or hostile client would send it. For
// every operation of every service (the operation table, main/siat/operations.ts) fast-check
// builds requests from the operation's fields — with the training taxpayer's real NIT, system,
// CUIS and CUFD mixed in, so some get past the identification checks — and mutates them:
// wrong types, element content where text belongs, a repeated field, unknown elements, hostile
// text, an unknown or prototype-named operation, wrong namespaces, a DOCTYPE with entities,
// 100,000 levels of nesting, a truncated document, garbage bytes, a wrong token. The simulator
// must:
//   (a) answer every request: HTTP 200 with SIAT's envelope for the operation (a SIAT code),
//       or a SOAP fault of the client (soap:Client, soap:VersionMismatch; 413 for a body over
//       the cap) — never soap:Server, never a reset, never JSON;
//   (b) register nothing from a refused request (a fingerprint of every table of its database
//       but the reception log, which only gains RECHAZADA/DUPLICADA rows);
//   (c) stay responsive: verificarComunicacion answers 926 after every operation.
// Fixed seed, bounded count: RUNS_PER_OPERATION × 108 operations ≈ 1,300 requests.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { SIAT_SERVICES, type FieldSpec, type OperationSpec } from '../../../main/siat/operations';
import { buildRequestEnvelope, parseEnvelope, xmlEscape } from '../../../main/siat/soap';
import { formatSiatDateTime } from '../../../main/siat/datetime';
import { packPackage } from '../../../main/invoicing/archive';
import type { SiatSimulator } from '../../../main/siat-sim/simulator';
import { T, openSession, startSim, type Session } from '../../fixtures/siat-invoice';
import { cpuStopwatch } from '../../fixtures/cpu';

const SEED = Number(process.env.KIPU_FUZZ_SEED ?? 160_016);
const RUNS_PER_OPERATION = Number(process.env.KIPU_FUZZ_RUNS ?? 12);
const REQUEST_TIMEOUT_MS = 15_000;
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SIAT_NS = 'https://siat.impuestos.gob.bo/';

let sim: SiatSimulator;
let s2: Session;
let s1: Session;

before(async () => {
  let client;
  ({ sim, client } = await startSim());
  s2 = await openSession(client, 2);
  s1 = await openSession(client, 1);
});
after(async () => {
  await sim?.close();
});

// ---- requests ----------------------------------------------------------------------------------

/** Real identification values, so some requests reach the checks behind them. */
const known = (): Record<string, unknown[]> => ({
  nit: [T.nit],
  codigoSistema: [T.codigoSistema],
  codigoAmbiente: [2],
  codigoModalidad: [1, 2],
  codigoSucursal: [0],
  codigoPuntoVenta: [0],
  codigoDocumentoSector: [1, 24],
  tipoFacturaDocumento: [1, 3],
  codigoEmision: [1, 2, 3],
  cuis: [s1.cuis, s2.cuis],
  cufd: [s1.cufd, s2.cufd],
  fechaEnvio: [formatSiatDateTime(new Date())],
  codigoMotivo: [1],
});

const HOSTILE_TEXT = [
  'x'.repeat(5_000), "' OR 1=1; --", '${7*7}', '<script>alert(1)</script>', '&lol9;', '\u202e\ufeff', '😀'.repeat(200), '', ' ', 'null', 'NaN',
  '-1', '99999999999999999999999', '1e308', '../../etc/passwd', '__proto__', 'constructor',
];

function scalar(field: FieldSpec): fc.Arbitrary<unknown> {
  const pool = known()[field.name];
  const own = ((): fc.Arbitrary<unknown> => {
    switch (field.type) {
      case 'int':
      case 'long':
        return fc.integer({ min: -10, max: 10_000_000 });
      case 'decimal':
        return fc.integer({ min: -100_000, max: 100_000 }).map((c) => c / 100);
      case 'boolean':
        return fc.boolean();
      case 'dateTime':
        return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01') }).map(formatSiatDateTime);
      case 'base64Binary':
        return fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString('base64'));
      default:
        return fc.string({ maxLength: 20 });
    }
  })();
  return pool ? fc.oneof(own, fc.constantFrom(...pool)) : own;
}

function valuesOf(fields: readonly FieldSpec[], depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const f of fields) {
    const one = f.type === 'complex' ? (depth > 2 ? fc.constant({}) : valuesOf(f.fields ?? [], depth + 1)) : scalar(f);
    model[f.name] = f.list ? fc.array(one, { maxLength: 2 }) : one;
  }
  return fc.record(model, { requiredKeys: fields.filter((f) => !f.optional && !f.list).map((f) => f.name) });
}

type Mutation =
  | { kind: 'none' }
  | { kind: 'wrongType'; at: number; text: string }
  | { kind: 'repeat'; at: number }
  | { kind: 'unknownElement'; name: string }
  | { kind: 'hostile'; at: number; text: string }
  | { kind: 'operation'; name: string }
  | { kind: 'namespace'; which: 'envelope' | 'wrapper' | 'none' }
  | { kind: 'doctype'; which: 'laughs' | 'external' | 'internal' }
  | { kind: 'deep'; levels: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'garbage'; text: string }
  | { kind: 'token'; header: string | null };

const DOCTYPES = {
  laughs:
    '<!DOCTYPE lolz [<!ENTITY lol "lol">' +
    Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('') +
    ']>',
  external: '<!DOCTYPE x [<!ENTITY lol9 SYSTEM "file:///etc/passwd">]>',
  internal: '<!DOCTYPE x [<!ENTITY lol9 "7000123019">]>',
};

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('wrongType' as const), at: fc.nat(), text: fc.constantFrom('abc', '1.5', '99999999999999999999999', '<b>1</b>', 'tal vez', '2026-13-45T99:99:99', '%%%') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('repeat' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unknownElement' as const), name: fc.constantFrom('extra', '__proto__', 'constructor', 'isAdmin') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('hostile' as const), at: fc.nat(), text: fc.constantFrom(...HOSTILE_TEXT) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('operation' as const), name: fc.constantFrom('noExiste', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'cuisResponse', 'Envelope') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('namespace' as const), which: fc.constantFrom('envelope' as const, 'wrapper' as const, 'none' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('doctype' as const), which: fc.constantFrom('laughs' as const, 'external' as const, 'internal' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deep' as const), levels: fc.constantFrom(1_000, 100_000) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('garbage' as const), text: fc.constantFrom('', 'no es xml', '<<<>>>', '{"nit":1}', '\u0000\u0001\u0002', '<a><b></a></b>', '<?xml version="1.0"?>') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('token' as const), header: fc.constantFrom(null, 'TokenApi otro', 'Bearer x', 'TokenApi ' + 'x'.repeat(5_000)) }) },
);

interface Request {
  path: string;
  body: string;
  headers: Record<string, string>;
  mutation: Mutation;
}

/** The request child's elements as `<name>…</name>` spans of the serialized envelope. */
function leafSpans(xml: string, spec: OperationSpec): { start: number; end: number; name: string }[] {
  const out: { start: number; end: number; name: string }[] = [];
  const names = new Set<string>();
  const walk = (fs: readonly FieldSpec[]) => fs.forEach((f) => (f.type === 'complex' ? walk(f.fields ?? []) : names.add(f.name)));
  walk(spec.requestFields);
  const re = /<([A-Za-z]+)>([^<]*)<\/\1>/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) if (names.has(m[1]!)) out.push({ start: m.index, end: m.index + m[0].length, name: m[1]! });
  return out;
}

function build(servicePath: string, operation: string, spec: OperationSpec, values: Record<string, unknown>, m: Mutation): Request {
  let xml = buildRequestEnvelope(operation, spec, values);
  const headers: Record<string, string> = { 'content-type': 'text/xml; charset=utf-8', apikey: `TokenApi ${T.token}` };
  const spans = leafSpans(xml, spec);
  const pick = (at: number) => spans[at % spans.length]!;
  switch (m.kind) {
    case 'wrongType':
    case 'hostile':
      if (spans.length > 0) {
        const s = pick(m.at);
        const text = m.kind === 'wrongType' && m.text.startsWith('<') ? m.text : m.kind === 'hostile' && m.text === '&lol9;' ? m.text : xmlEscape(m.text);
        xml = `${xml.slice(0, s.start)}<${s.name}>${text}</${s.name}>${xml.slice(s.end)}`;
      }
      break;
    case 'repeat':
      if (spans.length > 0) {
        const s = pick(m.at);
        xml = `${xml.slice(0, s.end)}${xml.slice(s.start, s.end)}${xml.slice(s.end)}`;
      }
      break;
    case 'unknownElement':
      xml = xml.replace(`<ns:${operation}/>`, `<ns:${operation}></ns:${operation}>`).replace(`</ns:${operation}>`, `<${m.name}>1</${m.name}></ns:${operation}>`);
      break;
    case 'operation':
      xml = xml.replaceAll(`ns:${operation}`, `ns:${m.name}`);
      break;
    case 'namespace':
      if (m.which === 'envelope') xml = xml.replace(SOAP11, 'http://www.w3.org/2003/05/soap-envelope');
      else if (m.which === 'wrapper') xml = xml.replace(`xmlns:ns="${SIAT_NS}"`, 'xmlns:ns="urn:otro"');
      else xml = xml.replace(` xmlns:ns="${SIAT_NS}"`, '').replace(` xmlns:soapenv="${SOAP11}"`, '');
      break;
    case 'doctype':
      xml = `<?xml version="1.0"?>${DOCTYPES[m.which]}${spans.length > 0 ? xml.replace(/<nit>[^<]*<\/nit>/, '<nit>&lol9;</nit>') : xml}`;
      break;
    case 'deep':
      xml = xml.replace(`<ns:${operation}/>`, `<ns:${operation}></ns:${operation}>`).replace(`</ns:${operation}>`, `${'<a>'.repeat(m.levels)}${'</a>'.repeat(m.levels)}</ns:${operation}>`);
      break;
    case 'truncate':
      xml = xml.slice(0, m.at % xml.length);
      break;
    case 'garbage':
      xml = m.text;
      break;
    case 'token':
      if (m.header === null) delete headers['apikey'];
      else headers['apikey'] = m.header;
      break;
  }
  return { path: `/v2/${servicePath}`, body: xml, headers, mutation: m };
}

// ---- sending and judging -----------------------------------------------------------------------

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

function send(r: { path: string; body: string | Buffer; headers: Record<string, string> }): Promise<Answer> {
  const url = new URL(sim.url);
  const body = Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body, 'utf8');
  return new Promise((resolve, reject) => {
    const req = http.request(
      // A fresh connection each time: a kept-alive one may be closed by the simulator's idle timer
      // while this process (the simulator's too) was busy building a large request.
      { agent: false, host: url.hostname, port: url.port, method: 'POST', path: r.path, headers: { ...r.headers, 'content-length': String(body.length) }, timeout: REQUEST_TIMEOUT_MS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`sin respuesta en ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Every table of the simulator's database but the reception log, hashed; and that log's accepted rows. */
function fingerprint(): { registry: string; accepted: number } {
  const tables = (sim.state.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'receptions' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
  const h = createHash('sha256');
  for (const t of tables) h.update(t).update(JSON.stringify(sim.state.db.prepare(`SELECT * FROM "${t}"`).raw().all(), (_k, v: unknown) => (Buffer.isBuffer(v) ? createHash('sha256').update(v).digest('hex') : typeof v === 'bigint' ? String(v) : v)));
  const accepted = (sim.state.db.prepare("SELECT COUNT(*) AS n FROM receptions WHERE outcome = 'VALIDADA'").get() as { n: number }).n;
  return { registry: h.digest('hex'), accepted };
}

/** SIAT's success states (main/siat-sim/respond.ts): 901 pending, 903 processed, 905 annulled, 907 reverted, 908 validated. */
const SUCCESS = new Set([901, 903, 905, 907, 908]);

function judge(operation: string, r: Request, a: Answer, before: ReturnType<typeof fingerprint>): void {
  const show = `${r.path} ${r.mutation.kind} ${JSON.stringify(r.mutation).slice(0, 120)} ${r.body.slice(0, 300)} → ${a.status} ${a.text.slice(0, 400)}`;
  assert.match(a.contentType, /^text\/xml/, `(a) not XML: ${show}`);
  assert.ok(!/<!DOCTYPE/i.test(a.text) && !a.text.includes('root:'), `(a) an entity reached the answer: ${show}`);
  const env = parseEnvelope(a.text);
  let refused: boolean;
  if (env.kind === 'fault') {
    assert.ok(a.status === 500 || a.status === 413, `(a) a fault with HTTP ${a.status}: ${show}`);
    assert.match(env.faultcode, /^soap:(Client|VersionMismatch)$/, `(a) a server fault: ${show}`);
    assert.ok(env.faultstring.length > 0, `(a) a fault without text: ${show}`);
    refused = true;
  } else {
    assert.equal(a.status, 200, `(a) ${show}`);
    assert.equal(env.wrapperName, `${operation}Response`, `(a) ${show}`);
    const child = Object.values(env.wrapper as Record<string, Record<string, unknown>>)[0] ?? {};
    const estado = child['codigoEstado'] === undefined ? null : Number(child['codigoEstado']);
    const transaccion = child['transaccion'] === 'true';
    assert.ok(estado !== null || child['transaccion'] !== undefined, `(a) an answer without transaccion or codigoEstado: ${show}`);
    refused = estado !== null ? !SUCCESS.has(estado) : !transaccion;
  }
  const after = fingerprint();
  if (refused) {
    assert.equal(after.registry, before.registry, `(b) a refused request registered something: ${show}`);
    assert.equal(after.accepted, before.accepted, `(b) a refused request was logged as VALIDADA: ${show}`);
  }
  // A request broken at the XML level is never taken for a valid one.
  if (['namespace', 'doctype', 'deep', 'truncate', 'garbage', 'operation', 'token'].includes(r.mutation.kind)) assert.ok(refused, `(a) accepted: ${show}`);
}

async function alive(servicePath = 'FacturacionCodigos'): Promise<void> {
  const a = await send({ path: `/v2/${servicePath}`, body: buildRequestEnvelope('verificarComunicacion', SIAT_SERVICES.codigos.operations.verificarComunicacion, {}), headers: { apikey: `TokenApi ${T.token}` } });
  assert.equal(a.status, 200, '(c) the simulator stopped answering');
  assert.match(a.text, /<codigo>926<\/codigo>/);
}

// ---- directed cases ----------------------------------------------------------------------------

const recepcion = SIAT_SERVICES.computarizada.operations.recepcionFactura;
const paquete = SIAT_SERVICES.computarizada.operations.recepcionPaqueteFactura;

function receptionValues(archivo: Buffer, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    codigoAmbiente: 2, codigoDocumentoSector: 1, codigoEmision: 1, codigoModalidad: 2, codigoPuntoVenta: 0, codigoSistema: T.codigoSistema, codigoSucursal: 0,
    cufd: s2.cufd, cuis: s2.cuis, nit: T.nit, tipoFacturaDocumento: 1, archivo: archivo.toString('base64'), fechaEnvio: formatSiatDateTime(new Date()),
    hashArchivo: createHash('sha256').update(archivo).digest('hex'), ...over,
  };
}

test('an invoice XML with a DOCTYPE inside a valid archivo is refused with a SIAT code: no entity read, nothing registered', async () => {
  for (const doctype of Object.values(DOCTYPES)) {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>${doctype}<facturaComputarizadaCompraVenta><cabecera><nitEmisor>&lol9;</nitEmisor></cabecera></facturaComputarizadaCompraVenta>`;
    const before = fingerprint();
    const r = { path: '/v2/ServicioFacturacionComputarizada', body: buildRequestEnvelope('recepcionFactura', recepcion, receptionValues(gzipSync(xml))), headers: { apikey: `TokenApi ${T.token}` } };
    const cpu = cpuStopwatch();
    const a = await send(r);
    assert.ok(cpu() < 5_000, `took ${cpu()} ms of CPU`);
    judge('recepcionFactura', { ...r, mutation: { kind: 'none' } }, a, before);
    assert.match(a.text, /<codigoEstado>902<\/codigoEstado>/, a.text);
  }
  await alive();
});

test('a gzip bomb in archivo (512 MiB of zeros) is refused with 920 in bounded CPU and memory, online and as a package', async () => {
  const bomb = gzipSync(Buffer.alloc(512 * 1024 * 1024), { level: 9 });
  assert.ok(bomb.length < 1024 * 1024);
  for (const [operation, spec, values] of [
    ['recepcionFactura', recepcion, receptionValues(bomb)],
    ['recepcionPaqueteFactura', paquete, { ...receptionValues(bomb, { codigoEmision: 2 }), cantidadFacturas: 1, codigoEvento: 1 }],
  ] as const) {
    const before = fingerprint();
    const cpu = cpuStopwatch();
    const heap = process.memoryUsage().rss;
    const a = await send({ path: '/v2/ServicioFacturacionComputarizada', body: buildRequestEnvelope(operation, spec, values), headers: { apikey: `TokenApi ${T.token}` } });
    assert.ok(cpu() < 5_000, `${operation} took ${cpu()} ms of CPU`);
    assert.ok(process.memoryUsage().rss - heap < 512 * 1024 * 1024, `${operation}: memory grew by ${(process.memoryUsage().rss - heap) >> 20} MiB`);
    judge(operation, { path: '', body: '', headers: {}, mutation: { kind: 'none' } }, a, before);
    assert.match(a.text, /<codigo>(920|953|980)<\/codigo>|<codigoEstado>902<\/codigoEstado>/, a.text.slice(0, 500));
  }
  await alive();
});

test('huge inputs: a 30 MB base64 archivo is read with bounded CPU, 30 MB of text elsewhere and a body over the cap are refused with a fault; the simulator answers meanwhile', { timeout: 300_000 }, async () => {
  // A real package's size class: valid base64 of a package that is not a tar (920), answered in seconds.
  const noise = Buffer.alloc(22 * 1024 * 1024, 7);
  let cpu = cpuStopwatch();
  let before = fingerprint();
  let a = await send({ path: '/v2/ServicioFacturacionComputarizada', body: buildRequestEnvelope('recepcionPaqueteFactura', paquete, { ...receptionValues(noise, { codigoEmision: 2 }), cantidadFacturas: 1, codigoEvento: 1 }), headers: { apikey: `TokenApi ${T.token}` } });
  judge('recepcionPaqueteFactura', { path: '', body: '', headers: {}, mutation: { kind: 'none' } }, a, before);
  assert.ok(cpu() < 8_000, `a 30 MB archivo took ${cpu()} ms of CPU`);

  // 30 MB of text in a field that is not archivo: refused before it is parsed, while a
  // concurrent verificarComunicacion still gets its answer.
  const hostile = buildRequestEnvelope('cuis', SIAT_SERVICES.codigos.operations.cuis, { codigoAmbiente: 2, codigoModalidad: 2, codigoPuntoVenta: 0, codigoSistema: 'A'.repeat(30 * 1024 * 1024), codigoSucursal: 0, nit: T.nit });
  before = fingerprint();
  cpu = cpuStopwatch();
  const [big] = await Promise.all([send({ path: '/v2/FacturacionCodigos', body: hostile, headers: { apikey: `TokenApi ${T.token}` } }), alive()]);
  judge('cuis', { path: '', body: '', headers: {}, mutation: { kind: 'garbage', text: '' } }, big, before);
  assert.equal(big.status, 413, big.text);
  assert.ok(cpu() < 5_000, `30 MB of text took ${cpu()} ms of CPU`);

  // Over the transport cap (120 MB): a 413 fault, not a reset or JSON.
  const url = new URL(sim.url);
  a = await new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method: 'POST', path: '/v2/ServicioFacturacionComputarizada', headers: { apikey: `TokenApi ${T.token}`, 'content-type': 'text/xml' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : reject(e)));
    // A connection that ends without an answer must fail the test, not hang it.
    req.on('close', () => setTimeout(() => reject(new Error('the connection closed without a complete answer')), 2000).unref());
    const chunk = Buffer.alloc(1024 * 1024, 'A');
    let sent = 0;
    const pump = (): void => {
      while (sent < 130) {
        sent++;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    req.write('<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><archivo>');
    pump();
  });
  assert.equal(a.status, 413, a.text);
  assert.match(a.contentType, /^text\/xml/);
  const fault = parseEnvelope(a.text);
  assert.ok(fault.kind === 'fault' && fault.faultcode === 'soap:Client', a.text);
  await alive();
});

test('an operation named after an Object.prototype member is an unknown operation, not a handler', async () => {
  for (const name of ['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf']) {
    const before = fingerprint();
    const body = `<soapenv:Envelope xmlns:soapenv="${SOAP11}" xmlns:ns="${SIAT_NS}"><soapenv:Body><ns:${name}><x>1</x></ns:${name}></soapenv:Body></soapenv:Envelope>`;
    const a = await send({ path: '/v2/FacturacionCodigos', body, headers: { apikey: `TokenApi ${T.token}` } });
    judge(name, { path: '', body, headers: {}, mutation: { kind: 'operation', name } }, a, before);
    // fast-xml-parser refuses the two names that could pollute a prototype as not well-formed.
    assert.match(a.text, name === 'constructor' || name === '__proto__' ? new RegExp(`Error reading XMLStreamReader: .*${name}`) : /Unexpected wrapper element/, a.text);
  }
  await alive();
});

test('wrong namespaces are faults as SIAT answers them: a SOAP 1.2 envelope is a VersionMismatch, a wrapper outside SIAT\'s namespace an unexpected element', async () => {
  const ok = buildRequestEnvelope('verificarComunicacion', SIAT_SERVICES.codigos.operations.verificarComunicacion, {});
  const cases: [string, RegExp, RegExp][] = [
    [ok.replace(SOAP11, 'http://www.w3.org/2003/05/soap-envelope'), /^soap:VersionMismatch$/, /namespace/],
    [ok.replace(SIAT_NS, 'urn:otro'), /^soap:Client$/, /Unexpected wrapper element \{urn:otro\}verificarComunicacion/],
    [ok.replace(` xmlns:ns="${SIAT_NS}"`, ''), /^soap:Client$/, /Undeclared namespace prefix "ns"/],
    [ok.replace('<ns:verificarComunicacion/>', `<ns:verificarComunicacion>${'<a>'.repeat(100)}${'</a>'.repeat(100)}</ns:verificarComunicacion>`), /^soap:Client$/, /Maximum Element Depth limit \(100\) Exceeded/],
    [`<Envelope xmlns="${SOAP11}"><Body><verificarComunicacion xmlns="${SIAT_NS}"/></Body></Envelope>`, /never/, /never/],
  ];
  for (const [body, code, text] of cases) {
    const a = await send({ path: '/v2/FacturacionCodigos', body, headers: { apikey: `TokenApi ${T.token}` } });
    if (code.source === 'never') {
      // Default namespaces and other prefixes are the same names: answered.
      assert.equal(a.status, 200, a.text);
      continue;
    }
    const env = parseEnvelope(a.text);
    assert.ok(env.kind === 'fault', a.text);
    assert.match(env.faultcode, code);
    assert.match(env.faultstring, text);
  }
});

test('a valid package is still received after all this (the fuzzing left the simulator sound)', async () => {
  const packed = packPackage([{ name: 'a.xml', xml: '<x/>' }]);
  const a = await send({
    path: '/v2/ServicioFacturacionComputarizada',
    body: buildRequestEnvelope('recepcionPaqueteFactura', paquete, { ...receptionValues(Buffer.from(packed.tarGz), { codigoEmision: 2 }), cantidadFacturas: 1, codigoEvento: 1 }),
    headers: { apikey: `TokenApi ${T.token}` },
  });
  // Identification passes; the event code is unknown to this simulator: a SIAT code, not a fault.
  assert.equal(a.status, 200, a.text);
  assert.match(a.text, /<codigoEstado>\d+<\/codigoEstado>/);
});

// ---- the property ------------------------------------------------------------------------------

test('every operation of every service, fuzzed: a SIAT answer or a client fault, nothing registered when refused, always answering', async (t) => {
  const started = Date.now();
  let requests = 0;
  const outcomes = new Map<string, number>();
  let i = 0;
  for (const service of Object.values(SIAT_SERVICES)) {
    for (const [operation, spec] of Object.entries(service.operations as Record<string, OperationSpec>)) {
      const seed = SEED + i++;
      await t.test(`${service.path} ${operation}`, async () => {
        const arb = fc.record({ values: valuesOf(spec.requestFields), mutation: mutationArb }).map(({ values, mutation }) => build(service.path, operation, spec, values, mutation));
        await fc.assert(
          fc.asyncProperty(arb, async (r) => {
            const before = fingerprint();
            requests++;
            const a = await send(r);
            const key = a.status === 200 ? (/<codigoEstado>(\d+)/.exec(a.text)?.[1] ?? /<codigo>(\d+)/.exec(a.text)?.[1] ?? '200') : `HTTP ${a.status} (${r.mutation.kind})`;
            outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
            judge(r.mutation.kind === 'operation' ? r.mutation.name : operation, r, a, before);
          }),
          { seed, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        );
        await alive(service.path);
      });
    }
  }
  t.diagnostic(`${requests} requests over ${i} operations in ${Date.now() - started} ms`);
  t.diagnostic(`outcomes: ${[...outcomes].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}×${n}`).join(' ')}`);
});
