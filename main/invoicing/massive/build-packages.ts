// Step 2: the issued invoices not yet in a package → packages of at most 1,000, one sector and
// modality each (CONTRACT §3.6), tar.gz built with the archive packer the contingency packages
// use (invoicing/archive.ts), on a worker thread when the engine gives one (pack-worker.ts). Each
// package is stored — bytes exactly as they will be sent — with its invoices linked to it in one
// transaction, before anything goes to SIAT.
import { packPackage } from '../archive';
import { uuidv7 } from '../../store/uuid7';
import type { InvoiceBatch, UnpackagedBatchInvoice } from '../../store/invoice-batches';
import { MASSIVE_PACKAGE_MAX, type MassiveContext } from './context';

export async function buildPackages(ctx: MassiveContext, batch: InvoiceBatch): Promise<void> {
  const { batches, store } = ctx.deps;
  const groups = new Map<string, UnpackagedBatchInvoice[]>();
  for (const inv of batches.unpackaged(batch.id)) {
    const key = `${inv.sector}:${inv.modalidad}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push(inv);
  }
  for (const group of groups.values()) {
    for (let i = 0; i < group.length; i += MASSIVE_PACKAGE_MAX) {
      ctx.checkStopped();
      const slice = group.slice(i, i + MASSIVE_PACKAGE_MAX);
      // File names are free (§3.6); the position in the tar is what numeroArchivo refers to.
      const files = slice.map((inv) => ({ name: `${inv.sector}_${inv.number}.xml`, xml: inv.xml }));
      // gzip and hash on a worker thread when the engine gives one (issue 25): a package of long
      // invoices is megabytes to compress.
      const { tarGz, hashArchivo } = ctx.deps.pack ? await ctx.deps.pack(batch.tenantId, files) : packPackage(files);
      const first = slice[0]!;
      const p = store.transaction(() =>
        batches.insertPackage({
          id: uuidv7(),
          batchId: batch.id,
          tenantId: batch.tenantId,
          sector: first.sector,
          modalidad: first.modalidad,
          tipoFactura: first.tipoFactura,
          invoiceIds: slice.map((inv) => inv.id),
          invoiceCount: slice.length,
          archive: tarGz,
          hash: hashArchivo,
        }),
      );
      ctx.onStep(batch, `BUILT:${p.seq}`);
    }
  }
}
