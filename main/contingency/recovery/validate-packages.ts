// Step 6 (VALIDATING): validacionRecepcionPaqueteFactura polled for every SENT package until SIAT
// gives its verdict; a 904 is confirmed invoice by invoice.
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { SiatMessageRecord } from '../../store/invoices';
import type { ContingencyEvent, ContingencyPackage } from '../../store/contingency-events';
import type { CufdRecord } from '../../cuis-cufd/cuis-cufd-service';
import { invoiceServiceKey, type Modalidad } from '../../siat/code-catalog';
import { STEP, ValidationPendingError, type RecoveryContext } from './context';
import { confirmObserved, messagesOf, onlyTransient } from '../../invoicing/package-reception';
import { settlePackage } from './settle-package';

/**
 * Polls validacionRecepcionPaqueteFactura for every SENT package until it is no longer 901, for at
 * most ctx.validationWaitMs: then ValidationPendingError (the runner sets the event aside).
 */
export async function validatePackages(ctx: RecoveryContext, tenant: Tenant, pos: PointOfSale, ev: ContingencyEvent, cufd: CufdRecord): Promise<void> {
  const { repo, gateway } = ctx.deps;
  const sent = repo.packages(ev.id).filter((p) => p.state === 'SENT');
  if (sent.length === 0) return;
  ctx.step(ev, STEP.VALIDATING);
  const client = gateway.client(tenant);
  let delay = ctx.poll.initialMs;
  const waiting = new Set(sent.map((p) => p.id));
  const since = Date.now();
  while (waiting.size > 0) {
    for (const p of sent) {
      if (!waiting.has(p.id)) continue;
      ctx.checkStopped();
      const kind = repo.packageKind(p);
      const res = (await client.call(invoiceServiceKey(kind.sector, kind.modalidad as Modalidad), 'validacionRecepcionPaqueteFactura', {
        ...gateway.receptionFields(tenant, pos, cufd, kind),
        codigoEmision: 2,
        codigoRecepcion: p.codigoRecepcion!,
      } as never));
      if (res.codigoEstado === 901) continue;
      const messages = messagesOf(res);
      if (onlyTransient(messages)) continue;
      const confirmed = res.codigoEstado === 904 ? await confirmPackage(ctx, tenant, pos, cufd, p, messages) : undefined;
      settlePackage(ctx, tenant, pos, p, res.codigoEstado ?? 902, p.codigoRecepcion, messages, confirmed);
      waiting.delete(p.id);
    }
    if (waiting.size === 0) break;
    if (Date.now() - since >= ctx.validationWaitMs) throw new ValidationPendingError(waiting.size);
    await ctx.sleep(delay);
    delay = Math.min(ctx.poll.maxMs, delay * 2);
  }
}

/** A 904's observed invoices, asked about one by one (package-reception.ts confirmObserved). */
function confirmPackage(ctx: RecoveryContext, tenant: Tenant, pos: PointOfSale, cufd: CufdRecord, p: ContingencyPackage, messages: SiatMessageRecord[]) {
  const client = ctx.deps.gateway.client(tenant);
  return confirmObserved(
    p.invoiceIds.length,
    messages,
    (i) => {
      const inv = ctx.deps.invoices.byId(tenant.id, p.invoiceIds[i]!)!;
      return client.call(invoiceServiceKey(inv.sector, inv.modalidad), 'verificacionEstadoFactura', {
        ...ctx.deps.gateway.receptionFields(tenant, pos, cufd, inv),
        codigoEmision: 2,
        cuf: inv.cuf,
      } as never);
    },
    () => ctx.checkStopped(),
  );
}
