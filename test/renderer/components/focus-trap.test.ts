// The dialog's focus trap and Enter (issue 24, item 13): Tab cycles inside, Enter in a field confirms.
import { describe, expect, it } from 'vitest';
import { enterConfirms, trapTarget } from '../../../renderer/src/components/focus-trap';

describe('trapTarget', () => {
  const controls = ['reason', 'confirm', 'back', 'close'];
  it('wraps Tab from the last control to the first and Shift+Tab from the first to the last', () => {
    expect(trapTarget(controls, 'close', false)).toBe('reason');
    expect(trapTarget(controls, 'reason', true)).toBe('close');
  });

  it('lets the browser move between two controls of the dialog', () => {
    expect(trapTarget(controls, 'reason', false)).toBeNull();
    expect(trapTarget(controls, 'back', true)).toBeNull();
  });

  it('brings a focus that is not on a control (the dialog itself, the page) back in', () => {
    expect(trapTarget(controls, null, false)).toBe('reason');
    expect(trapTarget(controls, 'outside', false)).toBe('reason');
    expect(trapTarget(controls, 'outside', true)).toBe('close');
    expect(trapTarget([], 'outside', false)).toBeNull();
  });
});

describe('enterConfirms', () => {
  it('confirms from a field or a select, not from a button, a link or a text area, nor while composing', () => {
    expect(enterConfirms({ tagName: 'SELECT' })).toBe(true);
    expect(enterConfirms({ tagName: 'input' })).toBe(true);
    expect(enterConfirms({ tagName: 'DIV' })).toBe(true);
    expect(enterConfirms({ tagName: 'BUTTON' })).toBe(false);
    expect(enterConfirms({ tagName: 'A' })).toBe(false);
    expect(enterConfirms({ tagName: 'TEXTAREA' })).toBe(false);
    expect(enterConfirms({ tagName: 'INPUT' }, true)).toBe(false);
    expect(enterConfirms(null)).toBe(false);
  });
});
