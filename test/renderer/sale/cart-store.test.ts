import { beforeEach, describe, expect, it } from 'vitest';
import { useCart } from '../../../renderer/src/sale/cart-store';
import { product } from './fixtures';

beforeEach(() => useCart.getState().clear());

describe('cart store', () => {
  it('adds, merges and selects the touched line', () => {
    const c = useCart.getState();
    c.addProduct(product({ id: 'a', code: 'A' }), 100);
    c.addProduct(product({ id: 'b', code: 'B' }), 100);
    c.addProduct(product({ id: 'a', code: 'A' }), 200);
    const s = useCart.getState();
    expect(s.lines.map((l) => [l.code, l.quantity])).toEqual([
      ['A', 300],
      ['B', 100],
    ]);
    expect(s.selected).toBe(0);
  });

  it('refuses inactive products', () => {
    expect(useCart.getState().addProduct(product({ active: false }), 100)).toMatch(/inactivo/);
    expect(useCart.getState().lines).toHaveLength(0);
  });

  it('edits quantity and discount of the selected line with validation', () => {
    const c = useCart.getState();
    c.addProduct(product({ priceUnit: 10 }), 100);
    expect(c.setQuantity(0, 0)).toMatch(/mayor a cero/);
    expect(c.setQuantity(0, 300)).toBeNull();
    expect(c.setDiscount(0, 3000)).toMatch(/menor/);
    expect(c.setDiscount(0, 500)).toBeNull();
    expect(useCart.getState().lines[0]).toMatchObject({ quantity: 300, discount: 500 });
  });

  it('removes the selected line and keeps the selection in range', () => {
    const c = useCart.getState();
    c.addProduct(product({ id: 'a' }), 100);
    c.addProduct(product({ id: 'b' }), 100);
    useCart.getState().move(5);
    expect(useCart.getState().selected).toBe(1);
    useCart.getState().removeSelected();
    expect(useCart.getState().lines).toHaveLength(1);
    expect(useCart.getState().selected).toBe(0);
  });

  it('does not open a line editor on an empty cart', () => {
    useCart.getState().openEditor('quantity');
    expect(useCart.getState().editor).toBeNull();
    useCart.getState().openEditor('additionalDiscount');
    expect(useCart.getState().editor).toBe('additionalDiscount');
  });
});
