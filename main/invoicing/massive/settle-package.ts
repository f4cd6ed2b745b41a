// A massive package's verdict, applied to its invoices and to the package row (used by the send
// and poll steps). Same reading as the contingency packages' (contingency/recovery/
// settle-package.ts): SIAT's messages are kept verbatim on each invoice. Each invoice's row carries
// its signed XML, so settling one rewrites it (~4 ms for 500 lines): a package of 350 such
// invoices in one transaction held the engine's thread 1.5 s (issue 25, decision 0097). They are
// settled in lots of ≤ 10 ms (heavy-work/lots.ts), the package row with the last one; a stop
// between two lots leaves the package SENT, asked again, and its verdict written again whole (an
// invoice settled twice keeps the same values and has the second settling in its history).
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { InvoiceRecord, SiatMessageRecord } from '../../store/invoices';
import type { BatchPackage, InvoiceBatch } from '../../store/invoice-batches';
import { invoiceEventData } from '../invoice-event-data';
import type { MassiveContext } from './context';
import { packageSettler, type PackageWords } from '../package-verdict';
import { storeInLots, type LotLimits } from '../../heavy-work/lots';

const MASSIVE_WORDS: PackageWords = {
  validated: 'emisión masiva validada',
  alreadyRegistered: 'emisión masiva: SIAT ya tenía este CUF (1000)',
  rejected: (code) => `paquete masivo rechazado (${code})`,
};

/** A package's invoices settled per transaction: ≤ 10 ms of the engine's thread, at least one. */
const SETTLE_LOTS: LotLimits = { max: 1_000, min: 1, ms: 10 };

/** The package's verdict on its invoices (package-verdict.ts), in lots, and on the package row with the last lot. */
export async function settlePackage(
  ctx: MassiveContext,
  tenant: Tenant,
  pos: PointOfSale,
  batch: InvoiceBatch,
  p: BatchPackage,
  code: number,
  codigoRecepcion: string | null,
  messages: SiatMessageRecord[],
  confirmed?: { valid: Map<number, boolean>; base: 0 | 1 },
): Promise<void> {
  const { invoices, batches, bus, store } = ctx.deps;
  const settle = packageSettler(invoices, { code, codigoRecepcion, messages, ...(confirmed ? { confirmed } : {}) }, ctx.now().toISOString(), MASSIVE_WORDS);
  const count = p.invoiceIds.length;
  let rejected = 0;
  let lot: InvoiceRecord[] = [];
  const settlePackageRow = () => {
    const state = rejected === 0 ? 'VALIDATED' : rejected < count ? 'OBSERVED' : 'REJECTED';
    batches.updatePackage(p.id, { state, codigoRecepcion, siatCode: code, siatMessages: messages });
  };
  if (count === 0) store.transaction(settlePackageRow);
  await storeInLots(
    count,
    SETTLE_LOTS,
    store.transaction,
    (at) => {
      const inv = settle(p.invoiceIds[at]!, at);
      if (inv.state === 'REJECTED') rejected++;
      lot.push(inv);
      if (at === count - 1) settlePackageRow();
    },
    (done) => {
      for (const inv of lot) {
        bus.publish({ type: inv.state === 'VALIDATED' ? 'invoice.validated' : 'invoice.rejected', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(inv) });
      }
      lot = [];
      if (done < count) ctx.checkStopped();
    },
  );
  ctx.onStep(batch, `SETTLED:${p.seq}`);
  ctx.progress(batch);
}
