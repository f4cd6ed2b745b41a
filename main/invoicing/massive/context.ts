// Shared by the massive emission's runner and its steps: the dependencies, the limits and how an
// answer of SIAT's reception family is read.
import type { Logger } from 'pino';
import type { Store } from '../../store/store';
import type { InvoiceRepository } from '../../store/invoices';
import type { InvoiceBatch, InvoiceBatchRepository } from '../../store/invoice-batches';
import type { CodesService } from '../../cuis-cufd/cuis-cufd-service';
import type { SiatGateway } from '../../cuis-cufd/siat-gateway';
import type { CatalogService } from '../../catalogs/catalog-sync';
import type { EventBus } from '../../events/event-bus';
import type { SignerProvider } from '../signer-provider';
import type { HeavyWorkGate } from '../../heavy-work/gate';
import type { SealedItem, SealStepJob } from './seal-step';
import type { LotLimits } from '../../heavy-work/lots';

/** CONTRACT §3.6: a massive package holds at most 1,000 documents (956/972 otherwise). */
export const MASSIVE_PACKAGE_MAX = 1000;

// codigoEmision 3 lives with the sealing step (a worker's entry, which must not import this file:
// a cycle); the pipeline's steps keep reading it from here.
export { CODIGO_EMISION_MASIVA } from './seal-step';

export interface Backoff {
  initialMs: number;
  maxMs: number;
}

export interface MassiveDeps {
  store: Pick<Store, 'transaction' | 'isOpen' | 'tenants' | 'pointsOfSale'>;
  batches: InvoiceBatchRepository;
  invoices: InvoiceRepository;
  codes: CodesService;
  catalogs: CatalogService;
  gateway: SiatGateway;
  signers: SignerProvider;
  bus: EventBus;
  logger?: Logger;
  now?: () => Date;
  random?: () => number;
  /** Back-off after a failed attempt (transport failure, SIAT busy). */
  retry?: Backoff;
  /** Polling of validacionRecepcionMasivaFactura while SIAT answers 901. */
  poll?: Backoff;
  /** Turns between tenants for issuing and packing (one batch per tenant at a time); none: no gate. */
  heavyWork?: HeavyWorkGate;
  /** Packs a package's tar.gz and its hash off the engine's thread (invoicing/pack-worker.ts); none: inline. */
  pack?: (tenantId: string, files: { name: string; xml: string }[]) => Promise<{ tarGz: Buffer; hashArchivo: string }>;
  /** Builds, signs and checks a step's documents off the engine's thread (massive/seal-worker.ts); none: inline. */
  sealStep?: (tenantId: string, job: SealStepJob) => Promise<SealedItem[]>;
  /** A step's invoices per transaction (issue-items.ts STEP_LOTS); tests make lots of one to see them. */
  stepLots?: LotLimits;
  /** Test hook: called after each persisted step ('ISSUED:n', 'BUILT:seq', 'SENT:seq', 'SETTLED:seq'). */
  onStep?: (batch: InvoiceBatch, step: string) => void;
}

/** What a step needs from the runner. */
export interface MassiveContext {
  deps: MassiveDeps;
  poll: Backoff;
  now(): Date;
  random(): number;
  /** Persists the batch's state (before the step's work), then the test hook. */
  state(batch: InvoiceBatch, state: InvoiceBatch['state']): void;
  /** Publishes batch.progress with the counts as stored now. */
  progress(batch: InvoiceBatch): void;
  onStep(batch: InvoiceBatch, step: string): void;
  /** Throws once the engine is stopping, so a step ends between two SIAT calls. */
  checkStopped(): void;
  sleep(ms: number): Promise<void>;
}

// The package pipeline's pieces it shares with the contingency recovery (issue 30, item 4).
export { messagesOf, onlyTransient, TransientSiatError } from '../package-reception';
export type { ReceptionAnswer as Reception } from '../../siat/operations';
