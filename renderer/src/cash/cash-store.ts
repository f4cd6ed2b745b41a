// The Caja screen's state (issue 17): this point of sale's open session, the one just closed, the
// form showing, and what the last act said. The engine is the source of truth; each act answers
// the session as it now stands.
import { create } from 'zustand';
import type { CashSessionView } from '../../../shared/api-types';
import { ApiError, describeError } from '../api/errors';
import { cashApi } from './cash-api';
import { useIssue } from '../sale/issue-store';

/** What the screen shows below the head: the figures, or one form. */
export type CashMode = 'view' | 'IN' | 'OUT' | 'close' | 'reopen';

interface CashState {
  posId: string | null;
  session: CashSessionView | null;
  /** The session closed (or reopened) on this visit: its Z stays on screen. */
  last: CashSessionView | null;
  loaded: boolean;
  mode: CashMode;
  errors: string[];
  notice: string | null;
  pdf: { url: string; size: number; magic: string; kind: string } | null;
  /** The Z of the session just closed came out of the printer: printing it again is a copy. */
  zPrinted: boolean;
  /** The engine's sentence when this session is someone else's and closing it needs a reason (decision 0069). */
  reasonNeeded: string | null;
  /** Entering the screen (or another point of sale): a fresh view, the current session asked. */
  enter(posId: string | null): Promise<void>;
  setMode(mode: CashMode): void;
  open(openingFloat: number): Promise<void>;
  reopen(reason: string): Promise<void>;
  movement(kind: 'IN' | 'OUT', amount: number, reason: string): Promise<void>;
  close(denominations: Record<string, number>, counted: { CARD: number; QR: number }, reason?: string): Promise<void>;
  /** The X (open) or Z (closed) report of the session shown, as a PDF link. */
  showPdf(): Promise<void>;
  print(): Promise<void>;
  drawer(): Promise<void>;
}

export const INITIAL_CASH_STATE = {
  posId: null,
  session: null,
  last: null,
  loaded: false,
  mode: 'view',
  errors: [],
  notice: null,
  pdf: null,
  zPrinted: false,
  reasonNeeded: null,
} satisfies Partial<CashState>;

export const useCash = create<CashState>()((set, get) => {
  /** One act: the last act's words cleared, a failure shown as the engine said it. */
  const run = async (fn: () => Promise<void>) => {
    set({ errors: [], notice: null });
    try {
      await fn();
    } catch (err) {
      set({ errors: describeError(err) });
    }
  };
  /** A session changed hands or state: a reason asked for another one no longer applies. */
  const setSession = (session: CashSessionView | null) => set((s) => (s.session?.id === session?.id ? { session } : { session, reasonNeeded: null }));
  const shown = () => get().session ?? get().last;

  return {
    ...INITIAL_CASH_STATE,

    async enter(posId) {
      set({ ...INITIAL_CASH_STATE, posId });
      if (!posId) return;
      try {
        const session = await cashApi.current(posId);
        if (get().posId === posId) setSession(session);
      } catch (err) {
        set({ errors: describeError(err) });
      }
      if (get().posId === posId) set({ loaded: true });
    },

    setMode: (mode) => set({ mode }),

    open: (openingFloat) =>
      run(async () => {
        const posId = get().posId;
        if (!posId) return;
        setSession(await cashApi.open(posId, openingFloat));
        set({ last: null, pdf: null });
      }),

    reopen: (reason) =>
      run(async () => {
        const last = get().last;
        if (!last) return;
        setSession(await cashApi.reopen(last.id, reason));
        set({ last: null, mode: 'view' });
      }),

    movement: (kind, amount, reason) =>
      run(async () => {
        const { session, posId } = get();
        if (!session || !posId) return;
        setSession(await cashApi.movement(session.id, kind, amount, reason));
        set({ mode: 'view' });
        // The drawer opens for cash in and out; a printer that fails does not undo the movement.
        const d = await cashApi.openDrawer(posId).catch(() => null);
        set({ notice: `${kind === 'IN' ? 'Ingreso' : 'Retiro'} registrado${d && !d.printed ? `. ${d.detail}` : ''}${d?.printed && d.virtual ? '. Cajón virtual (entrenamiento)' : ''}` });
      }),

    close: (denominations, counted, reason) =>
      run(async () => {
        const session = get().session;
        if (!session) return;
        try {
          const closed = await cashApi.close(session.id, denominations, counted, reason);
          set({ last: closed, mode: 'view', pdf: null, zPrinted: false });
          setSession(null);
          // Print-on-issue holds for the Z as for a sale's ticket and a return's note: a fresh
          // walk closed the cash and had to find F7 for the report the day ends with.
          if (useIssue.getState().printer?.printOnIssue ?? true) {
            const r = await cashApi.printReport(closed.id);
            set({ notice: `Caja cerrada. ${r.detail}`, zPrinted: r.printed });
          }
        } catch (err) {
          // Someone else's drawer: the form asks for the reason and keeps the count typed.
          if (err instanceof ApiError && err.code === 'REASON_REQUIRED') set({ reasonNeeded: err.detail.replace(/^reason: /, '') });
          else throw err;
        }
      }),

    showPdf: () =>
      run(async () => {
        const s = shown();
        if (!s) return;
        const r = await cashApi.reportPdf(s.id);
        set({ pdf: { ...r, kind: s.state === 'OPEN' ? 'X' : 'Z' } });
      }),

    print: () =>
      run(async () => {
        const s = shown();
        if (!s) return;
        // A Z already printed (at the close, or by an earlier F7) comes out as COPIA; an X is a new report each time.
        const r = await cashApi.printReport(s.id, s.state !== 'OPEN' && get().zPrinted);
        set((st) => ({ notice: r.detail, zPrinted: st.zPrinted || (r.printed && s.state !== 'OPEN') }));
      }),

    drawer: () =>
      run(async () => {
        const posId = get().posId;
        if (!posId) return;
        set({ notice: (await cashApi.openDrawer(posId)).detail });
      }),
  };
});
