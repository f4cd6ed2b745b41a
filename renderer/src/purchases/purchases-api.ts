// The purchase register's calls (issue 14), on the shared HTTP client.
import type { ImportResult, Page, PurchaseInput, PurchaseRecord, ScanResult } from '../../../shared/api-types';
import { http } from '../api';

export const purchasesApi = {
  list: (year: number, period: number, page = 0) => http.request<Page<PurchaseRecord>>('GET', '/api/v1/purchases', { query: { year, period, page, size: 50 } }),
  create: (p: PurchaseInput) => http.request<PurchaseRecord>('POST', '/api/v1/purchases', { json: p }),
  scan: (qr: string) => http.request<ScanResult>('POST', '/api/v1/purchases/scan', { json: { qr } }),
  send: () => http.request<unknown>('POST', '/api/v1/purchases/send'),
  remove: (id: string) => http.request<PurchaseRecord>('DELETE', `/api/v1/purchases/${encodeURIComponent(id)}`),
  importFile: (file: File) =>
    http.request<ImportResult>('POST', '/api/v1/purchases/import', {
      body: file,
      contentType: /\.xlsx$/i.test(file.name) ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv',
    }),
};
