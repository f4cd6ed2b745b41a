// Libros (issue 14, decision 0043): the month's totals as rendered, with the credit-debit notes
// the store issued shown apart from the purchases and netted in the balance.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { BookTotals } from '../../../shared/api-types';

vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api: {}, http: {}, bindSession: () => undefined, ...errors };
});

const { BookTotalsView } = await import('../../../renderer/src/books/BooksScreen');

/** The figures of test/api/books-notes.test.ts: a 46.60 sale, one 9.50 note kept, one cancelled. */
const totals: BookTotals = {
  year: 2026,
  month: 3,
  sales: { invoices: 1, cancelled: 0, total: 46.6, base: 46.6, debit: 6.06, debitOfRows: 6.06 },
  purchases: { count: 1, total: 10, base: 10, credit: 1.3, creditOfRows: 1.3 },
  notes: { count: 1, cancelled: 1, returned: 9.5, credit: 1.24, creditOfRows: 1.24 },
  balance: 3.52,
};

const cell = (html: string, id: string) => new RegExp(`data-testid="${id}">([^<]*)<`).exec(html)?.[1];

describe('Libros: totals', () => {
  it('shows the notes’ returned amount and crédito fiscal apart from the purchases, in es-BO', () => {
    const html = renderToStaticMarkup(createElement(BookTotalsView, { totals }));
    expect(cell(html, 'books-credit')).toBe('1,30');
    expect(cell(html, 'books-notes-returned')).toBe('9,50');
    expect(cell(html, 'books-notes-credit')).toBe('1,24');
    expect(html).toContain('1 nota, 1 anulada');
    expect(cell(html, 'books-balance')).toBe('3,52');
    expect(html).toContain('IVA a pagar');
  });

  it('says «Saldo a favor» when the notes and purchases outweigh the débito', () => {
    const html = renderToStaticMarkup(createElement(BookTotalsView, { totals: { ...totals, notes: { ...totals.notes, credit: 10 }, balance: -5.24 } }));
    expect(html).toContain('Saldo a favor');
    expect(cell(html, 'books-balance')).toBe('5,24');
  });

  it('shows the month’s 13 % of the summed base, and where the book’s column (rounded per invoice) adds up apart, says so', () => {
    // Two 52,25 sales: each line's 13 % is 6,79 (6,7925), the column sums 13,58; 13 % of 104,50 is 13,59.
    const sales = { invoices: 2, cancelled: 0, total: 104.5, base: 104.5, debit: 13.59, debitOfRows: 13.58 };
    const html = renderToStaticMarkup(createElement(BookTotalsView, { totals: { ...totals, sales } }));
    expect(cell(html, 'books-sales-base')).toBe('104,50');
    expect(cell(html, 'books-debit')).toBe('13,59');
    expect(html).toMatch(/data-testid="books-rounding">[^<]*columna DEBITO FISCAL del Libro de Ventas suma 13,58/);
    expect(renderToStaticMarkup(createElement(BookTotalsView, { totals }))).not.toContain('books-rounding');
  });
});
