// Seed paging: `page` 0-based, default 0; `size` default 20, maximum 50 (seed: Limits).
import Type from 'typebox';

export const PageQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 0, default: 0, description: 'Página, desde 0' }),
    size: Type.Integer({ minimum: 1, maximum: 50, default: 20, description: 'Elementos por página (1–50)' }),
  },
  { additionalProperties: true },
);

export interface PageParams {
  page: number;
  size: number;
}

export function offsetOf(p: PageParams): number {
  return p.page * p.size;
}
