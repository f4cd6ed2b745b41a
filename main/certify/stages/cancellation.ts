// Stage VII: cancellation (905) of this run's own emissions, through the engine's
// InvoiceLifecycle, sector by sector (a note's through anulacionDocumentoAjuste). Step `seq`
// cancels the document of emission step `seq` of the same sector and point of sale; one already
// CANCELLED (SIAT answered, the step's row was lost to a kill) counts as done.
import { isNoteSector, stageKey, STAGES } from '../requirements';
import { okStep, type CertifyContext, type Stage } from '../context';
import type { PointOfSale } from '../../store/points-of-sale';
import type { InvoiceRecord } from '../../store/invoices';

/** The document of this run's emission step `seq` of `sector` at this point of sale (only validated ones count). */
export function emittedInvoice(ctx: CertifyContext, pos: PointOfSale, seq: number, sector: number | null): InvoiceRecord {
  const steps = ctx.engine.store.certification.steps(ctx.run.id, stageKey('emission', sector), pos.code).filter((s) => s.ok && s.invoiceId);
  const step = steps[seq];
  if (!step) throw new Error(`No hay una emisión validada n.º ${seq + 1} en el punto de venta ${pos.code} para anular`);
  const inv = ctx.engine.invoices.byId(ctx.tenant.id, step.invoiceId!);
  if (!inv) throw new Error(`La factura ${step.invoiceId} de la emisión ${seq + 1} no está en la base de datos`);
  return inv;
}

/**
 * The reason from SIAT's catalog (never a hard-coded code): for a note the one that names a note
 * («NOTA DE CREDITO-DEBITO MAL EMITIDA»), else the catalog's first.
 */
function cancellationReason(ctx: CertifyContext, note: boolean): number {
  const reasons = ctx.engine.catalogs.items(ctx.tenant.id, 'cancellation-reasons');
  const reason = (note ? reasons.find((r) => /NOTA/i.test(r.descripcion)) : undefined) ?? reasons[0];
  if (!reason) throw new Error('No hay motivos de anulación sincronizados');
  return Number(reason.codigo);
}

export const cancellationStage: Stage = {
  requirement: STAGES.find((s) => s.name === 'cancellation')!,
  async step(ctx, pos, seq, sector) {
    const inv = emittedInvoice(ctx, pos, seq, sector);
    if (inv.state === 'CANCELLED') return okStep(inv.cuf, inv.siatCode, inv.siatDescription, inv.id);
    const done = await ctx.engine.lifecycle.cancel(ctx.tenant, pos, inv, cancellationReason(ctx, sector !== null && isNoteSector(sector)));
    return okStep(done.cuf, done.siatCode, done.siatDescription, done.id);
  },
};
