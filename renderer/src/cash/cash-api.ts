// The cash-session calls of the Caja screen (issue 17), on the renderer's one HTTP client; each
// names its route in the contract (shared/api/routes/cash.ts), which types its answer.
import { ROUTES } from '../../../shared/api/routes';
import { http } from '../api';

const R = ROUTES.cash;

export const cashApi = {
  /** Whether the point of sale sells only inside an open session (the engine's sale gate). */
  settings: (posId: string) => http.call(R.settings, { params: { posId } }),
  current: (posId: string) => http.call(R.current, { query: { posId } }),
  /** The point of sale's closed sessions (its reportes Z), newest first. */
  closed: (posId: string, page: number, size: number) => http.call(R.list, { query: { posId, state: 'CLOSED', page, size } }),
  get: (id: string) => http.call(R.get, { params: { id } }),
  open: (posId: string, openingFloat: number) => http.call(R.open, { body: { posId, openingFloat } }),
  movement: (id: string, kind: 'IN' | 'OUT', amount: number, reason: string) => http.call(R.movement, { params: { id }, body: { kind, amount, reason } }),
  /** `reason`: required by the engine when the session is someone else's (decision 0069). */
  close: (id: string, denominations: Record<string, number>, counted: { CARD: number; QR: number }, reason?: string) =>
    http.call(R.close, { params: { id }, body: { denominations, counted, ...(reason ? { reason } : {}) } }),
  reopen: (id: string, reason: string) => http.call(R.reopen, { params: { id }, body: { reason } }),
  report: (id: string) => http.call(R.report, { params: { id } }),
  /** `copy`: a copy asked for; the engine marks a Z already printed COPIA anyway (decision 0086). */
  printReport: (id: string, copy = false) => http.call(R.printReport, { params: { id }, ...(copy ? { body: { copy } } : {}) }),
  openDrawer: (posId: string) => http.call(R.openDrawer, { body: { posId } }),
  /** The report PDF as a blob URL (the route needs the key, so it is fetched, not linked). */
  reportPdf: async (id: string): Promise<{ url: string; size: number; magic: string }> => {
    const res = await http.raw(R.reportPdf, { params: { id } });
    if (!res.ok) throw new Error(`No se pudo generar el PDF del reporte (HTTP ${res.status})`);
    const blob = await res.blob();
    // The first bytes say it is a PDF (shown as a data attribute: CSP keeps blob: out of fetch).
    return { url: URL.createObjectURL(blob), size: blob.size, magic: await blob.slice(0, 5).text() };
  },
};
