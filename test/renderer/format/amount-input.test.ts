import { describe, expect, it } from 'vitest';
import { amountInputText, formatQuantity, parseAmount, parseQuantity } from '../../../renderer/src/format/amount-input';

describe('amount input (es-BO)', () => {
  it.each([
    ['1.234,50', 123450],
    ['1234,5', 123450],
    ['1234.50', 123450],
    ['1.500', 150000],
    ['1.50', 150],
    ['Bs 20', 2000],
    ['0,05', 5],
    [',5', 50],
    ['1,234.50', 123450],
    ['  7 ', 700],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parseAmount(text)).toBe(cents);
  });

  it.each(['', 'abc', '1,2,3', '1.2.3', '1,234', '-5', '1,005'])('rejects %s', (text) => {
    // "1,234" has three decimals after a comma: not a valid amount
    expect(parseAmount(text)).toBeNull();
  });

  it('quantities must be greater than zero', () => {
    expect(parseQuantity('2,5')).toBe(250);
    expect(parseQuantity('0')).toBeNull();
  });

  it('formats quantities and edit text', () => {
    expect(formatQuantity(300)).toBe('3');
    expect(formatQuantity(250)).toBe('2,5');
    expect(formatQuantity(125)).toBe('1,25');
    expect(amountInputText(123450)).toBe('1234,50');
  });
});
