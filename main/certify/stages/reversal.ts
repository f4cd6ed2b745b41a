// Stage XI: reversal of a cancellation (907), through the engine's InvoiceLifecycle, on the
// documents this run cancelled, in order, sector by sector. One already reverted (SIAT answered, the row was lost to
// a kill) counts as done: SIAT allows one reversal per invoice.
import { stageKey, STAGES } from '../requirements';
import { okStep, type Stage } from '../context';

export const reversalStage: Stage = {
  requirement: STAGES.find((s) => s.name === 'reversal')!,
  async step(ctx, pos, seq, sector) {
    const cancelled = ctx.engine.store.certification.steps(ctx.run.id, stageKey('cancellation', sector), pos.code).filter((s) => s.ok && s.invoiceId);
    const step = cancelled[seq];
    if (!step) throw new Error(`No hay una anulación n.º ${seq + 1} en el punto de venta ${pos.code} para revertir`);
    const inv = ctx.engine.invoices.byId(ctx.tenant.id, step.invoiceId!)!;
    if (ctx.engine.invoices.cancellationReverted(ctx.tenant.id, inv.id)) return okStep(inv.cuf, inv.siatCode, inv.siatDescription, inv.id);
    const done = await ctx.engine.lifecycle.reverseCancellation(ctx.tenant, pos, inv);
    return okStep(done.cuf, done.siatCode, done.siatDescription, done.id);
  },
};
