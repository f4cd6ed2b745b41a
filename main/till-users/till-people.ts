// Cashiers and supervisors (issue 27): the store's people, their PIN login at a point of sale, the
// lockout after wrong PINs, and a supervisor's approval in place. API keys stay the credential of
// integrations; a person at the till works with a till session token bound to one user and one
// point of sale (docs/decisions/0064-till-users-and-pin-sessions.md).
// Runs in: engine.
import { toHundredths } from '../../shared/money';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Store } from '../store/store';
import type { Tenant } from '../store/tenants';
import type { TillUser, PinPurpose, PinOutcome } from '../store/till-users';
import type { EventBus } from '../events/event-bus';
import { hashPin, pinMatches } from './pin-hash';
import { PIN_RE, ROLES, TILL_TOKEN_PREFIX, isRole, roleAtLeast, type Role } from '../../shared/till-roles';
import { formatDateEs, toBoliviaIso } from '../../shared/time';
import { DomainError, fieldProblem } from '../errors/domain-error';

/** Wrong PINs in a row that lock a user. */
export const MAX_WRONG_PINS = 5;

export interface TillPolicy {
  /** Minutes without a request after which the till session locks (the PIN is asked again). */
  idleMinutes: number;
  /** Hours a till session lasts at most. */
  sessionHours: number;
  /** Minutes a user stays locked after MAX_WRONG_PINS wrong PINs. */
  lockMinutes: number;
  /** Largest discount a cajero gives alone, in percent of the line (or of the sale, the additional discount). */
  discountLimitPercent: number;
  /** Largest sum of a sale's discounts a cajero gives alone, in Bs. */
  discountLimitAmount: number;
}

/**
 * Discounts: 10 % and Bs 100 until the store says otherwise (decision 0068) — a limit by default,
 * so that a store that never looked at the setting does not give a cajero unlimited discounts.
 */
export const DEFAULT_TILL_POLICY: TillPolicy = { idleMinutes: 15, sessionHours: 12, lockMinutes: 15, discountLimitPercent: 10, discountLimitAmount: 100 };
const POLICY_KEY = 'tillUsers.policy';

/**
 * The failures of signing in and approving. A wrong PIN or an unknown person refuses a sign-in
 * (WRONG_PIN, UNKNOWN_USER) or an approval (APPROVAL_WRONG_PIN, APPROVAL_UNKNOWN_USER): the API
 * answers them differently (main/api/domain-errors.ts).
 */
export type PeopleErrorCode =
  | 'VALIDATION_FAILED'
  | 'CONFLICT'
  | 'NOT_FOUND'
  | 'UNAUTHORIZED'
  | 'USER_INACTIVE'
  | 'USER_LOCKED'
  | 'WRONG_PIN'
  | 'APPROVAL_WRONG_PIN'
  | 'UNKNOWN_USER'
  | 'APPROVAL_UNKNOWN_USER'
  | 'APPROVER_ROLE_TOO_LOW'
  | 'POS_CLOSED';

export class PeopleError extends DomainError<PeopleErrorCode> {
  readonly domain = 'people';
  override name = 'PeopleError';
  constructor(
    code: PeopleErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(code, message, field ? { fields: fieldProblem(field, 'till-user', message) } : {});
  }
}

export interface NewTillUser {
  login: string;
  name: string;
  role: Role;
  pin: string;
}

export interface TillUserChange {
  name?: string;
  role?: Role;
  active?: boolean;
  pin?: string;
}

/** Who a till session authenticates. */
export interface TillActor {
  sessionId: string;
  tenant: Tenant;
  user: TillUser;
  posId: string;
}

export type SessionCheck = { ok: true; actor: TillActor } | { ok: false; code: 'UNKNOWN' | 'ENDED' | 'EXPIRED' | 'IDLE' | 'INACTIVE' | 'TRAINING'; detail: string };

const TOKEN_RE = /^kipt_([a-z0-9]{10})_([A-Za-z0-9]{40})$/;
const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const MIXED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomText(alphabet: string, length: number): string {
  const out: string[] = [];
  const limit = 256 - (256 % alphabet.length);
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) if (b < limit && out.length < length) out.push(alphabet[b % alphabet.length]!);
  }
  return out.join('');
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A login as stored: trimmed, lower-case. */
export function normalLogin(login: string): string {
  return login.trim().toLowerCase();
}

function hourEs(iso: string): string {
  const d = new Date(iso);
  return `${toBoliviaIso(d).slice(11, 16)} del ${formatDateEs(d)}`;
}

export interface TillPeopleDeps {
  store: Store;
  bus: EventBus;
  /** An engine outside training refuses the training tenant's people, as it refuses its keys. */
  training: boolean;
  now?: () => Date;
}

export class TillPeople {
  private readonly now: () => Date;

  constructor(private readonly deps: TillPeopleDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private get repo() {
    return this.deps.store.tillUsers;
  }

  policy(tenantId: string): TillPolicy {
    return { ...DEFAULT_TILL_POLICY, ...(this.deps.store.settings.get<Partial<TillPolicy>>(tenantId, POLICY_KEY) ?? {}) };
  }

  /** Fields left out keep their value (the discount limits came after the times). */
  setPolicy(tenantId: string, p: Partial<TillPolicy>): TillPolicy {
    if (p.discountLimitAmount !== undefined && toHundredths(p.discountLimitAmount) === null) {
      throw new PeopleError('VALIDATION_FAILED', 'El límite de descuento en Bs admite hasta 2 decimales', 'discountLimitAmount');
    }
    this.deps.store.settings.set(tenantId, POLICY_KEY, { ...this.policy(tenantId), ...p });
    return this.policy(tenantId);
  }

  // ---- the store's people ----------------------------------------------------------------

  private checkPin(pin: string): void {
    if (!PIN_RE.test(pin)) throw new PeopleError('VALIDATION_FAILED', 'El PIN debe tener de 4 a 6 dígitos (solo números)', 'pin');
  }

  /** `record`: the act record of the creation, written in the same transaction (decision 0069). */
  async create(tenantId: string, input: NewTillUser, record?: (id: string) => void): Promise<TillUser> {
    const login = normalLogin(input.login);
    if (!/^[a-z0-9._-]{2,40}$/.test(login)) {
      throw new PeopleError('VALIDATION_FAILED', 'El usuario debe tener de 2 a 40 letras sin acentos, números, punto, guion o guion bajo (p. ej. «ana.quispe»)', 'login');
    }
    const name = input.name.trim();
    if (!name) throw new PeopleError('VALIDATION_FAILED', 'Falta el nombre de la persona', 'name');
    if (!isRole(input.role)) throw new PeopleError('VALIDATION_FAILED', `Rol desconocido; use ${ROLES.join(', ')}`, 'role');
    this.checkPin(input.pin);
    if (this.repo.byLogin(tenantId, login)) throw new PeopleError('CONFLICT', `Ya existe el usuario «${login}» en esta tienda (activo o desactivado): use otro o reactívelo`, 'login');
    const pin = await hashPin(input.pin);
    // Checked again after the slow hash: two requests for the same login race through it.
    if (this.repo.byLogin(tenantId, login)) throw new PeopleError('CONFLICT', `Ya existe el usuario «${login}» en esta tienda`, 'login');
    return this.deps.store.transaction(() => {
      const u = this.repo.create(tenantId, { login, name, role: input.role, pin }, this.now().toISOString());
      record?.(u.id);
      return u;
    });
  }

  async update(tenantId: string, id: string, change: TillUserChange, record?: (id: string) => void): Promise<TillUser> {
    if (!this.repo.byId(tenantId, id)) throw new PeopleError('NOT_FOUND', `Usuario ${id} no encontrado`);
    if (change.name !== undefined && !change.name.trim()) throw new PeopleError('VALIDATION_FAILED', 'El nombre no puede quedar vacío', 'name');
    if (change.pin !== undefined) this.checkPin(change.pin);
    const pin = change.pin !== undefined ? await hashPin(change.pin) : undefined;
    const at = this.now().toISOString();
    const done = this.deps.store.transaction(() => {
      const u = this.repo.update(tenantId, id, { ...(change.name !== undefined ? { name: change.name.trim() } : {}), ...(change.role ? { role: change.role } : {}), ...(change.active !== undefined ? { active: change.active } : {}), ...(pin ? { pin } : {}) }, at)!;
      // A deactivated person's open till sessions end now, not at their expiry.
      if (change.active === false) this.repo.endSessionsOf(tenantId, id, at, 'desactivado');
      record?.(id);
      return u;
    });
    return done;
  }

  // ---- PIN checks ---------------------------------------------------------------------------

  /**
   * The user `who` (id or login) of the tenant, if `pin` is theirs and they may act: active, not
   * locked. Every attempt is logged; a wrong PIN counts towards the lockout, whatever the purpose.
   */
  private async verify(tenantId: string, who: string, pin: string, purpose: PinPurpose, posId: string | null): Promise<TillUser> {
    const at = this.now();
    const login = normalLogin(who);
    const user = this.repo.byLogin(tenantId, login) ?? (/^[0-9a-f-]{36}$/i.test(who) ? this.repo.byId(tenantId, who) : null);
    // A login refused is not an approval refused: the cashier's own session is still fine when a
    // supervisor's PIN is wrong (the API edge answers them apart, main/api/domain-errors.ts).
    const approval = purpose !== 'LOGIN';
    const log = (outcome: PinOutcome, u: TillUser | null) =>
      this.repo.logAttempt(tenantId, { userId: u?.id ?? null, login: who.trim(), posId, purpose, outcome, createdAt: at.toISOString() });
    if (!user) {
      log('UNKNOWN_USER', null);
      throw new PeopleError(
        approval ? 'APPROVAL_UNKNOWN_USER' : 'UNKNOWN_USER',
        purpose === 'APPROVAL'
          ? `No hay un usuario «${who.trim()}» en esta tienda: la aprobación tiene que darla un supervisor de este mismo contribuyente`
          : `No hay un usuario «${who.trim()}» en esta tienda. Revise cómo lo escribió o pida al administrador que lo cree.`,
      );
    }
    if (!user.active) {
      log('INACTIVE', user);
      throw new PeopleError('USER_INACTIVE', `El usuario «${user.login}» (${user.name}) está desactivado: no puede ingresar ni aprobar. Un administrador puede reactivarlo.`);
    }
    if (user.lockedUntil && new Date(user.lockedUntil) > at) {
      log('LOCKED', user);
      throw this.lockedError(user, user.lockedUntil);
    }
    const stored = this.repo.pinOf(tenantId, user.id)!;
    if (!(await pinMatches(pin, stored))) {
      const lockUntil = new Date(at.getTime() + this.policy(tenantId).lockMinutes * 60_000).toISOString();
      const r = this.deps.store.transaction(() => {
        const f = this.repo.failedPin(tenantId, user.id, MAX_WRONG_PINS, lockUntil);
        log(f.locked ? 'LOCKED' : 'WRONG_PIN', user);
        return f;
      });
      if (r.locked) {
        // Supervisors hear of it on the till's stream (and a webhook receiver, if subscribed).
        this.deps.bus.publish({
          type: 'till.user_locked',
          tenantId,
          posId,
          data: { userId: user.id, login: user.login, name: user.name, role: user.role, purpose, lockedUntil: lockUntil, wrongPins: MAX_WRONG_PINS },
        });
        throw this.lockedError(user, lockUntil);
      }
      const left = MAX_WRONG_PINS - r.failed;
      throw new PeopleError(approval ? 'APPROVAL_WRONG_PIN' : 'WRONG_PIN', `PIN incorrecto para «${user.login}». Queda${left === 1 ? '' : 'n'} ${left} intento${left === 1 ? '' : 's'} antes de que el usuario se bloquee.`);
    }
    this.deps.store.transaction(() => {
      this.repo.goodPin(tenantId, user.id);
      log('OK', user);
    });
    return { ...user, failedAttempts: 0, lockedUntil: null };
  }

  private lockedError(user: TillUser, until: string): PeopleError {
    return new PeopleError(
      'USER_LOCKED',
      `El usuario «${user.login}» está bloqueado por ${MAX_WRONG_PINS} PIN incorrectos seguidos hasta las ${hourEs(until)}. ` +
        'Espere a esa hora o pida a un administrador que le asigne un PIN nuevo.',
    );
  }

  /** A supervisor's approval in place: `who` (id or login) of this tenant with at least `needed`. */
  async approve(tenantId: string, who: string, pin: string, needed: Role, posId: string | null): Promise<TillUser> {
    this.checkPin(pin);
    const user = await this.verify(tenantId, who, pin, 'APPROVAL', posId);
    if (!roleAtLeast(user.role, needed)) {
      this.repo.logAttempt(tenantId, { userId: user.id, login: who.trim(), posId, purpose: 'APPROVAL', outcome: 'ROLE_TOO_LOW', createdAt: this.now().toISOString() });
      throw new PeopleError('APPROVER_ROLE_TOO_LOW', `«${user.login}» (${user.name}) es ${user.role}: esta aprobación necesita el rol «${needed}» o superior.`);
    }
    return user;
  }

  // ---- till sessions ------------------------------------------------------------------------

  /** Logs `who` in at point of sale `posId` with `pin`: a till session token, shown once. */
  async login(posId: string, who: string, pin: string): Promise<{ token: string; actor: TillActor; expiresAt: string; idleMinutes: number }> {
    this.checkPin(pin);
    const tenantId = this.repo.tenantOfPointOfSale(posId);
    const tenant = tenantId ? this.deps.store.tenants.byId(tenantId) : null;
    if (!tenant) throw new PeopleError('NOT_FOUND', `Punto de venta ${posId} no encontrado`);
    if (tenant.training && !this.deps.training) throw new PeopleError('UNAUTHORIZED', 'Este punto de venta es del modo entrenamiento y no vale fuera de él');
    const pos = this.deps.store.pointsOfSale.details(tenant.id, posId)!;
    if (pos.closedAt) throw new PeopleError('POS_CLOSED', `El punto de venta ${pos.code} («${pos.name}») se cerró en SIAT el ${formatDateEs(new Date(pos.closedAt))}: nadie ingresa en él`);
    const user = await this.verify(tenant.id, who, pin, 'LOGIN', posId);
    const policy = this.policy(tenant.id);
    const prefix = randomText(LOWER, 10);
    const token = `${TILL_TOKEN_PREFIX}${prefix}_${randomText(MIXED, 40)}`;
    const now = this.now();
    const expiresAt = new Date(now.getTime() + policy.sessionHours * 3_600_000).toISOString();
    const id = randomUUID();
    this.repo.openSession({ id, tenantId: tenant.id, userId: user.id, posId, prefix, hash: sha256(token), createdAt: now.toISOString(), lastSeenAt: now.toISOString(), expiresAt });
    return { token, actor: { sessionId: id, tenant, user, posId }, expiresAt, idleMinutes: policy.idleMinutes };
  }

  /** Whether `token` looks like a till session token (an API key does not). */
  static isToken(token: string): boolean {
    return token.startsWith(TILL_TOKEN_PREFIX);
  }

  /**
   * The actor of a live till session. `touch` (a request by the person) starts the idle clock
   * again; the till's event stream checks without touching, so an open stream does not keep an
   * unattended till unlocked.
   */
  authenticate(token: string, touch = true): SessionCheck {
    const m = TOKEN_RE.exec(token);
    const s = m ? this.repo.sessionByPrefix(m[1]!) : null;
    if (!s) return { ok: false, code: 'UNKNOWN', detail: 'La sesión de caja no es válida' };
    const expected = Buffer.from(s.hash, 'hex');
    const actual = Buffer.from(sha256(token), 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false, code: 'UNKNOWN', detail: 'La sesión de caja no es válida' };
    if (s.endedAt) return { ok: false, code: 'ENDED', detail: 'La sesión de caja terminó: ingrese de nuevo con su usuario y PIN' };
    const now = this.now();
    const tenant = this.deps.store.tenants.byId(s.tenantId)!;
    if (tenant.training && !this.deps.training) return { ok: false, code: 'TRAINING', detail: 'Esta sesión es del modo entrenamiento y no vale fuera de él' };
    if (new Date(s.expiresAt) <= now) {
      this.repo.endSession(s.id, now.toISOString(), 'vencida');
      return { ok: false, code: 'EXPIRED', detail: 'La sesión de caja venció: ingrese de nuevo con su usuario y PIN' };
    }
    const policy = this.policy(s.tenantId);
    if (new Date(s.lastSeenAt).getTime() + policy.idleMinutes * 60_000 <= now.getTime()) {
      this.repo.endSession(s.id, now.toISOString(), 'inactividad');
      return { ok: false, code: 'IDLE', detail: `La caja se bloqueó tras ${policy.idleMinutes} min sin uso: ingrese de nuevo con su PIN` };
    }
    const user = this.repo.byId(s.tenantId, s.userId)!;
    if (!user.active) return { ok: false, code: 'INACTIVE', detail: `El usuario «${user.login}» fue desactivado` };
    if (touch) this.repo.touchSession(s.id, now.toISOString());
    return { ok: true, actor: { sessionId: s.id, tenant, user, posId: s.posId } };
  }

  logout(sessionId: string): void {
    this.repo.endSession(sessionId, this.now().toISOString(), 'salida');
  }
}
