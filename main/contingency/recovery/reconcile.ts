// Step 2 (RECONCILING → RECONCILED): invoices sent online with an unknown outcome are asked about
// before anything of the event is sent again.
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { ContingencyEvent } from '../../store/contingency-events';
import type { CufdRecord } from '../../cuis-cufd/cuis-cufd-service';
import { invoiceEventData } from '../../invoicing/invoice-event-data';
import { documentOperations } from '../../siat/code-catalog';
import { NOTE } from '../../invoicing/credit-debit-note-data';
import { callDocumentOperation } from '../../siat/document-call';
import { DEFAULT_SETTLE_WINDOW_MS, verifyVerdict } from '../../invoicing/online-outcome';
import { STEP, type RecoveryContext } from './context';
import { messagesOf, TransientSiatError } from '../../invoicing/package-reception';

/**
 * CONTRACT §5.1.5: an invoice whose online send timed out is checked before anything is resent.
 * 908 → VALIDATED (never resent); 905 → CANCELLED. Issue 32 (docs/decisions/0057): SIAT may still
 * be processing a send the till gave up on, so "unknown CUF" (946) or a rejection means "not yet"
 * until SIAT's processing window after the last such send has passed (siat_attempt_at, kept across
 * restarts): the step waits and asks again. Only then is the invoice re-issued offline into this
 * event (same number and date, codigoEmision 2). An answer that says nothing is asked again later.
 */
export async function reconcile(ctx: RecoveryContext, tenant: Tenant, pos: PointOfSale, ev: ContingencyEvent, cufd: CufdRecord): Promise<void> {
  const { invoices, invoicing, bus, gateway, repo, logger } = ctx.deps;
  const windowMs = ctx.deps.settleWindowMs ?? DEFAULT_SETTLE_WINDOW_MS;
  let ids = repo.invoicesToReconcile(ev.id);
  if (ids.length === 0) return;
  ctx.step(ev, STEP.RECONCILING);
  const client = gateway.client(tenant);
  while (ids.length > 0) {
    let wakeAt = Infinity;
    for (const id of ids) {
      ctx.checkStopped();
      const inv = invoices.byId(tenant.id, id)!;
      // A row from before migration 0022 has no attempt time: its window starts now.
      let attemptAt = invoices.siatAttemptAt(id);
      if (attemptAt === null) {
        attemptAt = new Date().toISOString();
        invoices.setState(id, { state: 'PENDING', siatAttemptAt: attemptAt });
      }
      const ops = documentOperations(inv.sector, inv.modalidad);
      const res = (await callDocumentOperation(client, ops.service, ops.verify, {
        ...gateway.receptionFields(tenant, pos, cufd, inv),
        codigoEmision: inv.codigoEmision,
        cuf: inv.cuf,
      }));
      const messages = messagesOf(res);
      const at = new Date().toISOString();
      const verdict = verifyVerdict(res, messages, Date.parse(attemptAt), Date.now(), windowMs);
      const codes = `${res.codigoEstado ?? '?'} ${messages.map((m) => m.codigo).join(',')}`.trim();
      switch (verdict.kind) {
        case 'validated': {
          const done = invoices.setState(inv.id, {
            state: 'VALIDATED',
            needsReconcile: false,
            siatCode: 908,
            siatDescription: res.codigoDescripcion ?? 'VALIDADA',
            siatReceptionCode: res.codigoRecepcion ?? null,
            siatMessages: messages,
            lastChecked: at,
            detail: `SIAT ya la había recibido en línea (verificacionEstadoFactura ${res.codigoEstado}); no se reenvía`,
          });
          bus.publish({ type: 'invoice.validated', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(done) });
          break;
        }
        case 'cancelled': {
          const done = invoices.setState(inv.id, { state: 'CANCELLED', needsReconcile: false, siatCode: 905, siatDescription: res.codigoDescripcion ?? 'ANULADA', siatMessages: messages, lastChecked: at });
          bus.publish({ type: 'invoice.cancelled', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(done) });
          break;
        }
        case 'ask-again':
          throw new TransientSiatError(`verificacionEstadoFactura: SIAT no dijo el estado (${codes})`);
        case 'not-yet':
          wakeAt = Math.min(wakeAt, verdict.retryAt);
          break;
        case 'reissue':
          if (inv.sector === NOTE.SECTOR) {
            // Notes have no packages (CONTRACT §2.5): SIAT never got this one, so it is sent online again, as is.
            await invoicing.submitter.submitOnline(tenant, pos, invoices.setState(inv.id, { state: 'PENDING', needsReconcile: false, detail: 'SIAT no registró la nota; se reenvía en línea' }));
          } else {
            invoicing.submitter.reissueOffline(tenant, pos, inv, { id: ev.id, cufdEvento: ev.cufdEvento }, `SIAT no registró el envío en línea (${codes}, pasada la ventana de procesamiento); reemitida fuera de línea`);
          }
          break;
      }
    }
    if (wakeAt === Infinity) break;
    // SIAT may still register a send it got: ask again once its window has passed.
    logger?.info({ eventId: ev.id, waitMs: wakeAt - Date.now() }, 'SIAT aún no conoce facturas enviadas en línea; se consulta de nuevo pasada su ventana de procesamiento');
    await ctx.sleep(Math.max(0, wakeAt - Date.now()));
    ctx.checkStopped();
    ids = repo.invoicesToReconcile(ev.id);
  }
  ctx.step(ev, STEP.RECONCILED);
}
