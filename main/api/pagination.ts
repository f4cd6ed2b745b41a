// Seed paging (the query schemas are PageQuery in shared/api/envelope.ts and PaginationQuery in
// shared/api/sector-invoice.ts): the row offset of a page. The schemas bound page and size; this
// checks again, so no route whose schema forgot a bound hands SQLite an offset it refuses (a
// page of 1e23 was a 500, issue #16).
import { MAX_PAGE, MAX_PAGE_SIZE } from '../../shared/api/limits';
import { badRequest } from './errors';

export interface PageParams {
  page: number;
  size: number;
}

export function offsetOf(p: PageParams): number {
  if (!Number.isSafeInteger(p.page) || p.page < 0 || p.page > MAX_PAGE) {
    throw badRequest(`parámetro page: debe ser un entero entre 0 y ${MAX_PAGE}`, [{ field: 'page', rule: 'maximum', message: `debe ser menor o igual a ${MAX_PAGE}` }]);
  }
  if (!Number.isSafeInteger(p.size) || p.size < 1 || p.size > MAX_PAGE_SIZE) {
    throw badRequest(`parámetro size: debe ser un entero entre 1 y ${MAX_PAGE_SIZE}`, [{ field: 'size', rule: 'maximum', message: `debe ser menor o igual a ${MAX_PAGE_SIZE}` }]);
  }
  return p.page * p.size;
}
