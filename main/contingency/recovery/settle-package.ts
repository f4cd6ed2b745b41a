// A package's verdict, applied to its invoices and to the package row in one transaction (used by
// the send and validate steps).
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { InvoiceRecord, SiatMessageRecord } from '../../store/invoices';
import type { ContingencyPackage } from '../../store/contingency-events';
import { invoiceEventData } from '../../invoicing/invoice-event-data';
import type { RecoveryContext } from './context';
import { settleInvoicesOfPackage, type PackageWords } from '../../invoicing/package-verdict';

const CONTINGENCY_WORDS: PackageWords = {
  validated: 'paquete de contingencia validado',
  alreadyRegistered: 'paquete de contingencia: SIAT ya tenía este CUF (1000)',
  rejected: (code) => `paquete rechazado (${code})`,
};

/** A package's verdict → each invoice VALIDATED or REJECTED (invoicing/package-verdict.ts) and the package row, in one transaction. */
export function settlePackage(
  ctx: RecoveryContext,
  tenant: Tenant,
  pos: PointOfSale,
  p: ContingencyPackage,
  code: number,
  codigoRecepcion: string | null,
  messages: SiatMessageRecord[],
  confirmed?: { valid: Map<number, boolean>; base: 0 | 1 },
): void {
  const { invoices, repo, bus, store } = ctx.deps;
  let rejected = 0;
  let outcomes: InvoiceRecord[] = [];
  store.transaction(() => {
    ({ outcomes, rejected } = settleInvoicesOfPackage(invoices, p.invoiceIds, { code, codigoRecepcion, messages, ...(confirmed ? { confirmed } : {}) }, new Date().toISOString(), CONTINGENCY_WORDS));
    // The package's state follows its invoices (a resend answered 1000 for every file is a
    // 902 whose invoices are all VALIDATED); siat_code keeps SIAT's own answer.
    const state = rejected === 0 ? 'VALIDATED' : rejected < p.invoiceIds.length ? 'OBSERVED' : 'REJECTED';
    repo.updatePackage(p.id, { state, codigoRecepcion, siatCode: code, siatMessages: messages });
  });
  for (const inv of outcomes) {
    bus.publish({ type: inv.state === 'VALIDATED' ? 'invoice.validated' : 'invoice.rejected', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(inv) });
  }
  if (rejected > 0) {
    bus.publish({
      type: 'contingency.package_rejected',
      tenantId: tenant.id,
      posId: pos.id,
      data: { eventId: p.eventId, packageId: p.id, codigoRecepcion, siatCode: code, rejected, total: p.invoiceCount, messages },
    });
  }
}
