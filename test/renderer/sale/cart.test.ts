import { describe, expect, it } from 'vitest';
import { addLine, cartTotals, checkLineDiscount, lineFromProduct, lineSubtotal, withQuantity } from '../../../renderer/src/sale/cart';
import { product } from './fixtures';

describe('cart arithmetic in cents', () => {
  it('multiplies quantity by price with HALF-UP rounding to cents', () => {
    // 0,333 is not a valid quantity (2 decimals) but 1,25 × 0,99 = 1,2375 → 1,24
    const line = { ...lineFromProduct(product({ priceUnit: 0.99 }), 125), discount: 0 };
    expect(lineSubtotal(line)).toBe(124);
  });

  it('avoids floating point noise: 3 × 0,10 + 0,20 is exactly 0,50', () => {
    const a = lineFromProduct(product({ id: 'a', priceUnit: 0.1 }), 300);
    const b = lineFromProduct(product({ id: 'b', priceUnit: 0.2 }), 100);
    expect(cartTotals([a, b]).total).toBe(50);
  });

  it('computes subtotal, line discounts, additional discount, gift card and amount due', () => {
    const a = { ...lineFromProduct(product({ id: 'a', priceUnit: 12.5 }), 200), discount: 100 }; // 25,00 − 1,00
    const b = lineFromProduct(product({ id: 'b', priceUnit: 7.3 }), 100); // 7,30
    const t = cartTotals([a, b], 230, 1000);
    expect(t.gross).toBe(3230);
    expect(t.lineDiscounts).toBe(100);
    expect(t.subtotal).toBe(3130);
    expect(t.total).toBe(2900);
    expect(t.due).toBe(1900);
    expect(t.items).toBe(300);
  });

  it('never reports a negative amount due when the gift card covers everything', () => {
    const a = lineFromProduct(product({ priceUnit: 10 }), 100);
    expect(cartTotals([a], 0, 1500).due).toBe(0);
  });

  it('merges a product added twice into one line', () => {
    const p = product();
    let { lines } = addLine([], lineFromProduct(p, 100));
    const r = addLine(lines, lineFromProduct(p, 250));
    lines = r.lines;
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(350);
    expect(r.index).toBe(0);
  });

  it('refuses a price with more than two decimals instead of rounding it', () => {
    expect(() => lineFromProduct(product({ priceUnit: 1.005 }), 100)).toThrow(/precio/);
  });

  it('rejects a line discount as large as the line', () => {
    const line = lineFromProduct(product({ priceUnit: 10 }), 100);
    expect(checkLineDiscount(line, 1000)).toMatch(/menor/);
    expect(checkLineDiscount(line, -1)).toMatch(/negativo/);
    expect(checkLineDiscount(line, 999)).toBeNull();
  });

  it('drops a discount that no longer fits when the quantity goes down', () => {
    const line = { ...lineFromProduct(product({ priceUnit: 10 }), 300), discount: 1500 };
    expect(withQuantity(line, 100).discount).toBe(0);
    expect(withQuantity(line, 200).discount).toBe(1500);
  });
});
