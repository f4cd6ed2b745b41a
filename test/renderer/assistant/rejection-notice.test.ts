// The rejection notice the cashier cannot miss: raised from the invoice stream event with SIAT's
// code and text, kept until closed even when other notices follow, rendered with the error guide.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const http = vi.hoisted(() => ({ request: vi.fn(), raw: vi.fn() }));
const api = vi.hoisted(() => ({ tillStatus: vi.fn() }));
vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api, http, bindSession: () => undefined, ...errors };
});

const { useNotices } = await import('../../../renderer/src/components/notices-store');
const { NoticeList } = await import('../../../renderer/src/components/Notices');
const { useTillStatus, rejectionTitle } = await import('../../../renderer/src/connection/till-status-store');
const { useSiatGuides } = await import('../../../renderer/src/assistant/siat-guide-store');

const REJECTED = {
  id: 'inv-1',
  cuf: 'CUF1',
  invoiceNumber: 12,
  state: 'REJECTED',
  amountTotal: 9.5,
  siatCode: 902,
  siatDescription: 'RECEPCION RECHAZADA',
  siatMessages: [{ codigo: 1013, descripcion: 'EL CALCULO DEL MONTO TOTAL ES ERRONEO' }],
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
  api.tillStatus.mockResolvedValue({ training: true, siatReachable: true, pos: [] });
  useNotices.setState({ notices: [] });
  useSiatGuides.setState({ entries: {} });
  useTillStatus.setState({ invoiceStates: {}, revision: 0, cufdFailures: {} });
});
afterEach(() => vi.useRealTimers());

describe('a rejected invoice on the stream', () => {
  it('raises an error notice naming the invoice and SIAT’s state code and text, with SIAT’s messages for the guide', () => {
    useTillStatus.getState().apply({ id: '', event: 'invoice', data: JSON.stringify(REJECTED) });
    const [n] = useNotices.getState().notices;
    expect(n?.tone).toBe('error');
    expect(n?.text).toBe('La factura N° 12 fue rechazada por el SIAT — SIAT 902: RECEPCION RECHAZADA. No tiene validez fiscal: revísela en Facturas.');
    expect(n?.siat).toEqual([{ codigo: 1013, descripcion: 'EL CALCULO DEL MONTO TOTAL ES ERRONEO' }]);
    expect(useTillStatus.getState().invoiceStates['inv-1']).toBe('REJECTED');
  });

  it('a validated invoice raises nothing', () => {
    useTillStatus.getState().apply({ id: '', event: 'invoice', data: JSON.stringify({ ...REJECTED, state: 'VALIDATED', siatCode: 908, siatMessages: [] }) });
    expect(useNotices.getState().notices).toEqual([]);
  });

  it('without SIAT’s state code the title does not make one up', () => {
    expect(rejectionTitle({ invoiceNumber: 3, siatCode: null, siatDescription: null })).toBe('La factura N° 3 fue rechazada por el SIAT. No tiene validez fiscal: revísela en Facturas.');
  });

  it('stays until closed: passing notices come and go, and give way first when too many pile up', () => {
    useTillStatus.getState().apply({ id: '', event: 'invoice', data: JSON.stringify(REJECTED) });
    const rejection = useNotices.getState().notices[0]!.id;
    for (let i = 0; i < 6; i++) useNotices.getState().push(i % 2 ? 'warning' : 'success', `aviso ${i}`);
    expect(useNotices.getState().notices).toHaveLength(4);
    expect(useNotices.getState().notices[0]?.id).toBe(rejection);
    vi.advanceTimersByTime(60 * 60_000);
    expect(useNotices.getState().notices.map((n) => n.id)).toEqual([rejection]);
    useNotices.getState().dismiss(rejection);
    expect(useNotices.getState().notices).toEqual([]);
  });

  it('a package SIAT rejected names the count and carries SIAT’s messages', () => {
    const messages = [{ codigo: 1037, descripcion: 'NIT INVALIDO' }];
    useTillStatus.getState().apply({ id: '', event: 'contingency.package_rejected', data: JSON.stringify({ siatCode: 904, rejected: 2, total: 10, messages }) });
    const [n] = useNotices.getState().notices;
    expect(n?.text).toBe('El SIAT rechazó un paquete de facturas de contingencia (2 de 10 facturas). Revíselas en Facturas.');
    expect(n?.siat).toEqual(messages);
  });

  it('a failed CUFD renewal: remembered for Estado de conexión and raised as a notice with SIAT’s code', () => {
    useTillStatus.getState().apply({ id: '', event: 'cufd.renewal_failed', data: JSON.stringify({ posId: 'pos-0', posCode: 0, reason: 'SIAT 989: CUFD NO VIGENTE', siatCode: 989, siatMessages: [] }) });
    const f = useTillStatus.getState().cufdFailures['pos-0'];
    expect(f?.siat).toEqual([{ codigo: 989, descripcion: 'CUFD NO VIGENTE' }]);
    expect(f?.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const [n] = useNotices.getState().notices;
    expect(n?.tone).toBe('error');
    expect(n?.text).toBe('No se pudo renovar el CUFD del punto de venta 0. Kipu lo vuelve a intentar solo; vea Estado de conexión.');
  });
});

describe('the notice on screen', () => {
  it('is an alert with SIAT’s code and text verbatim and its error guide; a passing notice is plain text', () => {
    useTillStatus.getState().apply({ id: '', event: 'invoice', data: JSON.stringify(REJECTED) });
    useNotices.getState().push('success', 'Conexión con el SIAT restablecida.');
    const html = renderToStaticMarkup(createElement(NoticeList, { notices: useNotices.getState().notices, onDismiss: () => {} }));
    expect(html).toContain('class="notice error alert" data-testid="notice" data-tone="error" role="alert"');
    expect(html).toContain('<div class="notice-title">La factura N° 12 fue rechazada por el SIAT — SIAT 902: RECEPCION RECHAZADA.');
    expect(html).toContain('data-testid="notice-siat-guide" data-codes="1013"');
    expect(html).toContain('data-testid="siat-guide-siat">SIAT 1013: EL CALCULO DEL MONTO TOTAL ES ERRONEO</div>');
    expect(html).toContain('class="notice success" data-testid="notice" data-tone="success"><span>Conexión con el SIAT restablecida.</span>');
  });
});

describe('a person locked out by wrong PINs (issue 27)', () => {
  it('tells whoever is at the till who, until when and why', () => {
    useTillStatus.getState().apply({
      id: '',
      event: 'till.user_locked',
      data: JSON.stringify({ userId: 'u1', login: 'ana', name: 'Ana Quispe', role: 'cajero', purpose: 'LOGIN', lockedUntil: '2026-11-27T14:15:00Z', wrongPins: 5 }),
    });
    const [notice] = useNotices.getState().notices;
    expect(notice?.tone).toBe('warning');
    expect(notice?.text).toBe('Ana Quispe (ana) quedó bloqueado/a hasta el 27/11/2026 10:15: 5 PIN incorrectos seguidos al ingresar.');
  });
});
