// The store: one SQLite file per installation, behind narrow repositories. Use cases depend on
// these repositories and on `transaction` only — never on the connection — so a second backend
// (the head office's, DESIGN.md "Growth") can sit behind the same interfaces. Every SQL
// statement of the engine lives in a repository of this folder (the simulator keeps its own).
import { CertificationRepository } from './certification';
import { join } from 'node:path';
import { openDatabase, type Db, type Migration } from './db';
import { GroupCommitter } from './group-commit';
import { TenantRepository } from './tenants';
import { ApiKeyRepository } from './api-keys';
import { PointOfSaleRepository } from './points-of-sale';
import { SettingsStore } from './settings-store';
import { ProductRepository } from './products';
import { BranchRepository } from './branches';
import { InvoiceRepository } from './invoices';
import { ThirdPartyUserRepository } from './third-party-users';
import { CodeRepository } from './cuis-cufd';
import { CatalogRepository } from './catalogs';
import { ContingencyRepository } from './contingency-events';
import { WebhookRepository } from './webhooks';
import { RegulationPassageRepository } from './regulation-passages';
import { EmbeddingRepository } from './ai-embeddings';
import { ClientRepository } from './clients';
import { CashSessionRepository } from './cash-sessions';
import { PurchaseRepository } from './purchases';
import { BookSourceRepository } from './books';
import { InvoiceBatchRepository } from './invoice-batches';
import { CentralOutboxRepository } from './central-outbox';
import { RenderedDocumentRepository } from './rendered-documents';
import { TillUserRepository } from './till-users';
import { PosRegistrationRepository } from './pos-registrations';
import { ParkedSaleRepository } from './parked-sales';

export interface Store {
  path: string;
  backupPath: string | null;
  tenants: TenantRepository;
  apiKeys: ApiKeyRepository;
  pointsOfSale: PointOfSaleRepository;
  /** Requests to register a point of sale with SIAT, recorded before the call (migration 0030). */
  posRegistrations: PosRegistrationRepository;
  branches: BranchRepository;
  settings: SettingsStore;
  products: ProductRepository;
  invoices: InvoiceRepository;
  thirdPartyUsers: ThirdPartyUserRepository;
  /** CUIS and CUFD. */
  codes: CodeRepository;
  catalogs: CatalogRepository;
  /** Contingency events, their packages and recovery steps. */
  contingency: ContingencyRepository;
  webhooks: WebhookRepository;
  /** Massive emission batches, their items and packages (invoicing/massive/). */
  batches: InvoiceBatchRepository;
  /** The AI assistant's regulation corpus (FTS5 index). */
  regulation: RegulationPassageRepository;
  /** The assistant's embedding cache (an installed model's vectors). */
  embeddings: EmbeddingRepository;
  /** The till's clients and SIAT's verdicts on NITs (issue #13). */
  clients: ClientRepository;
  /** Cash sessions, their movements and the payment split of invoices (main/cash). */
  cash: CashSessionRepository;
  /** The purchase register (issue 14). */
  purchases: PurchaseRepository;
  /** What the monthly books read (invoices of a month, purchase sums). */
  books: BookSourceRepository;
  /** Kipu Central: the outbox, the push cursor and the catalog that comes down (issue 15). */
  central: CentralOutboxRepository;
  /** Issued invoices' PDF, ticket and ZIP, rendered once (issue 25, migration 0023). */
  renderedDocuments: RenderedDocumentRepository;
  /** Cashiers and supervisors, their till sessions, PIN attempts and who did each act (issue 27, migration 0024). */
  tillUsers: TillUserRepository;
  /** Held sales of the till, recalled rather than deleted (issue 27, migration 0025). */
  parkedSales: ParkedSaleRepository;
  /** `npm run admin -- certify`: its runs and every step they finished (issue 29, migration 0027). */
  certification: CertificationRepository;
  /**
   * Runs `fn` in one IMMEDIATE transaction and returns its result; a throw rolls it all back.
   * Called inside another transaction it is a savepoint of that one.
   */
  transaction<T>(fn: () => T): T;
  /**
   * Runs `fn` in the next group-commit batch (group-commit.ts) and resolves once that batch is
   * durably committed: the sale path, where one COMMIT per invoice would cap throughput. With
   * `after`, the job waits in its place in the queue until `after` settles (its signature).
   */
  groupCommit<T>(fn: () => T, after?: Promise<unknown>): Promise<T>;
  /** False once closed: background work that outlives a shutdown stops touching the store. */
  readonly isOpen: boolean;
  close(): void;
}

export function databasePath(dataDir: string): string {
  return join(dataDir, 'kipu.sqlite');
}

const connections = new WeakMap<Store, Db>();

/**
 * The SQLite connection behind a store, for tests and benchmarks that check rows as they are on
 * disk (triggers, counts, raw columns). The engine's code never calls it: it goes through the
 * repositories, which is what keeps a second backend possible.
 */
export function sqliteConnection(store: Store): Db {
  const db = connections.get(store);
  if (!db) throw new Error('This store has no SQLite connection');
  return db;
}

export function openStore(dataDir: string, opts: { migrations?: Migration[]; now?: () => Date } = {}): Store {
  const path = databasePath(dataDir);
  const { db, backupPath } = openDatabase(path, opts);
  const now = opts.now ?? (() => new Date());
  const committer = new GroupCommitter(db);
  const store: Store = {
    path,
    backupPath,
    tenants: new TenantRepository(db, now),
    apiKeys: new ApiKeyRepository(db, now),
    pointsOfSale: new PointOfSaleRepository(db, now),
    posRegistrations: new PosRegistrationRepository(db, now),
    branches: new BranchRepository(db, now),
    settings: new SettingsStore(db, now),
    products: new ProductRepository(db, now),
    invoices: new InvoiceRepository(db, now),
    thirdPartyUsers: new ThirdPartyUserRepository(db),
    codes: new CodeRepository(db),
    catalogs: new CatalogRepository(db),
    contingency: new ContingencyRepository(db, now),
    webhooks: new WebhookRepository(db, now),
    batches: new InvoiceBatchRepository(db, now),
    regulation: new RegulationPassageRepository(db, now),
    embeddings: new EmbeddingRepository(db, now),
    clients: new ClientRepository(db),
    cash: new CashSessionRepository(db, now),
    purchases: new PurchaseRepository(db, now),
    books: new BookSourceRepository(db),
    central: new CentralOutboxRepository(db, now),
    renderedDocuments: new RenderedDocumentRepository(db, now),
    tillUsers: new TillUserRepository(db),
    parkedSales: new ParkedSaleRepository(db),
    certification: new CertificationRepository(db, now),
    transaction: <T>(fn: () => T): T => db.transaction(fn).immediate(),
    groupCommit: <T>(fn: () => T, after?: Promise<unknown>): Promise<T> => committer.run(fn, after),
    get isOpen() {
      return db.open;
    },
    close: () => {
      if (db.open) db.close();
    },
  };
  connections.set(store, db);
  return store;
}
