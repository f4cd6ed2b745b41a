// What the till shows about contingency (till status endpoint): ONLINE or CONTINGENCY, how many
// invoices wait for SIAT, the active event, and the progress of the flush after reconnecting.
import type { Db } from '../store/db';
import type { ContingencyRepository } from './events-repository';
import type { ContingencyRecovery } from './recovery';
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
  db: Db;
  repo: ContingencyRepository;
  recovery: ContingencyRecovery;
}

/** Builds `contingencyStatus(tenantId, posId)` over an engine's parts. */
export function makeContingencyStatus(deps: StatusDeps): (tenantId: string, posId: string) => ContingencyStatus {
  const queuedStmt = deps.db.prepare(
    `SELECT COUNT(*) n FROM invoices WHERE tenant_id = ? AND pos_id = ? AND (state = 'CONTINGENCY' OR (state = 'PENDING' AND needs_reconcile = 1))`,
  );
  const flushStmt = deps.db.prepare(
    `SELECT COUNT(*) total,
            SUM(CASE WHEN i.state IN ('VALIDATED', 'REJECTED', 'CANCELLED') OR p.state <> 'BUILT' THEN 1 ELSE 0 END) sent
       FROM invoices i JOIN contingency_events e ON e.id = i.event_id
       LEFT JOIN contingency_packages p ON p.id = i.package_id
      WHERE e.tenant_id = ? AND e.pos_id = ? AND e.state = 'RECOVERING'`,
  );
  return (tenantId, posId) => {
    const active = deps.repo.activeFor(tenantId, posId);
    const f = flushStmt.get(tenantId, posId) as { total: number; sent: number | null };
    const recovering = deps.repo.unclosedFor(tenantId, posId).some((e) => e.state === 'RECOVERING');
    return {
      mode: active ? 'CONTINGENCY' : 'ONLINE',
      queued: (queuedStmt.get(tenantId, posId) as { n: number }).n,
      activeEvent: active ? eventDto(active) : null,
      flush: { running: recovering || deps.recovery.isActive(tenantId, posId), sent: f.sent ?? 0, total: f.total },
    };
  };
}
