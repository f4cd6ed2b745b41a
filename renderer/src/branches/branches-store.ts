// Sucursales y puntos de venta (encargado): the open branches with their points of sale, the two
// forms (new branch, register a point of sale in SIAT) and the confirmation before closing one.
// The engine is the source of truth: after every change the list is read again.
import { create } from 'zustand';
import type { BranchOffice, BranchOfficeInput, CreatedPos } from '../../../shared/api-types';
import { api } from '../api';
import { ApiError, describeError } from '../api/errors';
import { BRANCH_FIELD_LABELS, EMPTY_BRANCH, EMPTY_POS_FORM, posRequestOf, trimBranch, validateBranch, type PosForm } from './forms';
import { useSession } from '../session/session-store';
import { newUuid } from '../sale/uuid';

export type CloseTarget =
  | { kind: 'pos'; id: string; code: number; name: string; branchName: string }
  | { kind: 'branch'; branchId: number; siatCode: number; name: string };

export interface FormOutcome {
  busy: boolean;
  errors: string[];
  ok: string | null;
}

const IDLE: FormOutcome = { busy: false, errors: [], ok: null };

/** Registering and closing a point of sale are online-only SIAT operations (registroPuntoVenta, cierrePuntoVenta). */
export const POS_NEEDS_SIAT = {
  register: 'Registrar un punto de venta requiere el SIAT en línea, y el SIAT no responde en este momento. Intente de nuevo cuando vuelva la conexión.',
  close: 'Cerrar un punto de venta requiere el SIAT en línea, y el SIAT no responde en este momento. Intente de nuevo cuando vuelva la conexión.',
};

/** POST /pos is not idempotent: a retry after an unknown outcome registers a second one. */
export const CHECK_BEFORE_RETRY = 'Puede reintentar: Kipu pregunta antes a SIAT si el punto de venta ya quedó registrado y no registra otro.';

/** One Idempotency-Key per form content: a retry after a lost answer registers no second point of sale. */
let posAttempt: { key: string; body: string } | null = null;

const FIELD_LABELS: Record<string, string> = { ...BRANCH_FIELD_LABELS, branchId: 'Sucursal', type: 'Tipo' };

/**
 * The engine's errors as lines for these forms: field problems under the form's Spanish labels,
 * everything else (SIAT's code and message first, unchanged) as describeError says it.
 */
export function formErrorLines(err: unknown): string[] {
  if (err instanceof ApiError && err.fields.length > 0 && err.siatMessages.length === 0 && err.siatCode === undefined) {
    return err.fields.map((f) => `${FIELD_LABELS[f.field] ?? f.field}: ${f.message}`);
  }
  return describeError(err);
}

/** SIAT's answer to a registration was lost (decision 0109): asking again is the way, not waiting. */
export const POS_OUTCOME_UNKNOWN =
  'El SIAT no contestó si registró el punto de venta. Presione «Registrar en el SIAT» otra vez: Kipu le pregunta antes al SIAT si ya quedó registrado y no registra otro.';

function posErrorLines(err: unknown, action: keyof typeof POS_NEEDS_SIAT): string[] {
  if (err instanceof ApiError && err.code === 'SIAT_OUTCOME_UNKNOWN') return [POS_OUTCOME_UNKNOWN];
  if (err instanceof ApiError && err.status === 503) {
    // The engine's own sentence too (what failed), when it said more than the bare status.
    return err.code === 'HTTP_503' ? [POS_NEEDS_SIAT[action]] : [POS_NEEDS_SIAT[action], ...describeError(err)];
  }
  return formErrorLines(err);
}

/** No answer, or a failure after the request may have reached SIAT. */
function outcomeUnknown(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 0 || (err.status >= 500 && err.status !== 503));
}

export interface BranchesState {
  branches: BranchOffice[];
  loaded: boolean;
  loadErrors: string[];
  branchDraft: BranchOfficeInput;
  branchForm: FormOutcome;
  posDraft: PosForm;
  posForm: FormOutcome;
  /** Bumped to move the focus into the point-of-sale form. */
  posFocusSeq: number;
  /** What the confirmation dialog is about to close (null = no dialog). */
  closing: CloseTarget | null;
  closeBusy: boolean;
  closeErrors: string[];
  /** Outcome of the last close. */
  closed: string | null;
  /** Outcome of the last change of a point of sale's default document. */
  docOutcome: { posId: string; ok: string | null; errors: string[] } | null;
  /**
   * The key this till entered with, when no person did (GET /api/v1/keys/current): a key without
   * the admin scope sees the screen read-only, as a cajero does. null: not known (a person's
   * session, or the engine did not say; the engine still refuses what the key may not do).
   */
  tillKey: { name: string; admin: boolean } | null;
  setDefaultDocument(posId: string, invoiceType: string | null): Promise<void>;

  load(): Promise<void>;
  /** The screen opens: yesterday's outcomes go, what was typed stays, the list is read again. */
  enter(): Promise<void>;
  setBranchDraft(patch: Partial<BranchOfficeInput>): void;
  createBranch(): Promise<BranchOffice | null>;
  setPosDraft(patch: Partial<PosForm>): void;
  /** "+ Punto de venta" of a branch: choose it in the form and go there. */
  startPosIn(branchId: number): void;
  registerPos(): Promise<CreatedPos | null>;
  askClose(target: CloseTarget): void;
  cancelClose(): void;
  confirmClose(): Promise<boolean>;
}

export const INITIAL_BRANCHES_STATE = {
  branches: [] as BranchOffice[],
  loaded: false,
  loadErrors: [] as string[],
  branchDraft: EMPTY_BRANCH,
  branchForm: IDLE,
  posDraft: EMPTY_POS_FORM,
  posForm: IDLE,
  posFocusSeq: 0,
  closing: null as CloseTarget | null,
  closeBusy: false,
  closeErrors: [] as string[],
  closed: null as string | null,
  docOutcome: null as BranchesState['docOutcome'],
  tillKey: null as BranchesState['tillKey'],
};

/** The session's list feeds the point-of-sale picker; keep it in step after a change. */
async function refreshSessionPointsOfSale(): Promise<void> {
  try {
    const list = await api.pointsOfSale();
    useSession.setState({ pointsOfSale: list });
  } catch {
    // the picker shows the list of the last login; nothing to tell the manager here
  }
}

export const useBranches = create<BranchesState>()((set, get) => ({
  ...INITIAL_BRANCHES_STATE,

  async setDefaultDocument(posId, invoiceType) {
    try {
      const p = await api.setPosDefaultInvoiceType(posId, invoiceType);
      await refreshSessionPointsOfSale();
      set({ docOutcome: { posId, ok: `Punto de venta ${p.code}: documento guardado.`, errors: [] } });
    } catch (err) {
      set({ docOutcome: { posId, ok: null, errors: formErrorLines(err) } });
    }
  },

  async load() {
    // The session's list carries each point of sale's default document.
    void refreshSessionPointsOfSale();
    try {
      const branches = await api.branchOffices();
      set({ branches, loaded: true, loadErrors: [] });
      // A branch chosen in the form that is no longer open is not offered any more.
      const chosen = get().posDraft.branchId;
      if (chosen && !branches.some((b) => String(b.branchId) === chosen)) set((s) => ({ posDraft: { ...s.posDraft, branchId: '' } }));
    } catch (err) {
      set({ loaded: true, loadErrors: describeError(err) });
    }
  },

  async enter() {
    set((s) => ({
      closed: null,
      branchForm: s.branchForm.busy ? s.branchForm : IDLE,
      posForm: s.posForm.busy ? s.posForm : IDLE,
    }));
    const keyed = useSession.getState().person === null;
    const key = keyed
      ? api.currentKey().then(
          (k) => set({ tillKey: { name: k.name, admin: k.scopes.includes('admin') } }),
          () => set({ tillKey: null }),
        )
      : (set({ tillKey: null }), Promise.resolve());
    await Promise.all([get().load(), key]);
  },

  setBranchDraft(patch) {
    set((s) => ({ branchDraft: { ...s.branchDraft, ...patch } }));
  },

  async createBranch() {
    if (get().branchForm.busy) return null;
    const draft = get().branchDraft;
    const errors = validateBranch(draft);
    if (errors.length > 0) {
      set({ branchForm: { busy: false, errors, ok: null } });
      return null;
    }
    set({ branchForm: { busy: true, errors: [], ok: null } });
    try {
      const b = await api.createBranchOffice(trimBranch(draft));
      set((s) => ({
        branchDraft: EMPTY_BRANCH,
        // SIAT has no operation to create a sucursal: the code Kipu assigned must be the padrón's.
        branchForm: {
          busy: false,
          errors: [],
          ok: `Sucursal "${b.name}" registrada con el código de sucursal ${b.siatCode}. Verifique que coincida con el padrón del SIN.`,
        },
        posDraft: { ...s.posDraft, branchId: String(b.branchId) },
      }));
      await get().load();
      return b;
    } catch (err) {
      set({ branchForm: { busy: false, errors: formErrorLines(err), ok: null } });
      return null;
    }
  },

  setPosDraft(patch) {
    set((s) => ({ posDraft: { ...s.posDraft, ...patch } }));
  },

  startPosIn(branchId) {
    set((s) => ({ posDraft: { ...s.posDraft, branchId: String(branchId) }, posFocusSeq: s.posFocusSeq + 1 }));
  },

  async registerPos() {
    if (get().posForm.busy) return null;
    const checked = posRequestOf(get().posDraft);
    if (!checked.request) {
      set({ posForm: { busy: false, errors: checked.errors, ok: null } });
      return null;
    }
    set({ posForm: { busy: true, errors: [], ok: null } });
    try {
      const body = JSON.stringify(checked.request);
      if (posAttempt?.body !== body) posAttempt = { key: newUuid(), body };
      const p = await api.createPos(checked.request, posAttempt.key);
      posAttempt = null;
      set((s) => ({
        posDraft: { ...EMPTY_POS_FORM, branchId: s.posDraft.branchId, type: s.posDraft.type },
        posForm: { busy: false, errors: [], ok: `Punto de venta "${p.name}" registrado en el SIAT con el código ${p.code}.` },
      }));
      await Promise.all([get().load(), refreshSessionPointsOfSale()]);
      return p;
    } catch (err) {
      const errors = posErrorLines(err, 'register');
      set({ posForm: { busy: false, errors: outcomeUnknown(err) ? [...errors, CHECK_BEFORE_RETRY] : errors, ok: null } });
      if (outcomeUnknown(err)) await get().load();
      return null;
    }
  },

  askClose(target) {
    set({ closing: target, closeBusy: false, closeErrors: [], closed: null });
  },

  cancelClose() {
    set({ closing: null, closeBusy: false, closeErrors: [] });
  },

  async confirmClose() {
    const target = get().closing;
    if (!target || get().closeBusy) return false;
    set({ closeBusy: true, closeErrors: [] });
    try {
      if (target.kind === 'pos') await api.closePos(target.id);
      else await api.closeBranchOffice(target.branchId);
    } catch (err) {
      // The dialog stays open with the engine's reason (409: PV 0, pending invoices, open
      // contingency, casa matriz, open points of sale …); Esc leaves it.
      if (get().closing === target) set({ closeBusy: false, closeErrors: target.kind === 'pos' ? posErrorLines(err, 'close') : formErrorLines(err) });
      return false;
    }
    // The list first, then the dialog goes: the focus then returns to a list without the row.
    await Promise.all([get().load(), target.kind === 'pos' ? refreshSessionPointsOfSale() : Promise.resolve()]);
    set({
      closing: null,
      closeBusy: false,
      closeErrors: [],
      closed: target.kind === 'pos' ? `Punto de venta ${target.code} "${target.name}" cerrado.` : `Sucursal ${target.siatCode} "${target.name}" cerrada.`,
    });
    return true;
  },
}));
