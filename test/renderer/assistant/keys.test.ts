// F1 is Ayuda SIAT on every screen; the sale's table of keys moved to Shift+F1; other keys unchanged.
import { describe, expect, it } from 'vitest';
import { commandForKey } from '../../../renderer/src/sale/keymap';

describe('F1', () => {
  it('opens Ayuda SIAT, in a field or not', () => {
    expect(commandForKey({ key: 'F1' }, true)).toEqual({ kind: 'assistant' });
    expect(commandForKey({ key: 'F1' }, false)).toEqual({ kind: 'assistant' });
  });

  it('Shift+F1 shows the sale’s keys; Ctrl, Alt or Meta with F1 do nothing', () => {
    expect(commandForKey({ key: 'F1', shiftKey: true }, true)).toEqual({ kind: 'sale', command: 'help' });
    expect(commandForKey({ key: 'F1', ctrlKey: true }, true)).toBeNull();
    expect(commandForKey({ key: 'F1', altKey: true }, true)).toBeNull();
    expect(commandForKey({ key: 'F1', metaKey: true }, true)).toBeNull();
  });

  it('the other keys keep their meaning', () => {
    expect(commandForKey({ key: 'F2' }, true)).toEqual({ kind: 'sale', command: 'focusSearch' });
    expect(commandForKey({ key: 'F12' }, true)).toEqual({ kind: 'sale', command: 'issue' });
    expect(commandForKey({ key: 'Escape' }, true)).toEqual({ kind: 'sale', command: 'cancel' });
    expect(commandForKey({ key: '3', altKey: true }, true)).toBeNull(); // Alt+3 opens Facturas (app/screens.ts)
  });
});
