// Stage VII: cancellation (905) of this run's own emissions, through the engine's
// InvoiceLifecycle. Step `seq` cancels the invoice of emission step `seq` of the same point of
// sale; one already CANCELLED (SIAT answered, the step's row was lost to a kill) counts as done.
import { STAGES } from '../requirements';
import { okStep, type CertifyContext, type Stage } from '../context';
import type { PointOfSale } from '../../store/points-of-sale';
import type { InvoiceRecord } from '../../store/invoices';

/** The invoice of this run's emission step `seq` at this point of sale (only validated ones count). */
export function emittedInvoice(ctx: CertifyContext, pos: PointOfSale, seq: number): InvoiceRecord {
  const steps = ctx.engine.store.certification.steps(ctx.run.id, 'emission', pos.code).filter((s) => s.ok && s.invoiceId);
  const step = steps[seq];
  if (!step) throw new Error(`No hay una emisión validada n.º ${seq + 1} en el punto de venta ${pos.code} para anular`);
  const inv = ctx.engine.invoices.byId(ctx.tenant.id, step.invoiceId!);
  if (!inv) throw new Error(`La factura ${step.invoiceId} de la emisión ${seq + 1} no está en la base de datos`);
  return inv;
}

/** The catalog's first cancellation reason (SIAT's catalog, never a hard-coded code). */
function cancellationReason(ctx: CertifyContext): number {
  const reason = ctx.engine.catalogs.items(ctx.tenant.id, 'cancellation-reasons')[0];
  if (!reason) throw new Error('No hay motivos de anulación sincronizados');
  return Number(reason.codigo);
}

export const cancellationStage: Stage = {
  requirement: STAGES.find((s) => s.name === 'cancellation')!,
  async step(ctx, pos, seq) {
    const inv = emittedInvoice(ctx, pos, seq);
    if (inv.state === 'CANCELLED') return okStep(inv.cuf, inv.siatCode, inv.siatDescription, inv.id);
    const done = await ctx.engine.lifecycle.cancel(ctx.tenant, pos, inv, cancellationReason(ctx));
    return okStep(done.cuf, done.siatCode, done.siatDescription, done.id);
  },
};
