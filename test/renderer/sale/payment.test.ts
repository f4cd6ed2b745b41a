import { describe, expect, it } from 'vitest';
import { changeDue, EMPTY_PAYMENT, hasCash, isSplit, maskCardNumber, paymentEntries, paymentLabel, paymentMethodCode, splitOf, validatePayment, type Payment } from '../../../renderer/src/sale/payment';

const cash = (over: Partial<Payment> = {}): Payment => ({ ...EMPTY_PAYMENT, ...over });

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

  describe('split over several methods', () => {
    const due = { total: 4660, due: 4660 };

    it('is not a split with one method, with or without a gift card', () => {
      expect(isSplit(cash())).toBe(false);
      expect(isSplit(cash({ kind: 'card', giftCard: 100 }))).toBe(false);
      expect(paymentLabel(cash({ giftCard: 100 }), { due: 50 })).toBe('Efectivo y gift card');
    });

    it('pays the rest with cash and gives change on the cash part only', () => {
      const p = cash({ cardPart: 2000, cardNumber: '4797123456789012', received: 3000 });
      expect(isSplit(p)).toBe(true);
      expect(splitOf(p, due)).toEqual({ cash: 2660, card: 2000, qr: 0 });
      expect(changeDue(p, due)).toBe(340);
      expect(paymentLabel(p, due)).toBe('Efectivo + Tarjeta');
      expect(validatePayment(p, due)).toEqual([]);
      expect(paymentEntries(p, due)).toEqual([
        { method: 'CASH', amount: 30 },
        { method: 'CARD', amount: 20, cardNumber: '4797000000009012' },
      ]);
    });

    it('sends the exact cash part when nothing was typed as received', () => {
      const p = cash({ qrPart: 1000 });
      expect(paymentEntries(p, due)).toEqual([
        { method: 'CASH', amount: 36.6 },
        { method: 'QR', amount: 10 },
      ]);
      expect(changeDue(p, due)).toBeNull();
      expect(paymentLabel(p, due)).toBe('Efectivo + QR');
    });

    it('lets the card pay the rest beside a QR part, and carries the gift card', () => {
      const p = cash({ kind: 'card', qrPart: 1000, giftCard: 500, cardNumber: '41111234' });
      const t = { total: 4660, due: 4160 };
      expect(splitOf(p, t)).toEqual({ cash: 0, card: 3160, qr: 1000 });
      expect(hasCash(p, t)).toBe(false);
      expect(validatePayment(p, t)).toEqual([]);
      expect(paymentEntries(p, t)).toEqual([
        { method: 'CARD', amount: 31.6, cardNumber: '4111000000001234' },
        { method: 'QR', amount: 10 },
        { method: 'GIFT_CARD', amount: 5 },
      ]);
    });

    it('leaves cash out when the other parts cover everything', () => {
      const p = cash({ cardPart: 2660, qrPart: 2000, cardNumber: '41111234', received: 5000 });
      expect(hasCash(p, due)).toBe(false);
      expect(changeDue(p, due)).toBeNull();
      expect(paymentEntries(p, due).map((e) => e.method)).toEqual(['CARD', 'QR']);
    });

    it('asks the card number for a card part, refuses parts above the amount due and short cash on the cash part', () => {
      expect(validatePayment(cash({ cardPart: 2000 }), due)[0]).toMatch(/número de tarjeta de la parte con tarjeta \(Bs 20,00\)/);
      expect(validatePayment(cash({ cardPart: 3000, qrPart: 2000, cardNumber: '41111234' }), due)[0]).toMatch(/Tarjeta y QR suman Bs 50,00, más que el monto a pagar/);
      expect(validatePayment(cash({ kind: 'card', qrPart: 5000, cardNumber: '41111234' }), due)[0]).toMatch(/El QR suma/);
      expect(validatePayment(cash({ qrPart: 2000, received: 2000 }), due)[0]).toMatch(/menor a la parte en efectivo \(Bs 26,60\)/);
      // A QR part needs no card number.
      expect(validatePayment(cash({ qrPart: 2000, received: 3000 }), due)).toEqual([]);
    });

    it('knows whether cash changes hands (the drawer opens only then)', () => {
      expect(hasCash(cash(), due)).toBe(true);
      expect(hasCash(cash({ kind: 'card', cardNumber: '41111234' }), due)).toBe(false);
      expect(hasCash(cash({ giftCard: 4660 }), { due: 0 })).toBe(false);
      expect(hasCash(cash({ cardPart: 100 }), due)).toBe(true);
    });
  });
});
