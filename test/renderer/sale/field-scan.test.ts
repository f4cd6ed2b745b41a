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
    expect(g.key('J', 1000)).toEqual({ release: '', hold: true, scan: null, reclaim: '' });
    expect(g.held()).toBe('J');
    expect(g.expire()).toBe('J');
    expect(g.held()).toBe('');
  });

  it('a short code, or an Enter long after the burst, is typing: the field gets it and Enter passes', () => {
    expect(run([...burst('123', 1000), ['Enter', 1010]])).toEqual({ field: '123', scans: [], passed: ['Enter'] });
    expect(run([...burst('7770000000043', 1000), ['Enter', 1500]])).toEqual({ field: '7770000000043', scans: [], passed: ['Enter'] });
  });

  it('a burst a busy till handed over late: the next key takes back what the gap let in, and it is still a scan', () => {
    // Keys stamped 4 ms apart by the system; the till was busy, its 50 ms timer fired after the
    // first six (they went into the field), and only then came the rest, with their own times.
    const g = createFieldScanGuard();
    let field = 'Juan';
    const code = '7770000000043';
    for (const [i, ch] of [...code.slice(0, 6)].entries()) expect(g.key(ch, 1000 + i * 4).hold).toBe(true);
    field += g.expire();
    expect(field).toBe('Juan777000');
    const next = g.key(code[6]!, 1000 + 6 * 4);
    expect(next.reclaim).toBe('777000');
    field = field.slice(0, field.length - next.reclaim.length);
    for (const [i, ch] of [...code.slice(7)].entries()) g.key(ch, 1000 + (7 + i) * 4);
    const enter = g.key('Enter', 1000 + code.length * 4);
    expect([field, enter.scan, enter.reclaim]).toEqual(['Juan', code, '']);
  });

  it("a person's next key after the gap takes nothing back; an Enter right after an expired scan's keys does", () => {
    const g = createFieldScanGuard();
    for (const [i, ch] of [...'7770000000043'].entries()) g.key(ch, 1000 + i * 4);
    expect(g.expire()).toBe('7770000000043');
    // The Enter was stamped 4 ms after the last key: the whole code is taken back as a scan.
    expect(g.key('Enter', 1000 + 13 * 4)).toEqual({ release: '', hold: true, scan: '7770000000043', reclaim: '7770000000043' });
    // Typing: a letter, the gap passes, the next letter 150 ms later keeps the first in the field.
    g.key('a', 5000);
    expect(g.expire()).toBe('a');
    expect(g.key('b', 5150)).toEqual({ release: '', hold: true, scan: null, reclaim: '' });
    // When the field changed meanwhile, the listener drops what it could not take back.
    g.expire();
    g.key('1', 6000);
    g.key('2', 6004);
    expect(g.expire()).toBe('12');
    expect(g.key('3', 6008).reclaim).toBe('12');
    g.drop(2);
    expect(g.held()).toBe('3');
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
