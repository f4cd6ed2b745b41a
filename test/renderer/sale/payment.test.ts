import { describe, expect, it } from 'vitest';
import { changeDue, maskCardNumber, paymentMethodCode, validatePayment, type Payment } from '../../../renderer/src/sale/payment';

const cash = (over: Partial<Payment> = {}): Payment => ({ kind: 'cash', received: null, cardNumber: '', giftCard: 0, ...over });

describe('payment', () => {
  it('maps the combination to SIAT payment-method codes', () => {
    expect(paymentMethodCode(cash(), { due: 100 })).toBe(1);
    expect(paymentMethodCode(cash({ kind: 'card' }), { due: 100 })).toBe(2);
    expect(paymentMethodCode(cash({ giftCard: 100 }), { due: 0 })).toBe(27);
    expect(paymentMethodCode(cash({ giftCard: 100 }), { due: 50 })).toBe(35);
    expect(paymentMethodCode(cash({ kind: 'card', giftCard: 100 }), { due: 50 })).toBe(40);
  });

  it('computes the change in cents', () => {
    expect(changeDue(cash({ received: 5000 }), { due: 3270 })).toBe(1730);
    expect(changeDue(cash({ received: 3000 }), { due: 3270 })).toBeNull();
    expect(changeDue(cash(), { due: 3270 })).toBeNull();
  });

  it('masks the card number as SIAT wants: first 4, eight zeros, last 4', () => {
    expect(maskCardNumber('4111 1111 1111 1234')).toBe('4111000000001234');
    expect(maskCardNumber('41111234')).toBe('4111000000001234');
    expect(maskCardNumber('4111')).toBeNull();
  });

  it('refuses short cash, a missing card number and a gift card above the total', () => {
    expect(validatePayment(cash({ received: 1000 }), { total: 2000, due: 2000 })[0]).toMatch(/menor/);
    expect(validatePayment(cash({ kind: 'card' }), { total: 2000, due: 2000 })[0]).toMatch(/tarjeta/);
    expect(validatePayment(cash({ giftCard: 3000 }), { total: 2000, due: 0 })[0]).toMatch(/supera/);
    expect(validatePayment(cash({ received: 2000 }), { total: 2000, due: 2000 })).toEqual([]);
  });

  it('does not ask for a card number when the gift card pays everything', () => {
    expect(validatePayment(cash({ kind: 'card', giftCard: 2000 }), { total: 2000, due: 0 })).toEqual([]);
  });
});
