// Step 1 (ISSUING): every accepted item becomes an invoice — numbered like a single sale
// (invoices.allocateNumber in the transaction that inserts it), sealed with codigoEmision 3 and
// the CUFD in force (CONTRACT §2.4, §4 tipo emisión 3), stored PENDING. Chunks of a few hundred
// per transaction, the event loop free between them. Idempotent: an item whose invoice exists is
// skipped, so a crash mid-way resumes with the items left.
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

/** Items per transaction: ~0.3 ms each computerized, ~1 ms signed; the loop stays responsive. */
const CHUNK = 200;

export async function issueItems(ctx: MassiveContext, tenant: Tenant, pos: PointOfSale, batch: InvoiceBatch): Promise<void> {
  const { deps } = ctx;
  let signer: XmlSigner | null | undefined;
  for (let issued = 0; ; ) {
    ctx.checkStopped();
    const items = deps.batches.unissued(batch.id, CHUNK);
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
