// Per point of sale: ONLINE ⇄ CONTINGENCY (DESIGN.md, Offline-first). This module opens and ends
// events (automatically on a transport failure, or by hand through the seed's endpoints) and
// answers "is this point of sale in contingency?". Recovery (register the event, send the
// packages, validate) lives in recovery.ts and is driven by the monitor.
import { randomUUID } from 'node:crypto';
import type { Tenant } from '../store/tenants';
import type { Store } from '../store/store';
import type { PointOfSale } from '../store/points-of-sale';
import type { CodesService } from '../cuis-cufd/cuis-cufd-service';
import type { EventBus } from '../events/event-bus';
import { SiatTransportError } from '../siat/errors';
import { toBoliviaIso } from '../../shared/time';
import type { ContingencyEvent, ContingencyRepository } from '../store/contingency-events';
import type { ContingencyPort } from '../invoicing/submit-invoice';
import { IssueError } from '../invoicing/issue-error';
import { DomainError } from '../errors/domain-error';
import { offlineDeadline } from './limits';
import { OFFLINE_MOTIVES } from '../../shared/api/contingency-event';

/** SIAT significant events that the till covers by issuing offline itself (CONTRACT.md §5.2). */
export { OFFLINE_MOTIVES };
export const MOTIVE_NO_INTERNET = 1;
export const MOTIVE_SIAT_UNREACHABLE = 2;

export const MOTIVE_TEXT: Record<number, string> = {
  1: 'CORTE DEL SERVICIO DE INTERNET',
  2: 'INACCESIBILIDAD AL SERVICIO WEB DE LA ADMINISTRACIÓN TRIBUTARIA',
  3: 'INGRESO A ZONAS SIN INTERNET POR DESPLIEGUE DE PUNTO DE VENTA EN VEHICULOS AUTOMOTORES',
  4: 'VENTA EN LUGARES SIN INTERNET',
  5: 'CORTE DE SUMINISTRO DE ENERGIA ELECTRICA',
  6: 'VIRUS INFORMÁTICO O FALLA DE SOFTWARE',
  7: 'CAMBIO DE INFRAESTRUCTURA DEL SISTEMA INFORMÁTICO DE FACTURACIÓN O FALLA DE HARDWARE',
};

/**
 * NO_CUFD: the point of sale never got one; CUFD_TOO_OLD: its last one is past SIAT's 72 hours;
 * NOT_OFFLINE_MOTIVE: an event Kipu does not cover by issuing offline; ALREADY_ACTIVE / ENDED:
 * the event's state forbids it.
 */
export type ContingencyErrorCode = 'NO_CUFD' | 'CUFD_TOO_OLD' | 'NOT_OFFLINE_MOTIVE' | 'ALREADY_ACTIVE' | 'NOT_FOUND' | 'ENDED';

export class ContingencyError extends DomainError<ContingencyErrorCode> {
  readonly domain = 'contingency';
  override name = 'ContingencyError';
}

/**
 * Motive 1 when the network itself is gone (the name does not resolve, the network is
 * unreachable), 2 when the network works but SIAT does not answer.
 */
export function motiveFor(cause: unknown): number {
  if (cause instanceof SiatTransportError) {
    if (cause.kind === 'dns') return MOTIVE_NO_INTERNET;
    const codes = JSON.stringify(cause.cause ?? '');
    if (/ENETUNREACH|EHOSTUNREACH|ENETDOWN/.test(codes)) return MOTIVE_NO_INTERNET;
  }
  return MOTIVE_SIAT_UNREACHABLE;
}

export class ContingencyService implements ContingencyPort {
  /** Called when an event ends (manual end, or the monitor saw SIAT again): start recovery. */
  onEventEnded: (event: ContingencyEvent) => void = () => {};

  constructor(
    private readonly repo: ContingencyRepository,
    private readonly codes: CodesService,
    private readonly bus: EventBus,
    /** Tenant and point-of-sale lookups (splitting an event needs them). */
    private readonly store?: Pick<Store, 'tenants' | 'pointsOfSale'>,
  ) {}

  /**
   * The ACTIVE event offline sales go into. Limits (docs/decisions/0003-contingency-limits.md):
   * - its cufdEvento expired and a newer CUFD is in force (SIAT answered the scheduler meanwhile,
   *   typical of a long manual event) → the event ends here and a new one begins with that CUFD:
   *   one event per cufdEvento;
   * - its cufdEvento is past the 72 h extension and no newer CUFD exists → no more offline
   *   invoices (SIAT would reject them: 1040/981); the cashier is told to reconnect.
   */
  activeEvent(tenantId: string, posId: string): { id: string; cufdEvento: string } | null {
    const e = this.repo.activeFor(tenantId, posId);
    if (!e) return null;
    const cufd = this.codes.byCodigo(tenantId, e.cufdEvento);
    if (cufd && !this.codes.isValid(tenantId, cufd)) {
      const newer = this.codes.activeCufd(tenantId, posId);
      if (newer && newer.codigo !== e.cufdEvento) {
        const tenant = this.store?.tenants.byId(tenantId);
        const pos = this.store?.pointsOfSale.byId(tenantId, posId);
        if (tenant && pos) {
          this.end(tenant, pos, e.id);
          const next = this.open(tenant, pos, e.codigoMotivo, e.descripcion, e.manual);
          return { id: next.id, cufdEvento: next.cufdEvento };
        }
      }
      if (this.codes.siatNow(tenantId).getTime() > offlineDeadline(cufd).getTime()) {
        throw new IssueError(
          'CONTINGENCY_LIMIT',
          'La contingencia superó las 72 horas de extensión del CUFD que permite SIAT; no se pueden emitir más facturas fuera de línea. Conecte con SIAT para obtener un CUFD nuevo.',
        );
      }
    }
    return { id: e.id, cufdEvento: e.cufdEvento };
  }

  /** The CUFD in force when the event begins; an expired one serves while SIAT cannot give another (CONTRACT.md §5.1: up to 72 h). */
  private cufdForEvent(tenant: Tenant, pos: PointOfSale): string {
    const c = this.codes.activeCufd(tenant.id, pos.id) ?? this.codes.latestCufd(tenant.id, pos.id);
    if (!c) throw new ContingencyError('NO_CUFD', 'El punto de venta nunca obtuvo un CUFD: conecte con SIAT al menos una vez antes de emitir fuera de línea');
    if (this.codes.siatNow(tenant.id).getTime() > offlineDeadline(c).getTime()) {
      throw new ContingencyError('CUFD_TOO_OLD', 'El último CUFD del punto de venta superó las 72 horas de extensión que permite SIAT; conecte con SIAT para obtener uno nuevo antes de emitir fuera de línea');
    }
    return c.codigo;
  }

  openAutomatic(tenant: Tenant, pos: PointOfSale, cause: unknown): { id: string; cufdEvento: string } {
    const existing = this.repo.activeFor(tenant.id, pos.id);
    if (existing) return { id: existing.id, cufdEvento: existing.cufdEvento };
    const motivo = motiveFor(cause);
    const e = this.open(tenant, pos, motivo, MOTIVE_TEXT[motivo]!, false);
    this.bus.publish({
      type: 'siat.connection_lost',
      tenantId: tenant.id,
      posId: pos.id,
      data: { posId: pos.id, reason: cause instanceof Error ? cause.message : String(cause) },
    });
    return { id: e.id, cufdEvento: e.cufdEvento };
  }

  start(tenant: Tenant, pos: PointOfSale, codigoMotivo: number, descripcion: string): ContingencyEvent {
    if (!(OFFLINE_MOTIVES as readonly number[]).includes(codigoMotivo)) {
      throw new ContingencyError(
        'NOT_OFFLINE_MOTIVE',
        codigoMotivo >= 5 && codigoMotivo <= 7
          ? `El evento ${codigoMotivo} (${MOTIVE_TEXT[codigoMotivo]}) requiere facturas manuales con CAFC, que Kipu no emite: registre el talonario y sus facturas con POST /api/v1/contingency/cafc (Facturas manuales (CAFC)); para emitir fuera de línea use los eventos 1 a 4`
          : `codigoMotivo ${codigoMotivo} no es un evento significativo de SIAT (1 a 7)`,
      );
    }
    if (this.repo.activeFor(tenant.id, pos.id)) throw new ContingencyError('ALREADY_ACTIVE', `El punto de venta ${pos.code} ya tiene un evento de contingencia activo`);
    return this.open(tenant, pos, codigoMotivo, descripcion, true);
  }

  private open(tenant: Tenant, pos: PointOfSale, codigoMotivo: number, descripcion: string, manual: boolean): ContingencyEvent {
    const e = this.repo.open({
      id: randomUUID(),
      tenantId: tenant.id,
      posId: pos.id,
      codigoMotivo,
      descripcion,
      manual,
      fechaInicio: toBoliviaIso(this.codes.siatNow(tenant.id)),
      cufdEvento: this.cufdForEvent(tenant, pos),
    });
    this.bus.publish({ type: 'contingency.opened', tenantId: tenant.id, posId: pos.id, data: { eventId: e.id, posId: pos.id, codigoMotivo, manual } });
    return e;
  }

  /** Ends the ACTIVE event: sales go online again and the recovery sends what was queued. */
  end(tenant: Tenant, pos: PointOfSale, eventId: string): ContingencyEvent {
    const e = this.repo.byId(tenant.id, eventId);
    if (!e || e.posId !== pos.id) throw new ContingencyError('NOT_FOUND', `Evento ${eventId} no encontrado en el punto de venta ${pos.code}`);
    if (e.state !== 'ACTIVE') throw new ContingencyError('ENDED', `El evento ${eventId} ya finalizó`);
    this.repo.update(e.id, { state: 'RECOVERING', fechaFin: toBoliviaIso(this.codes.siatNow(tenant.id)), step: 'ENDED' });
    const ended = this.repo.byId(tenant.id, e.id)!;
    this.onEventEnded(ended);
    return ended;
  }
}
