// Step 1 of a recovery (CUFD → CUFD_OK): the CUFD that registers the event and carries its packages.
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { ContingencyEvent } from '../../store/contingency-events';
import type { CufdRecord } from '../../cuis-cufd/cuis-cufd-service';
import { STEP, type RecoveryContext } from './context';

/** CONTRACT §5.1.3: a NEW CUFD, in force, registers the event and carries the packages. */
export async function newCufd(ctx: RecoveryContext, tenant: Tenant, pos: PointOfSale, ev: ContingencyEvent): Promise<CufdRecord> {
  const { codes } = ctx.deps;
  const kept = ev.cufdRegistro ? codes.byCodigo(tenant.id, ev.cufdRegistro) : null;
  // A few minutes of margin: the CUFD must still be in force when the last package is sent.
  if (kept && kept.codigo !== ev.cufdEvento && new Date(kept.fechaVigencia).getTime() - codes.siatNow(tenant.id).getTime() > 10 * 60_000) return kept;
  ctx.step(ev, STEP.CUFD);
  const fresh = await codes.renewCufd(tenant, pos);
  ctx.step(ev, STEP.CUFD_OK, { cufdRegistro: fresh.codigo });
  ev.cufdRegistro = fresh.codigo;
  return fresh;
}
