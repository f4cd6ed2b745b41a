// Percent discounts (issue 27): "10%" typed in a discount field is an exact amount of what it
// applies to, HALF-UP to cents; an amount stays an amount; bad input is said in Spanish.
import { describe, expect, it } from 'vitest';
import { parseDiscount } from '../../../renderer/src/sale/discount-input';
import { percentOf } from '../../../shared/money';

describe('discount as typed', () => {
  it('a percent of the base becomes exact cents, HALF-UP', () => {
    expect(parseDiscount('10%', 1900)).toEqual({ ok: true, amount: 190, percent: 10 });
    expect(parseDiscount('12,5 %', 1990)).toEqual({ ok: true, amount: 249, percent: 12.5 }); // 248,75 → 249
    expect(parseDiscount('15%', 1850)).toEqual({ ok: true, amount: 278, percent: 15 }); // 277,5 → 278
    expect(parseDiscount('100%', 1234)).toMatchObject({ ok: true, amount: 1234 });
    expect(percentOf(333, 3333)).toBe(111); // 110,9889 → 111
  });

  it('an amount stays an amount; empty is no discount', () => {
    expect(parseDiscount('5,50', 1900)).toEqual({ ok: true, amount: 550, percent: null });
    expect(parseDiscount('  ', 1900)).toEqual({ ok: true, amount: 0, percent: null });
  });

  it('refuses what is not a percent or an amount', () => {
    expect(parseDiscount('10,555%', 1900)).toEqual({ ok: false, error: 'Porcentaje no válido (ejemplo: 10% o 12,5%).' });
    expect(parseDiscount('0%', 1900)).toMatchObject({ ok: false });
    expect(parseDiscount('120%', 1900)).toEqual({ ok: false, error: 'El porcentaje no puede pasar de 100%.' });
    expect(parseDiscount('diez', 1900)).toEqual({ ok: false, error: 'Monto no válido (ejemplo: 5,50 o 10%).' });
  });
});
