// Step 4 (PACKAGED): the event's offline invoices packed, stored and tied to their package before
// anything is sent. The tar, gzip and hash of up to 500 invoices run on the pack worker when the
// engine gives one (issue 25, decision 0078): the same packer, the same bytes, off the engine's thread.
import { randomUUID } from 'node:crypto';
import type { ContingencyEvent, ContingencyRepository } from '../../store/contingency-events';
import { packPackage } from '../../invoicing/archive';
import { chunk, PACKAGE_MAX_INVOICES } from '../limits';
import { STEP, type RecoveryContext } from './context';

/**
 * Packages of ≤ 500 invoices per event, per cufdEvento and per (sector, modalidad, tipo), built
 * and stored with their invoices tied to them before anything is sent (CONTRACT §3.6).
 */
export async function buildPackages(ctx: RecoveryContext, ev: ContingencyEvent): Promise<void> {
  const { repo } = ctx.deps;
  const rows = repo.unpackagedInvoices(ev.id);
  if (rows.length === 0) {
    if (ev.step !== STEP.PACKAGED && ev.step !== STEP.SENDING && ev.step !== STEP.VALIDATING) ctx.step(ev, STEP.PACKAGED);
    return;
  }
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = `${r.cufd}|${r.sector}|${r.modalidad}|${r.tipoFactura}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(r);
  }
  let seq = repo.nextPackageSeq(ev.id);
  const built: Parameters<ContingencyRepository['addPackages']>[0] = [];
  for (const g of groups.values()) {
    for (const part of chunk(g, PACKAGE_MAX_INVOICES)) {
      // File names inside the tar are free (CONTRACT §3.6); numeroArchivo is the file's index.
      const files = part.map((r) => ({ name: `${r.number}.xml`, xml: r.xml }));
      // Nothing is stored until every package of the event is packed: a crash or a busy pack
      // worker (a 429, retried with the recovery's back-off) leaves the step to run again whole.
      const packed = ctx.deps.pack ? await ctx.deps.pack(ev.tenantId, files) : packPackage(files);
      built.push({ id: randomUUID(), eventId: ev.id, tenantId: ev.tenantId, seq: seq++, cufdEvento: part[0]!.cufd, invoiceIds: part.map((r) => r.id), archive: packed.tarGz, hash: packed.hashArchivo });
    }
  }
  repo.addPackages(built);
  ctx.step(ev, STEP.PACKAGED);
}
