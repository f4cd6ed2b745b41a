// What the till's status bar shows, per point of sale of a tenant: ONLINE or CONTINGENCY,
// invoices waiting for SIAT, the active event and the flush progress (shared/api-types.ts
// TillStatus). Read from the local database only — never a SIAT call. The contingency part
// is main/contingency/status.ts's; this adds the points of sale and SIAT's reachability.
import type { CentralSyncStatus, InvoiceListItem, PosStatus, TillQueue, TillStatus } from '../../shared/api-types';
import { fromHundredths } from '../../shared/money';
import { toBoliviaIso } from '../../shared/time';
import type { ContingencyRepository } from '../store/contingency-events';
import { eventDto, type ContingencyEventDto } from '../contingency/event-dto';
import type { ContingencyStatus } from '../contingency/status';
import type { InvoiceRepository } from '../store/invoices';
import type { PointOfSale } from '../store/points-of-sale';
import type { Store } from '../store/store';
import type { ConnectivityTracker } from './connectivity';

export interface TillStatusDeps {
  store: Store;
  invoices: InvoiceRepository;
  contingencyEvents: ContingencyRepository;
  contingencyStatus: (tenantId: string, posId: string) => ContingencyStatus;
  connectivity: ConnectivityTracker;
  /** Engine in training mode (KIPU_TRAINING=1). */
  training: boolean;
  /** The replication to Kipu Central, when the till has one (installation-wide, like siatReachable). */
  central?: () => CentralSyncStatus | null;
}

export function posStatus(deps: TillStatusDeps, tenantId: string, pos: PointOfSale): PosStatus {
  const c = deps.contingencyStatus(tenantId, pos.id);
  return {
    posId: pos.id,
    code: pos.code,
    branchCode: pos.branchCode,
    name: pos.name,
    mode: c.mode,
    queued: c.queued,
    activeEvent: c.activeEvent,
    flush: c.flush,
  };
}

export function tillStatus(deps: TillStatusDeps, tenantId: string): TillStatus {
  const tenant = deps.store.tenants.byId(tenantId);
  const central = deps.central?.() ?? null;
  return {
    training: deps.training || (tenant?.training ?? false),
    siatReachable: deps.connectivity.snapshot().reachable,
    pos: deps.store.pointsOfSale.list(tenantId).map((p) => posStatus(deps, tenantId, p)),
    ...(central ? { central } : {}),
  };
}

/**
 * The point of sale's queue: the invoices counted as `queued` (issued offline, or online with
 * an unknown outcome to reconcile) and its contingency events (not closed, and today's).
 */
export function tillQueue(deps: TillStatusDeps, tenantId: string, posId: string, now: Date = new Date()): TillQueue {
  const invoices: InvoiceListItem[] = deps.invoices
    .waitingForSiat(tenantId, posId, 500)
    .map((i) => ({
      id: i.id,
      invoiceNumber: i.number,
      cuf: i.cuf,
      state: i.state,
      clientBusinessName: i.clientName,
      amountTotal: fromHundredths(i.total),
      emissionDate: i.fechaEmision,
    }));
  const seen = new Set<string>();
  const events: ContingencyEventDto[] = [];
  const today = toBoliviaIso(now).slice(0, 10);
  for (const e of [...deps.contingencyEvents.unclosedFor(tenantId, posId), ...deps.contingencyEvents.onDate(tenantId, posId, today).reverse()]) {
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    events.push(eventDto(e));
  }
  return { invoices, events };
}
