// Held (parked) sales at the till (issue 27): F10 sets the current sale aside in the engine (it
// survives a restart) and clears the screen for the next customer; Shift+F10 (or F10 with an
// empty sale) lists the sales waiting at this point of sale with their age and total, and Enter
// brings one back (the engine marks it recalled; nothing is deleted). Recalling while another
// sale is on screen parks that one first: no sale is ever lost by a key.
import { create } from 'zustand';
import type { ParkedSaleDto } from '../../../shared/api/parked-sales';
import { formatBs, toHundredths } from '../../../shared/money';
import { api } from '../api';
import { describeErrorText } from '../api/errors';
import { useNotices } from '../components/notices-store';
import { useCart } from '../sale/cart-store';
import { useClient } from '../sale/client-store';
import { useFocus } from '../sale/focus-store';
import { useIssue } from '../sale/issue-store';
import { usePayment } from '../sale/payment-store';
import { useSector } from '../sale/sector-store';
import { switchHooks, useSession } from '../session/session-store';
import { fromParked, toParked, type SaleSnapshot } from './parked-draft';
import { SHIFT } from '../sale/keymap';

interface ParkedState {
  /** The list is open. */
  open: boolean;
  list: ParkedSaleDto[];
  selected: number;
  loading: boolean;
  busy: boolean;
  error: string | null;
  /** Parks the sale on screen (in `leftBy`'s name in the list, when someone else left it); false when nothing was parked. */
  park(leftBy?: string): Promise<boolean>;
  openList(): Promise<void>;
  close(): void;
  move(delta: number): void;
  recall(id: string): Promise<void>;
}

function snapshot(): SaleSnapshot {
  return {
    lines: useCart.getState().lines,
    additionalDiscount: useCart.getState().additionalDiscount,
    client: useClient.getState().client,
    payment: usePayment.getState().payment,
    sector: useSector.getState().draft,
  };
}

function restore(s: SaleSnapshot): void {
  useIssue.getState().resetSale();
  useCart.setState({ lines: [...s.lines], selected: 0, additionalDiscount: s.additionalDiscount, editor: null, confirmCancel: false });
  useClient.setState({ client: s.client });
  usePayment.setState({ payment: s.payment });
  useSector.setState({ draft: s.sector });
}

/** The «Venta en espera … para retomarla» notice on screen: it goes when a sale is recalled. */
let parkedNotice: number | null = null;

export const useParked = create<ParkedState>()((set, get) => ({
  open: false,
  list: [],
  selected: 0,
  loading: false,
  busy: false,
  error: null,

  async park(leftBy) {
    const posId = useSession.getState().posId;
    const s = snapshot();
    if (!posId || s.lines.length === 0 || get().busy) return false;
    set({ busy: true });
    try {
      const parked = await api.parkSale(toParked(posId, s, leftBy));
      useIssue.getState().resetSale();
      parkedNotice = useNotices.getState().push('info', `Venta en espera (${formatBs(toHundredths(parked.total) ?? 0)}): ${SHIFT}+F10 para retomarla.`);
      return true;
    } catch (err) {
      useNotices.getState().push('error', `No se pudo poner la venta en espera: ${describeErrorText(err)}`);
      return false;
    } finally {
      set({ busy: false });
    }
  },

  async openList() {
    const posId = useSession.getState().posId;
    if (!posId) return;
    // The list of an earlier opening is not shown while this one loads: a row no longer waiting
    // (recalled since, or taken at another till) could be read, or recalled by Enter.
    set({ open: true, loading: true, error: null, selected: 0, list: [] });
    try {
      const page = await api.parkedSales(posId);
      set({ list: page.content, loading: false });
    } catch (err) {
      set({ loading: false, error: describeErrorText(err) });
    }
  },

  close() {
    set({ open: false, error: null });
    useFocus.getState().request('search');
  },

  move(delta) {
    set((s) => ({ selected: Math.max(0, Math.min(s.list.length - 1, s.selected + delta)) }));
  },

  async recall(id) {
    if (get().busy) return;
    // The notice of the sale parked before says «retomarla»: it goes once a sale is back (a notice
    // for the sale on screen, parked just below, stays: that one now waits).
    const earlierNotice = parkedNotice;
    // The sale on screen waits in its turn before the other comes back.
    if (useCart.getState().lines.length > 0 && !(await get().park())) return;
    set({ busy: true, error: null });
    try {
      const p = await api.recallParkedSale(id);
      restore(fromParked(p));
      if (earlierNotice !== null) useNotices.getState().dismiss(earlierNotice);
      if (parkedNotice === earlierNotice) parkedNotice = null;
      set({ open: false, busy: false });
      useFocus.getState().request('search');
    } catch (err) {
      // Someone else took it, or the engine is away: said in the list, which stays open.
      set({ busy: false, error: describeErrorText(err) });
    }
  },
}));

// When people change at the till (session/session-store.ts): the sale of who leaves waits.
switchHooks.parkOwn = async () => {
  await useParked.getState().park();
};
switchHooks.parkForOther = async (leftBy) => {
  await useParked.getState().park(leftBy);
};
