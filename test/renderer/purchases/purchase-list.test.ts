// Compras as a person reads it (a fresh walk, item 6): SIAT's codes with their text (never a bare
// «908»), the error guide under a refused purchase, «Eliminar…» explained before it acts, «Sin
// compras» for an empty month, and a registration notice without jargon.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { PurchaseRecord } from '../../../shared/api-types';

vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api: {}, http: {}, bindSession: () => undefined, ...errors };
});

const { PurchaseList, importOutcome, registeredNotice } = await import('../../../renderer/src/purchases/PurchasesScreen');

const purchase = (over: Partial<PurchaseRecord>): PurchaseRecord =>
  ({
    id: 'p1', number: 1, emissionDate: '2026-11-20T00:00:00.000', issuerNit: 1003579028, issuerBusinessName: 'DISTRIBUIDORA ANDINA S.R.L.', invoiceNumber: '137',
    totalPurchaseAmount: 116, fiscalCredit: 15.08, state: 'ACCEPTED', responseCode: null, responseDescription: null, siatMessages: [], ...over,
  }) as PurchaseRecord;

const list = (items: PurchaseRecord[], loaded = true) => renderToStaticMarkup(createElement(PurchaseList, { items, loaded, year: 2026, month: 11, onDelete: () => {} }));

describe('Compras: the month’s list', () => {
  it('an accepted purchase shows SIAT’s code with its text, not a bare number', () => {
    const html = list([purchase({ responseCode: 908, responseDescription: 'VALIDADA' })]);
    // SIAT's word first, its code after (a fresh walk read «SIAT 908: VALIDADA» as a code to decipher).
    expect(html).toMatch(/data-testid="purchase-siat">VALIDADA \(código 908\)</);
    expect(html).not.toContain('purchase-siat-guide');
  });

  it('a refused purchase shows SIAT’s messages verbatim and the error guide under it', () => {
    const html = list([purchase({ state: 'REJECTED', responseCode: 902, responseDescription: 'RECHAZADA', siatMessages: [{ codigo: 1028, descripcion: 'CREDITO FISCAL INVALIDO' }] })]);
    expect(html).toMatch(/data-testid="purchase-siat">CREDITO FISCAL INVALIDO \(código 1028\)</);
    expect(html).toMatch(/data-testid="purchase-siat-guide"[^>]*data-codes="1028" data-operation="compra"/);
  });

  it('«Eliminar…» says what it does and asks before acting', () => {
    const html = list([purchase({})]);
    expect(html).toMatch(/data-testid="purchase-delete" title="Quita la compra del Libro de Compras; si SIAT ya la tiene, la elimina también allí">Eliminar…</);
    expect(html).not.toContain('purchase-delete-confirm');
  });

  it('an empty month says «Sin compras», once the month was read', () => {
    expect(list([])).toMatch(/data-testid="purchases-empty">Sin compras en 11\/2026\./);
    expect(list([], false)).not.toContain('Sin compras');
  });

  it('the registration notice says the purchase goes to SIAT by itself, in plain words', () => {
    const text = registeredNotice(3, 15.08, '');
    expect(text).toBe('Compra registrada (N° 3, crédito fiscal Bs 15,08). Kipu la envía a SIAT por sí solo y, si SIAT no responde, lo vuelve a intentar; su estado se ve en la lista.');
    expect(text).not.toMatch(/cola/);
    // A walk (set 12) read «(sin conexión, lo reintenta)» as if the till were offline.
    expect(text).not.toMatch(/sin conexión/);
  });

  it('an import that registered nothing is not a green success: its counts head the red list', () => {
    const refusedRow = { ok: false, row: 2, problems: [{ field: 'totalPurchaseAmount', rule: 'format', message: 'escriba un importe como 1.250,75' }] };
    const none = importOutcome({ created: 0, refused: 1, verdicts: [refusedRow] });
    expect(none.notice).toBe('');
    expect(none.errors[0]).toBe('Importación: 0 compras registradas, 1 fila con errores: no se registró ninguna compra.');
    expect(none.errors[1]).toMatch(/^Fila 2: /);
    const some = importOutcome({ created: 1, refused: 1, verdicts: [{ ok: true, row: 1, problems: [] }, refusedRow] });
    expect(some.notice).toBe('Importación: 1 compra registrada, 1 fila con errores');
    expect(some.errors).toHaveLength(1);
  });
});
