// The supervisor's approval, asked in place (issue 27): user and PIN by keyboard, Enter approves,
// Esc gives up (nothing is done). The engine's refusal (wrong PIN, locked, another store's
// supervisor) is shown here and the PIN asked again.
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Modal } from '../components/Modal';
import { PIN_RE, type Role } from '../../../shared/till-roles';
import { useApproval } from './approval-store';

export function ApprovalDialog() {
  const { need, role, refusal, busy, seq } = useApproval(useShallow((s) => ({ need: s.need, role: s.role, refusal: s.refusal, busy: s.busy, seq: s.seq })));
  if (need === null) return null;
  return <ApprovalView need={need} role={role} refusal={refusal} busy={busy} seq={seq} />;
}

/** «un supervisor», «un administrador»: who the dialog asks for, by the role the engine named. */
const WHO: Record<Role, string> = { cajero: 'un cajero', supervisor: 'un supervisor', administrador: 'un administrador' };

/** What a form's button says while its request waits in this dialog: not «Emitiendo…» yet. */
export function awaitingApprovalText(role: Role): string {
  return `Esperando la aprobación de ${WHO[role]}…`;
}

/** The dialog as the store leaves it (rendered without the engine by test/renderer/session). */
export function ApprovalView(props: { need: string; role?: Role; refusal: string | null; busy: boolean; seq: number }) {
  const role = props.role ?? 'supervisor';
  const [user, setUser] = useState('');
  const [pin, setPin] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const userRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  // Asked again after a refusal: the PIN is typed anew.
  useEffect(() => {
    setPin('');
    if (props.seq > 0 && props.refusal) pinRef.current?.focus();
    else userRef.current?.focus();
  }, [props.seq, props.refusal]);

  const approve = () => {
    if (props.busy) return;
    if (!user.trim()) return setLocal(`Escriba el usuario del ${role}.`);
    if (!PIN_RE.test(pin)) return setLocal('El PIN tiene de 4 a 6 dígitos.');
    setLocal(null);
    useApproval.getState().submit({ user: user.trim(), pin });
  };
  const error = local ?? props.refusal;

  return (
    <Modal title={`Aprobación de ${WHO[role]}`} onClose={() => useApproval.getState().cancel()} onEnter={approve} testId="approval-dialog">
      <p data-testid="approval-need">{props.need}</p>
      <p className="muted small">El {role} escribe su usuario y su PIN aquí; no hace falta que ingrese a la caja.</p>
      <label className="field">
        <span>Usuario del {role}</span>
        <input ref={userRef} autoComplete="off" data-testid="approval-user" value={user} onChange={(e) => setUser(e.target.value)} disabled={props.busy} />
      </label>
      <label className="field">
        <span>PIN</span>
        <input
          ref={pinRef}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          data-testid="approval-pin"
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          disabled={props.busy}
        />
      </label>
      {error && (
        <div className="error-box" role="alert" data-testid="approval-error">
          {error}
        </div>
      )}
      <div className="modal-actions">
        <button className="primary" onClick={approve} disabled={props.busy} data-testid="approval-confirm">
          {props.busy ? 'Verificando…' : 'Aprobar (Enter)'}
        </button>
        <button onClick={() => useApproval.getState().cancel()} data-testid="approval-cancel">
          Cancelar (Esc)
        </button>
      </div>
    </Modal>
  );
}
