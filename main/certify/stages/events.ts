// Stages V and VI: a significant event and its contingency packages, for each declared invoice
// sector in turn (a package holds one sector; notes go online only). Step `seq` is the seq-th of
// the SIN's 7 events, found in the synced catalog by description (event-mapping.ts, never by code).
// - Events 1–4 (Kipu emits offline): the engine's ContingencyService opens the event with its
//   CUFD, the engine's InvoicingService issues the invoices offline, the event ends.
// - Events 5–7 (no power, no software, no hardware: paper invoices from a CAFC booklet): the
//   engine's CafcTranscription stores the already-ended event and its transcribed invoices in one
//   transaction (the till's "Facturas manuales (CAFC)" path), numbered in the booklet's range.
// Either way the engine's own recovery registers the event with the CUFD in force at its start,
// sends one package of exactly PACKAGE_MAX_INVOICES and one of fewer (at full count) and
// validates them (908). Resumable: the event carries the step in its description and every
// offline invoice its idempotency key (a CAFC event is stored whole or not at all); a kill -9 at
// any point finds the event again and goes on from where it is.
import { toBoliviaIso } from '../../../shared/time';
import { PACKAGE_MAX_INVOICES } from '../../contingency/limits';
import type { ContingencyEvent } from '../../store/contingency-events';
import type { PointOfSale } from '../../store/points-of-sale';
import type { ManualInvoice } from '../../../shared/api/cafc';
import { mapEvents, type MappedEvent } from '../event-mapping';
import type { CertifyContext, Stage, StepOutcome } from '../context';
import { COMPRA_VENTA_SECTOR } from '../../../shared/sectors';
import { STAGES } from '../requirements';
import { certificationSale } from './emission';

/** The package of fewer than 500: this many invoices after the full one. */
const SMALL_PACKAGE = 25;
/** The engine's recovery validates in the background; a package SIAT keeps in 901 is polled up to 15 min. */
const RECOVERY_WAIT_MS = 20 * 60_000;

/** The 7 events in the SIN's order (its spreadsheets' names), each with the synced catalog's code. */
export function certificationEvents(ctx: CertifyContext): MappedEvent[] {
  return mapEvents(ctx.engine.catalogs.items(ctx.tenant.id, 'significant-events'));
}

/** Invoices per event: a full package and a smaller one; reduced runs divide the full one. */
export const invoicesPerEvent = (scale: number) => Math.max(1, Math.ceil(PACKAGE_MAX_INVOICES / scale)) + Math.max(1, Math.ceil(SMALL_PACKAGE / scale));

/** What names a step's event in its description (another sector than compra-venta: "… evento 3 sector 11"). */
const marker = (ctx: CertifyContext, pos: PointOfSale, seq: number, sector: number) => `certify ${ctx.run.id} pv${pos.code} evento ${seq + 1}${sector === COMPRA_VENTA_SECTOR ? '' : ` sector ${sector}`}`;

/** The idempotency-key part of an event's invoices (compra-venta's as before sectors, so an older run resumes). */
const keyPart = (sector: number) => (sector === COMPRA_VENTA_SECTOR ? '' : `s${sector}:`);

function findEvent(ctx: CertifyContext, pos: PointOfSale, seq: number, sector: number): ContingencyEvent | null {
  const repo = ctx.engine.contingencyEvents;
  const mark = marker(ctx, pos, seq, sector);
  const now = Date.now();
  const days = [0, 1].map((d) => toBoliviaIso(new Date(now - d * 86_400_000)).slice(0, 10));
  const candidates = [...repo.unclosedFor(ctx.tenant.id, pos.id), ...days.flatMap((d) => repo.onDate(ctx.tenant.id, pos.id, d))];
  return candidates.find((e) => e.descripcion.endsWith(mark)) ?? null;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Events 1–4: opened now, the invoices issued offline by the engine, ended. */
async function offlineEvent(ctx: CertifyContext, pos: PointOfSale, seq: number, sector: number, ev: MappedEvent, found: ContingencyEvent | null): Promise<ContingencyEvent> {
  const { engine, tenant } = ctx;
  const event = found ?? engine.contingency.start(tenant, pos, ev.codigo, `${ev.descripcion} — ${marker(ctx, pos, seq, sector)}`);
  if (event.state !== 'ACTIVE') return event;
  const total = invoicesPerEvent(ctx.run.scale);
  for (let i = 0; i < total; i++) {
    // Replays what a killed run already issued: the same invoice, never a second one.
    await engine.invoicing.issue(tenant, pos, certificationSale(ctx, pos, 10_000 + seq * 1_000 + i, sector), { idempotencyKey: `certify:${ctx.run.id}:${pos.code}:event:${keyPart(sector)}${seq}:${i}`, usuario: 'certify' });
  }
  engine.contingency.end(tenant, pos, event.id);
  return engine.contingencyEvents.byId(tenant.id, event.id)!;
}

/**
 * Events 5–7: the paper invoices of a CAFC booklet, transcribed. The event spans from just after
 * the CUFD in force was obtained (SIAT wants the CUFD in force at the event's start) to now; the
 * invoices' dates lie inside it (SIAT 1040), their numbers follow the booklet's last transcribed.
 */
async function cafcEvent(ctx: CertifyContext, pos: PointOfSale, seq: number, sector: number, ev: MappedEvent): Promise<ContingencyEvent> {
  const { engine, tenant } = ctx;
  if (!ctx.cafc) throw new Error(`El evento «${ev.descripcion}» se prueba con facturas manuales: indique el CAFC que el SIN dio para las pruebas con --cafc`);
  const cufd = await engine.codes.ensureCufd(tenant, pos);
  const start = new Date(new Date(cufd.obtainedAt).getTime() + 1000);
  // The event must have ended before it is transcribed: at least two seconds long.
  while (engine.codes.siatNow(tenant.id).getTime() < start.getTime() + 2000) await sleep(200);
  const end = engine.codes.siatNow(tenant.id);
  const span = end.getTime() - start.getTime();
  const total = invoicesPerEvent(ctx.run.scale);
  const first = (engine.contingencyEvents.cafcLastNumber(tenant.id, pos.id, ctx.cafc.codigo) ?? ctx.cafc.desde - 1) + 1;
  const invoices: ManualInvoice[] = Array.from({ length: total }, (_, i) => {
    // The sale with its sector's own fields; the point of sale is the transcription's.
    const { posId: _pos, ...sale } = certificationSale(ctx, pos, 20_000 + seq * 1_000 + i, sector);
    return {
      ...sale,
      invoiceNumber: first + i,
      emissionDate: toBoliviaIso(new Date(start.getTime() + Math.floor((span * i) / total))),
    } as unknown as ManualInvoice;
  });
  const { event } = engine.cafc.transcribe(
    tenant,
    pos,
    { posId: pos.id, cafc: ctx.cafc.codigo, eventMotive: ev.codigo, eventStart: toBoliviaIso(start), eventEnd: toBoliviaIso(end), description: `${ev.descripcion} — ${marker(ctx, pos, seq, sector)}`, invoices },
    'certify',
    { maxInvoices: total },
  );
  return event;
}

export const eventsStage: Stage = {
  requirement: STAGES.find((s) => s.name === 'events')!,
  async step(ctx, pos, seq, s): Promise<StepOutcome> {
    const { engine, tenant } = ctx;
    const sector = s ?? COMPRA_VENTA_SECTOR;
    const ev = certificationEvents(ctx)[seq % 7]!;
    const found = findEvent(ctx, pos, seq, sector);
    let event = ev.cafc ? (found ?? (await cafcEvent(ctx, pos, seq, sector, ev))) : await offlineEvent(ctx, pos, seq, sector, ev, found);
    if (event.state === 'RECOVERING') void engine.recovery.kick(tenant.id, pos.id);
    const deadline = Date.now() + RECOVERY_WAIT_MS;
    for (;;) {
      event = engine.contingencyEvents.byId(tenant.id, event.id)!;
      if (event.state === 'CLOSED') break;
      if (ctx.signal?.aborted) throw new Error('interrumpido');
      if (Date.now() > deadline) throw new Error(`El evento ${ev.descripcion} no terminó de enviarse en ${RECOVERY_WAIT_MS / 60_000} min (paso ${event.step ?? '?'}: ${event.lastError ?? 'sin error'})`);
      await sleep(250);
    }
    const packages = engine.contingencyEvents.packages(event.id);
    const bad = packages.find((p) => p.state !== 'VALIDATED');
    const sizes = packages.map((p) => p.invoiceCount).join(' + ');
    return {
      ok: packages.length > 0 && !bad,
      siatCode: bad?.siatCode ?? packages[0]?.siatCode ?? null,
      siatText: `evento ${event.codigoEventoSiat ?? '?'} (${ev.codigo} ${ev.descripcion}${event.cafc ? `, CAFC ${event.cafc}` : ''}), CUFD del evento ${event.cufdEvento.slice(0, 12)}…, paquetes ${sizes}${bad ? `; paquete ${bad.seq} ${bad.state}` : ''}`,
      ref: event.codigoEventoSiat !== null ? String(event.codigoEventoSiat) : event.id,
      invoiceId: null,
    };
  },
};
