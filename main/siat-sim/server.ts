// The SIAT simulator: SOAP 1.1 services under /v2/<Servicio> that follow the contract
// (CONTRACT.md) and answer with SIAT's codes and texts, plus a JSON admin API (/admin) for
// fault injection and inspection. Training mode of the product and the test double of the
// SIAT client. node:http directly: fault injection needs control of sockets (README).
// Runs in: SIAT simulator (its own process via cli.ts, or embedded by the engine / tests).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { SIAT_SERVICES, serviceByPath, type OperationSpec, type ServiceKey } from '../siat/operations';
import { buildFaultEnvelope, buildResponseEnvelope, coerceFields, parseEnvelope, SoapFormatError, wrapperChild } from '../siat/soap';
import { isWarning } from '../siat/messages';
import { openSimDatabase } from './db';
import { seedSimulator } from './seed';
import { estado, failureState, msg, SimReject, type SimMessage } from './respond';
import { SimulatorState, type FaultConfig } from './state';
import { codigosHandlers } from './handlers/codigos';
import { sincronizacionHandlers } from './handlers/sincronizacion';
import { operacionesHandlers } from './handlers/operaciones';
import { comprasHandlers, recepcionHandlers, stopPackageProcessing } from './handlers/recepcion';
import type { Handlers } from './handlers/types';
import { outerWsdl } from './wsdl';
import { TRAINING_TAXPAYER } from './training-taxpayer';

export interface SimLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface SiatSimulatorOptions {
  /** Port of the SOAP services (0 = any free port). */
  port?: number;
  host?: string;
  /** Directory of the simulator's SQLite file; undefined = in-memory. */
  dataDir?: string;
  /** Accepted delegated token (default: the training taxpayer's). */
  token?: string;
  /** Base clock (default: system clock); /admin/clock skews it. */
  now?: () => Date;
  /** codigoAmbiente the simulator answers to (default 2, pruebas/piloto). */
  ambiente?: 1 | 2;
  /** Delay before a received package is validated (default 300 ms). */
  packageValidationDelayMs?: number;
  /** Port of the always-reachable admin listener (default 0 = any free port). */
  adminPort?: number;
  logger?: SimLogger;
}

export interface SiatSimulator {
  /** Base URL up to and including /v2 (what KIPU_SIAT_URL takes). */
  url: string;
  port: number;
  /** Admin API on its own port: stays reachable while the SOAP port refuses connections. */
  adminUrl: string;
  adminPort: number;
  state: SimulatorState;
  close(): Promise<void>;
}

const HANDLERS: Record<ServiceKey, Handlers> = {
  codigos: codigosHandlers,
  sincronizacion: sincronizacionHandlers,
  operaciones: operacionesHandlers,
  compraVenta: recepcionHandlers,
  electronica: recepcionHandlers,
  computarizada: recepcionHandlers,
  documentoAjuste: recepcionHandlers,
  telecomunicaciones: recepcionHandlers,
  servicioBasico: recepcionHandlers,
  entidadFinanciera: recepcionHandlers,
  boletoAereo: recepcionHandlers,
  recepcionCompras: comprasHandlers,
};

/** §2.0: every service answers 926 COMUNICACION EXITOSA. */
const verificarComunicacion = () => ({ mensajesList: [msg(926)], transaccion: true });

const MAX_BODY_BYTES = 120 * 1024 * 1024; // §3.6: packages up to 100 MB (971)

const silentLogger: SimLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendXml(res: ServerResponse, status: number, xml: string): void {
  res.writeHead(status, { 'Content-Type': 'text/xml; charset=UTF-8', 'Content-Length': Buffer.byteLength(xml) });
  res.end(xml);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Does the configured fault apply to this call? Scope by service path/module and operation. */
function faultApplies(f: FaultConfig, serviceKey: ServiceKey | null, servicePath: string, operation: string | null): boolean {
  if (f.mode === 'none') return false;
  if (f.services?.length && !f.services.some((s) => s === servicePath || s === serviceKey)) return false;
  if (f.operations?.length && (operation === null || !f.operations.includes(operation))) return false;
  return true;
}

export async function startSiatSimulator(options: SiatSimulatorOptions = {}): Promise<SiatSimulator> {
  const host = options.host ?? '127.0.0.1';
  const logger = options.logger ?? silentLogger;
  const db = openSimDatabase(options.dataDir);
  seedSimulator(db);
  const state = new SimulatorState({
    db,
    token: options.token ?? TRAINING_TAXPAYER.token,
    ambiente: options.ambiente ?? 2,
    now: options.now ?? (() => new Date()),
    packageValidationDelayMs: options.packageValidationDelayMs ?? 300,
  });

  const soapSockets = new Set<Socket>();
  const adminSockets = new Set<Socket>();
  const hung = new Set<ServerResponse>();
  let port = options.port ?? 0;
  let refusing = false;
  let closed = false;

  // ----------------------------------------------------------------------------------
  // SOAP

  async function handleSoap(req: IncomingMessage, res: ServerResponse, servicePath: string): Promise<void> {
    const found = serviceByPath(servicePath);
    const endpoint = `http://${host}:${port}/v2/${servicePath}`;
    if (!found) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end(`No service ${servicePath}`);
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && url.searchParams.has('wsdl')) {
      sendXml(res, 200, outerWsdl(found.spec, endpoint));
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'POST, GET' }).end();
      return;
    }
    const body = (await readBody(req)).toString('utf8');

    let operation: string | null = null;
    let parsed: ReturnType<typeof parseEnvelope> | null = null;
    try {
      parsed = parseEnvelope(body);
      if (parsed.kind === 'body') operation = parsed.wrapperName;
    } catch {
      parsed = null;
    }

    // Fault injection (README): decided per service/operation before anything else.
    const f = state.faults;
    if (faultApplies(f, found.key, servicePath, operation)) {
      if (f.mode === 'refuse') {
        // Scoped refusal: the connection is destroyed without an answer (client sees reset).
        req.socket.destroy();
        return;
      }
      if (f.mode === 'http500') {
        sendXml(res, 500, buildFaultEnvelope('soap:Server', 'Internal Server Error'));
        return;
      }
      if (f.mode === 'hang') {
        hung.add(res);
        res.on('close', () => hung.delete(res));
        // "SIAT received it but the client timed out": process, then never answer.
        if (state.acceptBeforeTimeout && parsed?.kind === 'body') {
          await answer(req, found.key, found.spec.path, parsed.wrapperName, parsed.wrapper).catch(() => undefined);
        }
        return;
      }
      if (f.mode === 'latency') await sleep(f.latencyMs ?? 0);
    }

    if (!parsed) {
      sendXml(res, 500, buildFaultEnvelope('soap:Client', 'Error reading XMLStreamReader: not a SOAP envelope'));
      return;
    }
    if (parsed.kind === 'fault') {
      sendXml(res, 500, buildFaultEnvelope('soap:Client', 'Unexpected Fault in request'));
      return;
    }
    const result = await answer(req, found.key, found.spec.path, parsed.wrapperName, parsed.wrapper);
    sendXml(res, result.status, result.xml);
  }

  /** Runs one operation and builds its envelope; never throws. */
  async function answer(
    req: IncomingMessage,
    serviceKey: ServiceKey,
    servicePath: string,
    operation: string,
    wrapper: unknown,
  ): Promise<{ status: number; xml: string }> {
    const spec = (SIAT_SERVICES[serviceKey].operations as Record<string, OperationSpec>)[operation];
    const handler = operation === 'verificarComunicacion' ? verificarComunicacion : HANDLERS[serviceKey][operation];
    if (!spec || !handler) {
      return { status: 500, xml: buildFaultEnvelope('soap:Client', `Unexpected wrapper element {https://siat.impuestos.gob.bo/}${operation} found.`) };
    }
    const reply = (values: Record<string, unknown>) => ({ status: 200, xml: buildResponseEnvelope(operation, spec, values) });
    const rejection = (messages: SimMessage[]) =>
      reply(spec.reception ? estado(failureState(operation), messages) : { mensajesList: messages, transaccion: false });

    // 989: `apikey: TokenApi <token>` (§1.4). Answered before the service looks at the
    // request, so reception operations get no codigoEstado either.
    const apikey = req.headers['apikey'];
    const header = Array.isArray(apikey) ? apikey[0] : apikey;
    if (!header || header.trim() !== `TokenApi ${state.token}`) {
      return reply({ mensajesList: [msg(989)], transaccion: false });
    }

    let request: Record<string, unknown>;
    try {
      request = spec.request === null ? {} : coerceFields(spec.requestFields, wrapperChild(wrapper, spec.request));
    } catch (err) {
      // JAX-WS style unmarshalling fault (a value of the wrong type).
      const text = err instanceof SoapFormatError ? err.message : String(err);
      return { status: 500, xml: buildFaultEnvelope('soap:Client', `Unmarshalling Error: ${text}`) };
    }

    // /admin/force-code
    let extraWarnings: SimMessage[] = [];
    const forced = state.forcedCodes.get(operation);
    if (forced && forced.remaining > 0) {
      forced.remaining--;
      if (forced.remaining === 0) state.forcedCodes.delete(operation);
      if (forced.codigo >= 901 && forced.codigo <= 909 && spec.reception) return reply(estado(forced.codigo));
      if (isWarning(forced.codigo)) extraWarnings = [msg(forced.codigo)];
      else return rejection([msg(forced.codigo)]);
    }

    try {
      const values: Record<string, unknown> = await handler(state, request, { servicePath, operation });
      if (extraWarnings.length) values['mensajesList'] = [...((values['mensajesList'] as SimMessage[] | undefined) ?? []), ...extraWarnings];
      logger.info(`${servicePath}/${operation} → ${String(values['codigoEstado'] ?? values['transaccion'])}`);
      return reply(values);
    } catch (err) {
      if (err instanceof SimReject) {
        logger.info(`${servicePath}/${operation} rejected: ${err.message}`);
        return rejection(err.messages);
      }
      logger.error(`${servicePath}/${operation} failed: ${(err as Error).stack ?? String(err)}`);
      return { status: 500, xml: buildFaultEnvelope('soap:Server', 'Fault occurred while processing.') };
    }
  }

  // ----------------------------------------------------------------------------------
  // Admin (README documents every endpoint)

  async function handleAdmin(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    let body: Record<string, unknown> = {};
    if (req.method === 'POST') {
      const text = (await readBody(req)).toString('utf8').trim();
      if (text) {
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          sendJson(res, 400, { error: 'invalid JSON' });
          return;
        }
      }
    }
    const route = `${req.method} ${path}`;
    switch (route) {
      case 'GET /admin':
      case 'GET /admin/state':
        sendJson(res, 200, { url: `http://${host}:${port}/v2`, refusing, ...state.summary() });
        return;
      case 'GET /admin/received':
        sendJson(res, 200, state.receivedDocuments());
        return;
      case 'POST /admin/faults': {
        const mode = body['mode'];
        if (!['none', 'refuse', 'hang', 'http500', 'latency'].includes(String(mode))) {
          sendJson(res, 400, { error: 'mode must be none | refuse | hang | http500 | latency' });
          return;
        }
        const strings = (v: unknown) => (Array.isArray(v) ? v.map(String) : undefined);
        const cfg: FaultConfig = { mode: mode as FaultConfig['mode'] };
        if (typeof body['latencyMs'] === 'number') cfg.latencyMs = body['latencyMs'];
        const services = strings(body['services']);
        const operations = strings(body['operations']);
        if (services) cfg.services = services;
        if (operations) cfg.operations = operations;
        state.faults = cfg;
        // Sockets are closed before the admin answers, so no client reuses a dead keep-alive.
        await applyRefusal();
        sendJson(res, 200, { faults: cfg });
        return;
      }
      case 'POST /admin/reset-faults':
        state.resetFaults();
        await applyRefusal();
        sendJson(res, 200, { faults: state.faults });
        return;
      case 'POST /admin/force-code': {
        const operation = body['operation'];
        const codigo = body['codigo'];
        if (typeof operation !== 'string' || typeof codigo !== 'number') {
          sendJson(res, 400, { error: '{ operation: string, codigo: number, times?: number }' });
          return;
        }
        const times = typeof body['times'] === 'number' ? body['times'] : 1;
        state.forcedCodes.set(operation, { codigo, remaining: times });
        sendJson(res, 200, { operation, codigo, times });
        return;
      }
      case 'POST /admin/reject-files': {
        const numeroArchivo = Array.isArray(body['numeroArchivo']) ? body['numeroArchivo'].map(Number) : undefined;
        const cufs = Array.isArray(body['cufs']) ? body['cufs'].map(String) : typeof body['cuf'] === 'string' ? [body['cuf']] : undefined;
        const codigo = typeof body['codigo'] === 'number' ? body['codigo'] : 1013;
        state.rejectFilesNext = { codigo, ...(numeroArchivo ? { numeroArchivo } : {}), ...(cufs ? { cufs } : {}) };
        sendJson(res, 200, { rejectFilesNext: state.rejectFilesNext });
        return;
      }
      case 'POST /admin/file-numbering': {
        if (body['base'] !== 0 && body['base'] !== 1) {
          sendJson(res, 400, { error: 'base must be 0 or 1' });
          return;
        }
        state.fileNumberBase = body['base'];
        sendJson(res, 200, { base: state.fileNumberBase });
        return;
      }
      case 'POST /admin/clock': {
        if (typeof body['skewMs'] === 'number') state.clockSkewMs = body['skewMs'];
        else if (typeof body['now'] === 'string' || typeof body['now'] === 'number') {
          const d = new Date(body['now']);
          if (Number.isNaN(d.getTime())) {
            sendJson(res, 400, { error: 'invalid now' });
            return;
          }
          state.setClock(d);
        } else {
          sendJson(res, 400, { error: '{ skewMs: number } or { now: ISO string }' });
          return;
        }
        sendJson(res, 200, { now: state.now().toISOString(), skewMs: state.clockSkewMs });
        return;
      }
      case 'POST /admin/expire-cufds':
        sendJson(res, 200, { expired: state.expireAllCufds() });
        return;
      case 'POST /admin/pin-certificate': {
        const nit = body['nit'];
        const certPem = body['certPem'];
        if ((typeof nit !== 'string' && typeof nit !== 'number') || typeof certPem !== 'string') {
          sendJson(res, 400, { error: '{ nit, certPem }' });
          return;
        }
        state.pinCertificate(String(nit), certPem);
        sendJson(res, 200, { nit: String(nit) });
        return;
      }
      case 'POST /admin/accept-before-timeout':
        state.acceptBeforeTimeout = body['enabled'] !== false;
        sendJson(res, 200, { acceptBeforeTimeout: state.acceptBeforeTimeout });
        return;
      case 'POST /admin/nit-status': {
        const status = String(body['status'] ?? '');
        if (!['ACTIVO', 'INACTIVO', 'INEXISTENTE'].includes(status) || body['nit'] === undefined) {
          sendJson(res, 400, { error: '{ nit, status: ACTIVO | INACTIVO | INEXISTENTE }' });
          return;
        }
        state.setNitStatus(String(body['nit']), status);
        sendJson(res, 200, { nit: String(body['nit']), status });
        return;
      }
      case 'POST /admin/branch': {
        // A sucursal added to the padrón, as the SIN's portal does (SIAT has no operation for it).
        const codigo = body['codigoSucursal'];
        const nit = String(body['nit'] ?? TRAINING_TAXPAYER.nit);
        const text = (k: string) => (typeof body[k] === 'string' && (body[k] as string).trim() ? (body[k] as string).trim() : undefined);
        if (typeof codigo !== 'number' || !Number.isInteger(codigo) || codigo < 0 || codigo > 9999) {
          sendJson(res, 400, { error: '{ codigoSucursal: 0–9999, nit?, direccion?, municipio? }' });
          return;
        }
        const tp = state.taxpayer(nit);
        if (!tp) {
          sendJson(res, 404, { error: `unknown NIT ${nit}` });
          return;
        }
        state.addBranch(nit, { codigoSucursal: codigo, direccion: text('direccion') ?? `SUCURSAL ${codigo}`, municipio: text('municipio') ?? tp.municipio });
        sendJson(res, 200, { nit, branches: state.branches(nit) });
        return;
      }
      case 'POST /admin/ambiente': {
        if (body['ambiente'] !== 1 && body['ambiente'] !== 2) {
          sendJson(res, 400, { error: '{ ambiente: 1 | 2 }' });
          return;
        }
        state.ambiente = body['ambiente'];
        sendJson(res, 200, { ambiente: state.ambiente });
        return;
      }
      default:
        sendJson(res, 404, { error: `no admin route ${route}` });
    }
  }

  function route(req: IncomingMessage, res: ServerResponse, adminOnly: boolean): void {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/\/+$/, '');
    const done = (p: Promise<void>) =>
      p.catch((err: unknown) => {
        logger.error(`simulator: ${(err as Error).stack ?? String(err)}`);
        if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
        else res.destroy();
      });
    if (path === '/admin' || path.startsWith('/admin/')) return void done(handleAdmin(req, res, path));
    if (!adminOnly) {
      const m = /^\/v2\/([A-Za-z]+)$/.exec(path);
      if (m) return void done(handleSoap(req, res, m[1]!));
    }
    sendJson(res, 404, { error: 'not found' });
  }

  // ----------------------------------------------------------------------------------
  // Listeners

  const soapServer: Server = createServer((req, res) => route(req, res, false));
  const adminServer: Server = createServer((req, res) => route(req, res, true));
  soapServer.keepAliveTimeout = 5000;
  for (const [server, sockets] of [
    [soapServer, soapSockets],
    [adminServer, adminSockets],
  ] as const) {
    server.on('connection', (s: Socket) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
  }

  function listen(server: Server, p: number): Promise<number> {
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, host, () => {
        server.off('error', reject);
        const addr = server.address();
        resolve(typeof addr === 'object' && addr ? addr.port : p);
      });
    });
  }

  function closeServer(server: Server, sockets: Set<Socket>): Promise<void> {
    return new Promise((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
      sockets.clear();
    });
  }

  /**
   * Unscoped `refuse`: the SOAP listener is closed (clients get ECONNREFUSED, as when SIAT is
   * unreachable) and reopened on the same port when the fault is lifted. The admin port stays.
   */
  async function applyRefusal(): Promise<void> {
    const f = state.faults;
    const shouldRefuse = f.mode === 'refuse' && !f.services?.length && !f.operations?.length;
    if (shouldRefuse && !refusing) {
      refusing = true;
      for (const r of hung) r.destroy();
      await closeServer(soapServer, soapSockets);
      logger.warn(`SOAP port ${port} closed (fault: refuse)`);
    } else if (!shouldRefuse && refusing && !closed) {
      refusing = false;
      await listen(soapServer, port);
      logger.warn(`SOAP port ${port} reopened`);
    }
  }

  port = await listen(soapServer, port);
  const adminPort = await listen(adminServer, options.adminPort ?? 0);
  const url = `http://${host}:${port}/v2`;
  const adminUrl = `http://${host}:${adminPort}/admin`;
  logger.info(`SIAT simulator at ${url} (admin ${adminUrl})`);

  return {
    url,
    port,
    adminUrl,
    adminPort,
    state,
    async close() {
      if (closed) return;
      closed = true;
      for (const r of hung) r.destroy();
      await stopPackageProcessing(state);
      await Promise.all([closeServer(soapServer, soapSockets), closeServer(adminServer, adminSockets)]);
      db.close();
    },
  };
}

export type { SimulatorState } from './state';
