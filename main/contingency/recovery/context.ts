// Shared by the recovery's runner and its steps: the persisted step names, the dependencies, and
// how an answer of SIAT's reception family is read.
import type { Logger } from 'pino';
import type { Store } from '../../store/store';
import type { InvoiceRepository } from '../../store/invoices';
import type { ContingencyEvent, ContingencyRepository } from '../../store/contingency-events';
import type { CodesService } from '../../cuis-cufd/cuis-cufd-service';
import type { SiatGateway } from '../../cuis-cufd/siat-gateway';
import type { EventBus } from '../../events/event-bus';
import type { InvoicingService } from '../../invoicing/issue-invoice';

/** Persisted recovery steps (contingency_events.step), in order. */
export const STEP = {
  ENDED: 'ENDED',
  CUFD: 'CUFD',
  CUFD_OK: 'CUFD_OK',
  RECONCILING: 'RECONCILING',
  RECONCILED: 'RECONCILED',
  REGISTERING: 'REGISTERING',
  REGISTERED: 'REGISTERED',
  PACKAGED: 'PACKAGED',
  SENDING: 'SENDING',
  VALIDATING: 'VALIDATING',
  CLOSED: 'CLOSED',
} as const;

export interface Backoff {
  initialMs: number;
  maxMs: number;
}

export interface RecoveryDeps {
  store: Store;
  repo: ContingencyRepository;
  invoices: InvoiceRepository;
  invoicing: InvoicingService;
  codes: CodesService;
  gateway: SiatGateway;
  bus: EventBus;
  logger?: Logger;
  /** Back-off after a failed attempt (transport failure, SIAT down again). */
  retry?: Backoff;
  /** Polling of validacionRecepcionPaqueteFactura while SIAT answers 901. */
  poll?: Backoff;
  /**
   * How long one validation keeps polling 901 before the event is set aside and later events go
   * on (issue 32, item 5); it is polled again after as long again.
   */
  validationWaitMs?: number;
  /**
   * How long after an online send gave up SIAT may still register it (invoicing/online-outcome.ts,
   * default 2 min): reconciliation re-issues nothing before. Tests shorten it with the time-outs.
   */
  settleWindowMs?: number;
  /** Test hook: called after each persisted step (tests use it to observe or to crash). */
  onStep?: (event: ContingencyEvent, step: string) => void;
  /** Packs a package's tar.gz and its hash off the engine's thread (invoicing/pack-worker.ts); none: inline. */
  pack?: (tenantId: string, files: { name: string; xml: string }[]) => Promise<{ tarGz: Buffer; hashArchivo: string }>;
}

/** What a step needs from the runner: its dependencies, the persisted-step write, and stop/sleep. */
export interface RecoveryContext {
  deps: RecoveryDeps;
  /** Polling of validacionRecepcionPaqueteFactura while SIAT answers 901. */
  poll: Backoff;
  /** See RecoveryDeps.validationWaitMs. */
  validationWaitMs: number;
  /** Persists `step` (and `patch`) on the event before anything else happens; test hook after it. */
  step(ev: ContingencyEvent, step: string, patch?: Parameters<ContingencyRepository['update']>[1]): void;
  /** Throws once the engine is stopping, so a step ends between two SIAT calls. */
  checkStopped(): void;
  sleep(ms: number): Promise<void>;
}

/** SIAT kept a package pending (901) longer than the validation wait: the event waits, others go on. */
export class ValidationPendingError extends Error {
  override name = 'ValidationPendingError';
  constructor(readonly pendingPackages: number) {
    super(`SIAT todavía no validó ${pendingPackages} paquete(s) del evento (901 RECEPCION PENDIENTE)`);
  }
}

