// "Emitir e imprimir" (F12): builds the request, reuses the Idempotency-Key on retries,
// issues, prints, and starts the next sale at once.
import { create } from 'zustand';
import type { Invoice, TillPrinting } from '../../../shared/api-types';
import { api } from '../api';
import { ApiError, describeError } from '../api/errors';
import { attemptFor, buildInvoiceRequest, type SaleAttempt } from './invoice-request';
import { cartTotals } from './cart';
import { changeDue, hasCash } from './payment';
import { cashApi } from '../cash/cash-api';
import { newUuid } from './uuid';
import type { Cents } from '../../../shared/money';
import { useCart } from './cart-store';
import { useClient } from './client-store';
import { clientRecall } from './client-recall';
import { useFocus } from './focus-store';
import { useCatalogs } from '../sync/catalogs-store';
import { usePayment } from './payment-store';
import { currentPos, saleInvoiceType, useSession } from '../session/session-store';
import { useSector } from './sector-store';

export type PrintState =
  | { state: 'skipped' }
  | { state: 'printing' }
  | { state: 'done'; printed: boolean; detail: string };

/** The drawer pulse sent on its own after a sale with cash when the ticket is not printed. */
export type DrawerState = { state: 'none' } | { state: 'opening' } | { state: 'done'; opened: boolean; detail: string };

export interface IssuedSale {
  invoice: Invoice;
  change: Cents | null;
  print: PrintState;
  drawer: DrawerState;
}

/**
 * Whether the till sends the drawer pulse itself after a sale: only when the ticket is not
 * printed (a printed ticket carries the kick, and the engine leaves it out of card-only sales),
 * the printer has a drawer, and part of the sale was paid in cash (issue 17; docs/decisions/0041).
 */
export function drawerAfterSale(printer: Pick<TillPrinting, 'printOnIssue' | 'drawerKick'> | null, paidInCash: boolean): boolean {
  return printer !== null && !printer.printOnIssue && printer.drawerKick && paidInCash;
}

interface IssueState {
  issuing: boolean;
  errors: string[];
  attempt: SaleAttempt | null;
  last: IssuedSale | null;
  /** What the till may know of the printer (null until read, or when the engine did not answer). */
  printer: TillPrinting | null;
  loadPrinter(): Promise<void>;
  issue(): Promise<void>;
  reprintLast(): Promise<void>;
  clearErrors(): void;
  /** Esc with a confirmed cancel: drops the sale. */
  resetSale(): void;
}

function unknownOutcome(err: unknown): boolean {
  return err instanceof ApiError && (err.isNetwork || err.status >= 500) && err.status !== 503;
}

export const useIssue = create<IssueState>()((set, get) => ({
  issuing: false,
  errors: [],
  attempt: null,
  last: null,
  printer: null,

  async loadPrinter() {
    try {
      set({ printer: await api.tillPrinting() });
    } catch {
      set({ printer: null });
    }
  },

  async issue() {
    if (get().issuing) return;
    // A document typed (or scanned) just before F12: its returning client's name first (issue 24,
    // item 14). Marked as issuing meanwhile, so a second F12 cannot start a second sale.
    set({ issuing: true });
    await clientRecall.settle();
    const session = useSession.getState();
    const posId = session.posId ?? '';
    // No SIAT call here (issue #13): the NIT was checked while the cashier typed, and what is
    // still unknown the engine settles after the sale (its remembered verdicts, then SIAT).
    const cart = useCart.getState();
    const payment = usePayment.getState().payment;
    const built = buildInvoiceRequest({
      invoiceType: saleInvoiceType(currentPos(), session.config),
      posId,
      lines: cart.lines,
      additionalDiscount: cart.additionalDiscount,
      client: useClient.getState().client,
      payment,
      paymentMethods: useCatalogs.getState().entries['payment-methods'],
      sector: useSector.getState().draft,
    });
    if (!built.ok) {
      set({ issuing: false, errors: built.errors });
      return;
    }
    const attempt = attemptFor(get().attempt, built.request, newUuid);
    set({ issuing: true, errors: [], attempt });
    let invoice: Invoice;
    try {
      invoice = await api.createInvoice(built.request, attempt.key);
    } catch (err) {
      const lines = describeError(err);
      if (unknownOutcome(err))
        lines.push('No se sabe si la factura llegó a emitirse. Presione F12 para reintentar: no se duplicará.');
      set({ issuing: false, errors: lines });
      return;
    }

    const totals = cartTotals(cart.lines, cart.additionalDiscount, payment.giftCard);
    const shouldPrint = get().printer?.printOnIssue ?? true;
    const openDrawer = drawerAfterSale(get().printer, hasCash(payment, totals));
    set({
      issuing: false,
      attempt: null,
      last: {
        invoice,
        change: changeDue(payment, totals),
        print: shouldPrint ? { state: 'printing' } : { state: 'skipped' },
        drawer: openDrawer ? { state: 'opening' } : { state: 'none' },
      },
    });
    get().resetSale();
    if (openDrawer) await drawerInto(set, get, posId, invoice.id);
    if (shouldPrint) await printInto(set, get, invoice.id);
  },

  async reprintLast() {
    const last = get().last;
    if (!last) return;
    set({ last: { ...last, print: { state: 'printing' } } });
    await printInto(set, get, last.invoice.id);
  },

  clearErrors: () => set({ errors: [] }),

  resetSale() {
    useCart.getState().clear();
    useClient.getState().reset();
    usePayment.getState().reset();
    useSector.getState().reset();
    set({ attempt: null, errors: [] });
    useFocus.getState().request('search');
  },
}));

async function printInto(
  set: (p: Partial<IssueState>) => void,
  get: () => IssueState,
  invoiceId: string,
): Promise<void> {
  let print: PrintState;
  try {
    const r = await api.printInvoice(invoiceId);
    print = { state: 'done', printed: r.printed, detail: r.detail };
  } catch (err) {
    print = { state: 'done', printed: false, detail: describeError(err).join(' ') };
  }
  const last = get().last;
  if (last && last.invoice.id === invoiceId) set({ last: { ...last, print } });
}

async function drawerInto(set: (p: Partial<IssueState>) => void, get: () => IssueState, posId: string, invoiceId: string): Promise<void> {
  let drawer: DrawerState;
  try {
    const r = await cashApi.openDrawer(posId);
    drawer = { state: 'done', opened: r.printed, detail: r.detail };
  } catch (err) {
    drawer = { state: 'done', opened: false, detail: describeError(err).join(' ') };
  }
  const last = get().last;
  if (last && last.invoice.id === invoiceId) set({ last: { ...last, drawer } });
}
