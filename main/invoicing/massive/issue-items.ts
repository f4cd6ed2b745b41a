// Step 1 (ISSUING): every accepted item becomes an invoice — numbered like a single sale
// (invoices.allocateNumber in the transaction that inserts it), sealed with codigoEmision 3 and
// the CUFD in force (CONTRACT §2.4, §4 tipo emisión 3), stored PENDING. Steps of a bounded number
// of items and lines per transaction, the event loop free between them. Idempotent: an item whose
// invoice exists is skipped, so a crash mid-way resumes with the items left.
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { InvoiceBatch, UnissuedItem } from '../../store/invoice-batches';
import type { InvoiceRecord } from '../../store/invoices';
import type { CufdRecord } from '../../codes/codes-service';
import type { XmlSigner } from '../signing';
import { invoiceType } from '../../../shared/invoice-types';
import { toBoliviaIso } from '../../../shared/time';
import { seal } from '../seal';
import { saleInvoiceRow, saleSealInput, type SaleFacts } from '../sale-invoice';
import { invoiceEventData } from '../invoice-event-data';
import type { Sale } from '../sale-input';
import { CODIGO_EMISION_MASIVA, type MassiveContext } from './context';
import { DocumentCheckError } from '../document-check';

/**
 * What one step (one transaction, the engine's thread held throughout) may take. An item costs
 * ~0.3 ms computerized, ~1 ms signed, plus about 0.09 ms a line (issue 25 measured 15 s for a
 * step of 200 invoices of 500 lines): bounding items alone let one step hold the engine for
 * seconds, so lines are bounded too. A step always takes at least one item, whatever its size.
 */
export const STEP_LIMITS = { items: 200, lines: 1_000 };

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
  for (let issued = 0; ; ) {
    ctx.checkStopped();
    const take = stepLength(deps.batches.unissuedLineCounts(batch.id, STEP_LIMITS.items));
    if (take === 0) return;
    const items = deps.batches.unissued(batch.id, take);
    if (items.length === 0) return;
    // Asked per chunk: a long batch follows the CUFD's renewal (the current one while it lasts).
    const cufd = await deps.codes.ensureCufd(tenant, pos);
    if (items.some((it) => invoiceType(it.invoiceType)!.modalidad === 1)) signer ??= deps.signers.forTenant(tenant);
    // Each item in its own savepoint: one whose document fails the self-check (document-check.ts)
    // is refused with libxml2's words and gives its number back; the others are issued.
    const stored = deps.store.transaction(() =>
      items.flatMap((it) => {
        try {
          return [deps.store.transaction(() => issueOne(ctx, tenant, pos, batch, it, cufd, signer ?? null))];
        } catch (err) {
          if (!(err instanceof DocumentCheckError)) throw err;
          deps.batches.refuseAtIssue(tenant.id, batch.id, it.index, err.problems.map((message) => ({ field: 'documento', rule: err.kind === 'schema' ? 'xsd' : 'firma', message })));
          return [];
        }
      }),
    );
    for (const inv of stored) deps.bus.publish({ type: 'invoice.created', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(inv) });
    issued += stored.length;
    ctx.onStep(batch, `ISSUED:${issued}`);
    ctx.progress(batch);
    await new Promise<void>((r) => setImmediate(r));
  }
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
