// The SIAT simulator: SOAP 1.1 services under /v2/<Servicio> that follow the contract
// (CONTRACT.md) and answer with SIAT's codes and texts (soap-server.ts), plus a JSON admin API
// (/admin, admin-api.ts) for fault injection and inspection. Training mode of the product and
// the test double of the SIAT client. This file opens the database and the two listeners;
// node:http directly: fault injection needs control of sockets (README).
// Runs in: SIAT simulator (its own process via cli.ts, or embedded by the engine / tests).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { openSimDatabase } from './db';
import { seedSimulator } from './seed';
import { SimulatorState } from './state';
import { stopPackageProcessing } from './handlers/recepcion';
import { createSoapService } from './soap-server';
import { createAdminApi } from './admin-api';
import { randomBytes } from 'node:crypto';
import { sendJson } from './http-io';
import { silentLogger, type SimLogger } from './logger';
import { TRAINING_TAXPAYER } from './training-taxpayer';
import { warmUpInvoiceXsd } from '../xml-schema/invoice-xsd';
import { trimEndChars } from '../../shared/trim-end';

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

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/** Why an admin request is refused (Host not loopback nor the listening host, a POST not JSON), or null. */
export function adminRequestProblem(req: Pick<IncomingMessage, 'method' | 'headers'>, listenHost: string): string | null {
  const hostHeader = req.headers.host ?? '';
  const own = hostHeader.replace(/:\d+$/, '') === listenHost;
  if (!LOOPBACK_HOST.test(hostHeader) && !own) return `admin API: Host ${hostHeader || '(none)'} refused (loopback only)`;
  if (req.method === 'POST' && !/^application\/json\s*(?:;|$)/i.test(req.headers['content-type'] ?? '')) return 'admin API: POST bodies must be application/json';
  return null;
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
  let port = options.port ?? 0;
  let refusing = false;
  let closed = false;

  const soap = createSoapService({ state, logger, baseUrl: () => `http://${host}:${port}/v2` });
  const admin = createAdminApi({ state, soapUrl: () => `http://${host}:${port}/v2`, refusing: () => refusing, applyRefusal });

  // The admin API can expire CUFDs and close the SOAP port: only its holder may call it (issue 26,
  // finding 11). Its path carries a token made at each start (adminUrl); it answers only to a
  // loopback Host (or the host it listens on: no DNS rebinding), and a POST must be JSON, which a
  // cross-site page cannot send without a CORS preflight the simulator never grants.
  const adminToken = randomBytes(16).toString('hex');
  const adminPrefix = `/${adminToken}`;

  /** The admin API answers on both ports; the SOAP services only on the SOAP port. */
  function route(req: IncomingMessage, res: ServerResponse, adminOnly: boolean): void {
    let path = trimEndChars(new URL(req.url ?? '/', 'http://x').pathname, '/');
    const admitted = path.startsWith(`${adminPrefix}/admin`);
    if (admitted) path = path.slice(adminPrefix.length);
    if (path === '/admin' || path.startsWith('/admin/')) {
      const refusal = !admitted ? 'admin API: use the URL printed at start (it carries a token)' : adminRequestProblem(req, host);
      if (refusal) return void sendJson(res, admitted ? 403 : 404, { error: refusal });
    }
    const done = (p: Promise<void>) =>
      p.catch((err: unknown) => {
        logger.error(`simulator: ${(err as Error).stack ?? String(err)}`);
        if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
        else res.destroy();
      });
    if (admitted && (path === '/admin' || path.startsWith('/admin/'))) return void done(admin(req, res, path));
    if (!adminOnly) {
      const m = /^\/v2\/([A-Za-z]+)$/.exec(path);
      if (m) return void done(soap.handle(req, res, m[1]!));
    }
    sendJson(res, 404, { error: 'not found' });
  }

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
    const shouldRefuse = state.faults.refusesEverything();
    if (shouldRefuse && !refusing) {
      refusing = true;
      soap.abortHung();
      await closeServer(soapServer, soapSockets);
      logger.warn(`SOAP port ${port} closed (fault: refuse)`);
    } else if (!shouldRefuse && refusing && !closed) {
      refusing = false;
      await listen(soapServer, port);
      logger.warn(`SOAP port ${port} reopened`);
    }
  }

  // Before the first reception can arrive: the XSD validator's one-off load (invoice-xsd.ts).
  await warmUpInvoiceXsd();
  port = await listen(soapServer, port);
  const adminPort = await listen(adminServer, options.adminPort ?? 0);
  const url = `http://${host}:${port}/v2`;
  const adminUrl = `http://${host}:${adminPort}${adminPrefix}/admin`;
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
      soap.abortHung();
      await stopPackageProcessing(state);
      await Promise.all([closeServer(soapServer, soapSockets), closeServer(adminServer, adminSockets)]);
      db.close();
    },
  };
}
