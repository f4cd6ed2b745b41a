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
import { productRoutes } from '../api/routes/products';
import { codesRoutes } from '../api/routes/codes';
import { ensureTrainingTenant, DEFAULT_DEMO_API_KEY } from './training';
import { FileSecretStore, type SecretStore } from '../config/secrets';
import { SiatGateway } from '../codes/siat-gateway';
import { CodesService } from '../codes/codes-service';
import { CatalogService } from '../catalogs/catalog-sync';
import { Scheduler } from './scheduler';
import { EventBus } from './event-bus';
import { InvoiceRepository } from '../store/invoices';
import { InvoicingService } from '../invoicing/issue-invoice';
import { InvoiceLifecycle } from '../invoicing/invoice-lifecycle';
import { SignerProvider } from '../invoicing/signer-provider';
import { ContingencyRepository } from '../contingency/events-repository';
import { ContingencyService } from '../contingency/contingency-service';
import { invoiceRoutes } from '../api/routes/invoices';
import { startSiatSimulator, type SiatSimulator } from '../siat-sim/server';
import { TRAINING_TAXPAYER } from '../siat-sim/training-taxpayer';

export interface Engine {
  url: string;
  port: number;
  store: Store;
  app: FastifyInstance;
  training: boolean;
  /** The demo tenant's key in training mode, else null. */
  demoApiKey: string | null;
  gateway: SiatGateway;
  codes: CodesService;
  catalogs: CatalogService;
  scheduler: Scheduler;
  bus: EventBus;
  invoices: InvoiceRepository;
  invoicing: InvoicingService;
  lifecycle: InvoiceLifecycle;
  signers: SignerProvider;
  contingencyEvents: ContingencyRepository;
  contingency: ContingencyService;
  /** The embedded SIAT simulator (training mode without KIPU_SIAT_URL), else null. */
  simulator: SiatSimulator | null;
  close(): Promise<void>;
}

export interface EngineDeps {
  logger: Logger;
  now?: () => Date;
  /** Serve the built renderer at / (default: when dist/renderer exists). */
  rendererDir?: string | null;
  /** Registers extra routes before listening (tests use it to add a slow route). */
  beforeListen?: (app: FastifyInstance) => void;
  /** Secret store (desktop: encrypted with the OS keystore's master key). */
  secrets?: SecretStore;
  /** SIAT client time-outs (tests shorten them). */
  siatTimeouts?: { saleMs?: number; defaultMs?: number; packageMs?: number };
  /** Run the background scheduler (default true). */
  scheduler?: boolean;
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

  const now = deps.now ?? (() => new Date());
  let demoApiKey: string | null = null;
  let trainingTenantId: string | null = null;
  if (settings.training) {
    demoApiKey = settings.demoApiKey ?? DEFAULT_DEMO_API_KEY;
    trainingTenantId = ensureTrainingTenant(store, demoApiKey).id;
  }

  // Training without KIPU_SIAT_URL: the embedded simulator on a free loopback port.
  let simulator: SiatSimulator | null = null;
  if (settings.training && settings.siatUrl === null) {
    simulator = await startSiatSimulator({ port: 0, dataDir: join(settings.dataDir, 'siat-sim'), logger });
  }
  const siatUrl = simulator?.url ?? settings.siatUrl!;
  const secrets = deps.secrets ?? new FileSecretStore(join(settings.dataDir, 'secrets.json'));
  const gateway = new SiatGateway({
    baseUrl: siatUrl,
    defaultToken: settings.siatToken ?? (settings.training ? TRAINING_TAXPAYER.token : null),
    secrets,
    ...(deps.siatTimeouts ? { timeouts: deps.siatTimeouts } : {}),
  });
  const codes = new CodesService({ db: store.db, settings: store.settings, gateway, now });
  const catalogs = new CatalogService(store.db, gateway, codes, now);
  const bus = new EventBus();
  const invoices = new InvoiceRepository(store.db, now);
  const signers = new SignerProvider(store.settings, secrets, now);
  const contingencyEvents = new ContingencyRepository(store.db, now);
  const contingency = new ContingencyService(contingencyEvents, codes, bus);
  const invoicing = new InvoicingService({ db: store.db, invoices, codes, catalogs, gateway, signers, bus, contingency, now });
  const lifecycle = new InvoiceLifecycle({ invoices, codes, gateway, catalogs, bus, now });
  const scheduler = new Scheduler({ store, codes, catalogs, logger, now, alwaysSync: () => (trainingTenantId ? [trainingTenantId] : []) });

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
  productRoutes(app, { store });
  codesRoutes(app, { store, codes, catalogs, gateway });
  invoiceRoutes(app, { store, invoices, invoicing, lifecycle, publicBaseUrl: () => settings.publicUrl ?? baseUrl });
  publicRoutes(app, { store, training: settings.training, demoApiKey, version: appVersion() });

  deps.beforeListen?.(app);
  try {
    await app.listen({ host: settings.host, port: settings.port });
  } catch (err) {
    store.close();
    await simulator?.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  baseUrl = `http://${host}:${port}`;

  if (deps.scheduler !== false) {
    scheduler.start();
    // First pass right away (training: catalogs and a CUFD ready for the first sale).
    void scheduler.tick();
  }

  let closing: Promise<void> | null = null;
  return {
    url: baseUrl,
    port,
    store,
    app,
    training: settings.training,
    demoApiKey,
    gateway,
    codes,
    catalogs,
    scheduler,
    bus,
    invoices,
    invoicing,
    lifecycle,
    signers,
    contingencyEvents,
    contingency,
    simulator,
    close: () =>
      (closing ??= (async () => {
        // In-flight requests finish (Fastify close waits for them); then the database closes.
        await app.close();
        await scheduler.stop();
        store.close();
        await simulator?.close();
      })()),
  };
}
