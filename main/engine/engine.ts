// Composition root: start(settings) wires the store, SIAT, the services and the API.
// One engine, one API, two shells (Electron and browser mode) — DESIGN.md, Processes. What the
// engine is and what starting it takes: engine-types.ts; its worker threads: worker-pools.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineSettings } from '../config/settings';
import { appVersion, rendererDir, secureDataDir } from '../config/paths';
import { lockDataDir } from '../store/data-dir-lock';
import { openStore } from '../store/store';
import { buildApi } from '../api/server';
import { posRoutes } from '../api/routes/pos';
import { publicRoutes } from '../api/routes/public';
import { productRoutes } from '../api/routes/products';
import { codesRoutes } from '../api/routes/tax-codes';
import { aiRoutes } from '../api/routes/ai';
import { addToSimulatedPadron, ensureTrainingTenant, DEFAULT_DEMO_API_KEY } from './training';
import { FileSecretStore } from '../config/secrets';
import { SiatGateway } from '../cuis-cufd/siat-gateway';
import { CodesService } from '../cuis-cufd/cuis-cufd-service';
import { CatalogService } from '../catalogs/catalog-sync';
import { Scheduler } from './scheduler';
import { EventBus } from '../events/event-bus';
import { loadDocumentCheck } from '../invoicing/document-check';
import { warmUpInvoiceXsd } from '../xml-schema/invoice-xsd';
import { InvoicingService, NIT_POLICY_SETTING, type NitInvalidPolicy } from '../invoicing/issue-invoice';
import { NitVerdicts } from '../cuis-cufd/nit-verdicts';
import { InvoiceLifecycle } from '../invoicing/invoice-lifecycle';
import { SignerProvider } from '../invoicing/signer-provider';
import { ContingencyService } from '../contingency/contingency-service';
import { ContingencyRecovery } from '../contingency/recovery/runner';
import { CafcTranscription } from '../contingency/cafc-transcription';
import { loadDemoStore } from '../training/demo-store';
import { demoStoreRoutes } from '../api/routes/demo-store';
import { cafcRoutes } from '../api/routes/cafc';
import { certificationRoutes } from '../api/routes/certification';
import { runSelfCheck } from '../certify/self-check/facts';
import { onboardingResult, startOperations } from '../certify/onboarding';
import { ConnectionMonitor } from '../contingency/monitor';
import { makeContingencyStatus } from '../contingency/status';
import { eventsRoutes } from '../api/routes/events';
import { invoiceRoutes } from '../api/routes/invoices';
import { batchRoutes } from '../api/routes/batch';
import { MassiveEmission } from '../invoicing/massive/massive-emission';
import { HeavyWorkGate } from '../heavy-work/gate';
import { LocalObjectStore } from '../storage/local-object-store';
import { BrandLogos } from '../storage/brand-logo';
import type { SealStepJob } from '../invoicing/massive/seal-step';
import type { AnswerRead } from '../siat/answer-read';
import type { ReadArchivo } from '../purchases/consulta-archivo';
import { InvoiceDocuments } from '../documents/invoice-documents';
import { StoredDocuments } from '../documents/stored-documents';
import { SmtpSettings } from '../mail/smtp-config';
import { downloadRoutes } from '../api/routes/downloads';
import { storageRoutes } from '../api/routes/storage';
import { mailRoutes } from '../api/routes/mail';
import { printingRoutes } from '../api/routes/printing';
import { VirtualPrinter } from '../printing/virtual-printer';
import { startSiatSimulator, type SiatSimulator } from '../siat-sim/simulator';
import { TRAINING_TAXPAYER } from '../siat-sim/training-taxpayer';
import { tillRoutes } from '../api/routes/till';
import { settingsRoutes, siatUrlOf } from '../api/routes/settings';
import { ConnectivityTracker } from '../till/connectivity';
import { WebhookDispatcher } from '../webhooks/dispatcher';
import { WebhookEndpoints } from '../webhooks/endpoints-service';
import { webhookRoutes } from '../api/routes/webhooks';
import { envelopeStyleRoutes } from '../api/routes/envelope-style';
import { PointOfSaleRegistration } from '../points-of-sale/registration';
import type { BranchOffice } from '../store/branches';
import type { Tenant } from '../store/tenants';
import { CashService } from '../cash/cash-service';
import { cashRoutes } from '../api/routes/cash';
import { tillUserRoutes } from '../api/routes/till-users';
import { parkedSaleRoutes } from '../api/routes/parked-sales';
import { TillPeople } from '../till-users/till-people';
import { PurchaseSender } from '../purchases/package-sender';
import { PurchaseRegister } from '../purchases/purchase-register';
import { MonthlyBooks } from '../books/monthly-books';
import { purchaseRoutes, pageShoppingRoutes } from '../api/routes/purchases';
import { bookRoutes } from '../api/routes/books';
import { CentralPusher } from '../central-sync/pusher';
import { ClockWatch } from '../cuis-cufd/clock-watch';
import { closeWorkerPools, openCertificateOn, packOn, startWorkerPools } from './worker-pools';
import type { Engine, EngineDeps } from './engine-types';

/** How often online invoices left without a stored verdict are looked for (and how old they must be). */
const SWEEP_MS = 30_000;

/** The longest start-up waits for what the first sale needs (prepareForSale) before listening. */
const READY_WAIT_MS = 15_000;
/** The same for a till that can already sell: only SIAT's clock is measured, briefly. */
const READY_WAIT_SELLING_MS = 3_000;

/** Resolves when `p` settles or after `ms`, whichever comes first; never rejects. */
function withinMs(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([p.then(() => undefined, () => undefined), bound]).finally(() => clearTimeout(timer));
}

export async function startEngine(settings: EngineSettings, deps: EngineDeps): Promise<Engine> {
  // A start that fails half-way closes what it opened (a listening simulator kept the process alive).
  const opened: (() => unknown)[] = [];
  try {
    return await assemble(settings, deps, (close) => opened.unshift(close));
  } catch (err) {
    for (const close of opened) await (async () => close())().catch(() => undefined);
    throw err;
  }
}

async function assemble(settings: EngineSettings, deps: EngineDeps, onFailure: (close: () => unknown) => void): Promise<Engine> {
  const { logger } = deps;
  // Owner-only data (issue 19, finding 10), held by this engine alone (store/data-dir-lock.ts).
  secureDataDir(settings.dataDir);
  const lock = lockDataDir(settings.dataDir);
  onFailure(() => lock.release());
  const store = openStore(settings.dataDir, deps.now ? { now: deps.now } : {});
  onFailure(() => store.close());
  if (store.backupPath) logger.info({ backup: store.backupPath }, 'database migrated; backup copy written');
  const now = deps.now ?? (() => new Date());
  let demoApiKey: string | null = null;
  let trainingTenantId: string | null = null;
  if (settings.training) {
    demoApiKey = settings.demoApiKey ?? DEFAULT_DEMO_API_KEY;
    trainingTenantId = ensureTrainingTenant(store, demoApiKey).id;
    if (deps.demoStore !== false) loadDemoStore(store, trainingTenantId, now);
  }

  // Training without KIPU_SIAT_URL: the embedded simulator on a free loopback port.
  let simulator: SiatSimulator | null = null;
  if (settings.training && settings.siatUrl === null) {
    const sim = (simulator = await startSiatSimulator({ port: 0, dataDir: join(settings.dataDir, 'siat-sim'), logger }));
    onFailure(() => sim.close());
  }
  const siatUrl = simulator?.url ?? settings.siatUrl!;
  // Every document is checked against its XSD and its signature before it is stored.
  await loadDocumentCheck();
  const secrets = deps.secrets ?? new FileSecretStore(join(settings.dataDir, 'secrets.json'));
  // CPU-bound work on worker threads (issue 25): every pool, sized in worker-pools.ts.
  const pools = startWorkerPools();
  onFailure(() => closeWorkerPools(pools));
  const { siatReaders, packWorkers, batchSealers, batchIntakes, certificateWorkers, renderWorkers, importWorkers } = pools;
  const gateway = new SiatGateway({
    baseUrl: siatUrl,
    defaultToken: settings.siatToken ?? (settings.training ? TRAINING_TAXPAYER.token : null),
    secrets,
    urlFor: (tenantId) => siatUrlOf(store, tenantId),
    ...(deps.siatTimeouts ? { timeouts: deps.siatTimeouts } : {}),
    readLarge: async (tenantId, answer) => (await siatReaders.run(tenantId, { answer })) as AnswerRead,
    ...(deps.siatFetch ? { fetchImpl: deps.siatFetch } : {}),
  });
  const codes = new CodesService({ codes: store.codes, settings: store.settings, gateway, now });
  const catalogs = new CatalogService(store.catalogs, gateway, codes, now);
  const bus = new EventBus();
  const invoices = store.invoices;
  const signers = new SignerProvider(store.settings, secrets, now);
  const contingencyEvents = store.contingency;
  const contingency = new ContingencyService(contingencyEvents, codes, bus, store);
  const cash = new CashService({ store, catalogs, training: settings.training, now });
  const nits = new NitVerdicts(codes, store.clients, now);
  const invoicing = new InvoicingService({
    store,
    invoices,
    codes,
    catalogs,
    gateway,
    signers,
    bus,
    contingency,
    cash,
    nits,
    clients: store.clients,
    nitPolicy: (tenantId) => (store.settings.get<NitInvalidPolicy>(tenantId, NIT_POLICY_SETTING) === 'exception' ? 'exception' : 'ask'),
    ...(settings.siatInFlight ? { inFlightPerPos: settings.siatInFlight } : {}),
    onBackgroundError: (err, inv) => logger.error({ err, invoiceId: inv.id }, 'envío en segundo plano al SIAT falló'),
    now,
  });
  const pack = packOn(packWorkers);
  const ct = deps.contingency ?? {};
  const recovery = new ContingencyRecovery({
    store,
    repo: contingencyEvents,
    invoices,
    invoicing,
    codes,
    gateway,
    bus,
    logger,
    ...(ct.retry ? { retry: ct.retry } : {}),
    ...(ct.poll ? { poll: ct.poll } : {}),
    ...(ct.settleWindowMs !== undefined ? { settleWindowMs: ct.settleWindowMs } : {}),
    ...(ct.validationWaitMs ? { validationWaitMs: ct.validationWaitMs } : {}),
    pack,
  });
  const monitor = new ConnectionMonitor({
    store,
    repo: contingencyEvents,
    contingency,
    gateway,
    bus,
    recovery,
    logger,
    // Issue 32: leave contingency only when a real send works; probe faster while sales wait.
    trialSend: async (tenant, pos, invoiceId) => {
      const inv = invoices.byId(tenant.id, invoiceId);
      return inv ? invoicing.submitter.trialSend(tenant, pos, inv) : 'no-answer';
    },
    salesWaiting: (tenantId, posId) => invoices.countWaitingForSiat({ tenantId, posId }) > 0,
    ...(ct.probe ? { backoff: ct.probe } : {}),
    ...(ct.probeTimeoutMs ? { probeTimeoutMs: ct.probeTimeoutMs } : {}),
    ...(ct.busyProbeCapMs ? { busyProbeCapMs: ct.busyProbeCapMs } : {}),
  });
  contingency.onEventEnded = (e) => void recovery.kick(e.tenantId, e.posId);
  const cafc = new CafcTranscription({ store, invoices, repo: contingencyEvents, codes, catalogs, signers, bus, recover: (t, p) => void recovery.kick(t, p), now });
  const contingencyStatus = makeContingencyStatus({ invoices, repo: contingencyEvents, recovery });
  const ms = deps.massive ?? {};
  const heavyWork = new HeavyWorkGate(deps.heavyWork);
  const sealStep = (tenantId: string, job: SealStepJob) => batchSealers.run(tenantId, job);
  const massive = new MassiveEmission({ store, batches: store.batches, invoices, codes, catalogs, gateway, signers, bus, logger, now, heavyWork, pack, sealStep, ...(ms.retry ? { retry: ms.retry } : {}), ...(ms.poll ? { poll: ms.poll } : {}), ...(ms.onStep ? { onStep: ms.onStep } : {}), ...(ms.stepLots ? { stepLots: ms.stepLots } : {}) });
  const lifecycle = new InvoiceLifecycle({ invoices, codes, gateway, catalogs, bus, transaction: store.transaction, now });
  const clock = new ClockWatch({ codes, bus, logger, now, tenant: (id) => store.tenants.byId(id), pointOfSale: (t, id) => store.pointsOfSale.byId(t, id) });
  clock.start();
  const scheduler = new Scheduler({ store, codes, catalogs, clock, bus, signers, logger, now, alwaysSync: () => (trainingTenantId ? [trainingTenantId] : []), training: settings.training });

  let baseUrl = '';
  const people = new TillPeople({ store, bus, training: settings.training, now });
  const app = await buildApi({
    people,
    store,
    logger,
    rateLimitPerMinute: settings.rateLimitPerMinute,
    publicRateLimitPerMinute: settings.publicRateLimitPerMinute,
    allowedHosts: settings.allowedHosts,
    trustProxy: settings.trustProxy,
    training: settings.training,
    demoApiKey,
    version: appVersion(),
    rendererDir: deps.rendererDir === undefined ? rendererDir() : deps.rendererDir,
    publicBaseUrl: () => settings.publicUrl ?? baseUrl,
    ...(deps.routeRegistered ? { routeRegistered: deps.routeRegistered } : {}),
  });
  onFailure(() => app.close());
  const registration = new PointOfSaleRegistration({ pointsOfSale: store.pointsOfSale, registrations: store.posRegistrations, branches: store.branches, invoices, contingency: contingencyEvents, codes, gateway, transaction: store.transaction });
  posRoutes(app, { store, registration });
  productRoutes(app, { store });
  codesRoutes(app, { store, codes, catalogs, gateway, nits });
  aiRoutes(app, { store, catalogs, corpusDir: settings.aiCorpusDir, dataDir: settings.dataDir });
  invoiceRoutes(app, { store, invoices, invoicing, lifecycle, catalogs, publicBaseUrl: () => settings.publicUrl ?? baseUrl });
  batchRoutes(app, { store, massive, catalogs, readBatch: (tenantId, job) => batchIntakes.run(tenantId, job, [job.body.buffer as ArrayBuffer]) });
  eventsRoutes(app, { store, contingency, repo: contingencyEvents, catalogs });
  cafcRoutes(app, { store, repo: contingencyEvents, cafc });
  demoStoreRoutes(app, { store, training: settings.training, now });
  publicRoutes(app, { store, training: settings.training, demoApiKey, version: appVersion() });
  // SIAT reachability for the till's status bar: bus events plus a periodic probe (any tenant's credentials will do).
  const connectivity = new ConnectivityTracker({
    bus,
    probe: async () => {
      const tenant = (trainingTenantId ? store.tenants.byId(trainingTenantId) : null) ?? store.tenants.list().find((t) => !t.training);
      if (tenant) await gateway.client(tenant).codigos.verificarComunicacion({ timeoutMs: 5000 });
    },
  });
  // Assigned once the engine listens (below); the status reads it on each request.
  let centralPusher: CentralPusher | null = null;
  tillUserRoutes(app, { store, people });
  parkedSaleRoutes(app, { store, now });
  tillRoutes(app, { store, bus, invoices, contingencyEvents, contingencyStatus, connectivity, training: settings.training, central: () => centralPusher?.status() ?? null });
  const openCertificate = openCertificateOn(certificateWorkers);
  settingsRoutes(app, { store, secrets, gateway, signers, training: settings.training, now, openCertificate });
  // Documents, object storage, e-mail and printing (docs/documents.md).
  const objects = new LocalObjectStore(join(settings.dataDir, 'objects'));
  const logos = new BrandLogos(store.settings, objects, now);
  const documents = new InvoiceDocuments({ tenants: store.tenants, catalogs, logos, payments: store.cash, reissues: invoices, workers: renderWorkers });
  const smtp = new SmtpSettings(store.settings, secrets, { url: settings.smtpUrl, from: settings.smtpFrom });
  // Public downloads are rendered once and then served from the store (issue 25).
  const storedDocuments = new StoredDocuments({ renderer: documents, files: store.renderedDocuments, appVersion: appVersion() });
  downloadRoutes(app, { invoices, documents: storedDocuments });
  storageRoutes(app, { objects, logos, publicBaseUrl: () => settings.publicUrl ?? baseUrl });
  mailRoutes(app, { invoices, documents, stored: storedDocuments, smtp, publicBaseUrl: () => settings.publicUrl ?? baseUrl, tenantSmtpAllowPrivate: settings.smtpAllowPrivate });
  const selfCheck = (tenant: Tenant) => runSelfCheck({ store, catalogs, codes, smtp, publicUrl: settings.publicUrl, automaticContingency: deps.scheduler !== false }, tenant);
  const onboardingDeps = { store, catalogs, codes, gateway, signers };
  const onboarding = (tenant: Tenant) => onboardingResult(onboardingDeps, tenant);
  // Bound once the engine object exists (below): a rehearsal runs on the whole engine.
  let self: Engine | null = null;
  const rehearsals = deps.rehearsals?.(() => self!, settings.dataDir) ?? null;
  certificationRoutes(app, {
    rehearsals,
    store,
    selfCheck,
    onboarding,
    startOperations: (tenant) => startOperations(onboardingDeps, tenant),
    seguimiento: (tenant) => (simulator && tenant.training ? simulator.state.seguimiento.of(tenant.nit) : null),
  });
  // The virtual printer's folder is fixed here, never by a request (issue 24, item 7).
  const virtualPrinter = new VirtualPrinter(settings.dataDir, now);
  printingRoutes(app, {
    settings: store.settings,
    invoices,
    documents,
    allowLoopback: settings.printerAllowLoopback,
    paidInCash: (t, inv) => cash.paidInCash(t, inv),
    virtualPrinter,
    training: settings.training,
  });
  cashRoutes(app, { store, cash, allowLoopback: settings.printerAllowLoopback, virtualPrinter, training: settings.training });
  const sim = simulator;
  envelopeStyleRoutes(app, {
    store,
    invoices,
    invoicing,
    lifecycle,
    documents: storedDocuments,
    publicBaseUrl: () => settings.publicUrl ?? baseUrl,
    now,
    secrets,
    catalogs,
    // Training: a new branch goes into the simulated padrón too (as the SIN's portal), so a trainee can use it.
    ...(sim ? { onBranchCreated: (tenant: Tenant, b: BranchOffice) => addToSimulatedPadron(sim, tenant, b, logger) } : {}),
  });
  // Purchase register and monthly books (issue 14): their own queue, never the sales path.
  const purchaseSender = new PurchaseSender({
    purchases: store.purchases,
    tenants: store.tenants,
    gateway,
    codes,
    pointsOfSale: store.pointsOfSale,
    logger,
    now,
    // Its packages (≤ 500 registroCompra) are packed on the pack worker too (issue 25).
    pack,
    ...(deps.purchases?.pollMs ? { pollMs: deps.purchases.pollMs } : {}),
    ...(deps.purchases?.retryMs ? { retryMs: deps.purchases.retryMs } : {}),
  });
  const purchaseRegister = new PurchaseRegister({ purchases: store.purchases, tenants: store.tenants, sender: purchaseSender, gateway, codes, pointsOfSale: store.pointsOfSale, codesNow: (t) => codes.siatNow(t), readArchivo: async (tenantId, bytes) => (await siatReaders.run(tenantId, { archivo: bytes })) as ReadArchivo });
  purchaseRoutes(app, { store, purchases: store.purchases, register: purchaseRegister, sender: purchaseSender, heavyWork, readImport: (tenantId, job) => importWorkers.run(tenantId, job) });
  pageShoppingRoutes(app, { purchases: store.purchases });
  bookRoutes(app, { books: new MonthlyBooks(store.books, store.purchases), logger });
  // Webhooks (seed: Events): endpoints in SQLite, secrets in the secret store.
  const webhookRepo = store.webhooks;
  const webhookCa = settings.webhookCaFile ? readFileSync(settings.webhookCaFile, 'utf8') : null;
  const webhooks = new WebhookDispatcher({ repo: webhookRepo, secrets, bus, logger, now, allowPrivate: settings.webhookAllowPrivate, ca: webhookCa, ...deps.webhooks });
  webhookRoutes(app, { repo: webhookRepo, dispatcher: webhooks, endpoints: new WebhookEndpoints({ repo: webhookRepo, secrets, allowPrivate: settings.webhookAllowPrivate }) });

  deps.beforeListen?.(app);
  // Don't listen before the till can sell (issue 32, item 7): catalogs, SIAT's clock, a CUFD per open
  // point of sale. Bounded: a till that can already sell waits briefly (a restart in an outage opens
  // at once), one that cannot waits longer; with SIAT unreachable the scheduler keeps trying.
  if (deps.scheduler !== false) await withinMs(scheduler.prepareForSale(), deps.readyWaitMs ?? (scheduler.readyToSell() ? READY_WAIT_SELLING_MS : READY_WAIT_MS));
  await app.listen({ host: settings.host, port: settings.port });
  // Compra-venta's schemas compile now (about 0.4 s once), not inside the first sale's commit.
  setImmediate(() => void warmUpInvoiceXsd());
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  baseUrl = `http://${host}:${port}`;

  // Offline-first (DESIGN.md): probe SIAT for automatic events; resume interrupted recoveries.
  monitor.start();
  recovery.resumeAll();
  // Sales stored but never settled with SIAT when the engine last stopped (issue #13).
  const tenantOf = (id: string) => store.tenants.byId(id);
  const posOf = (tenantId: string, id: string) => store.pointsOfSale.byId(tenantId, id);
  const resumed = invoicing.resumeSubmissions(tenantOf, posOf);
  if (resumed > 0) logger.info({ resumed }, 'reanudando envíos al SIAT pendientes');
  // The same, periodically (issue 32, item 4): a verdict SIAT gave that could not be written (a
  // full disk) leaves the invoice PENDING; it is asked again, checked first, without a restart.
  const sweepMs = deps.sweepMs ?? SWEEP_MS;
  const sweep = setInterval(() => {
    try {
      const n = invoicing.resumeSubmissions(tenantOf, posOf, new Date(now().getTime() - sweepMs));
      if (n > 0) logger.info({ resumed: n }, 'reanudando envíos al SIAT que quedaron sin veredicto guardado');
    } catch (err) {
      logger.warn({ err }, 'sweep of unsettled invoices failed; will retry');
    }
  }, sweepMs);
  sweep.unref();
  massive.resumeAll();
  webhooks.start();
  purchaseSender.resumeAll();
  // Kipu Central (issue 15): replication up and catalog down, never on the sale path.
  centralPusher = settings.central ? new CentralPusher({ ...settings.central, store, logger, ...deps.central }) : null;
  centralPusher?.start();
  // A sale or a state change is an event: push soon rather than at the next idle look.
  const pusher = centralPusher;
  if (pusher) bus.subscribe(() => pusher.nudge());

  if (deps.scheduler !== false) {
    scheduler.start();
    connectivity.start();
    // First pass right away (training: catalogs and a CUFD ready for the first sale).
    void scheduler.tick();
  }

  let closing: Promise<void> | null = null;
  self = {
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
    recovery,
    cafc,
    selfCheck,
    onboarding,
    monitor,
    contingencyStatus,
    simulator,
    webhooks,
    cash,
    purchaseSender,
    massive,
    heavyWork,
    centralPusher,
    documents: storedDocuments,
    ...pools,
    close: () =>
      (closing ??= (async () => {
        // In-flight requests finish (Fastify close waits for them); then the database closes.
        // A rehearsal stops first, between two steps (it resumes at the next start).
        await rehearsals?.stop();
        connectivity.stop();
        clearInterval(sweep);
        await app.close();
        await webhooks.stop();
        await centralPusher?.stop();
        await purchaseSender.stop();
        await monitor.stop();
        await recovery.stop();
        await massive.stop();
        await scheduler.stop();
        await clock.stop();
        await closeWorkerPools(pools);
        store.close();
        await simulator?.close();
        lock.release();
      })()),
  };
  return self;
}
