// A massive package's verdict, applied to its invoices and to the package row in one transaction
// (used by the send and poll steps). Same reading as the contingency packages'
// (contingency/recovery/settle-package.ts): SIAT's messages are kept verbatim on each invoice.
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { InvoiceRecord, SiatMessageRecord } from '../../store/invoices';
import type { BatchPackage, InvoiceBatch } from '../../store/invoice-batches';
import { invoiceEventData } from '../invoice-event-data';
import { isWarning } from '../../siat/messages';
import { ALREADY_REGISTERED, type MassiveContext } from './context';

/**
 * 908: all valid. 904/902: per-file messages (numeroArchivo): a file with an error is REJECTED
 * with its messages, unless one of them is 1000 (SIAT already registered that very CUF: a resend
 * after a crash) — then it is VALIDATED. Files without errors are VALIDATED (warnings kept); on
 * 902 a file without messages of its own takes the package's messages. `confirmed` (from
 * verificacionEstadoFactura) overrides the reading for the files it covers, and gives the base of
 * numeroArchivo.
 */
export function settlePackage(
  ctx: MassiveContext,
  tenant: Tenant,
  pos: PointOfSale,
  batch: InvoiceBatch,
  p: BatchPackage,
  code: number,
  codigoRecepcion: string | null,
  messages: SiatMessageRecord[],
  confirmed?: { valid: Map<number, boolean>; base: 0 | 1 },
): void {
  const { invoices, batches, bus, store } = ctx.deps;
  const base = confirmed?.base ?? 0;
  const byFile = new Map<number, SiatMessageRecord[]>();
  const general: SiatMessageRecord[] = [];
  for (const m of messages) {
    if (m.numeroArchivo === undefined || m.numeroArchivo === null) general.push(m);
    else {
      let l = byFile.get(m.numeroArchivo - base);
      if (!l) byFile.set(m.numeroArchivo - base, (l = []));
      l.push(m);
    }
  }
  const at = ctx.now().toISOString();
  const outcomes: InvoiceRecord[] = [];
  let rejected = 0;
  store.transaction(() => {
    p.invoiceIds.forEach((invoiceId, i) => {
      const own = byFile.get(i) ?? [];
      const errors = own.filter((m) => !isWarning(m.codigo) && m.advertencia !== true);
      const already = own.some((m) => m.codigo === ALREADY_REGISTERED);
      const asked = confirmed?.valid.get(i);
      const valid = asked ?? (code === 908 || already || (errors.length === 0 && (code === 904 || own.length > 0)));
      if (valid) {
        outcomes.push(
          invoices.setState(invoiceId, {
            state: 'VALIDATED',
            siatCode: 908,
            siatDescription: 'VALIDADA',
            siatReceptionCode: codigoRecepcion,
            siatMessages: own,
            lastChecked: at,
            detail: already ? 'emisión masiva: SIAT ya tenía este CUF (1000)' : 'emisión masiva validada',
          }),
        );
      } else {
        rejected++;
        const why = own.length > 0 ? own : general;
        outcomes.push(
          invoices.setState(invoiceId, {
            state: 'REJECTED',
            siatCode: 902,
            siatDescription: 'RECHAZADA',
            siatReceptionCode: codigoRecepcion,
            siatMessages: why,
            lastChecked: at,
            detail: why.map((m) => `${m.codigo} ${m.descripcion}`).join('; ') || `paquete masivo rechazado (${code})`,
          }),
        );
      }
    });
    const state = rejected === 0 ? 'VALIDATED' : rejected < p.invoiceIds.length ? 'OBSERVED' : 'REJECTED';
    batches.updatePackage(p.id, { state, codigoRecepcion, siatCode: code, siatMessages: messages });
  });
  for (const inv of outcomes) {
    bus.publish({ type: inv.state === 'VALIDATED' ? 'invoice.validated' : 'invoice.rejected', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(inv) });
  }
  ctx.onStep(batch, `SETTLED:${p.seq}`);
  ctx.progress(batch);
}
