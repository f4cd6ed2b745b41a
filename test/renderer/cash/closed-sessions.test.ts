// Caja's past closes and movement rows (issue 24), rendered with react-dom/server (the suite has
// no DOM): local times dd/mm/aaaa HH:mm, the cashier, the Z's figures, and who approved a withdrawal.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CashMovement, CashSessionListItem, Page } from '../../../shared/api-types';
import { ClosedSessions, MovementsTable } from '../../../renderer/src/cash/ClosedSessions';

const item = (over: Partial<CashSessionListItem>): CashSessionListItem => ({
  id: 's',
  posId: 'p',
  number: 1,
  state: 'CLOSED',
  openedAt: '2026-11-26T12:00:00.000Z',
  openedBy: 'Clave',
  cashier: null,
  closedAt: '2026-11-26T22:30:00.000Z',
  closedBy: 'Clave',
  reopenedFrom: null,
  invoices: 0,
  sales: 0,
  cashExpected: 0,
  cashCounted: 0,
  totalDifference: 0,
  zPrinted: true,
  ...over,
});

const page = (content: CashSessionListItem[], totalElements = content.length): Page<CashSessionListItem> =>
  ({ content, page: 0, size: 8, totalElements, totalPages: Math.ceil(totalElements / 8), first: true, last: totalElements <= 8 }) as Page<CashSessionListItem>;

describe('Caja: past closes', () => {
  it('lists each close newest first with Bolivia times, the cashier, the Z figures and its difference', () => {
    const html = renderToStaticMarkup(
      createElement(ClosedSessions, {
        page: page(
          [
            item({ id: 'b', number: 12, cashier: 'Ana Quispe', openedAt: '2026-11-27T12:05:00.000Z', closedAt: '2026-11-28T01:40:00.000Z', invoices: 31, sales: 1234.5, cashExpected: 530.1, cashCounted: 530, totalDifference: -0.1 }),
            item({ id: 'a', number: 11, cashier: null, openedBy: 'Clave del dueño' }),
          ],
          20,
        ),
        onPage: () => undefined,
        onOpen: () => undefined,
      }),
    );
    expect(html).toContain('Cierres anteriores (reportes Z)');
    // UTC−4: 12:05Z is 08:05; 01:40Z of the 28th is 21:40 of the 27th.
    expect(html).toMatch(/data-testid="cash-closed-12">.*27\/11\/2026 08:05.*27\/11\/2026 21:40.*Ana Quispe.*31.*1\.234,50.*530,10.*530,00.*-0,10/);
    expect(html.indexOf('cash-closed-12')).toBeLessThan(html.indexOf('cash-closed-11'));
    // A session opened with a key has no cashier: the key's name is shown.
    expect(html).toMatch(/data-testid="cash-closed-11">.*Clave del dueño/);
    expect(html).toContain('Página 1 de 3');
  });

  it('says so when no cash was ever closed at this point of sale', () => {
    const html = renderToStaticMarkup(createElement(ClosedSessions, { page: page([]), onPage: () => undefined, onOpen: () => undefined }));
    expect(html).toContain('Todavía no se cerró ninguna caja');
    expect(html).not.toContain('cash-closed-list');
  });
});

describe('Caja: movement rows', () => {
  it('name the cashier and, for a withdrawal approved by PIN, the supervisor', () => {
    const movements: CashMovement[] = [
      { id: 'm1', kind: 'IN', amount: 20, reason: 'Cambio del banco', usuario: 'Ana Quispe', approver: null, createdAt: '2026-11-27T13:00:00.000Z' },
      { id: 'm2', kind: 'OUT', amount: 10, reason: 'Pago de bolsas', usuario: 'Ana Quispe', approver: 'Sergio Vargas', createdAt: '2026-11-27T15:30:00.000Z' },
    ];
    const html = renderToStaticMarkup(createElement(MovementsTable, { movements }));
    expect(html).toContain('Autorizó');
    expect(html).toMatch(/27\/11\/2026 11:30<\/td><td>Retiro<\/td><td class="num">10,00<\/td><td>Pago de bolsas<\/td><td>Ana Quispe<\/td><td data-testid="cash-movement-approver">Sergio Vargas<\/td>/);
    expect(html).toMatch(/<td>Ana Quispe<\/td><td data-testid="cash-movement-approver">—<\/td>/);
  });
});
