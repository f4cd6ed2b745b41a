// Who does the request's act (issue 27), and the act record written with it in the act's own
// transaction (docs/decisions/0069-cash-sessions-per-cashier.md).
import type { FastifyRequest } from 'fastify';
import type { Store } from '../store/store';
import type { RecordedAct } from '../store/till-users';
import { actRecord, type Doer } from '../till-users/doer';

/** The person at the till (and the supervisor who approved in place), or the API key. */
export function doerOf(req: FastifyRequest): Doer {
  const user = req.tillActor?.user ?? null;
  return {
    usuario: req.apiKey.name.slice(0, 100) || 'kipu',
    userId: user?.id ?? null,
    role: user?.role ?? null,
    apiKeyId: user ? null : req.apiKey.id,
    approver: req.approver?.name ?? null,
    approverId: req.approver?.id ?? null,
  };
}

/** Writes the act record of `act` on `subjectId`: call it inside the transaction that commits the act. */
export function recorderOf(store: Pick<Store, 'tillUsers'>, req: FastifyRequest, act: RecordedAct): (subjectId: string) => void {
  const doer = doerOf(req);
  const tenantId = req.tenant.id;
  return (subjectId) => store.tillUsers.recordAct(tenantId, actRecord(doer, act, subjectId, new Date().toISOString()));
}
