// Facturas: the list with its filters and the invoice opened beside it, read from the engine.
// The stream (till-status-store) tells of state changes; the screens reload from here.
import { create } from 'zustand';
import type { Invoice, InvoiceListItem, InvoiceState, InvoiceStatusInfo, Page } from '../../../shared/api-types';
import { api } from '../api';
import { ApiError, describeError, NoticeError } from '../api/errors';
import { invoiceStateLabel, siatAnswerText } from '../format/labels';
import { usePrefs } from '../settings/prefs-store';

export interface InvoiceFilters {
  q: string;
  state: InvoiceState | '';
  /** Dates as the API takes them (aaaa-mm-dd), '' for none. */
  from: string;
  to: string;
}

interface InvoiceListState extends InvoiceFilters {
  page: Page<InvoiceListItem> | null;
  error: unknown;
  selectedId: string | null;
  setFilters(patch: Partial<InvoiceFilters>): void;
  load(pageNo?: number): Promise<void>;
  /** The page shown, again (an invoice changed). */
  reload(): Promise<void>;
  select(id: string | null): void;
}

export const INITIAL_INVOICE_LIST = { q: '', state: '', from: '', to: '', page: null, error: null, selectedId: null } satisfies Partial<InvoiceListState>;

export const useInvoiceList = create<InvoiceListState>()((set, get) => ({
  ...INITIAL_INVOICE_LIST,
  setFilters: (patch) => set(patch),
  async load(pageNo = 0) {
    const { q, state, from, to } = get();
    try {
      const page = await api.invoices({ page: pageNo, size: usePrefs.getState().invoicePageSize, q: q.trim() || undefined, state, from: from || undefined, to: to || undefined });
      set({ page, error: null });
    } catch (err) {
      set({ error: err });
    }
  },
  reload: () => get().load(get().page?.page ?? 0),
  select: (selectedId) => set({ selectedId }),
}));

const SMTP_MISSING = 'No hay servidor de correo para enviar la factura. Configúrelo en Configuración › Correo (lo hace el dueño, con la clave de administración).';

interface InvoiceDetailState {
  id: string | null;
  invoice: Invoice | null;
  error: unknown;
  /** What the last act said. */
  action: { tone: 'ok' | 'error'; lines: string[] } | null;
  status: InvoiceStatusInfo | null;
  /** The act under way (one at a time). */
  busy: string | null;
  email: string;
  /** "Reenviar por correo" found no SMTP server: the way to Configuración › Correo is offered. */
  smtpMissing: boolean;
  /** Opens another invoice: nothing of the last one's acts stays. */
  open(id: string): void;
  /** The invoice from the engine (again: the stream said its state changed). */
  load(): Promise<void>;
  setEmail(email: string): void;
  setAction(tone: 'ok' | 'error', lines: string[]): void;
  /** Reprints the ticket; true when its PDF should open (the virtual printer's file, or paper failed). */
  reprint(): Promise<boolean>;
  checkStatus(): Promise<void>;
  reverse(): Promise<void>;
  resendEmail(): Promise<void>;
  /** The invoice was annulled from its dialog: say so, and read it and the list again. */
  cancelled(text: string): void;
}

export const INITIAL_INVOICE_DETAIL = { id: null, invoice: null, error: null, action: null, status: null, busy: null, email: '', smtpMissing: false } satisfies Partial<InvoiceDetailState>;

export const useInvoiceDetail = create<InvoiceDetailState>()((set, get) => {
  /** One act on the invoice open now; its answer is dropped if another invoice was opened meanwhile. */
  const run = async <T>(name: string, fn: (inv: Invoice) => Promise<{ text: string; value: T }>): Promise<T | undefined> => {
    const { invoice, id } = get();
    if (!invoice) return undefined;
    set({ busy: name, action: null });
    try {
      const { text, value } = await fn(invoice);
      if (get().id === id) set({ action: { tone: 'ok', lines: [text] } });
      return value;
    } catch (err) {
      if (get().id === id) set({ action: { tone: 'error', lines: describeError(err) } });
      return undefined;
    } finally {
      if (get().id === id) set({ busy: null });
    }
  };

  return {
    ...INITIAL_INVOICE_DETAIL,

    open(id) {
      set({ ...INITIAL_INVOICE_DETAIL, id });
    },

    async load() {
      const id = get().id;
      if (!id) return;
      try {
        const invoice = await api.invoice(id);
        if (get().id === id) set({ invoice, email: invoice.clientEmail ?? '' });
      } catch (err) {
        if (get().id === id) set({ error: err });
      }
    },

    setEmail: (email) => set({ email }),
    setAction: (tone, lines) => set({ action: { tone, lines } }),

    reprint: async () =>
      (await run('print', async (inv) => {
        // From Facturas it is always a reprint: the sale's own ticket came out at the till.
        const r = await api.printInvoice(inv.id, { copy: true });
        // The virtual printer (training): the ticket is a file; show it instead of paper.
        if (r.printed && r.virtual) return { text: r.detail, value: true };
        if (r.printed) return { text: 'Ticket enviado a la impresora.', value: false };
        return { text: `No se imprimió (${r.detail}). Se abrió el ticket en PDF.`, value: true };
      })) ?? false,

    checkStatus: async () => {
      await run('status', async (inv) => {
        const s = await api.invoiceStatus(inv.id);
        set({ status: s });
        if (s.state !== inv.state) {
          void get().load();
          void useInvoiceList.getState().reload();
        }
        return { text: `Estado en el SIAT: ${invoiceStateLabel(s.state)}${s.siatCode !== null ? ` · respuesta ${siatAnswerText({ codigo: s.siatCode, descripcion: s.siatDescription })}` : ''}`, value: undefined };
      });
    },

    reverse: async () => {
      await run('reverse', async (inv) => {
        const r = await api.reverseCancellation(inv.id);
        void get().load();
        void useInvoiceList.getState().reload();
        return { text: `Anulación revertida: la factura N° ${r.invoiceNumber} vuelve a ser válida (SIAT ${r.siatCode ?? ''}).`, value: undefined };
      });
    },

    resendEmail: async () => {
      set({ smtpMissing: false });
      const email = get().email.trim();
      await run('email', async (inv) => {
        try {
          await api.resendEmail(inv.id, email || undefined);
        } catch (err) {
          if (!(err instanceof ApiError && err.code === 'SMTP_NOT_CONFIGURED')) throw err;
          set({ smtpMissing: true });
          throw new NoticeError(SMTP_MISSING);
        }
        return { text: `Factura reenviada a ${email || 'el correo del cliente'}.`, value: undefined };
      });
    },

    cancelled(text) {
      set({ action: { tone: 'ok', lines: [text] } });
      void get().load();
      void useInvoiceList.getState().reload();
    },
  };
});
