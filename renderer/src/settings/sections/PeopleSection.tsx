// Personas (issue 27): the store's people — who they are, their user and role, whether they are
// active or locked — with the form that adds one and the one that changes one (people-store.ts).
// The administrator's, like every section but the till's own: a cajero's or supervisor's session
// sees the screen's notice instead (SettingsScreen.tsx). Nobody is deleted.
import { useEffect, useRef } from 'react';
import type { TillUserDto } from '../../../../shared/api/till-users';
import { ROLES, type Role } from '../../../../shared/till-roles';
import { ErrorList } from '../../components/ErrorList';
import { formatDateTime } from '../../format/dates';
import { useSession } from '../../session/session-store';
import { ROLE_LABELS, stateText, usePeople, type EditDraft, type FormOutcome, type NewPersonDraft, type PeopleState } from '../people-store';
import { Section } from './Section';

export function PeopleSection() {
  useEffect(() => {
    void usePeople.getState().enter();
  }, []);
  const people = usePeople((s) => s.people);
  const loaded = usePeople((s) => s.loaded);
  const loadErrors = usePeople((s) => s.loadErrors);
  const draft = usePeople((s) => s.draft);
  const addForm = usePeople((s) => s.addForm);
  const editing = usePeople((s) => s.editing);
  const editForm = usePeople((s) => s.editForm);
  const me = useSession((s) => s.person?.id ?? null);
  return <PeopleView {...{ people, loaded, loadErrors, draft, addForm, editing, editForm, me }} />;
}

/** The store's data fields, and the signed-in person's id (null: an API key's session). */
export type PeopleViewProps = Pick<PeopleState, 'people' | 'loaded' | 'loadErrors' | 'draft' | 'addForm' | 'editing' | 'editForm'> & { me: string | null };

/** The section from its state (rendered without the engine by test/renderer/settings). */
export function PeopleView(props: PeopleViewProps) {
  const { people, loaded, loadErrors, editing, me } = props;
  const edited = editing ? (people.find((p) => p.id === editing.id) ?? null) : null;
  return (
    <Section title="Personas de la tienda" testId="settings-people" wide>
      <p className="muted small form-note">
        Quienes ingresan en la caja con su usuario y PIN. Nadie se borra: quien deja la tienda se desactiva, y su nombre queda en lo que hizo.
      </p>
      <ErrorList errors={loadErrors} testId="people-load-error" />
      {people.length > 0 && (
        <table className="grid compact people-table">
          <thead>
            <tr>
              <th>Nombre</th>
              <th>Usuario</th>
              <th>Rol</th>
              <th>Estado</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {people.map((p) => (
              <tr key={p.id} data-testid="person-row" data-login={p.login} className={editing?.id === p.id ? 'selected' : undefined}>
                <td>
                  {p.name} {p.id === me && <span className="badge">usted</span>}
                </td>
                <td className="mono">{p.login}</td>
                <td>{ROLE_LABELS[p.role]}</td>
                <td data-testid="person-state">
                  {p.active && !p.locked ? stateText(p) : <span className={p.active ? 'badge warn' : 'badge off'}>{stateText(p)}</span>}
                </td>
                <td className="actions">
                  <button data-testid="person-edit" aria-label={`Cambiar a ${p.name}`} onClick={() => usePeople.getState().startEdit(p.id)}>
                    Cambiar…
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {loaded && people.length === 0 && loadErrors.length === 0 && (
        <p className="empty" data-testid="people-empty">
          Todavía no hay personas: agregue la primera aquí abajo.
        </p>
      )}
      {!loaded && <p className="muted">Cargando las personas…</p>}
      <div className="people-forms">
        <AddPersonForm draft={props.draft} outcome={props.addForm} />
        {editing && edited ? (
          <EditPersonForm draft={editing} person={edited} outcome={props.editForm} isMe={edited.id === me} />
        ) : (
          <p className="muted small people-hint">Para cambiar el nombre, el rol o el PIN de una persona, desbloquearla, desactivarla o reactivarla: «Cambiar…» en su fila.</p>
        )}
      </div>
    </Section>
  );
}

function RoleSelect({ value, onChange, testId }: { value: Role; onChange: (r: Role) => void; testId: string }) {
  return (
    <select data-testid={testId} value={value} onChange={(e) => onChange(e.target.value as Role)}>
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </select>
  );
}

/** A PIN field: digits on a touch keyboard, hidden as typed, never filled in by the browser. */
function PinInput({ value, onChange, testId }: { value: string; onChange: (v: string) => void; testId: string }) {
  return <input type="password" inputMode="numeric" autoComplete="new-password" data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)} />;
}

function Outcome({ outcome, testId }: { outcome: FormOutcome; testId: string }) {
  return (
    <>
      <ErrorList errors={outcome.errors} testId={`${testId}-error`} />
      {outcome.ok && (
        <div className="ok-box" role="status" data-testid={`${testId}-ok`}>
          {outcome.ok}
        </div>
      )}
    </>
  );
}

function AddPersonForm({ draft, outcome }: { draft: NewPersonDraft; outcome: FormOutcome }) {
  const set = (patch: Partial<NewPersonDraft>) => usePeople.getState().setDraft(patch);
  return (
    <form
      data-testid="people-add-form"
      onSubmit={(e) => {
        e.preventDefault();
        void usePeople.getState().add();
      }}
    >
      <h4>Agregar una persona</h4>
      <div className="row">
        <label className="field">
          <span>Nombre (va en las facturas)</span>
          <input data-testid="people-name" value={draft.name} maxLength={100} onChange={(e) => set({ name: e.target.value })} />
        </label>
        <label className="field">
          <span>Usuario (para ingresar)</span>
          <input data-testid="people-login" value={draft.login} placeholder="ana.quispe" autoComplete="off" spellCheck={false} onChange={(e) => set({ login: e.target.value })} />
        </label>
      </div>
      <div className="row">
        <label className="field">
          <span>Rol</span>
          <RoleSelect value={draft.role} onChange={(role) => set({ role })} testId="people-role" />
        </label>
        <label className="field">
          <span>PIN (4 a 6 dígitos)</span>
          <PinInput value={draft.pin} onChange={(pin) => set({ pin })} testId="people-pin" />
        </label>
        <label className="field">
          <span>Repetir el PIN</span>
          <PinInput value={draft.pinAgain} onChange={(pinAgain) => set({ pinAgain })} testId="people-pin-again" />
        </label>
      </div>
      <button type="submit" className="primary" disabled={outcome.busy} data-testid="people-add">
        {outcome.busy ? 'Agregando…' : 'Agregar persona'}
      </button>
      <Outcome outcome={outcome} testId="people-add" />
    </form>
  );
}

function EditPersonForm({ draft, person, outcome, isMe }: { draft: EditDraft; person: TillUserDto; outcome: FormOutcome; isMe: boolean }) {
  const set = (patch: Partial<Omit<EditDraft, 'id'>>) => usePeople.getState().setEdit(patch);
  const nameRef = useRef<HTMLInputElement>(null);
  // Chosen with «Cambiar…»: the keyboard goes to the form (its name first).
  useEffect(() => nameRef.current?.focus(), [draft.id]);
  const toggle = () => {
    if (person.active) {
      const self = isMe ? ' Es usted: su sesión se cierra y la caja vuelve a la pantalla de ingreso.' : '';
      if (!window.confirm(`¿Desactivar a ${person.name}? Ya no podrá ingresar en la caja ni aprobar; su nombre queda en todo lo que hizo y puede reactivarse cuando quiera.${self}`)) return;
    }
    void usePeople.getState().setActive(!person.active);
  };
  return (
    <form
      data-testid="person-editor"
      data-login={person.login}
      onSubmit={(e) => {
        e.preventDefault();
        void usePeople.getState().saveEdit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') usePeople.getState().cancelEdit();
      }}
    >
      <h4>
        Cambiar a {person.name} <span className="muted mono small">({person.login})</span>
      </h4>
      {person.locked && (
        <div className="warn-box people-note" role="status" data-testid="person-locked">
          Bloqueado por PIN incorrectos hasta {formatDateTime(person.lockedUntil)}. Un PIN nuevo lo desbloquea ahora.
        </div>
      )}
      {!person.active && (
        <div className="warn-box people-note" role="status" data-testid="person-inactive">
          Desactivado: no ingresa en la caja ni aprueba. «Reactivar» lo deja ingresar de nuevo.
        </div>
      )}
      <div className="row">
        <label className="field">
          <span>Nombre</span>
          <input ref={nameRef} data-testid="person-name" value={draft.name} maxLength={100} onChange={(e) => set({ name: e.target.value })} />
        </label>
        <label className="field">
          <span>Rol</span>
          <RoleSelect value={draft.role} onChange={(role) => set({ role })} testId="person-role" />
        </label>
      </div>
      <div className="row">
        <label className="field">
          <span>PIN nuevo (si lo cambia)</span>
          <PinInput value={draft.pin} onChange={(pin) => set({ pin })} testId="person-pin" />
        </label>
        <label className="field">
          <span>Repetir el PIN nuevo</span>
          <PinInput value={draft.pinAgain} onChange={(pinAgain) => set({ pinAgain })} testId="person-pin-again" />
        </label>
      </div>
      {isMe && draft.role !== 'administrador' && <p className="hint">Es usted: sin el rol administrador ya no podrá volver a esta configuración.</p>}
      <div className="row people-actions">
        <button type="submit" className="primary" disabled={outcome.busy} data-testid="person-save">
          Guardar cambios
        </button>
        <button type="button" className={person.active ? 'danger' : undefined} disabled={outcome.busy} onClick={toggle} data-testid={person.active ? 'person-deactivate' : 'person-reactivate'}>
          {person.active ? 'Desactivar' : 'Reactivar'}
        </button>
        <span className="spacer" />
        <button type="button" className="ghost" disabled={outcome.busy} onClick={() => usePeople.getState().cancelEdit()} data-testid="person-close">
          Cerrar
        </button>
      </div>
      <Outcome outcome={outcome} testId="person" />
    </form>
  );
}
