// What the till shows about contingency (till status endpoint): ONLINE or CONTINGENCY, how many
// invoices wait for SIAT, the active event, and the progress of the flush after reconnecting.
import type { InvoiceRepository } from '../store/invoices';
import type { ContingencyRepository } from '../store/contingency-events';
import type { ContingencyRecovery } from './recovery/runner';
import { eventDto, type ContingencyEventDto } from './event-dto';

export interface ContingencyStatus {
  mode: 'ONLINE' | 'CONTINGENCY';
  /** Invoices issued offline or with an unknown online outcome, not yet resolved by SIAT. */
  queued: number;
  activeEvent: ContingencyEventDto | null;
  /** Events being recovered: invoices in them, and how many already went to SIAT. */
  flush: { running: boolean; sent: number; total: number };
}

export interface StatusDeps {
  invoices: InvoiceRepository;
  repo: ContingencyRepository;
  recovery: ContingencyRecovery;
}

/** Builds `contingencyStatus(tenantId, posId)` over an engine's parts. */
export function makeContingencyStatus(deps: StatusDeps): (tenantId: string, posId: string) => ContingencyStatus {
  return (tenantId, posId) => {
    const active = deps.repo.activeFor(tenantId, posId);
    const f = deps.repo.flushProgress(tenantId, posId);
    const recovering = deps.repo.unclosedFor(tenantId, posId).some((e) => e.state === 'RECOVERING');
    return {
      mode: active ? 'CONTINGENCY' : 'ONLINE',
      queued: deps.invoices.countWaitingForSiat({ tenantId, posId }),
      activeEvent: active ? eventDto(active) : null,
      flush: { running: recovering || deps.recovery.isActive(tenantId, posId), sent: f.sent, total: f.total },
    };
  };
}
