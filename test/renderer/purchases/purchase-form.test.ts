// Compras' amounts through the till's es-BO parser (issue 24 item 2: "1.500" was stored as 1,50
// and "1.250,75" refused).
import { describe, expect, it } from 'vitest';
import { purchasePreview, purchaseRequest } from '../../../renderer/src/purchases/purchase-form';

const base = { issuerNit: '1003579028', issuerBusinessName: 'DISTRIBUIDORA ANDINA S.R.L.', authorizationCode: 'ABC', invoiceNumber: '137', purchaseType: '1' };

describe('Compras form', () => {
  it.each([
    ['1.500', 1500, '1.500,00', '195,00'],
    ['1.250,75', 1250.75, '1.250,75', '162,60'],
    ['1500', 1500, '1.500,00', '195,00'],
    ['0,5', 0.5, '0,50', '0,07'],
    ['Bs 116', 116, '116,00', '15,08'],
  ])('reads the total "%s" as Bs %d', (typed, bolivianos) => {
    const r = purchaseRequest({ ...base, totalPurchaseAmount: typed }, '2026-11-26', 'MANUAL');
    expect(r).toMatchObject({ ok: true, body: { totalPurchaseAmount: bolivianos, emissionDate: '2026-11-26', purchaseType: 1, source: 'MANUAL' } });
  });

  it('previews the crédito fiscal of what was typed', () => {
    expect(purchasePreview({ totalPurchaseAmount: '1.500' })).toEqual({ subtotal: 150000, base: 150000, credit: 19500 });
    expect(purchasePreview({ totalPurchaseAmount: '1.250,75' })).toEqual({ subtotal: 125075, base: 125075, credit: 16260 });
    expect(purchasePreview({ totalPurchaseAmount: '1.250,75', iceAmount: '50,75', discount: '100' })).toEqual({ subtotal: 120000, base: 110000, credit: 14300 });
  });

  it('sends every amount field parsed the same way and leaves empty ones out', () => {
    const r = purchaseRequest({ ...base, totalPurchaseAmount: '2.000', iceAmount: '12,5', discount: '1.000,10', rates: ' ' }, '2026-11-26', 'QR');
    expect(r.ok).toBe(true);
    const body = (r as { body: Record<string, unknown> }).body;
    expect(body).toMatchObject({ totalPurchaseAmount: 2000, iceAmount: 12.5, discount: 1000.1, source: 'QR' });
    expect('rates' in body).toBe(false);
  });

  it('refuses an amount it cannot read, naming the field, instead of sending another value', () => {
    const r = purchaseRequest({ ...base, totalPurchaseAmount: '1,2,3', discount: 'diez' }, '2026-11-26', 'MANUAL');
    expect(r).toEqual({ ok: false, problems: ['Importe total: escriba un importe como 1.250,75', 'Descuentos: escriba un importe como 1.250,75'] });
  });

  it('refuses a date that does not exist', () => {
    const r = purchaseRequest({ ...base, totalPurchaseAmount: '100' }, null, 'MANUAL');
    expect(r).toEqual({ ok: false, problems: ['Fecha: escriba una fecha dd/mm/aaaa que exista'] });
  });
});
