// Stages V and VI: a significant event and its contingency packages. Step `seq` is the seq-th
// event that Kipu emits offline for (the synced catalog's events found by description,
// event-mapping.ts; the three that need CAFC are not built yet): the engine's ContingencyService
// opens it with the event's CUFD, the invoices are issued offline by the engine's InvoicingService
// (one package of exactly PACKAGE_MAX_INVOICES and one of fewer at full count), the event ends and
// the engine's own recovery registers it, sends the packages and validates them (908).
// Resumable: the event carries the step in its description, every invoice its idempotency key; a
// kill -9 at any point finds the event again and goes on from where it is.
import { toBoliviaIso } from '../../../shared/time';
import { PACKAGE_MAX_INVOICES } from '../../contingency/limits';
import type { ContingencyEvent } from '../../store/contingency-events';
import type { PointOfSale } from '../../store/points-of-sale';
import { mapEvents, type MappedEvent } from '../event-mapping';
import type { CertifyContext, Stage, StepOutcome } from '../context';
import { STAGES } from '../requirements';
import { certificationSale } from './emission';

/** The package of fewer than 500: this many invoices after the full one. */
const SMALL_PACKAGE = 25;
/** The engine's recovery validates in the background; a package SIAT keeps in 901 is polled up to 15 min. */
const RECOVERY_WAIT_MS = 20 * 60_000;


/** The events this slice runs, in the catalog's order: those Kipu emits offline for (no CAFC). */
export function offlineEvents(ctx: CertifyContext): MappedEvent[] {
  return mapEvents(ctx.engine.catalogs.items(ctx.tenant.id, 'significant-events')).filter((e) => !e.cafc);
}

/** Invoices per event: a full package and a smaller one; reduced runs divide the full one. */
export const invoicesPerEvent = (scale: number) => Math.max(1, Math.ceil(PACKAGE_MAX_INVOICES / scale)) + Math.max(1, Math.ceil(SMALL_PACKAGE / scale));

const marker = (ctx: CertifyContext, pos: PointOfSale, seq: number) => `certify ${ctx.run.id} pv${pos.code} evento ${seq + 1}`;

function findEvent(ctx: CertifyContext, pos: PointOfSale, seq: number): ContingencyEvent | null {
  const repo = ctx.engine.contingencyEvents;
  const mark = marker(ctx, pos, seq);
  const now = Date.now();
  const days = [0, 1].map((d) => toBoliviaIso(new Date(now - d * 86_400_000)).slice(0, 10));
  const candidates = [...repo.unclosedFor(ctx.tenant.id, pos.id), ...days.flatMap((d) => repo.onDate(ctx.tenant.id, pos.id, d))];
  return candidates.find((e) => e.descripcion.endsWith(mark)) ?? null;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export const eventsStage: Stage = {
  requirement: STAGES.find((s) => s.name === 'events')!,
  async step(ctx, pos, seq): Promise<StepOutcome> {
    const { engine, tenant } = ctx;
    const ev = offlineEvents(ctx)[seq % 4]!;
    let event = findEvent(ctx, pos, seq);
    if (!event) event = engine.contingency.start(tenant, pos, ev.codigo, `${ev.descripcion} — ${marker(ctx, pos, seq)}`);
    if (event.state === 'ACTIVE') {
      const total = invoicesPerEvent(ctx.run.scale);
      for (let i = 0; i < total; i++) {
        // Replays what a killed run already issued: the same invoice, never a second one.
        await engine.invoicing.issue(tenant, pos, certificationSale(ctx, pos, 10_000 + seq * 1_000 + i), { idempotencyKey: `certify:${ctx.run.id}:${pos.code}:event:${seq}:${i}`, usuario: 'certify' });
      }
      engine.contingency.end(tenant, pos, event.id);
    } else if (event.state === 'RECOVERING') {
      void engine.recovery.kick(tenant.id, pos.id);
    }
    const deadline = Date.now() + RECOVERY_WAIT_MS;
    for (;;) {
      event = engine.contingencyEvents.byId(tenant.id, event.id)!;
      if (event.state === 'CLOSED') break;
      if (Date.now() > deadline) throw new Error(`El evento ${ev.descripcion} no terminó de enviarse en ${RECOVERY_WAIT_MS / 60_000} min (paso ${event.step ?? '?'}: ${event.lastError ?? 'sin error'})`);
      await sleep(250);
    }
    const packages = engine.contingencyEvents.packages(event.id);
    const bad = packages.find((p) => p.state !== 'VALIDATED');
    const sizes = packages.map((p) => p.invoiceCount).join(' + ');
    return {
      ok: packages.length > 0 && !bad,
      siatCode: bad?.siatCode ?? packages[0]?.siatCode ?? null,
      siatText: `evento ${event.codigoEventoSiat ?? '?'} (${ev.codigo} ${ev.descripcion}), CUFD del evento ${event.cufdEvento.slice(0, 12)}…, paquetes ${sizes}${bad ? `; paquete ${bad.seq} ${bad.state}` : ''}`,
      ref: event.codigoEventoSiat !== null ? String(event.codigoEventoSiat) : event.id,
      invoiceId: null,
    };
  },
};
