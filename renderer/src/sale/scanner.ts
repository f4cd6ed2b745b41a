// Keyboard-wedge barcode scanners "type" the code in a burst (a few ms per key) and press
// Enter. A person types at 100+ ms per key. The detector watches key timing: Enter right
// after a fast burst of at least `minLength` characters is a scan.

export interface ScanDetectorOptions {
  /** Longest gap between two keys of a burst. */
  maxGapMs?: number;
  /** Shortest code a scanner sends. */
  minLength?: number;
}

export interface ScanResult {
  /** Characters of the final burst. */
  code: string;
  /** True when the Enter ended a scanner burst. */
  scanned: boolean;
}

export interface ScanDetector {
  /** A printable character was typed at time t (ms). */
  char(ch: string, t: number): void;
  /** Enter at time t: classifies and resets. */
  enter(t: number): ScanResult;
  /** True while a burst is building (keys are coming fast). */
  inBurst(t: number): boolean;
  reset(): void;
}

export function createScanDetector(opts: ScanDetectorOptions = {}): ScanDetector {
  const maxGap = opts.maxGapMs ?? 50;
  const minLength = opts.minLength ?? 4;
  let burst = '';
  let last = -Infinity;

  return {
    char(ch, t) {
      // A key stamped before the last one (clocks of different sources) starts afresh too.
      if (t - last > maxGap || t < last) burst = '';
      burst += ch;
      last = t;
    },
    enter(t) {
      const scanned = burst.length >= minLength && t - last <= maxGap * 2;
      const result = { code: burst, scanned };
      burst = '';
      last = -Infinity;
      return result;
    },
    inBurst(t) {
      return burst.length > 0 && t - last <= maxGap;
    },
    reset() {
      burst = '';
      last = -Infinity;
    },
  };
}

/**
 * When a key came: the event's own time (for a real key, the moment the system got it), so a
 * till that was busy rendering while a scanner's keys arrived still sees the burst's real gaps,
 * not the gaps between the handler's turns. The handler's time where the event's time is on
 * another clock (a test DOM stamps events with the wall clock).
 */
export function keyTime(e: { timeStamp: number }, now: number = performance.now()): number {
  return e.timeStamp > 0 && e.timeStamp <= now ? e.timeStamp : now;
}

/** The shortest retail barcode (EAN-8). */
export const SHORTEST_BARCODE = 8;

/** Keys a wedge scanner sends as code characters. */
export function isCodeChar(key: string): boolean {
  return key.length === 1 && /[0-9A-Za-z\-_./+]/.test(key);
}
