// A supervisor's approval in place (issue 27): when the engine refuses an act for the cashier's
// role (403 ROLE_REQUIRED), the HTTP client asks here; the dialog (ApprovalDialog) takes the
// supervisor's user and PIN, the client sends the same request again with them, and a wrong PIN
// comes back here to be shown and asked again. Both names are told once the act is done.
import { create } from 'zustand';
import type { Approval, ApprovalPrompt } from '../api/http';
import type { ApiError } from '../api/errors';
import { useNotices } from '../components/notices-store';
import type { Role } from '../../../shared/till-roles';

interface ApprovalState {
  /** What needs approval, in the engine's words; null when the dialog is closed. */
  need: string | null;
  /** Who approves it: the role the engine named (a supervisor when it named none). */
  role: Role;
  /** The engine's refusal of the last user and PIN (wrong PIN, locked, another store's …). */
  refusal: string | null;
  /** The request is on its way with the supervisor's PIN. */
  busy: boolean;
  /** Bumped at each ask: the dialog clears the PIN and focuses it. */
  seq: number;
  submit(a: Approval): void;
  cancel(): void;
}

let pending: ((a: Approval | null) => void) | null = null;
/** The cashier's name, for the notice with both names (session-store sets it, not imported: no cycle). */
let doerName: () => string | null = () => null;

export function bindApprovalDoer(fn: () => string | null): void {
  doerName = fn;
}

/** The engine's sentence without its hint at the headers, which a cashier has no use for. */
export function needText(err: ApiError): string {
  const hint = err.detail.indexOf(' Pida a un ');
  return (hint >= 0 ? err.detail.slice(0, hint) : err.detail).trim();
}

export const useApproval = create<ApprovalState>()((set) => ({
  need: null,
  role: 'supervisor',
  refusal: null,
  busy: false,
  seq: 0,
  submit(a) {
    const resolve = pending;
    pending = null;
    set({ busy: true });
    resolve?.(a);
  },
  cancel() {
    const resolve = pending;
    pending = null;
    resolve?.(null);
  },
}));

export const approvalPrompt: ApprovalPrompt = {
  ask(need, refusal) {
    // One dialog at a time: an earlier request still asking gives up.
    pending?.(null);
    return new Promise((resolve) => {
      pending = resolve;
      useApproval.setState((s) => ({ need: needText(need), role: need.neededRole ?? 'supervisor', refusal: refusal?.detail ?? null, busy: false, seq: s.seq + 1 }));
    });
  },
  done(approver) {
    // A request that gave way to a newer one ends while the newer one is still asking: its dialog stays.
    if (!pending) useApproval.setState({ need: null, refusal: null, busy: false });
    if (approver) {
      const doer = doerName();
      useNotices.getState().push('success', `Aprobado por ${approver}${doer ? ` · hecho por ${doer}` : ''}. Quedan registrados los dos nombres.`);
    }
  },
};
