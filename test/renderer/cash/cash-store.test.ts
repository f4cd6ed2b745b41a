// Caja read through its store (cash-store.ts): the acts against the engine's calls, stubbed here
// (the e2e suite, test/e2e/cash.test.ts, drives the same screen against a real engine).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashSessionView } from '../../../shared/api-types';

const cashApi = vi.hoisted(() => ({
  current: vi.fn(),
  open: vi.fn(),
  movement: vi.fn(),
  close: vi.fn(),
  reopen: vi.fn(),
  openDrawer: vi.fn(),
  printReport: vi.fn(),
  reportPdf: vi.fn(),
  closed: vi.fn(),
  get: vi.fn(),
}));
vi.mock('../../../renderer/src/cash/cash-api', () => ({ cashApi }));

const { ApiError } = await import('../../../renderer/src/api/errors');
const { INITIAL_CASH_STATE, useCash } = await import('../../../renderer/src/cash/cash-store');

function session(over: Partial<CashSessionView> = {}): CashSessionView {
  return { id: 'cs-1', number: 1, state: 'OPEN', openedAt: '2026-11-27T08:00:00', openedBy: 'Ana', cashier: 'Ana', movements: [], report: {} as CashSessionView['report'], ...over } as CashSessionView;
}

/** A promise settled by hand, to answer calls in another order than they were made. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => {
  vi.resetAllMocks();
  cashApi.closed.mockResolvedValue({ content: [], page: 0, size: 8, totalElements: 0, totalPages: 0, first: true, last: true });
  useCash.setState(INITIAL_CASH_STATE);
});

describe('Caja: the session of this point of sale', () => {
  it('keeps the point of sale it entered with: a late answer for the previous one is dropped', async () => {
    const first = deferred<CashSessionView | null>();
    cashApi.current.mockReturnValueOnce(first.promise).mockResolvedValueOnce(null);
    const entering = useCash.getState().enter('pos-0');
    await useCash.getState().enter('pos-1');
    first.resolve(session({ id: 'of-pos-0' }));
    await entering;
    expect(useCash.getState()).toMatchObject({ posId: 'pos-1', session: null, loaded: true });
  });

  it("asks for a reason when the engine says the session is someone else's, keeping the form, then closes with it", async () => {
    useCash.setState({ posId: 'pos-0', session: session(), loaded: true, mode: 'close' });
    cashApi.close.mockRejectedValueOnce(new ApiError(409, { code: 'REASON_REQUIRED', detail: 'reason: esta caja es de Ana; diga por qué la cierra' }));
    await useCash.getState().close({ '10': 3 }, { CARD: 0, QR: 0 });
    expect(useCash.getState()).toMatchObject({ mode: 'close', reasonNeeded: 'esta caja es de Ana; diga por qué la cierra', errors: [] });
    expect(useCash.getState().session?.id).toBe('cs-1');

    const closed = session({ state: 'CLOSED' });
    cashApi.close.mockResolvedValueOnce(closed);
    await useCash.getState().close({ '10': 3 }, { CARD: 0, QR: 0 }, 'Ana se fue temprano');
    expect(cashApi.close).toHaveBeenLastCalledWith('cs-1', { '10': 3 }, { CARD: 0, QR: 0 }, 'Ana se fue temprano');
    expect(useCash.getState()).toMatchObject({ mode: 'view', session: null, last: closed, reasonNeeded: null });
  });

  it('records a cash out even when the drawer does not open, and says why', async () => {
    useCash.setState({ posId: 'pos-0', session: session(), loaded: true, mode: 'OUT' });
    cashApi.movement.mockResolvedValueOnce(session({ movements: [{ id: 'm1' }] as CashSessionView['movements'] }));
    cashApi.openDrawer.mockResolvedValueOnce({ printed: false, detail: 'La impresora no responde', code: 'PRINTER_OFFLINE' });
    await useCash.getState().movement('OUT', 50, 'Pago al proveedor');
    expect(cashApi.movement).toHaveBeenCalledWith('cs-1', 'OUT', 50, 'Pago al proveedor');
    expect(useCash.getState()).toMatchObject({ mode: 'view', notice: 'Retiro registrado. La impresora no responde', errors: [] });
    expect(useCash.getState().session?.movements).toHaveLength(1);
  });

  it('shows a refused act in Spanish and leaves the session as it was', async () => {
    useCash.setState({ posId: 'pos-0', session: session(), loaded: true, mode: 'IN' });
    cashApi.movement.mockRejectedValueOnce(new ApiError(403, { code: 'ROLE_REQUIRED', detail: 'Para retirar efectivo hace falta el rol «supervisor»' }));
    await useCash.getState().movement('OUT', 50, 'x');
    expect(useCash.getState()).toMatchObject({ mode: 'IN', errors: ['Para retirar efectivo hace falta el rol «supervisor»'] });
    expect(cashApi.openDrawer).not.toHaveBeenCalled();
  });
});

describe('Caja: the Z at close', () => {
  it('prints the Z by itself where print-on-issue is on, then a copy is offered', async () => {
    const { useIssue } = await import('../../../renderer/src/sale/issue-store');
    useIssue.setState({ printer: { printOnIssue: true } as never });
    useCash.setState({ posId: 'pos-0', session: session(), loaded: true, mode: 'close' });
    const closed = session({ id: 'cs-9', state: 'CLOSED' });
    cashApi.close.mockResolvedValueOnce(closed);
    cashApi.printReport.mockResolvedValueOnce({ printed: true, detail: 'Reporte Z enviado a la impresora', code: null });
    await useCash.getState().close({ '10': 3 }, { CARD: 0, QR: 0 });
    expect(cashApi.printReport).toHaveBeenCalledTimes(1);
    expect(cashApi.printReport).toHaveBeenCalledWith('cs-9');
    expect(useCash.getState()).toMatchObject({ last: closed, zPrinted: true, notice: 'Caja cerrada. Reporte Z enviado a la impresora', errors: [] });
    // F7 afterwards asks for a copy (the paper says COPIA).
    cashApi.printReport.mockResolvedValueOnce({ printed: true, detail: 'Copia del reporte Z enviada a la impresora', code: null });
    await useCash.getState().print();
    expect(cashApi.printReport).toHaveBeenLastCalledWith('cs-9', true);
  });

  it('does not print where print-on-issue is off (F7 prints it)', async () => {
    const { useIssue } = await import('../../../renderer/src/sale/issue-store');
    useIssue.setState({ printer: { printOnIssue: false } as never });
    useCash.setState({ posId: 'pos-0', session: session(), loaded: true, mode: 'close' });
    cashApi.close.mockResolvedValueOnce(session({ state: 'CLOSED' }));
    await useCash.getState().close({ '10': 3 }, { CARD: 0, QR: 0 });
    expect(cashApi.printReport).not.toHaveBeenCalled();
    expect(useCash.getState().zPrinted).toBe(false);
  });
});

describe('Caja: a past close (issue 24)', () => {
  it('entering lists the closed sessions of this point of sale, newest page first', async () => {
    cashApi.current.mockResolvedValueOnce(null);
    await useCash.getState().enter('pos-0');
    expect(cashApi.closed).toHaveBeenCalledWith('pos-0', 0, 8);
    expect(useCash.getState().closed?.totalElements).toBe(0);
  });

  it('a Z opened from the list is what F7 prints: a copy when the engine says it was printed, an original otherwise', async () => {
    useCash.setState({ posId: 'pos-0', session: session({ id: 'open-now' }), loaded: true });
    cashApi.get.mockResolvedValueOnce(session({ id: 'cs-3', state: 'CLOSED', zPrinted: true }));
    await useCash.getState().showPast('cs-3');
    expect(useCash.getState()).toMatchObject({ mode: 'past', past: { id: 'cs-3' } });
    cashApi.printReport.mockResolvedValueOnce({ printed: true, detail: 'Copia del reporte Z enviada a la impresora', code: null });
    await useCash.getState().print();
    // Not the open session's X: the past Z, as a copy.
    expect(cashApi.printReport).toHaveBeenLastCalledWith('cs-3', true);

    cashApi.get.mockResolvedValueOnce(session({ id: 'cs-2', state: 'CLOSED', zPrinted: false }));
    await useCash.getState().showPast('cs-2');
    cashApi.printReport.mockResolvedValueOnce({ printed: true, detail: 'Reporte Z enviado a la impresora', code: null });
    await useCash.getState().print();
    expect(cashApi.printReport).toHaveBeenLastCalledWith('cs-2', false);
    expect(useCash.getState().past?.zPrinted).toBe(true);
    expect(useCash.getState().notice).toBe('Reporte Z enviado a la impresora');
  });
});
