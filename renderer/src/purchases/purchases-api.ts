// The purchase register's calls (issue 14), on the shared HTTP client; each names its route in
// the contract (shared/api/routes/records.ts), which types its answer.
import type { PurchaseInput } from '../../../shared/api-types';
import { ROUTES } from '../../../shared/api/routes';
import { http } from '../api';

const R = ROUTES.purchases;

export const purchasesApi = {
  list: (year: number, period: number, page = 0) => http.call(R.list, { query: { year, period, page, size: 50 } }),
  create: (p: PurchaseInput) => http.call(R.create, { body: p }),
  scan: (qr: string) => http.call(R.scan, { body: { qr } }),
  send: () => http.call(R.send),
  remove: (id: string) => http.call(R.remove, { params: { id } }),
  importFile: (file: File) =>
    http.call(R.import, {
      raw: { body: file, contentType: /\.xlsx$/i.test(file.name) ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv' },
    }),
};
