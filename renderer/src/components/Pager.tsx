import type { Page } from '../../../shared/api-types';
import { countOf } from '../format/labels';

/**
 * "Página 2 de 5 · 87 en total"; an empty list has no pages: "Sin resultados", never "Página 0
 * de 0" (pages are 0-based in the API, 1-based on screen).
 */
export function pagerText(page: Pick<Page<unknown>, 'page' | 'totalPages' | 'totalElements'>, emptyText = 'Sin resultados'): string {
  if (page.totalElements === 0 || page.totalPages === 0) return emptyText;
  return `Página ${page.page + 1} de ${page.totalPages} · ${countOf(page.totalElements, 'resultado')}`;
}

/** `emptyText`: what an empty list says in this screen's words ("No hay facturas con esos filtros."). */
export function Pager({ page, onPage, testId = 'pager', emptyText }: { page: Page<unknown> | null; onPage: (p: number) => void; testId?: string; emptyText?: string }) {
  if (!page) return null;
  const empty = page.totalElements === 0 || page.totalPages === 0;
  return (
    <div className="pager" data-testid={testId}>
      {!empty && (
        <button disabled={page.first} onClick={() => onPage(page.page - 1)} data-testid={`${testId}-prev`}>
          ◀ Anterior
        </button>
      )}
      <span data-testid={`${testId}-text`}>{pagerText(page, emptyText)}</span>
      {!empty && (
        <button disabled={page.last} onClick={() => onPage(page.page + 1)} data-testid={`${testId}-next`}>
          Siguiente ▶
        </button>
      )}
    </div>
  );
}
