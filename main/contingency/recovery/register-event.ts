// Step 3 (REGISTERING → REGISTERED): registroEventoSignificativo, once, over a range that covers
// the event's invoices.
import type { Tenant } from '../../store/tenants';
import type { PointOfSale } from '../../store/points-of-sale';
import type { ContingencyEvent } from '../../store/contingency-events';
import type { CufdRecord } from '../../cuis-cufd/cuis-cufd-service';
import { fromBoliviaIso, toBoliviaIso } from '../../../shared/time';
import { offlineDeadline } from '../limits';
import { STEP, type RecoveryContext } from './context';

/**
 * The event's range covers its invoices (1040) and stays within the cufdEvento's 72 h extension
 * (docs/decisions/0003): start ≤ first fechaEmision, end ≥ last, end > start (974).
 */
function settleRange(ctx: RecoveryContext, tenant: Tenant, ev: ContingencyEvent): void {
  const r = ctx.deps.repo.offlineEmissionRange(ev.id);
  let inicio = ev.fechaInicio;
  let fin = ev.fechaFin ?? toBoliviaIso(ctx.deps.codes.siatNow(tenant.id));
  if (r.first && r.first < inicio) inicio = r.first;
  if (r.last && r.last > fin) fin = r.last;
  const cufdEvento = ctx.deps.codes.byCodigo(tenant.id, ev.cufdEvento);
  if (cufdEvento) {
    const cap = toBoliviaIso(offlineDeadline(cufdEvento));
    if (fin > cap) fin = cap < (r.last ?? '') ? r.last! : cap;
  }
  if (fin <= inicio) fin = toBoliviaIso(new Date(fromBoliviaIso(inicio)!.getTime() + 1000));
  if (inicio !== ev.fechaInicio || fin !== ev.fechaFin) {
    ctx.deps.repo.update(ev.id, { fechaInicio: inicio, fechaFin: fin });
    ev.fechaInicio = inicio;
    ev.fechaFin = fin;
  }
}

/**
 * registroEventoSignificativo → codigoRecepcionEventoSignificativo. If a previous attempt may have
 * reached SIAT (step REGISTERING persisted, no code stored), consultaEventoSignificativo finds it
 * instead of registering twice.
 */
export async function registerEvent(ctx: RecoveryContext, tenant: Tenant, pos: PointOfSale, ev: ContingencyEvent, cufd: CufdRecord): Promise<number> {
  if (ev.codigoEventoSiat !== null) return ev.codigoEventoSiat;
  const client = ctx.deps.gateway.client(tenant);
  const id = ctx.deps.gateway.identity(tenant);
  const base = { codigoAmbiente: id.codigoAmbiente, codigoPuntoVenta: pos.code, codigoSistema: id.codigoSistema, codigoSucursal: pos.branchCode, cuis: cufd.cuis, nit: id.nit };
  let code: number | null = null;
  if (ev.step === STEP.REGISTERING) {
    const found = await client.operaciones.consultaEventoSignificativo({ ...base, cufd: cufd.codigo, fechaEvento: `${ev.fechaInicio.slice(0, 10)}T00:00:00.000` });
    const match = (found.listaCodigos ?? []).find((e) => e.fechaInicio === ev.fechaInicio && e.codigoEvento === ev.codigoMotivo);
    code = match?.codigoRecepcionEventoSignificativo ?? null;
  } else {
    settleRange(ctx, tenant, ev);
  }
  if (code === null) {
    ctx.step(ev, STEP.REGISTERING);
    const res = await client.operaciones.registroEventoSignificativo({
      ...base,
      codigoMotivoEvento: ev.codigoMotivo,
      cufd: cufd.codigo,
      cufdEvento: ev.cufdEvento,
      descripcion: ev.descripcion,
      fechaHoraInicioEvento: ev.fechaInicio,
      fechaHoraFinEvento: ev.fechaFin!,
    });
    if (typeof res.codigoRecepcionEventoSignificativo !== 'number') throw new Error('SIAT no devolvió codigoRecepcionEventoSignificativo');
    code = res.codigoRecepcionEventoSignificativo;
  }
  ctx.step(ev, STEP.REGISTERED, { codigoEventoSiat: code });
  ev.codigoEventoSiat = code;
  return code;
}
