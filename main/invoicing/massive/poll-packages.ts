// Step 4 (VALIDATING): validacionRecepcionMasivaFactura polled for every SENT package until SIAT
// gives its verdict (908/904/902); a 904 is confirmed invoice by invoice.
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { SiatMessageRecord } from '../../store/invoices';
import type { BatchPackage, InvoiceBatch } from '../../store/invoice-batches';
import { isWarning } from '../../siat/messages';
import { documentOperations } from '../../siat/codes';
import { callDocumentOperation } from '../../siat/document-call';
import { ALREADY_REGISTERED, messagesOf, onlyTransient, TransientSiatError, type MassiveContext, type Reception } from './context';
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
      const confirmed = res.codigoEstado === 904 ? await confirmObserved(ctx, tenant, pos, p, messages) : undefined;
      settlePackage(ctx, tenant, pos, batch, p, res.codigoEstado ?? 902, p.codigoRecepcion, messages, confirmed);
      waiting.delete(p.id);
    }
    if (waiting.size === 0) break;
    await ctx.sleep(delay);
    delay = Math.min(ctx.poll.maxMs, delay * 2);
  }
}

/**
 * 904 names the observed files by numeroArchivo, and whether SIAT counts them from 0 or from 1
 * is undocumented (CONTRACT §3.6; docs/decisions/0008). As the contingency recovery does, the
 * invoices a 904 could mean under either reading are asked about one by one
 * (verificacionEstadoFactura): SIAT's answer per CUF decides their state, and the reading it
 * confirms decides where the observations go.
 */
async function confirmObserved(
  ctx: MassiveContext,
  tenant: Tenant,
  pos: PointOfSale,
  p: BatchPackage,
  messages: SiatMessageRecord[],
): Promise<{ valid: Map<number, boolean>; base: 0 | 1 }> {
  const flagged = new Set(
    messages.filter((m) => m.numeroArchivo !== undefined && !isWarning(m.codigo) && m.advertencia !== true && m.codigo !== ALREADY_REGISTERED).map((m) => m.numeroArchivo!),
  );
  const indices = new Set<number>();
  for (const f of flagged) for (const i of [f, f - 1]) if (i >= 0 && i < p.invoiceIds.length) indices.add(i);
  const client = ctx.deps.gateway.client(tenant);
  const ops = documentOperations(p.sector, p.modalidad);
  const valid = new Map<number, boolean>();
  for (const i of [...indices].sort((a, b) => a - b)) {
    ctx.checkStopped();
    const inv = ctx.deps.invoices.byId(tenant.id, p.invoiceIds[i]!)!;
    const cufd = await ctx.deps.codes.ensureCufd(tenant, pos);
    const res = (await callDocumentOperation(client, ops.service, ops.verify, { ...massiveBase(ctx, tenant, pos, cufd, p), cuf: inv.cuf })) as Reception;
    if (onlyTransient(messagesOf(res))) throw new TransientSiatError('verificacionEstadoFactura: SIAT transitorio');
    valid.set(i, res.codigoEstado === 908);
  }
  // The reading under which every flagged file is an invoice SIAT did not register.
  const fits = (base: 0 | 1) => [...flagged].every((f) => valid.get(f - base) === false);
  const base: 0 | 1 = fits(0) || !fits(1) ? 0 : 1;
  return { valid, base };
}
