import { describe, expect, it } from 'vitest';
import { drawerAfterSale } from '../../../renderer/src/sale/issue-store';

describe('drawer after a sale', () => {
  const printer = { printOnIssue: false, drawerKick: true };

  it('opens on its own for a sale with cash when the ticket is not printed', () => {
    expect(drawerAfterSale(printer, true)).toBe(true);
  });

  it('never opens for a card-only sale', () => {
    expect(drawerAfterSale(printer, false)).toBe(false);
  });

  it('leaves it to the ticket when the ticket prints, and to nobody without a drawer or printer settings', () => {
    expect(drawerAfterSale({ ...printer, printOnIssue: true }, true)).toBe(false);
    expect(drawerAfterSale({ ...printer, drawerKick: false }, true)).toBe(false);
    expect(drawerAfterSale(null, true)).toBe(false);
  });
});
