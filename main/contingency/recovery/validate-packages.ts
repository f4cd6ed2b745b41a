// Step 6 (VALIDATING): validacionRecepcionPaqueteFactura polled for every SENT package until SIAT
// gives its verdict; a 904 is confirmed invoice by invoice.
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { SiatMessageRecord } from '../../store/invoices';
import type { ContingencyEvent, ContingencyPackage } from '../../store/contingency-events';
import type { CufdRecord } from '../../codes/codes-service';
import { isWarning } from '../../siat/messages';
import { invoiceServiceKey, type Modalidad } from '../../siat/codes';
import { ALREADY_REGISTERED, messagesOf, onlyTransient, receptionBase, STEP, TransientSiatError, ValidationPendingError, type Reception, type RecoveryContext } from './context';
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
        ...receptionBase(gateway, tenant, pos, cufd, kind),
        codigoEmision: 2,
        codigoRecepcion: p.codigoRecepcion!,
      } as never)) as Reception;
      if (res.codigoEstado === 901) continue;
      const messages = messagesOf(res);
      if (onlyTransient(messages)) continue;
      const confirmed = res.codigoEstado === 904 ? await confirmObserved(ctx, tenant, pos, cufd, p, messages) : undefined;
      settlePackage(ctx, tenant, pos, p, res.codigoEstado ?? 902, p.codigoRecepcion, messages, confirmed);
      waiting.delete(p.id);
    }
    if (waiting.size === 0) break;
    if (Date.now() - since >= ctx.validationWaitMs) throw new ValidationPendingError(waiting.size);
    await ctx.sleep(delay);
    delay = Math.min(ctx.poll.maxMs, delay * 2);
  }
}

/**
 * 904 names the observed files by `numeroArchivo`, and whether SIAT counts them from 0 or from 1
 * is undocumented (CONTRACT §3.6; docs/decisions/0008). Guessing wrong would mark a valid invoice
 * REJECTED and a rejected one VALIDATED. So the invoices a 904 could mean under either reading
 * are asked about one by one (verificacionEstadoFactura): SIAT's answer per CUF decides their
 * state, and the reading it confirms decides where the observations go. Only the flagged files
 * and their neighbours are asked — a handful of calls, on a rare answer.
 */
async function confirmObserved(ctx: RecoveryContext, 
  tenant: Tenant,
  pos: PointOfSale,
  cufd: CufdRecord,
  p: ContingencyPackage,
  messages: SiatMessageRecord[],
): Promise<{ valid: Map<number, boolean>; base: 0 | 1 }> {
  const flagged = new Set(
    messages.filter((m) => m.numeroArchivo !== undefined && !isWarning(m.codigo) && m.advertencia !== true && m.codigo !== ALREADY_REGISTERED).map((m) => m.numeroArchivo!),
  );
  const indices = new Set<number>();
  for (const f of flagged) for (const i of [f, f - 1]) if (i >= 0 && i < p.invoiceIds.length) indices.add(i);
  const client = ctx.deps.gateway.client(tenant);
  const valid = new Map<number, boolean>();
  for (const i of [...indices].sort((a, b) => a - b)) {
    ctx.checkStopped();
    const inv = ctx.deps.invoices.byId(tenant.id, p.invoiceIds[i]!)!;
    const res = (await client.call(invoiceServiceKey(inv.sector, inv.modalidad), 'verificacionEstadoFactura', {
      ...receptionBase(ctx.deps.gateway, tenant, pos, cufd, inv),
      codigoEmision: 2,
      cuf: inv.cuf,
    } as never)) as Reception;
    if (onlyTransient(messagesOf(res))) throw new TransientSiatError('verificacionEstadoFactura: SIAT transitorio');
    valid.set(i, res.codigoEstado === 908);
  }
  // The reading under which every flagged file is an invoice SIAT did not register.
  const fits = (base: 0 | 1) => [...flagged].every((f) => valid.get(f - base) === false);
  const base: 0 | 1 = fits(0) || !fits(1) ? 0 : 1;
  return { valid, base };
}
