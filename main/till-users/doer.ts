// Who does an act (issue 27): a person logged in at the till (with the supervisor who approved it
// in place, if any) or an API key. The domain writes the act's record from it inside the act's
// own transaction (docs/decisions/0069-cash-sessions-per-cashier.md), so an act that commits
// always has its name and a failed one has none.
import type { Role } from '../../shared/till-roles';
import type { ActRecord, RecordedAct } from '../store/till-users';

export interface Doer {
  /** The name kept as `usuario`: the person's, or the API key's. */
  usuario: string;
  /** The person (null for an API key). */
  userId: string | null;
  role: Role | null;
  /** The API key (null for a person). */
  apiKeyId: string | null;
  approver: string | null;
  approverId: string | null;
}

export function actRecord(doer: Doer, act: RecordedAct, subjectId: string, createdAt: string, reason: string | null = null): ActRecord {
  return {
    act,
    subjectId,
    usuario: doer.usuario,
    userId: doer.userId,
    apiKeyId: doer.apiKeyId,
    approver: doer.approver,
    approverId: doer.approverId,
    reason,
    createdAt,
  };
}

/** Whether the act record `owner` (a session's cash-open) was made by `doer`: the same person, or the same key. */
export function sameDoer(owner: Pick<ActRecord, 'userId' | 'apiKeyId'>, doer: Pick<Doer, 'userId' | 'apiKeyId'>): boolean {
  if (owner.userId !== null || doer.userId !== null) return owner.userId === doer.userId;
  return owner.apiKeyId !== null && owner.apiKeyId === doer.apiKeyId;
}
