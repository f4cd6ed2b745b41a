import { describe, expect, it } from 'vitest';
import { looksLikeCode, parseSearchInput, splitScan } from '../../../renderer/src/sale/search-input';

describe('search input', () => {
  it('reads a quantity prefix', () => {
    expect(parseSearchInput('3*7750000000017')).toEqual({ quantity: 300, term: '7750000000017', badQuantity: false });
    expect(parseSearchInput('2,5 * arroz')).toEqual({ quantity: 250, term: 'arroz', badQuantity: false });
    expect(parseSearchInput('3*')).toEqual({ quantity: 300, term: '', badQuantity: false });
  });

  it('flags a bad quantity', () => {
    expect(parseSearchInput('x*A1').badQuantity).toBe(true);
    expect(parseSearchInput('0*A1').badQuantity).toBe(true);
  });

  it('passes plain text through', () => {
    expect(parseSearchInput('  arroz grano ')).toEqual({ quantity: null, term: 'arroz grano', badQuantity: false });
  });

  it('tells codes from words', () => {
    expect(looksLikeCode('A001')).toBe(true);
    expect(looksLikeCode('7750000000017')).toBe(true);
    expect(looksLikeCode('arroz')).toBe(false);
    expect(looksLikeCode('arroz 1kg')).toBe(false);
  });

  it('splits a scan from what was typed before it: a quantity applies, other text stays', () => {
    expect(splitScan('7770000000043', '7770000000043')).toEqual({ quantity: null, badQuantity: false, kept: '' });
    expect(splitScan('3*7770000000043', '7770000000043')).toEqual({ quantity: 300, badQuantity: false, kept: '' });
    expect(splitScan('2,5 * 7770000000043', '7770000000043')).toEqual({ quantity: 250, badQuantity: false, kept: '' });
    // Half a search typed by hand (a walk lost it and got «Código no encontrado: acei777…»).
    expect(splitScan('acei7770000000043', '7770000000043')).toEqual({ quantity: null, badQuantity: false, kept: 'acei' });
    expect(splitScan('x*7770000000043', '7770000000043')?.badQuantity).toBe(true);
    // The burst is not at the end (the caret was in the middle): read whole, as typing.
    expect(splitScan('77700acei', '77700')).toBeNull();
  });
});

