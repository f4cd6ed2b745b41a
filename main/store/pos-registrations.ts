// Requests to register a point of sale with SIAT, recorded before SIAT is called (migration 0030,
// decision 0109), always read through the tenant that owns them. Nothing is deleted: an attempt
// ends REGISTERED (with its point of sale) or NOT_REGISTERED.
import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import { prepared } from './statements';

export type PosRegistrationState = 'SENDING' | 'REGISTERED' | 'NOT_REGISTERED';

export interface PosRegistration {
  id: string;
  branchId: number;
  idempotencyKey: string | null;
  requestHash: string;
  name: string;
  description: string;
  type: number;
  state: PosRegistrationState;
  /** The point of sale SIAT registered for it (REGISTERED). */
  posId: string | null;
}

interface Row {
  id: string;
  branch_id: number;
  idempotency_key: string | null;
  request_hash: string;
  name: string;
  description: string;
  tipo: number;
  state: PosRegistrationState;
  pos_id: string | null;
}

const SELECT = 'SELECT id, branch_id, idempotency_key, request_hash, name, description, tipo, state, pos_id FROM pos_registrations';

function toRegistration(r: Row): PosRegistration {
  return {
    id: r.id,
    branchId: r.branch_id,
    idempotencyKey: r.idempotency_key,
    requestHash: r.request_hash,
    name: r.name,
    description: r.description,
    type: r.tipo,
    state: r.state,
    posId: r.pos_id,
  };
}

/** What a registration is recorded with, before SIAT is called. */
export type NewPosRegistration = Omit<PosRegistration, 'id' | 'state' | 'posId'>;

export class PosRegistrationRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  byKey(tenantId: string, idempotencyKey: string): PosRegistration | null {
    const row = prepared(this.db, `${SELECT} WHERE tenant_id = ? AND idempotency_key = ?`).get(tenantId, idempotencyKey) as Row | undefined;
    return row ? toRegistration(row) : null;
  }

  /** Attempts still SENDING for this branch and name, oldest first (their SIAT answer may be unknown). */
  sending(tenantId: string, branchId: number, name: string): PosRegistration[] {
    return (
      prepared(this.db, `${SELECT} WHERE tenant_id = ? AND branch_id = ? AND state = 'SENDING' AND name = ? ORDER BY created_at, rowid`).all(
        tenantId,
        branchId,
        name,
      ) as Row[]
    ).map(toRegistration);
  }

  /** Records an attempt as SENDING, durably, before SIAT is called. */
  begin(tenantId: string, input: NewPosRegistration): PosRegistration {
    const id = randomUUID();
    const at = this.now().toISOString();
    prepared(
      this.db,
      `INSERT INTO pos_registrations (id, tenant_id, branch_id, idempotency_key, request_hash, name, description, tipo, state, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'SENDING', ?, ?)`,
    ).run(id, tenantId, input.branchId, input.idempotencyKey, input.requestHash, input.name, input.description, input.type, at, at);
    return this.byId(tenantId, id)!;
  }

  /** A NOT_REGISTERED attempt sent again under its own key: SENDING once more. */
  resend(tenantId: string, id: string): void {
    prepared(this.db, `UPDATE pos_registrations SET state = 'SENDING', updated_at = ? WHERE tenant_id = ? AND id = ? AND state = 'NOT_REGISTERED'`).run(
      this.now().toISOString(),
      tenantId,
      id,
    );
  }

  /** SIAT registered it as `posId` (called in the transaction that stores the point of sale). */
  registered(tenantId: string, id: string, posId: string): void {
    prepared(this.db, `UPDATE pos_registrations SET state = 'REGISTERED', pos_id = ?, updated_at = ? WHERE tenant_id = ? AND id = ?`).run(
      posId,
      this.now().toISOString(),
      tenantId,
      id,
    );
  }

  /** SIAT made no point of sale for it. */
  notRegistered(tenantId: string, id: string): void {
    prepared(this.db, `UPDATE pos_registrations SET state = 'NOT_REGISTERED', updated_at = ? WHERE tenant_id = ? AND id = ? AND state = 'SENDING'`).run(
      this.now().toISOString(),
      tenantId,
      id,
    );
  }

  byId(tenantId: string, id: string): PosRegistration | null {
    const row = prepared(this.db, `${SELECT} WHERE tenant_id = ? AND id = ?`).get(tenantId, id) as Row | undefined;
    return row ? toRegistration(row) : null;
  }
}
