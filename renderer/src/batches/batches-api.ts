// The Lotes screen's calls (massive emission batches), on the shared HTTP client. Both routes
// need the admin or integrator scope (shared/api/routes/records.ts): a till-only key gets 403.
import { ROUTES } from '../../../shared/api/routes';
import { http } from '../api';

export const batchesApi = {
  list: (page: number, size: number) => http.call(ROUTES.batches.list, { query: { page, size } }),
  get: (id: string) => http.call(ROUTES.batches.get, { params: { id } }),
};
