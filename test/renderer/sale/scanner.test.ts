import { describe, expect, it } from 'vitest';
import { createScanDetector, isCodeChar, keyTime } from '../../../renderer/src/sale/scanner';

function type(d: ReturnType<typeof createScanDetector>, text: string, start: number, gap: number): number {
  let t = start;
  for (const ch of text) {
    d.char(ch, t);
    t += gap;
  }
  return t - gap;
}

describe('scanner detection', () => {
  it('treats a fast burst ended by Enter as a scan', () => {
    const d = createScanDetector();
    const last = type(d, '7750000000017', 1000, 8);
    expect(d.enter(last + 10)).toEqual({ code: '7750000000017', scanned: true });
  });

  it('treats slow typing as a person', () => {
    const d = createScanDetector();
    const last = type(d, 'A001', 1000, 180);
    expect(d.enter(last + 200).scanned).toBe(false);
  });

  it('keeps only the final burst when a person typed before the scan (quantity prefix)', () => {
    const d = createScanDetector();
    const t = type(d, '3*', 1000, 200);
    const last = type(d, '7750000000017', t + 900, 5);
    const r = d.enter(last + 5);
    expect(r).toEqual({ code: '7750000000017', scanned: true });
  });

  it('ignores bursts shorter than a code', () => {
    const d = createScanDetector({ minLength: 4 });
    const last = type(d, '12', 0, 5);
    expect(d.enter(last + 5).scanned).toBe(false);
  });

  it('a late Enter after a burst is not a scan', () => {
    const d = createScanDetector();
    const last = type(d, '7750000000017', 0, 5);
    expect(d.enter(last + 2000).scanned).toBe(false);
  });

  it('reads a key at the time it came, not when a busy till got to it', () => {
    // A scanner's keys 4 ms apart, handled 60 ms apart by a till busy rendering: still a scan.
    const d = createScanDetector();
    const keys = [...'7750000000017'].map((ch, i) => ({ ch, timeStamp: 1000 + i * 4, handledAt: 1000 + i * 60 }));
    for (const k of keys) d.char(k.ch, keyTime(k, k.handledAt));
    expect(d.enter(keyTime({ timeStamp: 1000 + keys.length * 4 }, 1000 + keys.length * 60)).scanned).toBe(true);
    // On the handler's clock the same keys read as a person typing.
    const late = createScanDetector();
    for (const k of keys) late.char(k.ch, k.handledAt);
    expect(late.enter(1000 + keys.length * 60).scanned).toBe(false);
    // A time on another clock (later than now, or none) gives way to the handler's.
    expect(keyTime({ timeStamp: Date.now() }, 5000)).toBe(5000);
    expect(keyTime({ timeStamp: 0 }, 5000)).toBe(5000);
  });

  it('a key stamped before the last one starts a new burst (a person’s last key is not pulled into a scan)', () => {
    const d = createScanDetector();
    d.char('i', 5000);
    const last = type(d, '7750000000017', 4900, 4);
    expect(d.enter(last + 4)).toEqual({ code: '7750000000017', scanned: true });
  });

  it('knows which keys a wedge sends as code characters', () => {
    expect(isCodeChar('7')).toBe(true);
    expect(isCodeChar('-')).toBe(true);
    expect(isCodeChar('Enter')).toBe(false);
    expect(isCodeChar(' ')).toBe(false);
  });
});
