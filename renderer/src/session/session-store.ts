// Who is at the till: the API key (kept in localStorage, as the brief asks), the till
// configuration and the selected point of sale (remembered across restarts).
import { create } from 'zustand';
import type { PointOfSale, SaleInvoiceType, TillConfig } from '../../../shared/api-types';
import { api, bindSession } from '../api';
import { bindApprovalDoer } from './approval-store';
import { ApiError, describeErrorText } from '../api/errors';
import { STORAGE_KEYS, readItem, writeItem } from './local-storage';
import { roleAtLeast, TILL_TOKEN_PREFIX } from '../../../shared/till-roles';
import type { TillUserDto } from '../../../shared/api/till-users';

export type SessionPhase = 'loading' | 'login' | 'choosePos' | 'ready';

interface SessionState {
  phase: SessionPhase;
  apiKey: string | null;
  config: TillConfig | null;
  /** Engine not reachable while loading the configuration. */
  configError: string | null;
  pointsOfSale: PointOfSale[];
  posId: string | null;
  loginError: string | null;
  busy: boolean;
  /** The login screen opens on user and PIN when the till was last opened that way. */
  preferPin: boolean;
  /** The person logged in with a PIN (null with an API key). */
  person: TillUserDto | null;
  /** The till locks itself after this long without use (the engine's idle lock, issue 27). */
  idleMinutes: number | null;
  /** Who was at the till when it locked: the login screen asks their PIN; the sale waits in memory. */
  locked: { login: string; name: string } | null;
  init(): Promise<void>;
  login(key: string): Promise<boolean>;
  /** A person logs in at the remembered point of sale with user and PIN (issue 27). */
  loginWithPin(user: string, pin: string): Promise<boolean>;
  logout(reason?: string): void;
  /** Locks the till to its PIN screen (idle, or the engine's session ended) keeping the sale in progress. */
  lock(reason: string): void;
  /** "Cambiar cajero": the current sale is parked in this person's name, then another logs in. */
  switchCashier(): Promise<void>;
  selectPos(id: string): void;
  /** The point of sale's picker, for whoever may change it (mayChangePos); others stay where they are. */
  changePos(): void;
  /** Esc or «Volver» in the picker: back to the till on the point of sale it had. */
  keepPos(): void;
}

export const useSession = create<SessionState>()((set, get) => ({
  phase: 'loading',
  apiKey: readItem(STORAGE_KEYS.apiKey),
  config: null,
  configError: null,
  pointsOfSale: [],
  posId: readItem(STORAGE_KEYS.posId),
  loginError: null,
  busy: false,
  preferPin: readItem(STORAGE_KEYS.loginMode) === 'pin',
  person: null,
  idleMinutes: null,
  locked: null,

  async init() {
    set({ phase: 'loading', configError: null });
    try {
      const config = await api.tillConfig();
      set({ config });
    } catch (err) {
      set({ configError: describeErrorText(err) });
    }
    const key = get().apiKey;
    if (!key) return set({ phase: 'login' });
    await get().login(key);
  },

  async login(key) {
    const trimmed = key.trim();
    if (!trimmed) {
      set({ loginError: 'Ingrese la clave de API.' });
      return false;
    }
    set({ busy: true, loginError: null, apiKey: trimmed });
    try {
      const list = await api.pointsOfSale();
      writeItem(STORAGE_KEYS.apiKey, trimmed);
      const pin = isTillSessionToken(trimmed);
      writeItem(STORAGE_KEYS.loginMode, pin ? 'pin' : 'key');
      set({ preferPin: pin });
      const stored = get().posId;
      const keep = list.find((p) => p.id === stored) ?? (list.length === 1 ? list[0] : undefined);
      if (keep) writeItem(STORAGE_KEYS.posId, keep.id);
      // The configuration of this key's tenant (tenant id, default invoice type).
      const config = await api.tillConfig(true).catch(() => get().config);
      // Who is at the till (a person's session): the top bar, the approvals and the idle lock.
      const me = pin ? await api.tillMe().catch(() => null) : null;
      set({ person: me?.user ?? null, idleMinutes: me?.idleMinutes ?? null, locked: null });
      set({ busy: false, config, pointsOfSale: list, posId: keep?.id ?? null, phase: keep ? 'ready' : 'choosePos' });
      return true;
    } catch (err) {
      const message =
        err instanceof ApiError && err.status === 401 ? 'La clave de API no es válida.' : describeErrorText(err);
      set({ busy: false, loginError: message, phase: 'login', apiKey: err instanceof ApiError && err.status === 401 ? null : trimmed });
      if (err instanceof ApiError && err.status === 401) writeItem(STORAGE_KEYS.apiKey, null);
      return false;
    }
  },

  async loginWithPin(user, pin) {
    const posId = get().posId;
    if (!posId) {
      set({ loginError: 'Esta caja todavía no tiene punto de venta: ingrese una vez con la clave de API y elíjalo.' });
      return false;
    }
    if (!user.trim() || !pin) {
      set({ loginError: 'Ingrese su usuario y su PIN.' });
      return false;
    }
    set({ busy: true, loginError: null });
    const before = get().locked;
    try {
      const session = await api.tillLogin(posId, user.trim(), pin);
      set({ busy: false });
      const ok = await get().login(session.token ?? '');
      // Another person unlocked a till locked with a sale in progress: the sale waits, parked, in
      // the name of whoever left it (sale/cashier-switch.ts).
      if (ok && before && session.user.login !== before.login) await switchHooks.parkForOther?.(before.name);
      return ok;
    } catch (err) {
      set({ busy: false, loginError: describeErrorText(err) });
      return false;
    }
  },

  logout(reason) {
    // A person's till session ends in the engine too (an API key stays valid).
    if (isTillSessionToken(get().apiKey)) void api.tillLogout().catch(() => undefined);
    writeItem(STORAGE_KEYS.apiKey, null);
    set({ apiKey: null, phase: 'login', loginError: reason ?? null, busy: false, person: null, locked: null });
  },

  lock(reason) {
    const person = get().person;
    if (!person) return get().logout(reason);
    // Ends the engine's session as well: whoever comes back types their PIN (a new session).
    if (isTillSessionToken(get().apiKey)) void api.tillLogout().catch(() => undefined);
    writeItem(STORAGE_KEYS.apiKey, null);
    set({ apiKey: null, phase: 'login', loginError: reason, busy: false, person: null, locked: { login: person.login, name: person.name } });
  },

  async switchCashier() {
    await switchHooks.parkOwn?.();
    get().logout();
  },

  selectPos(id) {
    if (!get().pointsOfSale.some((p) => p.id === id)) return;
    writeItem(STORAGE_KEYS.posId, id);
    set({ posId: id, phase: 'ready' });
  },

  changePos() {
    if (!mayChangePos(get().person)) return;
    set({ phase: 'choosePos' });
  },

  keepPos() {
    const { posId, pointsOfSale } = get();
    if (get().phase === 'choosePos' && pointsOfSale.some((p) => p.id === posId)) set({ phase: 'ready' });
  },
}));

/**
 * Who may move this till to another point of sale (issue 24, set 12: a cashier reached the picker
 * and its «Cambiar clave de API»): an administrator, or whoever set the till up with an API key.
 * A cashier's or a supervisor's PIN session belongs to the point of sale it was opened at.
 */
export function mayChangePos(person: TillUserDto | null): boolean {
  return mayAdminister(person);
}

/**
 * Whether the till offers this person the administrator's forms (Sucursales, decision 0094's walk):
 * an administrador, or an API key's session (whose scopes the engine judges). A cajero's or a
 * supervisor's PIN session would only see them fail on submit.
 */
export function mayAdminister(person: TillUserDto | null): boolean {
  return person === null || roleAtLeast(person.role, 'administrador');
}

/**
 * What the sale does when people change at the till (set by sale/cashier-switch.ts, so that the
 * session does not depend on the sale): park the current sale in this person's name before they
 * leave, or in the next person's name for the one who left it at a locked till.
 */
export const switchHooks: { parkOwn?: () => Promise<void>; parkForOther?: (leftBy: string) => Promise<void> } = {};

// Any 401 of an authenticated call sends the cashier back to the login screen; a person's
// session (locked by the engine after the idle time) locks the till instead, keeping the sale.
bindSession(
  () => useSession.getState().apiKey,
  () => {
    const s = useSession.getState();
    if (s.phase === 'login') return;
    if (s.person) s.lock('La sesión de caja se bloqueó o terminó: ingrese de nuevo con su PIN. La venta en curso se conserva.');
    else s.logout('La sesión expiró o la clave de API fue revocada. Ingrese nuevamente.');
  },
);

// The approval notice names the cashier too (the dialog is bound in app/main.tsx).
bindApprovalDoer(() => useSession.getState().person?.name ?? null);

/** A person's till session token (kipt_…), not an API key. */
export function isTillSessionToken(key: string | null): boolean {
  return key !== null && key.startsWith(TILL_TOKEN_PREFIX);
}

export function currentPos(): PointOfSale | undefined {
  const { pointsOfSale, posId } = useSession.getState();
  return pointsOfSale.find((p) => p.id === posId);
}

export function defaultInvoiceType(config: TillConfig | null): SaleInvoiceType {
  return config?.defaultInvoiceType ?? 'COMPUTERIZED_SALE';
}

/** What the Venta screen issues: the point of sale's default document, else the taxpayer's compra-venta. */
export function saleInvoiceType(pos: PointOfSale | undefined, config: TillConfig | null): string {
  return pos?.defaultInvoiceType ?? defaultInvoiceType(config);
}
