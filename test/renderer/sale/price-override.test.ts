// Another price than the catalog's for a line (Shift+F8, issue 27): the cart takes it (a cajero's
// is approved by a supervisor when the engine asks, at F12); a discount the new amount cannot
// carry is dropped, never left above the line's amount.
import { beforeEach, describe, expect, it } from 'vitest';
import { useCart } from '../../../renderer/src/sale/cart-store';
import { commandForKey } from '../../../renderer/src/sale/keymap';
import { product } from './fixtures';

beforeEach(() => useCart.getState().clear());

describe('price override at the till', () => {
  it('Shift+F8 opens the price; the line takes the new price; zero is refused', () => {
    expect(commandForKey({ key: 'F8', shiftKey: true }, true)).toEqual({ kind: 'sale', command: 'linePrice' });
    const c = useCart.getState();
    c.addProduct(product({ priceUnit: 10 }), 200);
    expect(c.setPrice(0, 0)).toMatch(/mayor a cero/);
    expect(c.setPrice(0, 850)).toBeNull();
    expect(useCart.getState().lines[0]).toMatchObject({ unitPrice: 850, quantity: 200 });
  });

  it('a discount the new amount cannot carry is dropped; one it can carry stays', () => {
    const c = useCart.getState();
    c.addProduct(product({ priceUnit: 10 }), 100);
    expect(c.setDiscount(0, 500)).toBeNull();
    expect(c.setPrice(0, 800)).toBeNull();
    expect(useCart.getState().lines[0]!.discount).toBe(500);
    expect(c.setPrice(0, 400)).toBeNull();
    expect(useCart.getState().lines[0]!.discount).toBe(0);
  });
});
