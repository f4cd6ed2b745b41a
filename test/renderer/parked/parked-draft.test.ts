// A sale parked and recalled comes back as it was (issue 27): lines in cents, the client (its NIT
// check asked again), the payment and the sector's fields; the list tells the wait in words.
import { describe, expect, it } from 'vitest';
import { fromParked, parkedAge, parkedLabel, toParked, type SaleSnapshot } from '../../../renderer/src/parked/parked-draft';
import { EMPTY_CLIENT } from '../../../renderer/src/sale/client';
import { EMPTY_PAYMENT } from '../../../renderer/src/sale/payment';
import type { ParkedSaleDto } from '../../../shared/api/parked-sales';

const sale: SaleSnapshot = {
  lines: [
    { key: 'p1', productId: 'p1', code: 'ARR-1', description: 'Arroz', unitMeasure: 57, activityEconomic: '471110', codeProductSin: '99100', unitPrice: 950, quantity: 250, discount: 190 },
  ],
  additionalDiscount: 40,
  client: { ...EMPTY_CLIENT, documentNumber: '5115889', businessName: 'Juan Quispe', nitStatus: 'valid', nitMessage: 'NIT ACTIVO' },
  payment: { ...EMPTY_PAYMENT, received: 2000, unreadable: { 'Descuento adicional': '5,,5' } },
  sector: { header: { a: '1' }, lines: {} },
};

describe('parked sale', () => {
  it('goes to the engine in Bs with 2 decimals and comes back the same (the NIT to check again)', () => {
    const req = toParked('pos-1', sale);
    expect(req.lines[0]).toMatchObject({ unitPrice: 9.5, quantity: 2.5, discount: 1.9 });
    expect(req.additionalDiscount).toBe(0.4);
    expect(req.label).toBe('Juan Quispe');
    const dto: ParkedSaleDto = {
      id: 'x', posId: 'pos-1', status: 'WAITING', parkedBy: 'Carla', label: req.label ?? null, lineCount: 1, total: 21.31,
      lines: req.lines, additionalDiscount: req.additionalDiscount ?? 0, draft: req.draft ?? {}, parkedAt: '2026-11-27T10:00:00.000', recalledAt: null, recalledBy: null,
    };
    const back = fromParked(dto);
    expect(back.lines).toEqual(sale.lines);
    expect(back.additionalDiscount).toBe(40);
    expect(back.client).toEqual({ ...sale.client, nitStatus: 'unchecked', nitMessage: '' });
    // An unreadable field's text is not kept: the recalled sale has nothing to correct.
    expect(req.draft?.payment).toMatchObject({ unreadable: {} });
    expect(back.payment).toEqual({ ...sale.payment, unreadable: {} });
    expect(back.sector).toEqual(sale.sector);
  });

  it('says whose sale it was when someone else left it, and how long it has waited', () => {
    expect(parkedLabel({ ...sale, client: EMPTY_CLIENT }, 'Carla Cajera')).toBe('1 producto — venta de Carla Cajera');
    const t = Date.UTC(2026, 10, 27, 10, 0);
    expect(parkedAge(t, t + 30_000)).toBe('hace menos de 1 min');
    expect(parkedAge(t, t + 7 * 60_000)).toBe('hace 7 min');
    expect(parkedAge(t, t + 65 * 60_000)).toBe('hace 1 h 05 min');
    expect(parkedAge(t, t + 26 * 3_600_000)).toBe('hace 1 día');
  });
});
