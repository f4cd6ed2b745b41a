import { describe, expect, it } from 'vitest';
import { looksLikeCode, parseSearchInput } from '../../../renderer/src/sale/search-input';

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
});
