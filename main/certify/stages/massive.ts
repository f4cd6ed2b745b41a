// Stage IX: massive emission (only with the portal's "Proceso Masivo" mark; codigoEmision 3), per declared invoice sector. One
// step is one batch of the engine's MassiveEmission (POST /invoices/batch's path): even steps carry
// a package of exactly MASSIVE_PACKAGE_MAX invoices, odd ones fewer, so the 10 steps per point of
// sale are 5 packages of 1.000 and 5 smaller ones, each sent (901) and validated (908) by the
// engine. Resumable: the batch's idempotency key carries the step, so a killed step finds its batch
// (stored with its items in one transaction) and waits for the engine to finish it.
import { MASSIVE_PACKAGE_MAX } from '../../invoicing/massive/context';
import { COMPRA_VENTA_SECTOR } from '../../../shared/sectors';
import { stageKey, STAGES } from '../requirements';
import type { Stage, StepOutcome } from '../context';
import { certificationSale } from './emission';

/** The package of fewer than 1.000. */
const SMALL_BATCH = 50;
/** A batch of 1.000 on the pilot: issuing, packing, SIAT's validation. */
const BATCH_WAIT_MS = 20 * 60_000;

export const massiveSize = (seq: number, scale: number) => (seq % 2 === 0 ? Math.max(1, Math.ceil(MASSIVE_PACKAGE_MAX / scale)) : Math.max(1, Math.ceil(SMALL_BATCH / scale)));

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export const massiveStage: Stage = {
  requirement: STAGES.find((s) => s.name === 'massive')!,
  appliesTo: (ctx) => ctx.massive,
  async step(ctx, pos, seq, sector): Promise<StepOutcome> {
    const { engine, tenant } = ctx;
    const key = `certify:${ctx.run.id}:${pos.code}:${stageKey('massive', sector)}:${seq}`;
    const size = massiveSize(seq, ctx.run.scale);
    const items = Array.from({ length: size }, (_, i) => ({ index: i, request: certificationSale(ctx, pos, 100_000 + seq * 2_000 + i, sector ?? COMPRA_VENTA_SECTOR) }));
    let batch = engine.store.batches.byIdempotencyKey(tenant.id, key) ?? engine.massive.submit(tenant, pos, items, { usuario: 'certify', idempotencyKey: key, request: { certify: key, size } }).batch;
    if (batch.state !== 'COMPLETED') void engine.massive.kick(tenant.id, batch.id);
    const deadline = Date.now() + BATCH_WAIT_MS;
    while (batch.state !== 'COMPLETED') {
      if (ctx.signal?.aborted) throw new Error('interrumpido');
      if (Date.now() > deadline) throw new Error(`La emisión masiva del paso ${seq + 1} no terminó en ${BATCH_WAIT_MS / 60_000} min (${batch.state}${batch.lastError ? `: ${batch.lastError}` : ''})`);
      await sleep(250);
      batch = engine.store.batches.byId(tenant.id, batch.id)!;
    }
    const packages = engine.store.batches.packages(batch.id);
    const bad = packages.find((p) => p.state !== 'VALIDATED');
    const first = bad?.siatMessages[0];
    return {
      ok: packages.length === 1 && !bad && batch.acceptedCount === size,
      siatCode: bad?.siatCode ?? packages[0]?.siatCode ?? null,
      siatText: bad
        ? `paquete ${bad.seq} ${bad.state}${first ? `: ${first.codigo} ${first.descripcion}` : ''}`
        : `paquete de ${packages.map((p) => p.invoiceCount).join(' + ')} facturas (codigoEmision 3), recepción ${packages[0]?.codigoRecepcion ?? '?'}${batch.acceptedCount !== size ? `; ${size - batch.acceptedCount} rechazadas por Kipu` : ''}`,
      ref: packages[0]?.codigoRecepcion ?? batch.id,
      invoiceId: null,
    };
  },
};
