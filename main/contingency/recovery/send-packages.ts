// Step 5 (SENDING): recepcionPaqueteFactura for every package still BUILT.
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { ContingencyEvent } from '../../store/contingency-events';
import type { CufdRecord } from '../../cuis-cufd/cuis-cufd-service';
import { invoiceServiceKey, type Modalidad } from '../../siat/code-catalog';
import { toBoliviaIso } from '../../../shared/time';
import { STEP, type RecoveryContext } from './context';
import { messagesOf, onlyTransient, TransientSiatError } from '../../invoicing/package-reception';
import { settlePackage } from './settle-package';

/**
 * recepcionPaqueteFactura for every BUILT package → SENT with its codigoRecepcion. A crash
 * between SIAT's answer and our write leaves the package BUILT: it is sent again, and SIAT
 * answers 1000 for the CUFs it already has, which `settlePackage` reads as VALIDATED.
 */
export async function sendPackages(ctx: RecoveryContext, tenant: Tenant, pos: PointOfSale, ev: ContingencyEvent, cufd: CufdRecord, codigoEvento: number): Promise<void> {
  const { repo, gateway, codes } = ctx.deps;
  const pending = repo.packages(ev.id).filter((p) => p.state === 'BUILT');
  if (pending.length === 0) return;
  ctx.step(ev, STEP.SENDING);
  const client = gateway.client(tenant);
  for (const p of pending) {
    ctx.checkStopped();
    const kind = repo.packageKind(p);
    const res = (await client.call(invoiceServiceKey(kind.sector, kind.modalidad as Modalidad), 'recepcionPaqueteFactura', {
      ...gateway.receptionFields(tenant, pos, cufd, kind),
      codigoEmision: 2,
      archivo: p.archive.toString('base64'),
      fechaEnvio: toBoliviaIso(codes.siatNow(tenant.id)),
      hashArchivo: p.hash,
      cantidadFacturas: p.invoiceCount,
      codigoEvento,
      // Transcribed manual invoices carry their booklet's CAFC (CONTRACT §5.3); otherwise omitted.
      ...(ev.cafc ? { cafc: ev.cafc } : {}),
    } as never));
    const messages = messagesOf(res);
    if (res.codigoEstado === 901 && res.codigoRecepcion) {
      repo.updatePackage(p.id, { state: 'SENT', codigoRecepcion: res.codigoRecepcion, siatCode: 901 });
      ctx.deps.onStep?.(ev, `SENT:${p.seq}`);
    } else if (onlyTransient(messages)) {
      throw new TransientSiatError(`recepcionPaqueteFactura: SIAT ${messages.map((m) => m.codigo).join(',')}`);
    } else {
      // The whole package refused (983 out of term, 954, 985 …): a verdict, kept verbatim.
      settlePackage(ctx, tenant, pos, p, res.codigoEstado ?? 902, res.codigoRecepcion ?? null, messages);
    }
  }
}
