// A package's verdict, applied to its invoices and to the package row in one transaction (used by
// the send and validate steps).
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { InvoiceRecord, SiatMessageRecord } from '../../store/invoices';
import type { ContingencyPackage } from '../../store/contingency-events';
import { invoiceEventData } from '../../invoicing/invoice-event-data';
import { isWarning } from '../../siat/messages';
import { ALREADY_REGISTERED, type RecoveryContext } from './context';

/**
 * A package's verdict → each invoice VALIDATED or REJECTED, in one transaction. 908: all valid.
 * 904/902: per-file messages (numeroArchivo, 0-based — simulator README): a file with an error is
 * REJECTED with its messages verbatim, unless one of them is 1000 (SIAT already registered that
 * very CUF: a resend after a crash) — then it is VALIDATED. Files without errors are VALIDATED
 * (warnings kept); on 902 a file without messages of its own takes the package's messages.
 */
export function settlePackage(ctx: RecoveryContext, 
  tenant: Tenant,
  pos: PointOfSale,
  p: ContingencyPackage,
  code: number,
  codigoRecepcion: string | null,
  messages: SiatMessageRecord[],
  confirmed?: { valid: Map<number, boolean>; base: 0 | 1 },
): void {
  const { invoices, repo, bus, store } = ctx.deps;
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
  const at = new Date().toISOString();
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
              detail: already ? 'paquete de contingencia: SIAT ya tenía este CUF (1000)' : 'paquete de contingencia validado',
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
              detail: why.map((m) => `${m.codigo} ${m.descripcion}`).join('; ') || `paquete rechazado (${code})`,
            }),
          );
        }
      });
      // The package's state follows its invoices (a resend answered 1000 for every file is a
      // 902 whose invoices are all VALIDATED); siat_code keeps SIAT's own answer.
      const state = rejected === 0 ? 'VALIDATED' : rejected < p.invoiceIds.length ? 'OBSERVED' : 'REJECTED';
      repo.updatePackage(p.id, { state, codigoRecepcion, siatCode: code, siatMessages: messages });
  });
  for (const inv of outcomes) {
    bus.publish({ type: inv.state === 'VALIDATED' ? 'invoice.validated' : 'invoice.rejected', tenantId: tenant.id, posId: pos.id, data: invoiceEventData(inv) });
  }
  if (rejected > 0) {
    bus.publish({
      type: 'contingency.package_rejected',
      tenantId: tenant.id,
      posId: pos.id,
      data: { eventId: p.eventId, packageId: p.id, codigoRecepcion, siatCode: code, rejected, total: p.invoiceCount, messages },
    });
  }
}
