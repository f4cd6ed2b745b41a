// A massive package's verdict, applied to its invoices and to the package row in one transaction
// (used by the send and poll steps). Same reading as the contingency packages'
// (contingency/recovery/settle-package.ts): SIAT's messages are kept verbatim on each invoice.
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { InvoiceRecord, SiatMessageRecord } from '../../store/invoices';
import type { BatchPackage, InvoiceBatch } from '../../store/invoice-batches';
import { invoiceEventData } from '../invoice-event-data';
import type { MassiveContext } from './context';
import { settleInvoicesOfPackage, type PackageWords } from '../package-verdict';

const MASSIVE_WORDS: PackageWords = {
  validated: 'emisión masiva validada',
  alreadyRegistered: 'emisión masiva: SIAT ya tenía este CUF (1000)',
  rejected: (code) => `paquete masivo rechazado (${code})`,
};

/** The package's verdict on its invoices (package-verdict.ts) and on the package row, in one transaction. */
export function settlePackage(
  ctx: MassiveContext,
  tenant: Tenant,
  pos: PointOfSale,
  batch: InvoiceBatch,
  p: BatchPackage,
  code: number,
  codigoRecepcion: string | null,
  messages: SiatMessageRecord[],
  confirmed?: { valid: Map<number, boolean>; base: 0 | 1 },
): void {
  const { invoices, batches, bus, store } = ctx.deps;
  let rejected = 0;
  let outcomes: InvoiceRecord[] = [];
  store.transaction(() => {
    ({ outcomes, rejected } = settleInvoicesOfPackage(invoices, p.invoiceIds, { code, codigoRecepcion, messages, ...(confirmed ? { confirmed } : {}) }, ctx.now().toISOString(), MASSIVE_WORDS));
    const state = rejected === 0 ? 'VALIDATED' : rejected < p.invoiceIds.length ? 'OBSERVED' : 'REJECTED';
    batches.updatePackage(p.id, { state, codigoRecepcion, siatCode: code, siatMessages: messages });
  });
  for (const inv of outcomes) {
    bus.publish({ type: inv.state === 'VALIDATED' ? 'invoice.validated' : 'invoice.rejected', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(inv) });
  }
  ctx.onStep(batch, `SETTLED:${p.seq}`);
  ctx.progress(batch);
}
