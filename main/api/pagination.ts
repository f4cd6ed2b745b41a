// Seed paging (the query schema is PageQuery in shared/api/envelope.ts): the row offset of a page.
export interface PageParams {
  page: number;
  size: number;
}

export function offsetOf(p: PageParams): number {
  return p.page * p.size;
}
