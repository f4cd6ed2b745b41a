// "Emitir e imprimir" (F12): builds the request, reuses the Idempotency-Key on retries,
// issues, prints, and starts the next sale at once.
import { create } from 'zustand';
import type { Invoice, InvoiceReissuedStreamEvent, TillPrinting } from '../../../shared/api-types';
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
import { useTillStatus } from '../connection/till-status-store';
import { useNotices } from '../components/notices-store';
import { reissueNotice, replacementAction, type ReplacementTicket } from './reissue';

export type PrintState =
  | { state: 'skipped' }
  | { state: 'printing' }
  | { state: 'done'; printed: boolean; detail: string; virtual?: boolean; copy?: boolean };

/** The drawer pulse sent on its own after a sale with cash when the ticket is not printed. */
export type DrawerState = { state: 'none' } | { state: 'opening' } | { state: 'done'; opened: boolean; detail: string; virtual?: boolean };

export interface IssuedSale {
  invoice: Invoice;
  change: Cents | null;
  print: PrintState;
  drawer: DrawerState;
  /**
   * Re-issued offline after the sale: the CUF of the ticket that is no longer valid, and whether
   * the ticket printed for it already carries the new CUF (then no paper is void).
   */
  replaced: { previousCuf: string; ticketHasNewCuf?: boolean } | null;
  /**
   * The next sale has its first line: the card (and its «Cambio») has done its job and goes,
   * unless it still has something to say (lastInvoiceShown). The change stayed on screen until then.
   */
  nextStarted?: boolean;
}

/**
 * Whether the sale's card is shown (issue 24, set 12: «Cambio Bs 21,00» of the last sale stayed
 * while the next one was typed). Until the next sale's first line, always, with whatever it says
 * (the change, a ticket that did not print: Shift+F12 reprints it after that too); after it, only
 * while the card has news the cashier has not seen: its ticket still printing, a sale SIAT
 * refused, or a re-issue with its new ticket.
 */
export function lastInvoiceShown(last: IssuedSale, state: string): boolean {
  if (!last.nextStarted) return true;
  return last.print.state === 'printing' || state === 'REJECTED' || last.replaced !== null;
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
  /**
   * The sales issued at this till since it opened, by invoice id, with the CUF of the last ticket
   * printed for each ('' until one is): a re-issue compares it with the new CUF.
   */
  issuedHere: Record<string, string>;
  /** The stream announced a re-issue: replace the card and the ticket, tell the cashier. */
  onReissued(r: InvoiceReissuedStreamEvent): Promise<void>;
  /** The stream is back after a gap: a re-issue of the sale on the card may have gone unheard. */
  recheckLast(): Promise<void>;
  loadPrinter(): Promise<void>;
  issue(): Promise<void>;
  reprintLast(): Promise<void>;
  clearErrors(): void;
  /** The errors shown are the till's own checks (not the engine's or SIAT's answer). */
  checked: boolean;
  /**
   * The sale changed: the till's own check errors shown under F12 are checked again, so one the
   * cashier has corrected goes (a corrected NIT's «no es válido» stayed until the next F12). The
   * engine's and SIAT's answers stay until F12.
   */
  recheck(): void;
  /** Esc with a confirmed cancel: drops the sale. */
  resetSale(): void;
}

function unknownOutcome(err: unknown): boolean {
  return err instanceof ApiError && (err.isNetwork || err.status >= 500) && err.status !== 503;
}

export const useIssue = create<IssueState>()((set, get) => ({
  issuing: false,
  errors: [],
  checked: false,
  attempt: null,
  last: null,
  printer: null,
  issuedHere: {},

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
    const flight = issueSale(set, get);
    saleInFlight = flight;
    try {
      await flight;
    } finally {
      if (saleInFlight === flight) saleInFlight = null;
    }
  },

  async reprintLast() {
    const last = get().last;
    if (!last) return;
    // A ticket already on paper is reprinted as a copy (no drawer); a print that failed is retried as the original.
    const copy = last.print.state === 'done' && last.print.printed;
    set({ last: { ...last, print: { state: 'printing' } } });
    await printInto(set, get, last.invoice.id, copy);
  },

  async onReissued(r) {
    // The stream can be quicker than the sale's own answer: with SIAT refusing connections the
    // engine re-issues a sale offline milliseconds after storing it, before the till has the
    // answer (walk of 28/11). The sale on its way — its answer, its card, its ticket — comes first,
    // so the card takes the new CUF and the ticket just printed is compared with it.
    if (saleInFlight && !(r.id in get().issuedHere)) await saleInFlight;
    const mine = r.posId === useSession.getState().posId || r.id in get().issuedHere;
    if (!mine) return; // another point of sale's invoice: its own till tells its cashier
    await refreshCard(set, get, r);
    // A print under way finishes first: its ticket may carry either CUF.
    await printing.get(r.id);
    const action = replacementAction({
      printOnIssue: get().printer?.printOnIssue ?? true,
      issuedHere: r.id in get().issuedHere,
      printedCuf: get().issuedHere[r.id] || undefined,
      newCuf: r.cuf,
    });
    const last = get().last;
    if (action === 'already-new' && last?.invoice.id === r.id && last.replaced) set({ last: { ...last, replaced: { ...last.replaced, ticketHasNewCuf: true } } });
    let ticket: ReplacementTicket = { kind: action === 'print' ? 'printed' : action };
    if (action === 'print') {
      const p = await printInto(set, get, r.id);
      if (p.state === 'done' && !p.printed) ticket = { kind: 'failed', detail: p.detail };
    }
    const notice = reissueNotice(r.invoiceNumber, ticket, get().last?.invoice.id === r.id);
    useNotices.getState().push(notice.tone, notice.text);
  },

  async recheckLast() {
    const last = get().last;
    if (!last || last.replaced) return;
    let fresh: Invoice;
    try {
      fresh = await api.invoice(last.invoice.id);
    } catch {
      return; // the next reconnection asks again
    }
    if (fresh.replacesCuf !== last.invoice.cuf || fresh.cuf === last.invoice.cuf) return;
    const { id, cuf, invoiceNumber, state, amountTotal, siatCode, siatDescription, siatMessages, posId } = fresh;
    await get().onReissued({ id, cuf, invoiceNumber, state, amountTotal, siatCode, siatDescription, siatMessages, posId, previousCuf: fresh.replacesCuf, reason: '' });
  },

  clearErrors: () => set({ errors: [], checked: false }),

  recheck() {
    if (!get().checked || get().issuing || get().errors.length === 0) return;
    const built = buildDraft();
    const errors = built.ok ? [] : built.errors;
    if (errors.join('\n') !== get().errors.join('\n')) set({ errors, checked: errors.length > 0 });
  },

  resetSale() {
    useCart.getState().clear();
    useClient.getState().reset();
    usePayment.getState().reset();
    useSector.getState().reset();
    set({ attempt: null, errors: [], checked: false });
    useFocus.getState().request('search');
  },
}));

type SetIssue = (p: Partial<IssueState> | ((s: IssueState) => Partial<IssueState>)) => void;

/** The sale being issued (F12 until its ticket): a re-issue the stream announces meanwhile waits for it. */
let saleInFlight: Promise<void> | null = null;

/** The sale on screen as the request F12 sends, or what the till's own checks refuse in it. */
function buildDraft(): ReturnType<typeof buildInvoiceRequest> {
  const session = useSession.getState();
  const cart = useCart.getState();
  return buildInvoiceRequest({
    invoiceType: saleInvoiceType(currentPos(), session.config),
    posId: session.posId ?? '',
    lines: cart.lines,
    additionalDiscount: cart.additionalDiscount,
    client: useClient.getState().client,
    payment: usePayment.getState().payment,
    paymentMethods: useCatalogs.getState().entries['payment-methods'],
    sector: useSector.getState().draft,
  });
}

/** F12's work once marked as issuing: the request, the engine's answer, the card, the drawer and the ticket. */
async function issueSale(set: SetIssue, get: () => IssueState): Promise<void> {
  await clientRecall.settle();
  const session = useSession.getState();
  const posId = session.posId ?? '';
  // No SIAT call here (issue #13): the NIT was checked while the cashier typed, and what is
  // still unknown the engine settles after the sale (its remembered verdicts, then SIAT).
  const cart = useCart.getState();
  const payment = usePayment.getState().payment;
  const built = buildDraft();
  if (!built.ok) {
    set({ issuing: false, errors: built.errors, checked: true });
    return;
  }
  const attempt = attemptFor(get().attempt, built.request, newUuid);
  set({ issuing: true, errors: [], checked: false, attempt });
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
  set((s) => ({
    issuing: false,
    attempt: null,
    last: {
      invoice,
      change: changeDue(payment, totals),
      print: shouldPrint ? { state: 'printing' } : { state: 'skipped' },
      drawer: openDrawer ? { state: 'opening' } : { state: 'none' },
      replaced: null,
    },
    issuedHere: { ...s.issuedHere, [invoice.id]: s.issuedHere[invoice.id] ?? '' },
  }));
  get().resetSale();
  if (openDrawer) await drawerInto(set, get, posId, invoice.id);
  if (shouldPrint) await printInto(set, get, invoice.id);
}

/** Prints under way, by invoice id (a re-issue waits for them: see onReissued). */
const printing = new Map<string, Promise<PrintState>>();

function printInto(set: SetIssue, get: () => IssueState, invoiceId: string, copy = false): Promise<PrintState> {
  const job = (async (): Promise<PrintState> => {
    let print: PrintState;
    try {
      const r = await api.printInvoice(invoiceId, { copy });
      // A virtual printer (training) "printed" to a file: the till shows the ticket instead of paper.
      print = { state: 'done', printed: r.printed, detail: r.detail, ...(r.virtual ? { virtual: true } : {}), ...(copy ? { copy: true } : {}) };
      // The CUF on the paper, for a re-issue to compare with.
      if (r.printed && r.cuf && invoiceId in get().issuedHere) set((s) => ({ issuedHere: { ...s.issuedHere, [invoiceId]: r.cuf! } }));
    } catch (err) {
      print = { state: 'done', printed: false, detail: describeError(err).join(' ') };
    }
    const last = get().last;
    if (last && last.invoice.id === invoiceId) set({ last: { ...last, print } });
    return print;
  })();
  printing.set(invoiceId, job);
  void job.finally(() => {
    if (printing.get(invoiceId) === job) printing.delete(invoiceId);
  });
  return job;
}

/**
 * The sale card shows the invoice as the engine now has it: the new CUF, its QR and links, the
 * offline legend, and the CUF it replaces. Without an answer, the stream's CUF at least.
 */
async function refreshCard(set: SetIssue, get: () => IssueState, r: InvoiceReissuedStreamEvent): Promise<void> {
  if (get().last?.invoice.id !== r.id) return;
  let invoice: Invoice;
  try {
    invoice = await api.invoice(r.id);
  } catch {
    // The links and SIAT's QR page name the old CUF: emptied, the card falls back to the new CUF's own link.
    invoice = { ...get().last!.invoice, cuf: r.cuf, emissionType: 'CONTINGENCY', replacesCuf: r.previousCuf, qrUrl: '', pdfUrl: '', ticketUrl: '', xmlUrl: '' };
  }
  const last = get().last;
  if (last?.invoice.id === r.id) set({ last: { ...last, invoice, replaced: { previousCuf: r.previousCuf } } });
}

async function drawerInto(set: SetIssue, get: () => IssueState, posId: string, invoiceId: string): Promise<void> {
  let drawer: DrawerState;
  try {
    const r = await cashApi.openDrawer(posId);
    drawer = { state: 'done', opened: r.printed, detail: r.detail, ...(r.virtual ? { virtual: true } : {}) };
  } catch (err) {
    drawer = { state: 'done', opened: false, detail: describeError(err).join(' ') };
  }
  const last = get().last;
  if (last && last.invoice.id === invoiceId) set({ last: { ...last, drawer } });
}

// The next sale starts with its first line (typed, scanned or a sale recalled from the waiting
// ones): the last sale's card has been seen.
useCart.subscribe((s, prev) => {
  if (s.lines.length === 0 || prev.lines.length > 0) return;
  const last = useIssue.getState().last;
  if (last && !last.nextStarted) useIssue.setState({ last: { ...last, nextStarted: true } });
});

// Whoever leaves the till (Salir, or it locks), the next person does not start on that sale: its
// card and its «Cambio» go as they do with the next sale's first line (a walk saw a cashier log in
// to the manager's «Cambio Bs 24,30»). A card with news stays, and Mayús+F12 still reprints it.
useSession.subscribe((s, prev) => {
  if (s.apiKey !== null || prev.apiKey === null) return;
  const last = useIssue.getState().last;
  if (last && !last.nextStarted) useIssue.setState({ last: { ...last, nextStarted: true } });
});

// Every re-issue the stream announces, once each (till-status-store.ts keeps them by id); and
// after a gap in the stream, whatever happened to the sale on the card meanwhile.
useTillStatus.subscribe((s, prev) => {
  if (s.streamConnected && !prev.streamConnected) void useIssue.getState().recheckLast();
  if (s.reissues === prev.reissues) return;
  for (const [id, r] of Object.entries(s.reissues)) {
    if (prev.reissues[id] !== r) void useIssue.getState().onReissued(r);
  }
});
