// Facturas read through its store (invoices-store.ts): the opened invoice and its acts against the
// engine's calls, stubbed here (test/e2e/invoice-dialogs.test.ts drives the screen on a real engine).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice } from '../../../shared/api-types';

const api = vi.hoisted(() => ({
  invoices: vi.fn(),
  invoice: vi.fn(),
  invoiceStatus: vi.fn(),
  printInvoice: vi.fn(),
  reverseCancellation: vi.fn(),
  resendEmail: vi.fn(),
}));
vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api, http: {}, bindSession: () => undefined, ...errors };
});

const { ApiError } = await import('../../../renderer/src/api/errors');
const { INITIAL_INVOICE_DETAIL, INITIAL_INVOICE_LIST, useInvoiceDetail, useInvoiceList } = await import('../../../renderer/src/invoices/invoices-store');

const invoice = (id: string, over: Partial<Invoice> = {}) => ({ id, cuf: `CUF-${id}`, invoiceNumber: 7, state: 'VALIDATED', clientEmail: 'ana@correo.bo', ...over }) as Invoice;

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => {
  vi.clearAllMocks();
  useInvoiceList.setState(INITIAL_INVOICE_LIST);
  useInvoiceDetail.setState(INITIAL_INVOICE_DETAIL);
  api.invoices.mockResolvedValue({ content: [], page: 0, size: 20, totalElements: 0, totalPages: 0 });
});

describe('Facturas: the opened invoice', () => {
  it('shows the invoice chosen last, even when the one chosen before answers later', async () => {
    const slow = deferred<Invoice>();
    api.invoice.mockImplementation((id: string) => (id === 'a' ? slow.promise : Promise.resolve(invoice('b'))));
    const d = useInvoiceDetail.getState();
    d.open('a');
    const first = d.load();
    d.open('b');
    await d.load();
    slow.resolve(invoice('a'));
    await first;
    expect(useInvoiceDetail.getState().invoice?.id).toBe('b');
  });

  it('offers the way to Configuración › Correo when no mail server is set, in Spanish', async () => {
    api.invoice.mockResolvedValue(invoice('a'));
    useInvoiceDetail.getState().open('a');
    await useInvoiceDetail.getState().load();
    api.resendEmail.mockRejectedValueOnce(new ApiError(409, { code: 'SMTP_NOT_CONFIGURED', detail: 'smtp' }));
    await useInvoiceDetail.getState().resendEmail();
    const s = useInvoiceDetail.getState();
    expect(api.resendEmail).toHaveBeenCalledWith('a', 'ana@correo.bo');
    expect(s.smtpMissing).toBe(true);
    expect(s.action).toEqual({ tone: 'error', lines: [expect.stringMatching(/^No hay servidor de correo.*Configuración › Correo/)] });
    expect(s.busy).toBeNull();
  });

  it('opens the ticket instead of paper on the virtual printer, and says a failed print', async () => {
    api.invoice.mockResolvedValue(invoice('a'));
    useInvoiceDetail.getState().open('a');
    await useInvoiceDetail.getState().load();
    api.printInvoice.mockResolvedValueOnce({ printed: true, virtual: true, detail: 'Impresora virtual: ticket guardado', code: null });
    expect(await useInvoiceDetail.getState().reprint()).toBe(true);
    expect(useInvoiceDetail.getState().action?.lines).toEqual(['Impresora virtual: ticket guardado']);
    api.printInvoice.mockResolvedValueOnce({ printed: true, detail: 'ok', code: null });
    expect(await useInvoiceDetail.getState().reprint()).toBe(false);
    api.printInvoice.mockResolvedValueOnce({ printed: false, detail: 'La impresora no responde', code: 'PRINTER_OFFLINE' });
    expect(await useInvoiceDetail.getState().reprint()).toBe(true);
    expect(useInvoiceDetail.getState().action?.lines).toEqual(['No se imprimió (La impresora no responde). Se abrió el ticket en PDF.']);
  });

  it('reads the invoice and the list again when SIAT says another state', async () => {
    api.invoice.mockResolvedValue(invoice('a', { state: 'PENDING' }));
    useInvoiceDetail.getState().open('a');
    await useInvoiceDetail.getState().load();
    api.invoiceStatus.mockResolvedValueOnce({ state: 'VALIDATED', siatCode: 908, siatDescription: 'VALIDADA', lastChecked: '2026-11-27T10:00:00' });
    await useInvoiceDetail.getState().checkStatus();
    expect(useInvoiceDetail.getState().action?.lines).toEqual(['Estado en el SIAT: Validada · respuesta VALIDADA (código 908)']);
    expect(api.invoice).toHaveBeenCalledTimes(2);
    expect(api.invoices).toHaveBeenCalledTimes(1);
  });
});

describe('Facturas: the list', () => {
  it('asks the engine with the filters typed, blanks left out', async () => {
    useInvoiceList.getState().setFilters({ q: '  Pérez ', state: 'CANCELLED', from: '2026-11-01' });
    await useInvoiceList.getState().load(2);
    expect(api.invoices).toHaveBeenCalledWith({ page: 2, size: 20, q: 'Pérez', state: 'CANCELLED', from: '2026-11-01', to: undefined });
  });
});
