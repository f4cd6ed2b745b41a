// What the engine is once started (Engine: its parts, for the shells, the admin CLI and the
// tests) and what starting it takes besides the settings (EngineDeps: the logger, test hooks and
// timings). engine.ts, the composition root, builds the one from the other.
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Logger } from 'pino';
import type { Store } from '../store/store';
import type { SecretStore } from '../config/secrets';
import type { SiatGateway } from '../cuis-cufd/siat-gateway';
import type { CodesService } from '../cuis-cufd/cuis-cufd-service';
import type { CatalogService } from '../catalogs/catalog-sync';
import type { Scheduler } from './scheduler';
import type { EventBus } from '../events/event-bus';
import type { InvoiceRepository } from '../store/invoices';
import type { InvoicingService } from '../invoicing/issue-invoice';
import type { InvoiceLifecycle } from '../invoicing/invoice-lifecycle';
import type { SignerProvider } from '../invoicing/signer-provider';
import type { ContingencyRepository } from '../store/contingency-events';
import type { ContingencyService } from '../contingency/contingency-service';
import type { ContingencyRecovery } from '../contingency/recovery/runner';
import type { CafcTranscription } from '../contingency/cafc-transcription';
import type { RehearsalControl } from '../api/routes/certification';
import type { SelfCheckResult } from '../certify/self-check/facts';
import type { OnboardingResult } from '../../shared/api/certification';
import type { Backoff } from '../contingency/recovery/context';
import type { ConnectionMonitor } from '../contingency/monitor';
import type { ContingencyStatus } from '../contingency/status';
import type { MassiveEmission } from '../invoicing/massive/massive-emission';
import type { MassiveDeps } from '../invoicing/massive/context';
import type { HeavyWorkGate, HeavyWorkLimits } from '../heavy-work/gate';
import type { StoredDocuments } from '../documents/stored-documents';
import type { SiatSimulator } from '../siat-sim/simulator';
import type { WebhookDispatcher, DispatcherOptions } from '../webhooks/dispatcher';
import type { Tenant } from '../store/tenants';
import type { CashService } from '../cash/cash-service';
import type { PurchaseSender } from '../purchases/package-sender';
import type { CentralPusher, CentralPusherOptions } from '../central-sync/pusher';
import type { WorkerPools } from './worker-pools';

/** The running engine; its worker pools (worker-pools.ts) are among its parts, for the tests to count. */
export interface Engine extends WorkerPools {
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
  recovery: ContingencyRecovery;
  /** Manual CAFC invoices transcribed after events 5–7 (certify runs them too, issue 29). */
  cafc: CafcTranscription;
  /** The SIN inspection's 14 checklist items judged now (issue 29, main/certify/self-check). */
  selfCheck: (tenant: Tenant) => SelfCheckResult;
  /** What is missing to invoice in production (issue 29, main/certify/onboarding.ts). */
  onboarding: (tenant: Tenant) => OnboardingResult;
  monitor: ConnectionMonitor;
  /** For the till status endpoint (main/contingency/status.ts). */
  contingencyStatus: (tenantId: string, posId: string) => ContingencyStatus;
  /** The embedded SIAT simulator (training mode without KIPU_SIAT_URL), else null. */
  simulator: SiatSimulator | null;
  webhooks: WebhookDispatcher;
  /** Cash sessions (issue 17). */
  cash: CashService;
  /** The purchases' own queue to SIAT (issue 14). */
  purchaseSender: PurchaseSender;
  /** Massive emission batches (POST /api/v1/invoices/batch). */
  massive: MassiveEmission;
  /** Turns of the heavy jobs (purchase imports, batches' issuing) between tenants (heavy-work/gate.ts). */
  heavyWork: HeavyWorkGate;
  /** Replication to Kipu Central (KIPU_CENTRAL_URL), else null. */
  centralPusher: CentralPusher | null;
  /** Issued invoices' files as the public downloads serve them; `renders` counts real renders. */
  documents: StoredDocuments;
  close(): Promise<void>;
}

export interface EngineDeps {
  logger: Logger;
  now?: () => Date;
  /** Serve the built renderer at / (default: when dist/renderer exists). */
  rendererDir?: string | null;
  /** Registers extra routes before listening (tests use it to add a slow route). */
  beforeListen?: (app: FastifyInstance) => void;
  /** Sees every route as it is registered, with its schemas (the route contract's test). */
  routeRegistered?: (route: RouteOptions) => void;
  /** Secret store (desktop: encrypted with the OS keystore's master key). */
  secrets?: SecretStore;
  /** SIAT client time-outs (tests shorten them). */
  siatTimeouts?: { saleMs?: number; defaultMs?: number; packageMs?: number };
  /** Every SIAT call goes through it (certify keeps each request and answer as evidence, issue 29). */
  siatFetch?: typeof fetch;
  /**
   * Training: load the demo store (≈200 products, clients, a printer preset) into the demo tenant
   * the first time (default true; the test fixture turns it off so each test starts empty).
   */
  demoStore?: boolean;
  /** Run the background scheduler (default true). */
  scheduler?: boolean;
  /**
   * The training rehearsal «Autorización SIN» starts (main/certify/rehearsal.ts), given by the
   * process that starts the engine: the run it hosts imports the engine, so the engine cannot
   * import it. Absent: POST /api/v1/certification/rehearsal answers 409.
   */
  rehearsals?: (engine: () => Engine, dataDir: string) => RehearsalControl & { stop(): Promise<void> };
  /** How often unsettled online invoices are swept up and sent again, checked first (default 30 s). */
  sweepMs?: number;
  /** How long start-up waits for catalogs, clock and CUFDs before listening (default 15 s). */
  readyWaitMs?: number;
  /**
   * Contingency timings (tests shorten them): SIAT probe back-off, recovery retry back-off, package
   * polling; the longest gap between probes while sales wait (default 15 s), SIAT's processing
   * window after an online send gave up (default 2 min, invoicing/online-outcome.ts), and how long
   * a package validation polls 901 before its event is set aside (default 15 min).
   */
  contingency?: { probe?: Backoff; retry?: Backoff; poll?: Backoff; probeTimeoutMs?: number; busyProbeCapMs?: number; settleWindowMs?: number; validationWaitMs?: number };
  /** Purchase queue timings (tests shorten them). */
  purchases?: { pollMs?: number; retryMs?: { initial: number; max: number } };
  /** Massive emission timings (tests shorten them): retry back-off, polling of validacionRecepcionMasivaFactura. */
  /** onStep: test hook, called after each persisted step of a batch; stepLots: how a step's invoices are stored (massive/context.ts). */
  massive?: { retry?: Backoff; poll?: Backoff; onStep?: MassiveDeps['onStep']; stepLots?: MassiveDeps['stepLots'] };
  /** Test hook: the heavy-work gate's limits (heavy-work/gate.ts HEAVY_WORK_LIMITS by default). */
  heavyWork?: HeavyWorkLimits;
  /** Webhook dispatcher timings (tests shorten them); allowPrivate and ca come from the settings. */
  webhooks?: Pick<DispatcherOptions, 'intervalMs' | 'timeoutMs' | 'retryBaseMs' | 'maxAttempts'>;
  /** Kipu Central pusher timings (tests shorten them). */
  central?: Pick<CentralPusherOptions, 'batchSize' | 'idleMs' | 'heartbeatMs' | 'catalogMs' | 'backoff' | 'timeoutMs'>;
}
