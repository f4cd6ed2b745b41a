// A scan with the cursor in another field of the sale (issue 24, item 6): the guard holds a
// field's code characters for one burst gap, gives a person's keys to the field in order, and
// keeps a scanner's burst (and its Enter) out of the field.
import { describe, expect, it } from 'vitest';
import { createFieldScanGuard, type FieldKeyAction } from '../../../renderer/src/sale/field-scan';

/** What the field receives, key by key, as the listener applies the guard's answers. */
function run(keys: [string, number][], expireAt: number[] = []) {
  const g = createFieldScanGuard();
  let field = '';
  const scans: string[] = [];
  const passed: string[] = [];
  const expiries = [...expireAt];
  for (const [key, t] of keys) {
    while (expiries.length > 0 && expiries[0]! <= t) {
      expiries.shift();
      field += g.expire();
    }
    const a: FieldKeyAction = g.key(key, t);
    field += a.release;
    if (a.scan !== null) scans.push(a.scan);
    else if (!a.hold) passed.push(key);
  }
  field += g.expire();
  return { field, scans, passed };
}

const burst = (code: string, start: number, gap = 3): [string, number][] => [...code].map((c, i) => [c, start + i * gap]);

describe('field scan guard', () => {
  it('keeps a scanner burst ended by Enter out of the field and reports its code', () => {
    const keys = burst('7770000000043', 1000);
    const r = run([...keys, ['Enter', 1000 + 13 * 3]]);
    expect(r).toEqual({ field: '', scans: ['7770000000043'], passed: [] });
  });

  it("gives a person's keys to the field, in order, whatever key comes next", () => {
    // "Quispe": letters 150 ms apart, each released when the next comes; then a space and Tab.
    const keys: [string, number][] = [...'Quispe'].map((c, i) => [c, 1000 + i * 150]);
    const r = run([...keys, [' ', 2000], ['Tab', 2200]]);
    expect(r.field).toBe('Quispe');
    expect(r.scans).toEqual([]);
    expect(r.passed).toEqual([' ', 'Tab']);
  });

  it('releases held keys when the gap passes with no key (the listener’s timer)', () => {
    const g = createFieldScanGuard();
    expect(g.key('J', 1000)).toEqual({ release: '', hold: true, scan: null });
    expect(g.held()).toBe('J');
    expect(g.expire()).toBe('J');
    expect(g.held()).toBe('');
  });

  it('a short code, or an Enter long after the burst, is typing: the field gets it and Enter passes', () => {
    expect(run([...burst('123', 1000), ['Enter', 1010]])).toEqual({ field: '123', scans: [], passed: ['Enter'] });
    expect(run([...burst('7770000000043', 1000), ['Enter', 1500]])).toEqual({ field: '7770000000043', scans: [], passed: ['Enter'] });
  });

  it('a burst right after a word typed by hand takes only the burst', () => {
    // "Juan" typed slowly, then a scan starting 200 ms later.
    const word: [string, number][] = [...'Juan'].map((c, i) => [c, 1000 + i * 120]);
    const r = run([...word, ...burst('7751234000017', 1600), ['Enter', 1600 + 13 * 3]]);
    expect(r.field).toBe('Juan');
    expect(r.scans).toEqual(['7751234000017']);
  });

  it('a key that is not a code character (é, space) releases what was held before it, so the order stays', () => {
    const r = run([['J', 1000], ['o', 1010], ['s', 1020], ['é', 1030]]);
    expect(r.field).toBe('Jos');
    expect(r.passed).toEqual(['é']);
  });
});
