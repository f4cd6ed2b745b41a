// The cash-session calls of the Caja screen (issue 17), on the renderer's one HTTP client.
import type { CashReport, CashSessionView, PrintResult } from '../../../shared/api-types';
import type { CashSettings } from '../../../shared/api/cash';
import { http } from '../api';
import { useSession } from '../session/session-store';

export const cashApi = {
  /** Whether the point of sale sells only inside an open session (the engine's sale gate). */
  settings: (posId: string) => http.request<CashSettings>('GET', `/api/v1/cash/settings/${encodeURIComponent(posId)}`),
  current: (posId: string) => http.request<CashSessionView | null>('GET', '/api/v1/cash/sessions/current', { query: { posId } }),
  open: (posId: string, openingFloat: number) => http.request<CashSessionView>('POST', '/api/v1/cash/sessions', { json: { posId, openingFloat } }),
  movement: (id: string, kind: 'IN' | 'OUT', amount: number, reason: string) =>
    http.request<CashSessionView>('POST', `/api/v1/cash/sessions/${encodeURIComponent(id)}/movements`, { json: { kind, amount, reason } }),
  /** `reason`: required by the engine when the session is someone else's (decision 0069). */
  close: (id: string, denominations: Record<string, number>, counted: { CARD: number; QR: number }, reason?: string) =>
    http.request<CashSessionView>('POST', `/api/v1/cash/sessions/${encodeURIComponent(id)}/close`, { json: { denominations, counted, ...(reason ? { reason } : {}) } }),
  reopen: (id: string, reason: string) => http.request<CashSessionView>('POST', `/api/v1/cash/sessions/${encodeURIComponent(id)}/reopen`, { json: { reason } }),
  report: (id: string) => http.request<CashReport>('GET', `/api/v1/cash/sessions/${encodeURIComponent(id)}/report`),
  printReport: (id: string) => http.request<PrintResult>('POST', `/api/v1/cash/sessions/${encodeURIComponent(id)}/report/print`),
  openDrawer: (posId: string) => http.request<PrintResult>('POST', '/api/v1/cash/drawer/open', { json: { posId } }),
  /** The report PDF as a blob URL (the route needs the key, so it is fetched, not linked). */
  reportPdf: async (id: string): Promise<{ url: string; size: number; magic: string }> => {
    const res = await fetch(http.url(`/api/v1/cash/sessions/${encodeURIComponent(id)}/report/pdf`), { headers: { 'x-api-key': useSession.getState().apiKey ?? '' } });
    if (!res.ok) throw new Error(`No se pudo generar el PDF del reporte (HTTP ${res.status})`);
    const blob = await res.blob();
    // The first bytes say it is a PDF (shown as a data attribute: CSP keeps blob: out of fetch).
    return { url: URL.createObjectURL(blob), size: blob.size, magic: await blob.slice(0, 5).text() };
  },
};
