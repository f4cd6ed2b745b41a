// The people of a taxpayer who work its tills, their till sessions, their PIN attempts and the
// record of who did (and who approved) each act (issue 27, migration 0024). Every statement is
// scoped by tenant. Nothing is deleted: a user is deactivated, a session ended.
import { randomUUID } from 'node:crypto';
import type { Db } from './db';
import { prepared } from './statements';
import type { Role } from '../../shared/till-roles';
import type { PinHash } from '../till-users/pin-hash';

export interface TillUser {
  id: string;
  tenantId: string;
  login: string;
  name: string;
  role: Role;
  active: boolean;
  failedAttempts: number;
  lockedUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

interface UserRow {
  id: string;
  tenant_id: string;
  login: string;
  name: string;
  role: Role;
  pin_hash: string;
  pin_salt: string;
  pin_params: string;
  active: number;
  failed_attempts: number;
  locked_until: string | null;
  created_at: string;
  updated_at: string;
}

const toUser = (r: UserRow): TillUser => ({
  id: r.id,
  tenantId: r.tenant_id,
  login: r.login,
  name: r.name,
  role: r.role,
  active: r.active === 1,
  failedAttempts: r.failed_attempts,
  lockedUntil: r.locked_until,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export interface TillSessionRow {
  id: string;
  tenantId: string;
  userId: string;
  posId: string;
  prefix: string;
  hash: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  endedAt: string | null;
}

export type PinPurpose = 'LOGIN' | 'APPROVAL';
export type PinOutcome = 'OK' | 'WRONG_PIN' | 'LOCKED' | 'INACTIVE' | 'UNKNOWN_USER' | 'ROLE_TOO_LOW';

export interface PinAttempt {
  userId: string | null;
  login: string;
  posId: string | null;
  purpose: PinPurpose;
  outcome: PinOutcome;
  createdAt: string;
}

export type RecordedAct =
  | 'discount-over-limit'
  | 'price-override'
  | 'cancel'
  | 'reverse'
  | 'return'
  | 'cash-open'
  | 'cash-in'
  | 'cash-out'
  | 'cash-close'
  | 'cash-reopen'
  | 'reprint'
  | 'settings'
  | 'key-create'
  | 'key-revoke'
  | 'user-create'
  | 'user-change'
  /** A purchase deleted (in SIAT, or withdrawn before SIAT registered it): its subject is the purchase (decision 0094). */
  | 'purchase-delete';

export interface ActRecord {
  act: RecordedAct;
  subjectId: string;
  usuario: string;
  userId: string | null;
  apiKeyId: string | null;
  approver: string | null;
  approverId: string | null;
  /** Why, where the act asks for a reason (closing another person's cash session); null otherwise. */
  reason?: string | null;
  createdAt: string;
}

/** An act refused to a person for their role (migration 0026): asked without approval, or the approval refused. */
export interface ActRefusal {
  act: string;
  usuario: string;
  userId: string;
  role: Role;
  needed: Role;
  posId: string | null;
  code: string;
  approver: string | null;
  createdAt: string;
}

export class TillUserRepository {
  constructor(private readonly db: Db) {}

  // ---- users ----------------------------------------------------------------------------

  create(tenantId: string, u: { login: string; name: string; role: Role; pin: PinHash }, at: string): TillUser {
    const id = randomUUID();
    prepared(
      this.db,
      `INSERT INTO till_users (id, tenant_id, login, name, role, pin_hash, pin_salt, pin_params, active, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
    ).run(id, tenantId, u.login, u.name, u.role, u.pin.hash, u.pin.salt, u.pin.params, at, at);
    return this.byId(tenantId, id)!;
  }

  byId(tenantId: string, id: string): TillUser | null {
    const r = prepared(this.db, 'SELECT * FROM till_users WHERE tenant_id = ? AND id = ?').get(tenantId, id) as UserRow | undefined;
    return r ? toUser(r) : null;
  }

  byLogin(tenantId: string, login: string): TillUser | null {
    const r = prepared(this.db, 'SELECT * FROM till_users WHERE tenant_id = ? AND login = ?').get(tenantId, login) as UserRow | undefined;
    return r ? toUser(r) : null;
  }

  /** The stored PIN hash of a user of this tenant (never leaves the engine). */
  pinOf(tenantId: string, id: string): PinHash | null {
    const r = prepared(this.db, 'SELECT pin_hash, pin_salt, pin_params FROM till_users WHERE tenant_id = ? AND id = ?').get(tenantId, id) as
      | { pin_hash: string; pin_salt: string; pin_params: string }
      | undefined;
    return r ? { hash: r.pin_hash, salt: r.pin_salt, params: r.pin_params } : null;
  }

  list(tenantId: string, offset: number, limit: number, filter: { active?: boolean } = {}): { items: TillUser[]; total: number } {
    const where = filter.active === undefined ? 'tenant_id = ?' : 'tenant_id = ? AND active = ?';
    const args: unknown[] = filter.active === undefined ? [tenantId] : [tenantId, filter.active ? 1 : 0];
    const rows = prepared(this.db, `SELECT * FROM till_users WHERE ${where} ORDER BY name, login LIMIT ? OFFSET ?`).all(...args, limit, offset) as UserRow[];
    const total = (prepared(this.db, `SELECT COUNT(*) AS n FROM till_users WHERE ${where}`).get(...args) as { n: number }).n;
    return { items: rows.map(toUser), total };
  }

  update(tenantId: string, id: string, change: { name?: string; role?: Role; active?: boolean; pin?: PinHash }, at: string): TillUser | null {
    const sets: string[] = [];
    const args: unknown[] = [];
    const set = (sql: string, ...values: unknown[]) => {
      sets.push(sql);
      args.push(...values);
    };
    if (change.name !== undefined) set('name = ?', change.name);
    if (change.role !== undefined) set('role = ?', change.role);
    if (change.active !== undefined) set('active = ?', change.active ? 1 : 0);
    // A new PIN (set by the administrator) also lifts a lockout.
    if (change.pin) set('pin_hash = ?, pin_salt = ?, pin_params = ?, failed_attempts = 0, locked_until = NULL', change.pin.hash, change.pin.salt, change.pin.params);
    sets.push('updated_at = ?');
    args.push(at);
    const r = prepared(this.db, `UPDATE till_users SET ${sets.join(', ')} WHERE tenant_id = ? AND id = ?`).run(...args, tenantId, id);
    return r.changes > 0 ? this.byId(tenantId, id) : null;
  }

  /** A wrong PIN: one more in a row; at `max` the user is locked until `lockUntil`. Returns the count. */
  failedPin(tenantId: string, id: string, max: number, lockUntil: string): { failed: number; locked: boolean } {
    const r = prepared(
      this.db,
      `UPDATE till_users SET failed_attempts = failed_attempts + 1,
         locked_until = CASE WHEN failed_attempts + 1 >= ? THEN ? ELSE locked_until END
       WHERE tenant_id = ? AND id = ? RETURNING failed_attempts`,
    ).get(max, lockUntil, tenantId, id) as { failed_attempts: number };
    const locked = r.failed_attempts >= max;
    // The count starts again after a lockout: the next wrong PIN after it ends is the first.
    if (locked) prepared(this.db, 'UPDATE till_users SET failed_attempts = 0 WHERE tenant_id = ? AND id = ?').run(tenantId, id);
    return { failed: r.failed_attempts, locked };
  }

  goodPin(tenantId: string, id: string): void {
    prepared(this.db, 'UPDATE till_users SET failed_attempts = 0, locked_until = NULL WHERE tenant_id = ? AND id = ?').run(tenantId, id);
  }

  // ---- attempts ---------------------------------------------------------------------------

  logAttempt(tenantId: string, a: PinAttempt): void {
    prepared(this.db, 'INSERT INTO till_pin_attempts (tenant_id, user_id, login, pos_id, purpose, outcome, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      tenantId,
      a.userId,
      a.login.slice(0, 100),
      a.posId,
      a.purpose,
      a.outcome,
      a.createdAt,
    );
  }

  attempts(tenantId: string, userId: string): PinAttempt[] {
    const rows = prepared(this.db, 'SELECT * FROM till_pin_attempts WHERE tenant_id = ? AND user_id = ? ORDER BY seq').all(tenantId, userId) as {
      user_id: string | null;
      login: string;
      pos_id: string | null;
      purpose: PinPurpose;
      outcome: PinOutcome;
      created_at: string;
    }[];
    return rows.map((r) => ({ userId: r.user_id, login: r.login, posId: r.pos_id, purpose: r.purpose, outcome: r.outcome, createdAt: r.created_at }));
  }

  // ---- sessions ---------------------------------------------------------------------------

  /** The tenant a point of sale belongs to (login names a point of sale, not a tenant). */
  tenantOfPointOfSale(posId: string): string | null {
    const r = prepared(this.db, 'SELECT tenant_id FROM points_of_sale WHERE id = ?').get(posId) as { tenant_id: string } | undefined;
    return r?.tenant_id ?? null;
  }

  openSession(s: Omit<TillSessionRow, 'endedAt'>): void {
    prepared(
      this.db,
      'INSERT INTO till_sessions (id, tenant_id, user_id, pos_id, prefix, hash, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(s.id, s.tenantId, s.userId, s.posId, s.prefix, s.hash, s.createdAt, s.lastSeenAt, s.expiresAt);
  }

  sessionByPrefix(prefix: string): TillSessionRow | null {
    const r = prepared(this.db, 'SELECT * FROM till_sessions WHERE prefix = ?').get(prefix) as
      | { id: string; tenant_id: string; user_id: string; pos_id: string; prefix: string; hash: string; created_at: string; last_seen_at: string; expires_at: string; ended_at: string | null }
      | undefined;
    if (!r) return null;
    return { id: r.id, tenantId: r.tenant_id, userId: r.user_id, posId: r.pos_id, prefix: r.prefix, hash: r.hash, createdAt: r.created_at, lastSeenAt: r.last_seen_at, expiresAt: r.expires_at, endedAt: r.ended_at };
  }

  touchSession(id: string, at: string): void {
    prepared(this.db, 'UPDATE till_sessions SET last_seen_at = ? WHERE id = ? AND ended_at IS NULL').run(at, id);
  }

  endSession(id: string, at: string, reason: string): void {
    prepared(this.db, 'UPDATE till_sessions SET ended_at = ?, end_reason = ? WHERE id = ? AND ended_at IS NULL').run(at, reason, id);
  }

  endSessionsOf(tenantId: string, userId: string, at: string, reason: string): void {
    prepared(this.db, 'UPDATE till_sessions SET ended_at = ?, end_reason = ? WHERE tenant_id = ? AND user_id = ? AND ended_at IS NULL').run(at, reason, tenantId, userId);
  }

  // ---- who did what ---------------------------------------------------------------------

  recordAct(tenantId: string, a: ActRecord): void {
    prepared(
      this.db,
      'INSERT INTO act_records (tenant_id, act, subject_id, usuario, user_id, api_key_id, approver, approver_id, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(tenantId, a.act, a.subjectId, a.usuario, a.userId, a.apiKeyId, a.approver, a.approverId, a.reason ?? null, a.createdAt);
  }

  /**
   * Whose cash session it is: the person (or key) of its cash-open or cash-reopen record, written
   * in the session's own transaction. Null for a session opened before act records existed.
   */
  cashSessionOwner(tenantId: string, sessionId: string): ActRecord | null {
    return this.actsOn(tenantId, sessionId).find((a) => a.act === 'cash-open' || a.act === 'cash-reopen') ?? null;
  }

  logRefusal(tenantId: string, r: ActRefusal): void {
    prepared(
      this.db,
      'INSERT INTO act_refusals (tenant_id, act, usuario, user_id, role, needed, pos_id, code, approver, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(tenantId, r.act, r.usuario.slice(0, 100), r.userId, r.role, r.needed, r.posId, r.code, r.approver === null ? null : r.approver.slice(0, 100), r.createdAt);
  }

  refusals(tenantId: string, userId: string): ActRefusal[] {
    const rows = prepared(this.db, 'SELECT * FROM act_refusals WHERE tenant_id = ? AND user_id = ? ORDER BY seq').all(tenantId, userId) as {
      act: string;
      usuario: string;
      user_id: string;
      role: Role;
      needed: Role;
      pos_id: string | null;
      code: string;
      approver: string | null;
      created_at: string;
    }[];
    return rows.map((r) => ({ act: r.act, usuario: r.usuario, userId: r.user_id, role: r.role, needed: r.needed, posId: r.pos_id, code: r.code, approver: r.approver, createdAt: r.created_at }));
  }

  actsOn(tenantId: string, subjectId: string): ActRecord[] {
    const rows = prepared(this.db, 'SELECT * FROM act_records WHERE tenant_id = ? AND subject_id = ? ORDER BY seq').all(tenantId, subjectId) as {
      act: RecordedAct;
      subject_id: string;
      usuario: string;
      user_id: string | null;
      api_key_id: string | null;
      approver: string | null;
      approver_id: string | null;
      reason: string | null;
      created_at: string;
    }[];
    return rows.map((r) => ({
      act: r.act,
      subjectId: r.subject_id,
      usuario: r.usuario,
      userId: r.user_id,
      apiKeyId: r.api_key_id,
      approver: r.approver,
      approverId: r.approver_id,
      reason: r.reason,
      createdAt: r.created_at,
    }));
  }
}
