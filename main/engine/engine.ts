// Composition root: start(settings) wires the store, SIAT, the services and the API.
// One engine, one API, two shells (Electron and browser mode) — DESIGN.md, Processes.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineSettings } from '../config/settings';
import { appRoot, rendererDir } from '../config/paths';
import { openStore, type Store } from '../store/store';
import { buildApi } from '../api/server';
import { posRoutes } from '../api/routes/pos';
import { publicRoutes } from '../api/routes/public';
import { ensureTrainingTenant, DEFAULT_DEMO_API_KEY } from './training';

export interface Engine {
  url: string;
  port: number;
  store: Store;
  app: FastifyInstance;
  training: boolean;
  /** The demo tenant's key in training mode, else null. */
  demoApiKey: string | null;
  close(): Promise<void>;
}

export interface EngineDeps {
  logger: Logger;
  now?: () => Date;
  /** Serve the built renderer at / (default: when dist/renderer exists). */
  rendererDir?: string | null;
  /** Registers extra routes before listening (tests use it to add a slow route). */
  beforeListen?: (app: FastifyInstance) => void;
}

export function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(appRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

export async function startEngine(settings: EngineSettings, deps: EngineDeps): Promise<Engine> {
  const { logger } = deps;
  const store = openStore(settings.dataDir, deps.now ? { now: deps.now } : {});
  if (store.backupPath) logger.info({ backup: store.backupPath }, 'database migrated; backup copy written');

  let demoApiKey: string | null = null;
  if (settings.training) {
    demoApiKey = settings.demoApiKey ?? DEFAULT_DEMO_API_KEY;
    ensureTrainingTenant(store, demoApiKey);
  }

  let baseUrl = '';
  const app = await buildApi({
    store,
    logger,
    rateLimitPerMinute: settings.rateLimitPerMinute,
    training: settings.training,
    version: appVersion(),
    rendererDir: deps.rendererDir === undefined ? rendererDir() : deps.rendererDir,
    publicBaseUrl: () => settings.publicUrl ?? baseUrl,
  });
  posRoutes(app, { store });
  publicRoutes(app, { store, training: settings.training, demoApiKey, version: appVersion() });

  deps.beforeListen?.(app);
  try {
    await app.listen({ host: settings.host, port: settings.port });
  } catch (err) {
    store.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  baseUrl = `http://${host}:${port}`;

  let closing: Promise<void> | null = null;
  return {
    url: baseUrl,
    port,
    store,
    app,
    training: settings.training,
    demoApiKey,
    close: () =>
      (closing ??= (async () => {
        // In-flight requests finish (Fastify close waits for them); then the database closes.
        await app.close();
        store.close();
      })()),
  };
}
