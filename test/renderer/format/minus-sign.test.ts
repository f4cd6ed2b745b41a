// One minus sign (issue 24, item 17): a negative amount is written by the one formatter
// (shared/money.ts: "Bs -18,50"), never with a sign of its own in front ("−Bs 18,50").
import { describe, expect, it } from 'vitest';
import { formatAmountEs, formatBs } from '../../../shared/money';

const sources = import.meta.glob('../../../renderer/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

describe('minus sign', () => {
  it('the formatter writes a negative amount with a hyphen-minus before the figure', () => {
    expect(formatBs(-1850)).toBe('Bs -18,50');
    expect(formatAmountEs(-200000)).toBe('-2.000,00');
  });

  it('no screen puts its own minus (− or -) in front of a formatted amount', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const offenders: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      text.split('\n').forEach((line, i) => {
        if (/[−-]\{?\s*(formatBs|formatAmountEs|bs)\(|[`'"]\s*[−-]\$\{\s*(formatBs|formatAmountEs|bs)\(|\u2212/.test(line) && !/^\s*(\/\/|\/?\*)/.test(line)) {
          offenders.push(`${file}:${i + 1}: ${line.trim()}`);
        }
      });
    }
    expect(offenders).toEqual([]);
  });
});
