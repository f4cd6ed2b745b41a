// A scan while the cursor is in another field of the sale (the client's name, the cash received…)
// must add the product and leave that field as it was (issue 24, item 6). A wedge scanner types
// like a keyboard, so the field would get the code's digits: instead, the code characters typed
// into such a field are held back for up to one burst gap. If Enter ends a fast burst, the held
// characters were a scan and never reach the field (value and caret untouched); otherwise they are
// handed to the field, in order, before the next key or once the gap has passed: a person's key
// arrives at most `maxGapMs` late, which nobody notices.
import { isCodeChar } from './scanner';

export interface FieldScanOptions {
  /** Longest gap between two keys of a burst (as the scan detector's). */
  maxGapMs?: number;
  /** Shortest code a scanner sends. */
  minLength?: number;
}

/** What to do with one key press in a guarded field. */
export interface FieldKeyAction {
  /** Characters held earlier that go into the field now, before this key does anything. */
  release: string;
  /** Keep this key from the field (held, or the Enter that ended a scan). */
  hold: boolean;
  /** The code of the scan this Enter ended, or null. */
  scan: string | null;
}

export interface FieldScanGuard {
  /** A key pressed at time t (ms) in a guarded field. */
  key(key: string, t: number): FieldKeyAction;
  /** The gap has passed with no new key: the held characters, which now go into the field. */
  expire(): string;
  /** Characters held right now. */
  held(): string;
}

export function createFieldScanGuard(opts: FieldScanOptions = {}): FieldScanGuard {
  const maxGap = opts.maxGapMs ?? 50;
  const minLength = opts.minLength ?? 4;
  let held = '';
  let last = -Infinity;

  const take = () => {
    const out = held;
    held = '';
    return out;
  };

  return {
    key(key, t) {
      if (isCodeChar(key)) {
        // A key after a longer pause starts a new possible burst: what was held was typed.
        const release = t - last > maxGap ? take() : '';
        held += key;
        last = t;
        return { release, hold: true, scan: null };
      }
      if (key === 'Enter' && held.length >= minLength && t - last <= maxGap * 2) {
        last = -Infinity;
        return { release: '', hold: true, scan: take() };
      }
      last = -Infinity;
      return { release: take(), hold: false, scan: null };
    },
    expire() {
      last = -Infinity;
      return take();
    },
    held: () => held,
  };
}
