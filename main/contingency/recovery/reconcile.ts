// Step 2 (RECONCILING → RECONCILED): invoices sent online with an unknown outcome are asked about
// before anything of the event is sent again.
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { ContingencyEvent } from '../../store/contingency-events';
import type { CufdRecord } from '../../codes/codes-service';
import { invoiceEventData } from '../../invoicing/invoice-event-data';
import { documentOperations } from '../../siat/codes';
import { NOTE } from '../../invoicing/credit-debit-note-data';
import { callDocumentOperation } from '../../siat/document-call';
import { messagesOf, onlyTransient, receptionBase, STEP, TransientSiatError, type Reception, type RecoveryContext } from './context';

/**
 * CONTRACT §5.1.5: an invoice whose online send timed out is checked before anything is resent.
 * 908 → VALIDATED (never resent); 905 → CANCELLED; anything else → re-issued offline into this
 * event (same number and date, codigoEmision 2).
 */
export async function reconcile(ctx: RecoveryContext, tenant: Tenant, pos: PointOfSale, ev: ContingencyEvent, cufd: CufdRecord): Promise<void> {
  const { invoices, invoicing, bus, gateway, repo } = ctx.deps;
  const ids = repo.invoicesToReconcile(ev.id);
  if (ids.length === 0) return;
  ctx.step(ev, STEP.RECONCILING);
  const client = gateway.client(tenant);
  for (const id of ids) {
    ctx.checkStopped();
    const inv = invoices.byId(tenant.id, id)!;
    const ops = documentOperations(inv.sector, inv.modalidad);
    const res = (await callDocumentOperation(client, ops.service, ops.verify, {
      ...receptionBase(gateway, tenant, pos, cufd, inv),
      codigoEmision: inv.codigoEmision,
      cuf: inv.cuf,
    })) as Reception;
    const messages = messagesOf(res);
    const at = new Date().toISOString();
    if (res.codigoEstado === 908) {
      const done = invoices.setState(inv.id, {
        state: 'VALIDATED',
        needsReconcile: false,
        siatCode: 908,
        siatDescription: res.codigoDescripcion ?? 'VALIDADA',
        siatReceptionCode: res.codigoRecepcion ?? null,
        siatMessages: messages,
        lastChecked: at,
        detail: 'SIAT ya la había recibido en línea (verificacionEstadoFactura 908); no se reenvía',
      });
      bus.publish({ type: 'invoice.validated', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(done) });
    } else if (res.codigoEstado === 905) {
      const done = invoices.setState(inv.id, { state: 'CANCELLED', needsReconcile: false, siatCode: 905, siatDescription: res.codigoDescripcion ?? 'ANULADA', siatMessages: messages, lastChecked: at });
      bus.publish({ type: 'invoice.cancelled', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(done) });
    } else if (onlyTransient(messages)) {
      throw new TransientSiatError(`verificacionEstadoFactura: SIAT ${messages.map((m) => m.codigo).join(',')}`);
    } else if (inv.sector === NOTE.SECTOR) {
      // Notes have no packages (CONTRACT §2.5): SIAT never got this one, so it is sent online again, as is.
      await invoicing.submitOnline(tenant, pos, invoices.setState(inv.id, { state: 'PENDING', needsReconcile: false, detail: 'SIAT no registró la nota; se reenvía en línea' }));
    } else {
      invoicing.reissueOffline(tenant, pos, inv, { id: ev.id, cufdEvento: ev.cufdEvento }, `SIAT no registró el envío en línea (${res.codigoEstado ?? '?'} ${messages.map((m) => m.codigo).join(',')}); reemitida fuera de línea`);
    }
  }
  ctx.step(ev, STEP.RECONCILED);
}
