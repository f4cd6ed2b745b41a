// Configuración › Personas (issue 27): the store's people as the engine holds them, the form that
// adds one and the form that changes one (name, role, a new PIN that also lifts a lockout,
// deactivate / reactivate: nobody is deleted). The administrator's: every route needs the admin
// scope (a cajero's or supervisor's session, or a till key, never reaches this section: the
// screen shows its notice in its place).
//
// The engine is the source of truth and words every refusal (duplicate user, a PIN that is not
// 4 to 6 digits, an empty name): what it says is shown as it says it, and what was typed stays.
// The till itself checks only what the engine cannot see: an empty field, the PIN typed twice.
import { create } from 'zustand';
import type { TillUserDto, TillUserChange } from '../../../shared/api/till-users';
import { MAX_PAGE_SIZE } from '../../../shared/api/limits';
import type { Role } from '../../../shared/till-roles';
import { api } from '../api';
import { describeError } from '../api/errors';
import { formatDateTime } from '../format/dates';
import { useSession } from '../session/session-store';

/** How the screen names each role (the API's words are lower-case). */
export const ROLE_LABELS: Record<Role, string> = { cajero: 'Cajero', supervisor: 'Supervisor', administrador: 'Administrador' };

export interface NewPersonDraft {
  name: string;
  login: string;
  role: Role;
  pin: string;
  pinAgain: string;
}

export interface EditDraft {
  id: string;
  name: string;
  role: Role;
  /** Blank: the PIN stays as it is. */
  pin: string;
  pinAgain: string;
}

export interface FormOutcome {
  busy: boolean;
  errors: string[];
  ok: string | null;
}

const IDLE: FormOutcome = { busy: false, errors: [], ok: null };
export const EMPTY_PERSON: NewPersonDraft = { name: '', login: '', role: 'cajero', pin: '', pinAgain: '' };

export const MISSING = {
  name: 'Falta el nombre de la persona.',
  login: 'Falta el usuario: lo que la persona escribe en la caja para ingresar (p. ej. «ana.quispe»).',
  pin: 'Falta el PIN: de 4 a 6 dígitos (solo números).',
  pinAgain: 'Los dos PIN no coinciden: escriba el mismo PIN en los dos campos.',
  emptyName: 'El nombre no puede quedar vacío.',
  nothing: 'No hay cambios que guardar: cambie el nombre o el rol, o escriba un PIN nuevo.',
};

/** What the list says of a person's state: active, deactivated, or locked until when. */
export function stateText(p: TillUserDto): string {
  if (!p.active) return 'Desactivado';
  if (p.locked) return `Bloqueado hasta ${formatDateTime(p.lockedUntil)}`;
  return 'Activo';
}

/** The till's own checks of a new person: what is missing, the PIN typed twice. */
export function newPersonProblems(d: NewPersonDraft): string[] {
  const errors: string[] = [];
  if (!d.name.trim()) errors.push(MISSING.name);
  if (!d.login.trim()) errors.push(MISSING.login);
  if (!d.pin) errors.push(MISSING.pin);
  else if (d.pin !== d.pinAgain) errors.push(MISSING.pinAgain);
  return errors;
}

/** The change the edit form asks for (only what differs from the person), or why there is none. */
export function changeOf(d: EditDraft, p: TillUserDto): { change: TillUserChange } | { errors: string[] } {
  const errors: string[] = [];
  if (!d.name.trim()) errors.push(MISSING.emptyName);
  if (d.pin !== d.pinAgain) errors.push(MISSING.pinAgain);
  if (errors.length > 0) return { errors };
  const change: TillUserChange = {};
  if (d.name.trim() !== p.name) change.name = d.name.trim();
  if (d.role !== p.role) change.role = d.role;
  if (d.pin) change.pin = d.pin;
  return Object.keys(change).length === 0 ? { errors: [MISSING.nothing] } : { change };
}

function editDraftOf(p: TillUserDto): EditDraft {
  return { id: p.id, name: p.name, role: p.role, pin: '', pinAgain: '' };
}

/** What a saved change did, in a sentence (`wasLocked`: the person was locked before it). */
export function changedText(p: TillUserDto, change: TillUserChange, wasLocked = false): string {
  const parts: string[] = [];
  if (change.name !== undefined) parts.push('el nombre');
  if (change.role !== undefined) parts.push(`el rol (${ROLE_LABELS[p.role].toLowerCase()})`);
  if (change.pin !== undefined) parts.push('el PIN');
  const what = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)!}`;
  // A new PIN clears the wrong-PIN count and the lockout (main/store/till-users.ts).
  const pin = change.pin === undefined ? '' : wasLocked ? ' Ya no está bloqueado: ingresa en la caja con el PIN nuevo.' : ' Desde ahora ingresa en la caja con el PIN nuevo.';
  return `Se guardó ${what} de ${p.name}${p.name.endsWith('.') ? '' : '.'}${pin}`;
}

export interface PeopleState {
  people: TillUserDto[];
  loaded: boolean;
  loadErrors: string[];
  draft: NewPersonDraft;
  addForm: FormOutcome;
  /** The person being changed (null: none chosen). */
  editing: EditDraft | null;
  editForm: FormOutcome;

  /** The section opens: the list is read again; what was typed stays. */
  enter(): Promise<void>;
  load(): Promise<void>;
  setDraft(patch: Partial<NewPersonDraft>): void;
  add(): Promise<TillUserDto | null>;
  startEdit(id: string): void;
  setEdit(patch: Partial<Omit<EditDraft, 'id'>>): void;
  cancelEdit(): void;
  saveEdit(): Promise<boolean>;
  /** Deactivates (false) or reactivates (true) the person being changed. */
  setActive(active: boolean): Promise<boolean>;
}

export const INITIAL_PEOPLE_STATE = {
  people: [] as TillUserDto[],
  loaded: false,
  loadErrors: [] as string[],
  draft: EMPTY_PERSON,
  addForm: IDLE,
  editing: null as EditDraft | null,
  editForm: IDLE,
};

/** Every person of the store, page after page (a store has a handful; the API pages by 50). */
async function allPeople(): Promise<TillUserDto[]> {
  const out: TillUserDto[] = [];
  for (let page = 0; ; page++) {
    const p = await api.tillUsers(page, MAX_PAGE_SIZE);
    out.push(...p.content);
    if (p.last || p.content.length === 0) return out;
  }
}

export const usePeople = create<PeopleState>()((set, get) => {
  /** The signed-in person renamed or re-roled themselves: the top bar follows. */
  function followSession(p: TillUserDto): void {
    const me = useSession.getState().person;
    if (me && me.id === p.id) useSession.setState({ person: p });
  }

  /** One change of the person being edited: busy, then the engine's answer in the edit form. */
  async function change(edit: EditDraft, body: TillUserChange, okText: (p: TillUserDto) => string): Promise<boolean> {
    set({ editForm: { busy: true, errors: [], ok: null } });
    try {
      const p = await api.updateTillUser(edit.id, body);
      followSession(p);
      // The form shows the person as saved; a PIN typed is not kept once it is saved.
      set((s) => ({
        people: s.people.map((x) => (x.id === p.id ? p : x)),
        editing: s.editing?.id === p.id ? editDraftOf(p) : s.editing,
        editForm: { busy: false, errors: [], ok: okText(p) },
      }));
      await get().load();
      return true;
    } catch (err) {
      // What was typed stays: only the outcome changes.
      set({ editForm: { busy: false, errors: describeError(err), ok: null } });
      return false;
    }
  }

  return {
    ...INITIAL_PEOPLE_STATE,

    async enter() {
      // Names typed stay from the last visit; PINs do not outlive the screen (another person may
      // sit at this till next).
      set((s) => ({
        draft: { ...s.draft, pin: '', pinAgain: '' },
        editing: s.editing && { ...s.editing, pin: '', pinAgain: '' },
        addForm: s.addForm.busy ? s.addForm : IDLE,
        editForm: s.editForm.busy ? s.editForm : IDLE,
      }));
      await get().load();
    },

    async load() {
      try {
        const people = await allPeople();
        set((s) => ({
          people,
          loaded: true,
          loadErrors: [],
          // A person no longer listed cannot be edited (another tenant's id never reaches here).
          editing: s.editing && people.some((p) => p.id === s.editing!.id) ? s.editing : null,
        }));
      } catch (err) {
        set({ loaded: true, loadErrors: describeError(err) });
      }
    },

    setDraft(patch) {
      set((s) => ({ draft: { ...s.draft, ...patch } }));
    },

    async add() {
      if (get().addForm.busy) return null;
      const d = get().draft;
      const problems = newPersonProblems(d);
      if (problems.length > 0) {
        set({ addForm: { busy: false, errors: problems, ok: null } });
        return null;
      }
      set({ addForm: { busy: true, errors: [], ok: null } });
      try {
        // The login as typed: the engine trims it, lower-cases it and says what it refuses.
        const p = await api.createTillUser({ name: d.name, login: d.login.trim(), role: d.role, pin: d.pin });
        set({
          draft: { ...EMPTY_PERSON, role: d.role },
          addForm: { busy: false, errors: [], ok: `Se agregó a ${p.name} (${ROLE_LABELS[p.role].toLowerCase()}): ingresa en la caja con el usuario «${p.login}» y su PIN.` },
        });
        await get().load();
        return p;
      } catch (err) {
        set({ addForm: { busy: false, errors: describeError(err), ok: null } });
        return null;
      }
    },

    startEdit(id) {
      const p = get().people.find((x) => x.id === id);
      if (!p) return;
      set({ editing: editDraftOf(p), editForm: IDLE });
    },

    setEdit(patch) {
      set((s) => (s.editing ? { editing: { ...s.editing, ...patch } } : {}));
    },

    cancelEdit() {
      if (get().editForm.busy) return;
      set({ editing: null, editForm: IDLE });
    },

    async saveEdit() {
      const edit = get().editing;
      const person = edit ? get().people.find((p) => p.id === edit.id) : undefined;
      if (!edit || !person || get().editForm.busy) return false;
      const asked = changeOf(edit, person);
      if ('errors' in asked) {
        set({ editForm: { busy: false, errors: asked.errors, ok: null } });
        return false;
      }
      return change(edit, asked.change, (p) => changedText(p, asked.change, person.locked));
    },

    async setActive(active) {
      const edit = get().editing;
      if (!edit || get().editForm.busy) return false;
      return change(edit, { active }, (p) =>
        active ? `Se reactivó a ${p.name}: vuelve a ingresar en la caja con el usuario «${p.login}» y su PIN.` : `Se desactivó a ${p.name}: ya no ingresa en la caja ni aprueba; su nombre queda en todo lo que hizo.`,
      );
    },
  };
});
