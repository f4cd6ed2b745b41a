// A scan while the cursor is in another field of the sale (the client's name, the cash received…)
// must add the product and leave that field as it was (issue 24, item 6). A wedge scanner types
// like a keyboard, so the field would get the code's digits: instead, the code characters typed
// into such a field are held back for up to one burst gap. If Enter ends a fast burst, the held
// characters were a scan and never reach the field (value and caret untouched); otherwise they are
// handed to the field, in order, before the next key or once the gap has passed: a person's key
// arrives at most `maxGapMs` late, which nobody notices. Times are the keys' own (scanner.ts,
// keyTime): a burst's key that a busy till handed over after the gap had let the held characters
// in takes them back out (`reclaim`), so a scan stays a scan however loaded the till is.
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
  /**
   * Characters the gap let into the field (expire) that this key shows were a burst's after all:
   * its time, the moment the system got it, is within the gap of theirs, and only a till too busy
   * to hand it over in time made it late. They are held again and are to be taken back out of the
   * field (or `drop` them when that cannot be done).
   */
  reclaim: string;
}

export interface FieldScanGuard {
  /** A key pressed at time t (ms) in a guarded field. */
  key(key: string, t: number): FieldKeyAction;
  /** The gap has passed with no new key: the held characters, which now go into the field. */
  expire(): string;
  /** Characters held right now. */
  held(): string;
  /** The first `n` held characters stay in the field: they could not be taken back out. */
  drop(n: number): void;
}

export function createFieldScanGuard(opts: FieldScanOptions = {}): FieldScanGuard {
  const maxGap = opts.maxGapMs ?? 50;
  const minLength = opts.minLength ?? 4;
  let held = '';
  let last = -Infinity;
  /** What the last expire let into the field, and the time of its last key. */
  let early: { text: string; last: number } | null = null;

  const take = () => {
    const out = held;
    held = '';
    return out;
  };

  return {
    key(key, t) {
      // A burst's key handed over after the gap let the held characters in (see `reclaim`).
      const late = (within: number) => (!held && early !== null && t - early.last <= within ? early : null);
      if (isCodeChar(key)) {
        const back = late(maxGap);
        early = null;
        if (back) {
          held = back.text;
          last = back.last;
        }
        // A key after a longer pause starts a new possible burst: what was held was typed.
        const release = t - last > maxGap || t < last ? take() : '';
        held += key;
        last = t;
        return { release, hold: true, scan: null, reclaim: back?.text ?? '' };
      }
      if (key === 'Enter') {
        const back = late(maxGap * 2);
        early = null;
        const code = back ? back.text : held;
        if (code.length >= minLength && t - (back ? back.last : last) <= maxGap * 2) {
          held = '';
          last = -Infinity;
          return { release: '', hold: true, scan: code, reclaim: back?.text ?? '' };
        }
      }
      early = null;
      last = -Infinity;
      return { release: take(), hold: false, scan: null, reclaim: '' };
    },
    expire() {
      const text = take();
      early = text ? { text, last } : null;
      last = -Infinity;
      return text;
    },
    held: () => held,
    drop(n) {
      held = held.slice(n);
    },
  };
}
