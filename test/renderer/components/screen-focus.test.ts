// When the till gives the keyboard back to the screen (issue 24, set 12): only when the control
// that had it is gone and nothing holds it — never over a focus a person or a screen placed.
import { describe, expect, it } from 'vitest';
import { focusLost } from '../../../renderer/src/components/screen-focus';

describe('focusLost', () => {
  const body = { isConnected: true };
  const gone = { isConnected: false };
  const here = { isConnected: true };
  it('the focused control was removed and the page holds the focus: lost', () => {
    expect(focusLost(body as never, body as never, gone)).toBe(true);
    expect(focusLost(null, body as never, gone)).toBe(true);
  });

  it('a control has the focus, the last one is still there, or there was none: not lost', () => {
    expect(focusLost(here as never, body as never, gone)).toBe(false);
    expect(focusLost(body as never, body as never, here)).toBe(false);
    expect(focusLost(body as never, body as never, null)).toBe(false);
  });
});
