// Step 4 (VALIDATING): validacionRecepcionMasivaFactura polled for every SENT package until SIAT
// gives its verdict (908/904/902); a 904 is confirmed invoice by invoice.
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { SiatMessageRecord } from '../../store/invoices';
import type { BatchPackage, InvoiceBatch } from '../../store/invoice-batches';
import { documentOperations } from '../../siat/code-catalog';
import { callDocumentOperation } from '../../siat/document-call';
import { messagesOf, onlyTransient, type MassiveContext, type Reception } from './context';
import { confirmObserved } from '../package-reception';
import { massiveBase } from './send-packages';
import { settlePackage } from './settle-package';

export async function pollPackages(ctx: MassiveContext, tenant: Tenant, pos: PointOfSale, batch: InvoiceBatch): Promise<void> {
  const { batches, gateway, codes } = ctx.deps;
  const sent = batches.packages(batch.id).filter((p) => p.state === 'SENT');
  if (sent.length === 0) return;
  ctx.state(batch, 'VALIDATING');
  const client = gateway.client(tenant);
  let delay = ctx.poll.initialMs;
  const waiting = new Set(sent.map((p) => p.id));
  while (waiting.size > 0) {
    for (const p of sent) {
      if (!waiting.has(p.id)) continue;
      ctx.checkStopped();
      const cufd = await codes.ensureCufd(tenant, pos);
      const res = (await callDocumentOperation(client, documentOperations(p.sector, p.modalidad).service, 'validacionRecepcionMasivaFactura', {
        ...massiveBase(ctx, tenant, pos, cufd, p),
        codigoRecepcion: p.codigoRecepcion!,
      })) as Reception;
      if (res.codigoEstado === 901) continue;
      const messages = messagesOf(res);
      if (onlyTransient(messages)) continue;
      const confirmed = res.codigoEstado === 904 ? await confirmPackage(ctx, tenant, pos, p, messages) : undefined;
      await settlePackage(ctx, tenant, pos, batch, p, res.codigoEstado ?? 902, p.codigoRecepcion, messages, confirmed);
      waiting.delete(p.id);
    }
    if (waiting.size === 0) break;
    await ctx.sleep(delay);
    delay = Math.min(ctx.poll.maxMs, delay * 2);
  }
}

/** A 904's observed invoices, asked about one by one as the contingency recovery does (package-reception.ts confirmObserved). */
function confirmPackage(ctx: MassiveContext, tenant: Tenant, pos: PointOfSale, p: BatchPackage, messages: SiatMessageRecord[]) {
  const client = ctx.deps.gateway.client(tenant);
  const ops = documentOperations(p.sector, p.modalidad);
  return confirmObserved(
    p.invoiceIds.length,
    messages,
    async (i) => {
      const inv = ctx.deps.invoices.byId(tenant.id, p.invoiceIds[i]!)!;
      const cufd = await ctx.deps.codes.ensureCufd(tenant, pos);
      return callDocumentOperation(client, ops.service, ops.verify, { ...massiveBase(ctx, tenant, pos, cufd, p), cuf: inv.cuf });
    },
    () => ctx.checkStopped(),
  );
}
