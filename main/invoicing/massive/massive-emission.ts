// Massive emission (CONTRACT §2.4 recepcionMasivaFactura, §3.6): a batch of invoices — a month
// of school fees, utility bills, or boleto aéreo (sector 30), which SIAT takes only this way
// (§2.7) — stored first, then issued with codigoEmision 3, packed by 1,000, sent, and polled
// until each invoice is VALIDATED or REJECTED with SIAT's messages verbatim.
//
//   intake (batch-intake.ts, in the request) → ISSUING (issue-items.ts) → packages
//   (build-packages.ts) → SENDING (send-packages.ts) → VALIDATING (poll-packages.ts) → COMPLETED
//
// Every step is persisted before the next one runs and is idempotent against what is stored, so
// a crash or a restart resumes where it stopped (`resumeAll` at engine start). A failure (SIAT
// unreachable, busy) backs off and retries; SIAT's verdicts are final. One runner per batch.
import { createHash } from 'node:crypto';
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { InvoiceBatch, NewBatchItem } from '../../store/invoice-batches';
import type { BatchProgressData } from '../../events/event-map';
import { IssueError } from '../issue-error';
import { uuidv7 } from '../../store/uuid7';
import { checkBatchItems, intakeCatalogs, type BatchItemInput, type IntakeVerdicts } from './batch-intake';
import { issueItems } from './issue-items';
import { buildPackages } from './build-packages';
import { sendPackages } from './send-packages';
import { pollPackages } from './poll-packages';
import type { Backoff, MassiveContext, MassiveDeps } from './context';
import { StoppableSleeps } from '../package-reception';
import { storeInLots, type LotLimits } from '../../heavy-work/lots';

const DEFAULT_RETRY: Backoff = { initialMs: 2_000, maxMs: 120_000 };
/** Items of a received batch per transaction (receive). */
const RECEIVE_LOTS: LotLimits = { max: 500, min: 10, ms: 10 };
const DEFAULT_POLL: Backoff = { initialMs: 250, maxMs: 5_000 };

interface Runner {
  tenantId: string;
  running: Promise<void> | null;
  timer: NodeJS.Timeout | null;
  attempts: number;
}

export interface ReceiveOptions {
  usuario: string;
  idempotencyKey: string | null;
  /** SHA-256 of the body as validated (api/batch-body-job.ts), when it has an Idempotency-Key. */
  requestHash: string | null;
}

export interface SubmitOptions {
  usuario: string;
  idempotencyKey?: string | null;
  /** The request as received, for the Idempotency-Key check. */
  request: unknown;
}

export class MassiveEmission {
  private readonly runners = new Map<string, Runner>();
  private readonly retry: Backoff;
  private stopped = false;
  private readonly sleeps = new StoppableSleeps();
  private readonly ctx: MassiveContext;

  constructor(private readonly deps: MassiveDeps) {
    this.retry = deps.retry ?? DEFAULT_RETRY;
    const now = deps.now ?? (() => new Date());
    const random = deps.random ?? Math.random;
    this.ctx = {
      deps,
      poll: deps.poll ?? DEFAULT_POLL,
      now,
      random,
      state: (batch, state) => {
        if (batch.state === state) return;
        deps.batches.update(batch.id, { state });
        batch.state = state;
        this.ctx.progress(batch);
      },
      progress: (batch) => deps.bus.publish({ type: 'batch.progress', tenantId: batch.tenantId, posId: batch.posId, data: this.progress(batch) }),
      onStep: (batch, step) => deps.onStep?.(batch, step),
      checkStopped: () => {
        if (this.stopped) throw new Error('emisión masiva detenida');
      },
      sleep: (ms) => this.sleeps.sleep(ms),
    };
  }

  /**
   * Checks every item, stores the batch with each item's verdict in one transaction and starts
   * its emission. With an Idempotency-Key already used, the same batch is answered (409 when the
   * body differs).
   */
  submit(tenant: Tenant, pos: PointOfSale, items: BatchItemInput[], opts: SubmitOptions): { batch: InvoiceBatch; replayed: boolean } {
    const { batches, store } = this.deps;
    const hash = opts.idempotencyKey ? createHash('sha256').update(JSON.stringify(opts.request)).digest('hex') : null;
    const replay = () => this.replayOf(tenant, opts.idempotencyKey ?? null, hash);
    const prior = replay();
    if (prior) return { batch: prior, replayed: true };
    const verdicts: NewBatchItem[] = checkBatchItems(intakeCatalogs(this.deps.catalogs, tenant.id), tenant, items);
    const stored = store.transaction(() => {
      const again = replay();
      if (again) return { batch: again, replayed: true };
      const batch = batches.insert(
        { id: uuidv7(), tenantId: tenant.id, posId: pos.id, usuario: opts.usuario, idempotencyKey: opts.idempotencyKey ?? null, requestHash: hash },
        verdicts,
      );
      return { batch, replayed: false };
    });
    return this.started(tenant, stored);
  }

  /**
   * Stores a batch whose items were checked off the engine's thread (POST /invoices/batch,
   * api/batch-body-job.ts) and starts its emission, like submit — but in short transactions: the batch's
   * row first (left out of every read until it is whole, InvoiceBatchRepository.beginReception),
   * its items in lots with the thread given back between them, then the row made whole together
   * with its Idempotency-Key. 10,000 items in one transaction held every till for as long as it took.
   */
  async receive(tenant: Tenant, pos: PointOfSale, items: IntakeVerdicts, opts: ReceiveOptions): Promise<{ batch: InvoiceBatch; replayed: boolean }> {
    const { batches, store } = this.deps;
    const replay = () => this.replayOf(tenant, opts.idempotencyKey, opts.requestHash);
    const prior = replay();
    if (prior) return { batch: prior, replayed: true };
    const head = { id: uuidv7(), tenantId: tenant.id, posId: pos.id, usuario: opts.usuario, idempotencyKey: opts.idempotencyKey, requestHash: opts.requestHash };
    store.transaction(() => batches.beginReception(head));
    // A 500-line item's sale is ~80 KB of JSON: lots bounded by time (heavy-work/lots.ts).
    const count = items.invoiceId.length;
    await storeInLots(count, RECEIVE_LOTS, store.transaction, (at) => {
      batches.addItem(head.id, { index: at, invoiceType: items.invoiceType[at]!, saleJson: items.saleJson[at]!, invoiceId: items.invoiceId[at]!, problemsJson: items.problemsJson[at]! });
    });
    await new Promise((r) => setImmediate(r));
    const stored = store.transaction(() => {
      // Another request with the same key may have been stored meanwhile: its batch is the answer,
      // and this one's rows stay as an unfinished reception.
      const again = replay();
      if (again) return { batch: again, replayed: true };
      return { batch: batches.completeReception(head, count, items.invoiceId.filter((id) => id !== null).length), replayed: false };
    });
    return this.started(tenant, stored);
  }

  /** The batch stored under `idempotencyKey` (409 when its body was another), or null. */
  private replayOf(tenant: Tenant, idempotencyKey: string | null, hash: string | null): InvoiceBatch | null {
    const prior = idempotencyKey ? this.deps.batches.byIdempotencyKey(tenant.id, idempotencyKey) : null;
    if (prior && prior.requestHash !== hash) {
      throw new IssueError('IDEMPOTENCY_CONFLICT', 'La Idempotency-Key ya se usó con otro cuerpo de solicitud; use una clave nueva por lote');
    }
    return prior;
  }

  /** A batch just stored: its first progress event, and its emission started (or completed: nothing accepted). */
  private started(tenant: Tenant, stored: { batch: InvoiceBatch; replayed: boolean }): { batch: InvoiceBatch; replayed: boolean } {
    if (!stored.replayed) {
      this.ctx.progress(stored.batch);
      if (stored.batch.state === 'COMPLETED') this.publishCompleted(stored.batch);
      else void this.kick(tenant.id, stored.batch.id);
    }
    return stored;
  }

  /** Progress of a batch as stored now (GET /invoices/batch/{id}, batch.progress). */
  progress(batch: InvoiceBatch): BatchProgressData {
    const packages = this.deps.batches.packages(batch.id);
    return {
      batchId: batch.id,
      posId: batch.posId,
      state: batch.state,
      items: batch.itemCount,
      counts: this.deps.batches.counts(batch.id),
      packages: {
        total: packages.length,
        sent: packages.filter((p) => p.state !== 'BUILT').length,
        settled: packages.filter((p) => p.state !== 'BUILT' && p.state !== 'SENT').length,
      },
    };
  }

  /** Resumes every batch not COMPLETED (engine start, after a crash or a restart). */
  resumeAll(): void {
    for (const b of this.deps.batches.open()) void this.kick(b.tenantId, b.id);
  }

  /** Starts a batch's runner, or skips its back-off when it is waiting to retry. */
  kick(tenantId: string, batchId: string): Promise<void> {
    if (this.stopped) return Promise.resolve();
    let r = this.runners.get(batchId);
    if (!r) this.runners.set(batchId, (r = { tenantId, running: null, timer: null, attempts: 0 }));
    if (r.timer) {
      clearTimeout(r.timer);
      r.timer = null;
    }
    if (r.running) return r.running;
    const runner = r;
    runner.running = this.run(batchId, runner).finally(() => {
      runner.running = null;
      if (!runner.timer) this.runners.delete(batchId);
    });
    return runner.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const r of this.runners.values()) {
      if (r.timer) clearTimeout(r.timer);
      r.timer = null;
    }
    this.sleeps.wakeAll();
    await Promise.allSettled([...this.runners.values()].map((r) => r.running));
  }

  private async run(batchId: string, runner: Runner): Promise<void> {
    const { batches, store, logger } = this.deps;
    const batch = batches.byId(runner.tenantId, batchId);
    if (!batch || batch.state === 'COMPLETED') return;
    const tenant = store.tenants.byId(batch.tenantId);
    const pos = tenant ? store.pointsOfSale.byId(tenant.id, batch.posId) : null;
    if (!tenant || !pos) return;
    try {
      // Issuing and packing are the CPU-bound steps: one batch per tenant, a few at all
      // (heavy-work/gate.ts). Sending and polling wait on SIAT and hold no turn.
      const release = this.deps.heavyWork ? await this.deps.heavyWork.acquire(tenant.id, 'batch') : () => {};
      try {
        await issueItems(this.ctx, tenant, pos, batch);
        await buildPackages(this.ctx, batch);
      } finally {
        release();
      }
      await sendPackages(this.ctx, tenant, pos, batch);
      await pollPackages(this.ctx, tenant, pos, batch);
      batches.update(batch.id, { state: 'COMPLETED', lastError: null });
      batch.state = 'COMPLETED';
      runner.attempts = 0;
      this.publishCompleted(batch);
    } catch (err) {
      if (this.stopped || !store.isOpen) return;
      const delay = Math.min(this.retry.maxMs, this.retry.initialMs * 2 ** Math.min(runner.attempts, 20));
      runner.attempts++;
      const message = err instanceof Error ? err.message : String(err);
      batches.update(batch.id, { lastError: message.slice(0, 1000) });
      logger?.warn({ err, batchId, retryInMs: delay }, 'massive emission failed; will retry');
      runner.timer = setTimeout(() => {
        runner.timer = null;
        void this.kick(runner.tenantId, batchId);
      }, delay);
      runner.timer.unref?.();
    }
  }

  private publishCompleted(batch: InvoiceBatch): void {
    const p = this.progress(batch);
    this.deps.bus.publish({
      type: 'batch.completed',
      tenantId: batch.tenantId,
      posId: batch.posId,
      data: { ...p, validated: p.counts.VALIDATED ?? 0, rejected: p.counts.REJECTED ?? 0, refused: p.counts.REFUSED ?? 0 },
    });
  }

}
