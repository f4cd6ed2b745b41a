// The pager of every list: an empty list has no pages (issue 24, item 17: "Página 0 de 0").
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Pager, pagerText } from '../../../renderer/src/components/Pager';

const page = (n: number, size: number, at: number) => {
  const totalPages = Math.ceil(n / size);
  return { content: [], page: at, size, totalElements: n, totalPages, first: at === 0, last: at >= totalPages - 1 };
};

describe('Pager', () => {
  it('says "Sin resultados" for an empty list, never page 0 of 0, and offers no page buttons', () => {
    expect(pagerText(page(0, 20, 0))).toBe('Sin resultados');
    const html = renderToStaticMarkup(createElement(Pager, { page: page(0, 20, 0), onPage: () => {}, testId: 'p' }));
    expect(html).toContain('Sin resultados');
    expect(html).not.toMatch(/Página 0/);
    expect(html).not.toContain('data-testid="p-prev"');
    expect(html).not.toContain('data-testid="p-next"');
  });

  it('counts pages from 1 with the total, its noun in the right number', () => {
    expect(pagerText(page(87, 20, 1))).toBe('Página 2 de 5 · 87 resultados');
    expect(pagerText(page(1, 20, 0))).toBe('Página 1 de 1 · 1 resultado');
    const html = renderToStaticMarkup(createElement(Pager, { page: page(87, 20, 0), onPage: () => {}, testId: 'p' }));
    expect(html).toContain('data-testid="p-prev"');
    expect(html).toContain('data-testid="p-next"');
  });
});
