import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, TillStatus } from '../../../shared/api-types';
import { product } from './fixtures';

const api = vi.hoisted(() => ({
  createInvoice: vi.fn(),
  printInvoice: vi.fn(),
  tillPrinting: vi.fn(),
  checkNit: vi.fn(),
  tillStatus: vi.fn(),
  invoice: vi.fn(),
  publicUrl: (cuf: string, f: string) => `/api/v1/public/invoice/${cuf}/${f}`,
}));

vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api, http: {}, bindSession: () => undefined, ...errors };
});

const { ApiError } = await import('../../../renderer/src/api/errors');
const { useCart } = await import('../../../renderer/src/sale/cart-store');
const { useClient } = await import('../../../renderer/src/sale/client-store');
const { lastInvoiceShown, useIssue } = await import('../../../renderer/src/sale/issue-store');
const { usePayment } = await import('../../../renderer/src/sale/payment-store');
const { useSession } = await import('../../../renderer/src/session/session-store');
const { useTillStatus } = await import('../../../renderer/src/connection/till-status-store');
const { useFocus } = await import('../../../renderer/src/sale/focus-store');
const { useNotices } = await import('../../../renderer/src/components/notices-store');

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: 'inv-1',
  invoiceNumber: 15,
  cuf: 'CUF123',
  state: 'VALIDATED',
  emissionType: 'NORMAL',
  siatCode: 908,
  siatDescription: 'VALIDADA',
  clientDocumentType: 1,
  clientDocumentNumber: '0',
  clientBusinessName: 'S/N',
  clientEmail: null,
  amountSubtotal: 25,
  amountDiscount: 0,
  amountTotal: 25,
  literal: 'VEINTICINCO 00/100 BOLIVIANOS',
  paymentMethodCode: 1,
  emissionDate: '2025-03-07T10:00:00',
  details: [],
  pdfUrl: 'http://127.0.0.1/api/v1/public/invoice/CUF123/pdf',
  xmlUrl: 'http://127.0.0.1/api/v1/public/invoice/CUF123/xml',
  ticketUrl: 'http://127.0.0.1/api/v1/public/invoice/CUF123/ticket',
  qrUrl: 'https://siat.impuestos.gob.bo/consulta/QR?nit=1&cuf=CUF123&numero=15&t=2',
  invoiceType: 'COMPUTERIZED_SALE',
  posId: 'pos-1',
  siatMessages: [],
  clientComplement: null,
  clientCode: '0',
  giftCardAmount: 0,
  amountTotalSubjectToVat: 25,
  currencyCode: 1,
  exchangeRate: 1,
  leyenda: '',
  cardNumber: null,
  cancellationReason: null,
  cancellationDate: null,
  ...over,
});

const status = (mode: 'ONLINE' | 'CONTINGENCY'): TillStatus => ({
  training: true,
  siatReachable: mode === 'ONLINE',
  pos: [{ posId: 'pos-1', code: 0, branchCode: 0, name: 'Caja 1', mode, queued: 0, activeEvent: null, flush: { running: false, sent: 0, total: 0 } }],
});

beforeEach(() => {
  vi.clearAllMocks();
  useSession.setState({ posId: 'pos-1', config: null, phase: 'ready' });
  useTillStatus.setState({ status: status('ONLINE') });
  useIssue.setState({ issuing: false, errors: [], checked: false, attempt: null, last: null, printer: null });
  useIssue.getState().resetSale();
  useCart.getState().addProduct(product({ priceUnit: 12.5 }), 200);
  useClient.getState().quick();
  api.printInvoice.mockResolvedValue({ printed: true, detail: 'ok' });
});

describe('issue (F12)', () => {
  it('issues, prints, and starts the next sale with focus in the search box', async () => {
    api.createInvoice.mockResolvedValue(invoice());
    usePayment.getState().update({ received: 5000 });
    const focusBefore = useFocus.getState().seq;
    await useIssue.getState().issue();
    expect(api.createInvoice).toHaveBeenCalledOnce();
    const [req, key] = api.createInvoice.mock.calls[0]!;
    expect(req.details[0].quantity).toBe(2);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.printInvoice).toHaveBeenCalledWith('inv-1', { copy: false });
    const last = useIssue.getState().last!;
    expect(last.invoice.invoiceNumber).toBe(15);
    expect(last.change).toBe(2500);
    expect(last.print).toEqual({ state: 'done', printed: true, detail: 'ok' });
    expect(useCart.getState().lines).toEqual([]);
    expect(useClient.getState().client.businessName).toBe('');
    expect(useFocus.getState().target).toBe('search');
    expect(useFocus.getState().seq).toBeGreaterThan(focusBefore);
  });

  // Issue 24 (set 12): «Cambio Bs 21,00» of the last sale stayed on screen while the next was typed.
  it('the last sale’s card, with its change, stays until the next sale’s first line, then goes unless it still has something to say', async () => {
    api.createInvoice.mockResolvedValue(invoice());
    usePayment.getState().update({ received: 5000 });
    await useIssue.getState().issue();
    const shown = () => lastInvoiceShown(useIssue.getState().last!, 'VALIDATED');
    expect(useIssue.getState().last!.change).toBe(2500);
    expect(shown()).toBe(true);
    // A client typed, a payment chosen: still the last sale's change on screen.
    useClient.getState().quick();
    expect(shown()).toBe(true);
    useCart.getState().addProduct(product({ priceUnit: 3 }), 100);
    expect(shown()).toBe(false);
    // Emptied again (Esc, a sale put on hold): it does not come back.
    useCart.getState().clear();
    expect(shown()).toBe(false);
    // News the cashier has not seen stays: a ticket still printing, a sale SIAT refused, a re-issue.
    // A ticket that did not print was said before the next sale (a till without a printer: every sale).
    const last = useIssue.getState().last!;
    expect(lastInvoiceShown({ ...last, print: { state: 'done', printed: false, detail: 'No hay impresora configurada' } }, 'VALIDATED')).toBe(false);
    expect(lastInvoiceShown({ ...last, print: { state: 'printing' } }, 'VALIDATED')).toBe(true);
    expect(lastInvoiceShown(last, 'REJECTED')).toBe(true);
    expect(lastInvoiceShown({ ...last, replaced: { previousCuf: 'CUF0' } }, 'CONTINGENCY')).toBe(true);
    // The next sale issued: its own card, shown.
    useCart.getState().addProduct(product({ priceUnit: 3 }), 100);
    useClient.getState().quick();
    api.createInvoice.mockResolvedValue(invoice({ id: 'inv-2', invoiceNumber: 16 }));
    await useIssue.getState().issue();
    expect(useIssue.getState().last!.invoice.invoiceNumber).toBe(16);
    expect(shown()).toBe(true);
  });

  // A walk (session 14): the cashier who logged in after the manager found the manager's last sale
  // and its «Cambio Bs 24,30» on Venta.
  it('whoever leaves the till takes the last sale’s card with them; one with news stays, Mayús+F12 still has it', async () => {
    useSession.setState({ apiKey: 'kipt_marta' });
    api.createInvoice.mockResolvedValue(invoice());
    usePayment.getState().update({ received: 5000 });
    await useIssue.getState().issue();
    expect(lastInvoiceShown(useIssue.getState().last!, 'VALIDATED')).toBe(true);
    useSession.setState({ apiKey: null, phase: 'login' });
    const last = useIssue.getState().last!;
    expect(last.invoice.invoiceNumber).toBe(15);
    expect(lastInvoiceShown(last, 'VALIDATED')).toBe(false);
    expect(lastInvoiceShown(last, 'REJECTED')).toBe(true);
    // The next person in: still gone.
    useSession.setState({ apiKey: 'kipt_carla', phase: 'ready' });
    expect(lastInvoiceShown(useIssue.getState().last!, 'VALIDATED')).toBe(false);
  });

  it('retries with the same Idempotency-Key after a network failure', async () => {
    api.createInvoice.mockRejectedValueOnce(new ApiError(0, {})).mockResolvedValueOnce(invoice());
    await useIssue.getState().issue();
    expect(useIssue.getState().errors.join(' ')).toMatch(/no se duplicará/);
    expect(useCart.getState().lines).toHaveLength(1);
    await useIssue.getState().issue();
    const keys = api.createInvoice.mock.calls.map((c) => c[1]);
    expect(keys[0]).toBe(keys[1]);
    expect(useIssue.getState().last?.invoice.id).toBe('inv-1');
  });

  it('shows SIAT rejections with their code and keeps the sale', async () => {
    api.createInvoice.mockRejectedValue(
      new ApiError(422, { code: 'SIAT_REJECTED', detail: 'Factura rechazada.', siatMessages: [{ codigo: 1013, descripcion: 'EL CALCULO DEL MONTO TOTAL ES ERRONEO' }] }),
    );
    await useIssue.getState().issue();
    expect(useIssue.getState().errors).toContain('SIAT 1013: EL CALCULO DEL MONTO TOTAL ES ERRONEO');
    expect(useCart.getState().lines).toHaveLength(1);
  });

  it('does not call the engine when the sale is incomplete', async () => {
    useClient.getState().reset();
    await useIssue.getState().issue();
    expect(api.createInvoice).not.toHaveBeenCalled();
    expect(useIssue.getState().errors[0]).toMatch(/documento del cliente/);
  });

  it('F12 never asks SIAT: a NIT not checked yet is issued at once (the engine settles it)', async () => {
    useClient.getState().update({ documentType: 5, documentNumber: '1234567', businessName: 'X SRL' });
    api.createInvoice.mockResolvedValue(invoice({ state: 'PENDING' }));
    await useIssue.getState().issue();
    expect(api.checkNit).not.toHaveBeenCalled();
    expect(api.createInvoice).toHaveBeenCalledTimes(1);
    expect(api.createInvoice.mock.calls[0]![0].exceptionCode).toBeUndefined();
    expect(useIssue.getState().last?.invoice.state).toBe('PENDING');
  });

  it('a NIT SIAT said is invalid stops the sale until the cashier chooses the exception', async () => {
    api.checkNit.mockResolvedValue({ valido: false, nit: 1234567, mensaje: 'NIT INEXISTENTE' });
    useClient.getState().update({ documentType: 5, documentNumber: '1234567', businessName: 'X SRL' });
    expect(await useClient.getState().verifyNit('pos-1')).toBe('invalid');
    await useIssue.getState().issue();
    expect(api.createInvoice).not.toHaveBeenCalled();
    expect(useIssue.getState().errors[0]).toMatch(/NIT no es válido/);
    api.createInvoice.mockResolvedValue(invoice());
    useClient.getState().update({ exception: true });
    await useIssue.getState().issue();
    expect(api.createInvoice.mock.calls[0]![0].exceptionCode).toBe(1);
  });

  it('a check error the cashier corrects goes as the sale changes; the engine\'s answers stay until F12 (a walk saw «NIT no es válido» stay after the NIT was fixed)', async () => {
    api.checkNit.mockResolvedValue({ valido: false, nit: 1234567, mensaje: 'NIT INEXISTENTE' });
    useClient.getState().update({ documentType: 5, documentNumber: '1234567', businessName: 'X SRL' });
    await useClient.getState().verifyNit('pos-1');
    usePayment.getState().setUnreadable('Efectivo recibido', '5,,0');
    await useIssue.getState().issue();
    expect(useIssue.getState().errors).toHaveLength(2);
    useIssue.getState().recheck();
    expect(useIssue.getState().errors).toHaveLength(2);
    // The NIT corrected and found valid: its error goes, the other stays.
    api.checkNit.mockResolvedValue({ valido: true, nit: 7654321, mensaje: 'NIT ACTIVO' });
    useClient.getState().update({ documentNumber: '7654321', nitStatus: 'unchecked' });
    await useClient.getState().verifyNit('pos-1');
    useIssue.getState().recheck();
    expect(useIssue.getState().errors).toEqual(['Efectivo recibido: «5,,0» no es un monto (ejemplo: 50 o 50,50); corríjalo o bórrelo.']);
    usePayment.getState().setUnreadable('Efectivo recibido', null);
    useIssue.getState().recheck();
    expect(useIssue.getState().errors).toEqual([]);
    // SIAT's refusal is not the till's check: it stays while the sale changes.
    api.createInvoice.mockRejectedValue(new ApiError(422, { code: 'SIAT_REJECTED', detail: 'Factura rechazada.', siatMessages: [{ codigo: 1013, descripcion: 'EL CALCULO DEL MONTO TOTAL ES ERRONEO' }] }));
    await useIssue.getState().issue();
    useClient.getState().update({ businessName: 'Y SRL' });
    useIssue.getState().recheck();
    expect(useIssue.getState().errors).toContain('SIAT 1013: EL CALCULO DEL MONTO TOTAL ES ERRONEO');
  });

  it('a NIT SIAT cannot check (503) does not stop the sale', async () => {
    api.checkNit.mockRejectedValue(new ApiError(503, {}));
    useClient.getState().update({ documentType: 5, documentNumber: '1234567', businessName: 'X SRL' });
    expect(await useClient.getState().verifyNit('pos-1')).toBe('unverifiable');
    api.createInvoice.mockResolvedValue(invoice());
    await useIssue.getState().issue();
    expect(api.createInvoice).toHaveBeenCalledTimes(1);
  });

  it('in contingency the NIT is not checked either', async () => {
    useTillStatus.setState({ status: status('CONTINGENCY') });
    useClient.getState().update({ documentType: 5, documentNumber: '1234567', businessName: 'X SRL' });
    api.createInvoice.mockResolvedValue(invoice({ state: 'CONTINGENCY', emissionType: 'CONTINGENCY' }));
    await useIssue.getState().issue();
    expect(api.checkNit).not.toHaveBeenCalled();
    expect(useIssue.getState().last?.invoice.emissionType).toBe('CONTINGENCY');
  });

  it('does not print when the printer settings say so, and reports a failed print', async () => {
    api.createInvoice.mockResolvedValue(invoice());
    useIssue.setState({ printer: { configured: true, drawerKick: false, printOnIssue: false } });
    await useIssue.getState().issue();
    expect(api.printInvoice).not.toHaveBeenCalled();
    expect(useIssue.getState().last?.print).toEqual({ state: 'skipped' });
    api.printInvoice.mockResolvedValue({ printed: false, detail: 'Impresora sin papel' });
    await useIssue.getState().reprintLast();
    expect(useIssue.getState().last?.print).toEqual({ state: 'done', printed: false, detail: 'Impresora sin papel' });
    // Nothing came out yet: each try is the original ticket; once one is on paper, Shift+F12 prints a copy.
    expect(api.printInvoice).toHaveBeenLastCalledWith('inv-1', { copy: false });
    api.printInvoice.mockResolvedValue({ printed: true, detail: 'ok' });
    await useIssue.getState().reprintLast();
    expect(api.printInvoice).toHaveBeenLastCalledWith('inv-1', { copy: false });
    await useIssue.getState().reprintLast();
    expect(api.printInvoice).toHaveBeenLastCalledWith('inv-1', { copy: true });
    // The card (and the virtual printer's panel) say it was a copy.
    expect(useIssue.getState().last?.print).toEqual({ state: 'done', printed: true, detail: 'ok', copy: true });
  });

  it('keeps a virtual printer’s answer as virtual (the ticket shows on screen, no paper claimed)', async () => {
    api.createInvoice.mockResolvedValue(invoice());
    api.printInvoice.mockResolvedValue({ printed: true, virtual: true, detail: 'Ticket de la factura 15 en pantalla (impresora virtual)', code: null });
    useIssue.setState({ printer: { configured: true, drawerKick: true, printOnIssue: true } });
    await useIssue.getState().issue();
    expect(useIssue.getState().last?.print).toEqual({ state: 'done', printed: true, virtual: true, detail: 'Ticket de la factura 15 en pantalla (impresora virtual)' });
  });
});

describe('a sale re-issued offline with a new CUF (stream: invoice.reissued)', () => {
  const NEW = 'CUF999';
  const reissued = (over: Record<string, unknown> = {}) => ({
    event: 'invoice.reissued',
    id: undefined,
    data: JSON.stringify({ id: 'inv-1', cuf: NEW, previousCuf: 'CUF123', invoiceNumber: 15, state: 'CONTINGENCY', amountTotal: 25, siatCode: null, siatDescription: null, siatMessages: [], reason: 'x', posId: 'pos-1', ...over }),
  });
  const replacement = invoice({ cuf: NEW, state: 'CONTINGENCY', emissionType: 'CONTINGENCY', replacesCuf: 'CUF123', qrUrl: `https://siat.impuestos.gob.bo/consulta/QR?nit=1&cuf=${NEW}&numero=15&t=2` });

  beforeEach(async () => {
    useIssue.setState({ issuedHere: {}, printer: { configured: true, drawerKick: false, printOnIssue: true } });
    useNotices.setState({ notices: [] });
    useTillStatus.setState({ reissues: {} });
    api.createInvoice.mockResolvedValue(invoice({ state: 'PENDING' }));
    api.printInvoice.mockResolvedValue({ printed: true, detail: 'ok', cuf: 'CUF123' });
    api.invoice.mockResolvedValue(replacement);
    await useIssue.getState().issue();
  });

  it('the card shows the new CUF and QR, the replacement ticket is printed by itself, and the cashier is told in words', async () => {
    expect(api.printInvoice).toHaveBeenCalledTimes(1);
    useTillStatus.getState().apply(reissued());
    await vi.waitFor(() => expect(useNotices.getState().notices).toHaveLength(1));
    const last = useIssue.getState().last!;
    expect(last.invoice.cuf).toBe(NEW);
    expect(last.invoice.qrUrl).toContain(`cuf=${NEW}`);
    expect(last.invoice.emissionType).toBe('CONTINGENCY');
    expect(last.replaced).toEqual({ previousCuf: 'CUF123' });
    expect(api.printInvoice).toHaveBeenCalledTimes(2);
    const n = useNotices.getState().notices[0]!;
    expect(n.tone).toBe('error'); // stays until the cashier closes it
    expect(n.text).toMatch(/^La factura N° 15 se volvió a emitir fuera de línea .*: entregue al cliente el ticket nuevo que se acaba de imprimir/);
  });

  it('no second ticket when the one printed already carries the new CUF; told all the same', async () => {
    useIssue.setState({ issuedHere: { 'inv-1': NEW } });
    useTillStatus.getState().apply(reissued());
    await vi.waitFor(() => expect(useNotices.getState().notices).toHaveLength(1));
    expect(api.printInvoice).toHaveBeenCalledTimes(1);
    expect(useNotices.getState().notices[0]!.text).toMatch(/ya lleva el CUF nuevo/);
  });

  it('print-on-issue off: nothing printed, the cashier is told to print it', async () => {
    useIssue.setState({ printer: { configured: true, drawerKick: false, printOnIssue: false } });
    useTillStatus.getState().apply(reissued());
    await vi.waitFor(() => expect(useNotices.getState().notices).toHaveLength(1));
    expect(api.printInvoice).toHaveBeenCalledTimes(1);
    expect(useNotices.getState().notices[0]!.text).toMatch(/entregue al cliente el ticket nuevo \(imprímalo con «Reimprimir»\)/);
  });

  it('a re-issue missed while the stream was down is caught when it reconnects', async () => {
    useTillStatus.setState({ streamConnected: false });
    useTillStatus.setState({ streamConnected: true });
    await vi.waitFor(() => expect(useNotices.getState().notices).toHaveLength(1));
    expect(useIssue.getState().last?.invoice.cuf).toBe(NEW);
    expect(useIssue.getState().last?.replaced).toEqual({ previousCuf: 'CUF123' });
    expect(api.printInvoice).toHaveBeenCalledTimes(2);
  });

  it('a reconnection with nothing re-issued changes nothing', async () => {
    api.invoice.mockResolvedValue(invoice({ state: 'VALIDATED' }));
    useTillStatus.setState({ streamConnected: false });
    useTillStatus.setState({ streamConnected: true });
    await vi.waitFor(() => expect(api.invoice).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(useNotices.getState().notices).toEqual([]);
    expect(useIssue.getState().last?.replaced).toBeNull();
  });

  // Walk of 28/11 (session 15): SIAT refusing connections, the engine re-issued the sale offline
  // within milliseconds of storing it, and the stream's event reached the till before the sale's
  // own answer. The card kept the void CUF and its QR, and the cashier was told to print a new
  // ticket from Facturas although the ticket just printed already carried the new CUF.
  it('a re-issue heard before the sale’s own answer: the card gets the new CUF, one ticket, no reprint asked', async () => {
    useCart.getState().addProduct(product({ priceUnit: 12.5 }), 200);
    useClient.getState().quick();
    let answer!: (inv: Invoice) => void;
    api.createInvoice.mockReturnValueOnce(new Promise<Invoice>((r) => (answer = r)));
    // The engine prints what it holds by then: the re-issued invoice, with the new CUF.
    api.printInvoice.mockClear();
    api.printInvoice.mockResolvedValue({ printed: true, detail: 'ok', cuf: NEW });
    api.invoice.mockResolvedValue({ ...replacement, id: 'inv-2', invoiceNumber: 16, replacesCuf: 'CUF200' });
    const issuing = useIssue.getState().issue();
    await vi.waitFor(() => expect(api.createInvoice).toHaveBeenCalledTimes(2));
    useTillStatus.getState().apply(reissued({ id: 'inv-2', invoiceNumber: 16, previousCuf: 'CUF200' }));
    await new Promise((r) => setTimeout(r, 20));
    answer(invoice({ id: 'inv-2', invoiceNumber: 16, cuf: 'CUF200', state: 'PENDING' }));
    await issuing;
    await vi.waitFor(() => expect(useNotices.getState().notices).toHaveLength(1));
    const last = useIssue.getState().last!;
    expect(last.invoice.id).toBe('inv-2');
    expect(last.invoice.cuf).toBe(NEW);
    expect(last.invoice.qrUrl).toContain(`cuf=${NEW}`);
    // No earlier paper to take back: the card says the printed ticket already carries the new CUF.
    expect(last.replaced).toEqual({ previousCuf: 'CUF200', ticketHasNewCuf: true });
    expect(api.printInvoice).toHaveBeenCalledTimes(1);
    const n = useNotices.getState().notices[0]!;
    expect(n.text).toMatch(/^La factura N° 16 .*ya lleva el CUF nuevo/);
    expect(n.text).not.toMatch(/Facturas|Reimprimir/);
  });

  it("another point of sale's invoice is left to its own till", async () => {
    useTillStatus.getState().apply(reissued({ id: 'other', posId: 'pos-2' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(useNotices.getState().notices).toEqual([]);
    expect(api.invoice).not.toHaveBeenCalled();
  });
});
