// Step 3 (SENDING): recepcionMasivaFactura for every package still BUILT (CONTRACT §2.4: no
// event, no CAFC, codigoEmision 3), on the service of the package's sector — boleto aéreo (30)
// on ServicioFacturacionBoletoAereo, which has no other reception (§2.7).
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { BatchPackage, InvoiceBatch } from '../../store/invoice-batches';
import type { CufdRecord } from '../../cuis-cufd/cuis-cufd-service';
import { documentOperations } from '../../siat/code-catalog';
import { callDocumentOperation } from '../../siat/document-call';
import { toBoliviaIso } from '../../../shared/time';
import { CODIGO_EMISION_MASIVA, messagesOf, onlyTransient, TransientSiatError, type MassiveContext, type Reception } from './context';
import { settlePackage } from './settle-package';

/** The fields every call of the reception family carries (§2.4 base type). */
export function massiveBase(ctx: MassiveContext, tenant: Tenant, pos: PointOfSale, cufd: CufdRecord, p: Pick<BatchPackage, 'sector' | 'modalidad' | 'tipoFactura'>) {
  return { ...ctx.deps.gateway.receptionFields(tenant, pos, cufd, p), codigoEmision: CODIGO_EMISION_MASIVA };
}

/**
 * BUILT → SENT with SIAT's codigoRecepcion. A crash between SIAT's answer and our write leaves
 * the package BUILT: it is sent again, and SIAT answers 1000 for the CUFs it already has, which
 * settlePackage reads as VALIDATED (the invoices are never issued twice).
 */
export async function sendPackages(ctx: MassiveContext, tenant: Tenant, pos: PointOfSale, batch: InvoiceBatch): Promise<void> {
  const { batches, gateway, codes } = ctx.deps;
  const pending = batches.packages(batch.id).filter((p) => p.state === 'BUILT');
  if (pending.length === 0) return;
  ctx.state(batch, 'SENDING');
  const client = gateway.client(tenant);
  for (const p of pending) {
    ctx.checkStopped();
    const cufd = await codes.ensureCufd(tenant, pos);
    const ops = documentOperations(p.sector, p.modalidad);
    const res = (await callDocumentOperation(client, ops.service, 'recepcionMasivaFactura', {
      ...massiveBase(ctx, tenant, pos, cufd, p),
      archivo: p.archive.toString('base64'),
      fechaEnvio: toBoliviaIso(codes.siatNow(tenant.id)),
      hashArchivo: p.hash,
      cantidadFacturas: p.invoiceCount,
    })) as Reception;
    const messages = messagesOf(res);
    if (res.codigoEstado === 901 && res.codigoRecepcion) {
      batches.updatePackage(p.id, { state: 'SENT', codigoRecepcion: res.codigoRecepcion, siatCode: 901 });
      ctx.onStep(batch, `SENT:${p.seq}`);
      ctx.progress(batch);
    } else if (onlyTransient(messages)) {
      throw new TransientSiatError(`recepcionMasivaFactura: SIAT ${messages.map((m) => m.codigo).join(',')}`);
    } else {
      // The whole package refused (955 not registered for massive issuance, 956, 985 …): a
      // verdict on each of its invoices, kept verbatim.
      await settlePackage(ctx, tenant, pos, batch, p, res.codigoEstado ?? 902, res.codigoRecepcion ?? null, messages);
    }
  }
}
