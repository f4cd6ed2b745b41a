// The Caja screen's state (issue 17): this point of sale's open session, the one just closed, the
// form showing, the past closes (reportes Z) and the one looked at, and what the last act said. The
// engine is the source of truth; each act answers the session as it now stands.
import { create } from 'zustand';
import type { CashSessionListItem, CashSessionView, Page } from '../../../shared/api-types';
import { ApiError, describeError } from '../api/errors';
import { cashApi } from './cash-api';
import { useIssue } from '../sale/issue-store';

/** What the screen shows below the head: the figures, or one form. */
export type CashMode = 'view' | 'IN' | 'OUT' | 'close' | 'reopen' | 'past';

/** Past closes per page on the Caja screen (a manager looks back a few days; the pager goes further). */
const CLOSED_PAGE_SIZE = 8;

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
  /** The point of sale's closed sessions, newest first (a page of them). */
  closed: Page<CashSessionListItem> | null;
  /** A past close opened from that list (mode 'past'): its Z, to read and reprint. */
  past: CashSessionView | null;
  /** The engine's sentence when this session is someone else's and closing it needs a reason (decision 0069). */
  reasonNeeded: string | null;
  /** Entering the screen (or another point of sale): a fresh view, the current session asked. */
  enter(posId: string | null): Promise<void>;
  setMode(mode: CashMode): void;
  /** A page of the past closes. */
  loadClosed(page: number): Promise<void>;
  /** Opens a past close's Z (mode 'past'). */
  showPast(id: string): Promise<void>;
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
  closed: null,
  past: null,
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
  const shown = () => (get().mode === 'past' ? get().past : (get().session ?? get().last));
  /** The list of past closes, quietly: it is not the act the person asked for. */
  const refreshClosed = async (page = get().closed?.page ?? 0) => {
    const posId = get().posId;
    if (!posId) return;
    try {
      const closed = await cashApi.closed(posId, page, CLOSED_PAGE_SIZE);
      if (get().posId === posId) set({ closed });
    } catch {
      // The list stays as it was; the act's own words are what the person reads.
    }
  };

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
      if (get().posId !== posId) return;
      set({ loaded: true });
      await refreshClosed(0);
    },

    setMode: (mode) => set({ mode }),

    loadClosed: (page) =>
      run(async () => {
        const posId = get().posId;
        if (!posId) return;
        const closed = await cashApi.closed(posId, page, CLOSED_PAGE_SIZE);
        if (get().posId === posId) set({ closed });
      }),

    showPast: (id) =>
      run(async () => {
        const past = await cashApi.get(id);
        set({ past, mode: 'past', pdf: null });
      }),

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
          await refreshClosed(0);
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
        const past = get().mode === 'past';
        // A Z already printed (at the close, or by an earlier F7) comes out as COPIA; an X is a new
        // report each time. The engine knows it too (after a reload, at another till): it marks
        // the copy whatever is asked (decision 0086).
        const printedBefore = s.state !== 'OPEN' && (s.zPrinted || (!past && get().zPrinted));
        const r = await cashApi.printReport(s.id, printedBefore);
        const z = r.printed && s.state !== 'OPEN';
        if (past) set((st) => ({ notice: r.detail, past: z && st.past?.id === s.id ? { ...st.past, zPrinted: true } : st.past }));
        else set((st) => ({ notice: r.detail, zPrinted: st.zPrinted || z }));
        if (z) await refreshClosed();
      }),

    drawer: () =>
      run(async () => {
        const posId = get().posId;
        if (!posId) return;
        set({ notice: (await cashApi.openDrawer(posId)).detail });
      }),
  };
});
