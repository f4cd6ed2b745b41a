// Step 2: the issued invoices not yet in a package → packages of at most 1,000, one sector and
// modality each (CONTRACT §3.6), tar.gz built with the archive packer the contingency packages
// use (invoicing/archive.ts), on a worker thread when the engine gives one (pack-worker.ts). Each
// package is stored — bytes exactly as they will be sent — before anything goes to SIAT.
//
// A package of 350 invoices of 500 lines is ~70 MB of XML, and linking an item to its package
// rewrites the item's row (its sale's JSON): read and linked in one go they held the engine's
// thread 0.3 s and 0.25 s. Both are done in lots of ≤ 10 ms (heavy-work/lots.ts, decision 0097).
// The package's row is stored before its links: a stop between two lots of links leaves a BUILT
// package with some items unlinked, and the next run links every BUILT package's items (again:
// no change for the linked) before it looks for unpackaged invoices, so none goes into two packages.
import { packPackage } from '../archive';
import { uuidv7 } from '../../store/uuid7';
import type { InvoiceBatch, UnpackagedBatchInvoice } from '../../store/invoice-batches';
import { MASSIVE_PACKAGE_MAX, type MassiveContext } from './context';
import { storeInLots, type LotLimits } from '../../heavy-work/lots';

/** XML read, or items linked, per lot: ≤ 10 ms of the engine's thread, at least 10. */
const PACKAGE_LOTS: LotLimits = { max: 1_000, min: 10, ms: 10 };

export async function buildPackages(ctx: MassiveContext, batch: InvoiceBatch): Promise<void> {
  const { batches, store } = ctx.deps;
  const link = async (packageId: string, invoiceIds: readonly string[]) => {
    await storeInLots(invoiceIds.length, PACKAGE_LOTS, store.transaction, (at) => batches.linkToPackage(batch.id, packageId, invoiceIds[at]!), () => ctx.checkStopped());
  };
  for (const p of batches.packages(batch.id)) if (p.state === 'BUILT') await link(p.id, p.invoiceIds);
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
      const files: { name: string; xml: string }[] = [];
      await storeInLots(slice.length, PACKAGE_LOTS, (fn) => fn(), (at) => void files.push({ name: `${slice[at]!.sector}_${slice[at]!.number}.xml`, xml: batches.invoiceXml(slice[at]!.id) }));
      // gzip and hash on a worker thread when the engine gives one (issue 25): a package of long
      // invoices is megabytes to compress.
      const { tarGz, hashArchivo } = ctx.deps.pack ? await ctx.deps.pack(batch.tenantId, files) : packPackage(files);
      const first = slice[0]!;
      const invoiceIds = slice.map((inv) => inv.id);
      const p = store.transaction(() =>
        batches.insertPackage({
          id: uuidv7(),
          batchId: batch.id,
          tenantId: batch.tenantId,
          sector: first.sector,
          modalidad: first.modalidad,
          tipoFactura: first.tipoFactura,
          invoiceIds,
          invoiceCount: slice.length,
          archive: tarGz,
          hash: hashArchivo,
        }),
      );
      await link(p.id, invoiceIds);
      ctx.onStep(batch, `BUILT:${p.seq}`);
    }
  }
}
