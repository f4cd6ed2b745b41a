import type { Page } from '../../../shared/api-types';

export function Pager({ page, onPage, testId = 'pager' }: { page: Page<unknown> | null; onPage: (p: number) => void; testId?: string }) {
  if (!page) return null;
  return (
    <div className="pager" data-testid={testId}>
      <button disabled={page.first} onClick={() => onPage(page.page - 1)} data-testid={`${testId}-prev`}>
        ◀ Anterior
      </button>
      <span>
        Página {page.totalPages === 0 ? 0 : page.page + 1} de {page.totalPages} · {page.totalElements} en total
      </span>
      <button disabled={page.last} onClick={() => onPage(page.page + 1)} data-testid={`${testId}-next`}>
        Siguiente ▶
      </button>
    </div>
  );
}
