// The Lotes screen's calls (massive emission batches), on the shared HTTP client. Both routes
// need the admin or integrator scope (main/api/access.ts): a till-only key gets 403.
import type { Batch, BatchSummary, Page } from '../../../shared/api-types';
import { http } from '../api';

export const batchesApi = {
  list: (page: number, size: number) => http.request<Page<BatchSummary>>('GET', '/api/v1/invoices/batch', { query: { page, size } }),
  get: (id: string) => http.request<Batch>('GET', `/api/v1/invoices/batch/${encodeURIComponent(id)}`),
};
