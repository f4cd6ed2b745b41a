// Step 1 (ISSUING): every accepted item becomes an invoice — numbered like a single sale
// (invoices.allocateNumber in the transaction that inserts it), sealed with codigoEmision 3 and
// the CUFD in force (CONTRACT §2.4, §4 tipo emisión 3), stored PENDING. Steps of a bounded number
// of items and lines, each stored in lots of ≤ 10 ms of the engine's thread (decision 0088), the
// event loop free between them. Idempotent: an item whose invoice exists is skipped, so a crash
// mid-way (between two lots too) resumes with the items left. The documents are built, signed and
// checked on the batch worker when the engine gives one (seal-step.ts, decision 0072); the
// savepoint that numbers and stores each one is the same either way.
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { InvoiceBatch, UnissuedItem } from '../../store/invoice-batches';
import type { InvoiceRecord } from '../../store/invoices';
import type { CufdRecord } from '../../cuis-cufd/cuis-cufd-service';
import type { XmlSigner } from '../signing';
import { invoiceType } from '../../../shared/invoice-types';
import { toBoliviaIso } from '../../../shared/time';
import { seal } from '../seal';
import { saleInvoiceRow, saleSealInput, type SaleFacts } from '../sale-invoice';
import { invoiceEventData } from '../invoice-event-data';
import type { Sale } from '../sale-input';
import { CODIGO_EMISION_MASIVA, type MassiveContext } from './context';
import { DocumentCheckError } from '../document-check';
import type { SealStepJob } from './seal-step';
import { storeInLots, type LotLimits } from '../../heavy-work/lots';
import { saleFirst } from '../../heavy-work/sale-first';

/**
 * What one step (one job of the batch worker, or sealed here) may take. An item costs ~0.3 ms
 * computerized, ~1 ms signed, plus about 0.09 ms a line (issue 25 measured 15 s for a step of 200
 * invoices of 500 lines): bounding items alone let one step hold the engine for seconds, so lines
 * are bounded too. A step always takes at least one item, whatever its size.
 */
export const STEP_LIMITS = { items: 200, lines: 1_000 };

/**
 * A step's invoices per transaction: a lot ends once it has held the engine's thread 10 ms
 * (heavy-work/lots.ts), at least one invoice (an inline 500-line one costs more than that alone).
 */
const STEP_LOTS: LotLimits = { max: STEP_LIMITS.items, min: 1, ms: 10 };

/** How many of the next items (their line counts, in order) one step takes. */
export function stepLength(lineCounts: readonly number[], limits: { items: number; lines: number } = STEP_LIMITS): number {
  let n = 0;
  let lines = 0;
  for (const l of lineCounts) {
    if (n >= limits.items || (n > 0 && lines + l > limits.lines)) break;
    lines += l;
    n++;
  }
  return n;
}

export async function issueItems(ctx: MassiveContext, tenant: Tenant, pos: PointOfSale, batch: InvoiceBatch): Promise<void> {
  const { deps } = ctx;
  let signer: XmlSigner | null | undefined;
  // Steps sealed on the worker whose numbers another sale took first, one after another: each
  // halves the next step, and past MAX_MISSES a step is sealed here as before, so the batch
  // always moves on.
  let misses = 0;
  for (let issued = 0; ; ) {
    // A step's reads and its hand-off to the worker wait for a sale in flight (decision 0097).
    await saleFirst.clear();
    ctx.checkStopped();
    const onWorker = deps.sealStep !== undefined && misses <= MAX_MISSES;
    const limits = { items: Math.max(1, STEP_LIMITS.items >> misses), lines: Math.max(1, STEP_LIMITS.lines >> misses) };
    const take = stepLength(deps.batches.unissuedLineCounts(batch.id, limits.items, limits.lines), limits);
    if (take === 0) return;
    const items = deps.batches.unissued(batch.id, take);
    if (items.length === 0) return;
    // Asked per chunk: a long batch follows the CUFD's renewal (the current one while it lasts).
    const cufd = await deps.codes.ensureCufd(tenant, pos);
    const electronic = items.some((it) => invoiceType(it.invoiceType)!.modalidad === 1);
    // Stored in lots bounded by time (heavy-work/lots.ts), each lot's invoices announced once
    // committed: a step in one transaction held every till for all of its up to 200 inserts.
    const announce = announcer(ctx, tenant, pos);
    let stored: InvoiceRecord[];
    if (onWorker) {
      const done = await sealedElsewhere(ctx, tenant, pos, batch, items, cufd, electronic, announce);
      if (done === null) {
        misses++;
        continue;
      }
      stored = done;
    } else {
      if (electronic) signer ??= deps.signers.forTenant(tenant);
      // Each item in its own savepoint: one whose document fails the self-check (document-check.ts)
      // is refused with libxml2's words and gives its number back; the others are issued.
      stored = [];
      await storeInLots(items.length, deps.stepLots ?? STEP_LOTS, deps.store.transaction, (at) => {
        const it = items[at]!;
        try {
          stored.push(deps.store.transaction(() => issueOne(ctx, tenant, pos, batch, it, cufd, signer ?? null)));
        } catch (err) {
          if (!(err instanceof DocumentCheckError)) throw err;
          refuse(ctx, tenant, batch, it.index, err);
        }
      }, () => announce(stored));
    }
    misses = 0;
    issued += stored.length;
    ctx.onStep(batch, `ISSUED:${issued}`);
    ctx.progress(batch);
    await new Promise<void>((r) => setImmediate(r));
  }
}

/** Consecutive steps whose numbers moved before the worker path gives way to one inline step. */
const MAX_MISSES = 4;

function refuse(ctx: MassiveContext, tenant: Tenant, batch: InvoiceBatch, index: number, err: { kind: 'schema' | 'signature'; problems: string[] }): void {
  ctx.deps.batches.refuseAtIssue(tenant.id, batch.id, index, err.problems.map((message) => ({ field: 'documento', rule: err.kind === 'schema' ? 'xsd' : 'firma', message })));
}

/** Thrown inside an item's savepoint when the number allocated is not the one its document carries. */
class NumberMoved extends Error {}

/**
 * One step with its documents sealed on the batch worker (decision 0072): the engine's thread
 * picks the legends and the numbers the items will take (the counter as it stands), the worker
 * builds, signs and checks, and short transactions (lots) allocate and store them exactly as the
 * inline step does. Where an allocated number is not the one sealed (a sale of the same point of
 * sale and sector took it meanwhile, also between two lots), that item's savepoint rolls back and
 * the step ends there: what came before it is stored, the rest waits for the next step. Null when
 * nothing could be stored.
 */
async function sealedElsewhere(
  ctx: MassiveContext,
  tenant: Tenant,
  pos: PointOfSale,
  batch: InvoiceBatch,
  items: UnissuedItem[],
  cufd: CufdRecord,
  electronic: boolean,
  announce: (stored: readonly InvoiceRecord[]) => void,
): Promise<InvoiceRecord[] | null> {
  const { invoices, catalogs, codes, store } = ctx.deps;
  const fechaEmision = toBoliviaIso(codes.siatNow(tenant.id));
  const firstNumbers: Record<number, number> = {};
  const legendsOf = new Map<string, { descripcion: string }[]>();
  const job: SealStepJob = {
    tenant,
    pos,
    cufd: { codigo: cufd.codigo, codigoControl: cufd.codigoControl, direccion: cufd.direccion },
    fechaEmision,
    usuario: batch.usuario,
    signing: electronic ? ctx.deps.signers.material(tenant) : null,
    firstNumbers,
    items: items.map((it) => {
      const type = invoiceType(it.invoiceType)!;
      firstNumbers[type.sector] ??= invoices.lastNumber(tenant.id, pos.id, type.sector) + 1;
      const sale = it.sale as Sale;
      const activity = sale.lines[0]!.activityEconomic;
      let legends = legendsOf.get(activity);
      if (!legends) legendsOf.set(activity, (legends = catalogs.items(tenant.id, 'legends', { actividad: activity })));
      if (legends.length === 0) throw new Error(`sin leyendas para la actividad ${activity}`);
      // SIAT: the activity's legend is chosen at random per invoice.
      return { index: it.index, invoiceType: it.invoiceType, sale, leyenda: legends[Math.floor(ctx.random() * legends.length)]!.descripcion };
    }),
  };
  const sealed = await ctx.deps.sealStep!(tenant.id, job);
  ctx.checkStopped();
  const byIndex = new Map(job.items.map((it, i) => [it.index, { item: it, id: items[i]!.invoiceId }]));
  const stored: InvoiceRecord[] = [];
  const kept = await storeInLots(sealed.length, ctx.deps.stepLots ?? STEP_LOTS, store.transaction, (at) => {
    const r = sealed[at]!;
    if ('refused' in r) return refuse(ctx, tenant, batch, r.index, r.refused);
    const { item, id } = byIndex.get(r.index)!;
    const type = invoiceType(item.invoiceType)!;
    const facts: SaleFacts = { tenant, pos, type, sale: item.sale, cufd, fechaEmision, codigoEmision: CODIGO_EMISION_MASIVA, leyenda: item.leyenda, exceptionCode: item.sale.exceptionCode, usuario: batch.usuario };
    try {
      stored.push(
        store.transaction(() => {
          if (invoices.allocateNumber(tenant.id, pos.id, type.sector) !== r.number) throw new NumberMoved();
          return invoices.insert(saleInvoiceRow(facts, { id, number: r.number, sealed: r, state: 'PENDING', eventId: null, createdAt: ctx.now().toISOString() }));
        }),
      );
    } catch (err) {
      if (!(err instanceof NumberMoved)) throw err;
      return false;
    }
  }, () => announce(stored));
  return kept > 0 ? stored : null;
}

/**
 * After each lot's commit: its new invoices announced (invoice.created), then the runner's stop
 * check, so a stopping engine ends a step between two lots (what they stored is kept).
 */
function announcer(ctx: MassiveContext, tenant: Tenant, pos: PointOfSale): (stored: readonly InvoiceRecord[]) => void {
  let announced = 0;
  return (stored) => {
    for (; announced < stored.length; announced++) ctx.deps.bus.publish({ type: 'invoice.created', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(stored[announced]!) });
    ctx.checkStopped();
  };
}

function issueOne(ctx: MassiveContext, tenant: Tenant, pos: PointOfSale, batch: InvoiceBatch, it: UnissuedItem, cufd: CufdRecord, signer: XmlSigner | null): InvoiceRecord {
  const { invoices, catalogs, codes } = ctx.deps;
  const type = invoiceType(it.invoiceType)!;
  const sale = it.sale as Sale;
  const number = invoices.allocateNumber(tenant.id, pos.id, type.sector);
  const fechaEmision = toBoliviaIso(codes.siatNow(tenant.id));
  // SIAT: the activity's legend is chosen at random per invoice.
  const legends = catalogs.items(tenant.id, 'legends', { actividad: sale.lines[0]!.activityEconomic });
  if (legends.length === 0) throw new Error(`sin leyendas para la actividad ${sale.lines[0]!.activityEconomic}`);
  const leyenda = legends[Math.floor(ctx.random() * legends.length)]!.descripcion;
  const facts: SaleFacts = { tenant, pos, type, sale, cufd, fechaEmision, codigoEmision: CODIGO_EMISION_MASIVA, leyenda, exceptionCode: sale.exceptionCode, usuario: batch.usuario };
  const sealed = seal(saleSealInput(facts, number, signer));
  return invoices.insert(saleInvoiceRow(facts, { id: it.invoiceId, number, sealed, state: 'PENDING', eventId: null, createdAt: ctx.now().toISOString() }));
}
