import { describe, expect, it } from 'vitest';
import { SALE_KEY_HINTS, commandForKey } from '../../../renderer/src/sale/keymap';

describe('keyboard commands', () => {
  it('maps the function keys of the sale', () => {
    expect(commandForKey({ key: 'F2' }, true)).toEqual({ kind: 'sale', command: 'focusSearch' });
    expect(commandForKey({ key: 'F4' }, true)).toEqual({ kind: 'sale', command: 'focusClient' });
    expect(commandForKey({ key: 'F6' }, true)).toEqual({ kind: 'sale', command: 'focusPayment' });
    expect(commandForKey({ key: 'F8' }, true)).toEqual({ kind: 'sale', command: 'lineDiscount' });
    expect(commandForKey({ key: 'F12' }, true)).toEqual({ kind: 'sale', command: 'issue' });
    expect(commandForKey({ key: 'Escape' }, true)).toEqual({ kind: 'sale', command: 'cancel' });
  });

  it('issues with Ctrl+Enter too (F12 may open developer tools in a browser)', () => {
    expect(commandForKey({ key: 'Enter', ctrlKey: true }, true)).toEqual({ kind: 'sale', command: 'issue' });
  });

  it('leaves *, Delete and arrows to text fields', () => {
    expect(commandForKey({ key: '*' }, true)).toBeNull();
    expect(commandForKey({ key: 'Delete' }, true)).toBeNull();
    expect(commandForKey({ key: '*' }, false)).toEqual({ kind: 'sale', command: 'editQuantity' });
    expect(commandForKey({ key: 'Delete' }, false)).toEqual({ kind: 'sale', command: 'removeLine' });
    expect(commandForKey({ key: 'ArrowDown' }, false)).toEqual({ kind: 'sale', command: 'selectNext' });
  });

  it('leaves Alt+digit to the screen registry (app/screens.ts)', () => {
    expect(commandForKey({ key: '1', altKey: true }, true)).toBeNull();
    expect(commandForKey({ key: '0', altKey: false }, false)).toBeNull();
  });

  it('ignores modified function keys and plain letters (Shift+F12 is the reprint, below)', () => {
    expect(commandForKey({ key: 'F5', shiftKey: true }, true)).toBeNull();
    expect(commandForKey({ key: 'F9', shiftKey: true }, false)).toBeNull();
    expect(commandForKey({ key: 'a' }, false)).toBeNull();
    expect(commandForKey({ key: 'F5', metaKey: true }, false)).toBeNull();
  });

  it('every hint shown on screen maps to its command', () => {
    for (const h of SALE_KEY_HINTS) {
      const key = h.key === 'Esc' ? 'Escape' : h.key;
      expect(commandForKey({ key, shiftKey: h.shift }, true)).toEqual({ kind: 'sale', command: h.command });
      // What the cashier reads names Shift as an es-BO keyboard does (a walk read both «Mayús» and «Shift»).
      expect(h.keys).toBe(h.shift ? `Mayús+${h.key}` : h.key);
    }
  });

  it('Shift+F12 reprints the last ticket, from a field too; F12 alone still issues', () => {
    expect(commandForKey({ key: 'F12', shiftKey: true }, true)).toEqual({ kind: 'sale', command: 'reprint' });
    expect(commandForKey({ key: 'F12', shiftKey: true }, false)).toEqual({ kind: 'sale', command: 'reprint' });
    expect(commandForKey({ key: 'F12' }, true)).toEqual({ kind: 'sale', command: 'issue' });
    expect(SALE_KEY_HINTS.find((h) => h.command === 'reprint')?.keys).toBe('Mayús+F12');
  });

  it('F10 parks the sale (held sales, issue 27) and Shift+F10 lists the waiting ones, from a field too', () => {
    expect(commandForKey({ key: 'F10' }, true)).toEqual({ kind: 'sale', command: 'parkSale' });
    expect(commandForKey({ key: 'F10', shiftKey: true }, false)).toEqual({ kind: 'sale', command: 'parkedList' });
    expect(SALE_KEY_HINTS.find((h) => h.command === 'parkSale')?.keys).toBe('F10');
  });
});
