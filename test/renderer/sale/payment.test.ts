import { describe, expect, it } from 'vitest';
import { TIPO_METODO_PAGO } from '../../../main/siat-sim/catalog-data/payment-methods';
import {
  changeDue,
  EMPTY_PAYMENT,
  hasCash,
  isSplit,
  maskCardNumber,
  offeredParts,
  paymentEntries,
  paymentLabel,
  paymentMethodCode,
  splitOf,
  validatePayment,
  type Payment,
} from '../../../renderer/src/sale/payment';

const cash = (over: Partial<Payment> = {}): Payment => ({ ...EMPTY_PAYMENT, ...over });
/** SIAT's catalog as the simulator serves it and GET /api/v1/siat/sync/catalogs/payment-methods lists it. */
const catalog = TIPO_METODO_PAGO.map((i) => ({ codigo: i.codigoClasificador, descripcion: i.descripcion }));
const zero = { CASH: 0, CARD: 0, QR: 0, CHEQUE: 0, VOUCHER: 0, ONLINE: 0 };

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

  it('refuses an amount field whose text is no amount: «Recibido» unreadable is not exact cash, a discount unreadable is not none', () => {
    const p = cash({ received: null, unreadable: { 'Efectivo recibido': '50,0050', 'Descuento adicional': '10%%' } });
    expect(validatePayment(p, { total: 2000, due: 2000 })).toEqual([
      'Efectivo recibido: «50,0050» no es un monto (ejemplo: 50 o 50,50); corríjalo o bórrelo.',
      'Descuento adicional: «10%%» no es un monto (ejemplo: 5,50 o 10%); corríjalo o bórrelo.',
    ]);
    // A payment parked before the field existed reads as nothing to correct.
    const { unreadable: _none, ...old } = cash();
    expect(validatePayment(old, { total: 2000, due: 2000 })).toEqual([]);
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

  describe('which parts the split offers (SIAT’s combined codes in the synced catalog)', () => {
    it('beside cash: every method the catalog combines with EFECTIVO', () => {
      // 10 EFECTIVO-TARJETA, 13 EFECTIVO-TRANSFERENCIA BANCARIA (QR), 11 EFECTIVO-CHEQUE,
      // 12 EFECTIVO-VALES, 38 EFECTIVO – PAGO ONLINE.
      expect(offeredParts('cash', catalog)).toEqual(['CARD', 'QR', 'CHEQUE', 'VOUCHER', 'ONLINE']);
    });

    it('beside card: the card is the main method, never a part of itself', () => {
      // 18 TARJETA-TRANSFERENCIA BANCARIA, 16 TARJETA-CHEQUE, 17 TARJETA-VALES, 43 TARJETA – PAGO ONLINE.
      expect(offeredParts('card', catalog)).toEqual(['QR', 'CHEQUE', 'VOUCHER', 'ONLINE']);
    });

    it('follows the catalog, not a table of ours: a method without a combined code is not offered', () => {
      const noCheque = catalog.filter((e) => !/CHEQUE/.test(e.descripcion));
      expect(offeredParts('cash', noCheque)).toEqual(['CARD', 'QR', 'VOUCHER', 'ONLINE']);
      // A renumbered code is found by its words.
      const renumbered = [{ codigo: 1, descripcion: 'EFECTIVO' }, { codigo: 500, descripcion: 'EFECTIVO – VALES' }];
      expect(offeredParts('cash', renumbered)).toEqual(['VOUCHER']);
    });

    it('offers nothing until the catalog is loaded', () => {
      expect(offeredParts('cash', undefined)).toEqual([]);
      expect(offeredParts('cash', [])).toEqual([]);
    });
  });

  describe('split over several methods', () => {
    const due = { total: 4660, due: 4660 };

    it('is not a split with one method, with or without a gift card', () => {
      expect(isSplit(cash())).toBe(false);
      expect(isSplit(cash({ kind: 'card', giftCard: 100 }))).toBe(false);
      // A card part beside a card that pays the rest means nothing.
      expect(isSplit(cash({ kind: 'card', parts: { CARD: 100 } }))).toBe(false);
      expect(paymentLabel(cash({ giftCard: 100 }), { due: 50 })).toBe('Efectivo y tarjeta de regalo');
    });

    it('pays the rest with cash and gives change on the cash part only', () => {
      const p = cash({ parts: { CARD: 2000 }, cardNumber: '4797123456789012', received: 3000 });
      expect(isSplit(p)).toBe(true);
      expect(splitOf(p, due)).toEqual({ ...zero, CASH: 2660, CARD: 2000 });
      expect(changeDue(p, due)).toBe(340);
      expect(paymentLabel(p, due)).toBe('Efectivo + Tarjeta');
      expect(validatePayment(p, due, catalog)).toEqual([]);
      expect(paymentEntries(p, due)).toEqual([
        { method: 'CASH', amount: 30 },
        { method: 'CARD', amount: 20, cardNumber: '4797000000009012' },
      ]);
    });

    it('sends the exact cash part when nothing was typed as received', () => {
      const p = cash({ parts: { QR: 1000 } });
      expect(paymentEntries(p, due)).toEqual([
        { method: 'CASH', amount: 36.6 },
        { method: 'QR', amount: 10 },
      ]);
      expect(changeDue(p, due)).toBeNull();
      expect(paymentLabel(p, due)).toBe('Efectivo + QR');
    });

    it('cash with a cheque, vouchers or an online payment, as the catalog combines them', () => {
      const cheque = cash({ parts: { CHEQUE: 3000 }, received: 2000 });
      expect(splitOf(cheque, due)).toEqual({ ...zero, CASH: 1660, CHEQUE: 3000 });
      expect(changeDue(cheque, due)).toBe(340);
      expect(paymentLabel(cheque, due)).toBe('Efectivo + Cheque');
      expect(validatePayment(cheque, due, catalog)).toEqual([]);
      expect(paymentEntries(cheque, due)).toEqual([
        { method: 'CASH', amount: 20 },
        { method: 'CHEQUE', amount: 30 },
      ]);
      const vouchers = cash({ kind: 'card', cardNumber: '41111234', parts: { VOUCHER: 1000 } });
      expect(paymentLabel(vouchers, due)).toBe('Tarjeta + Vales');
      expect(validatePayment(vouchers, due, catalog)).toEqual([]);
      expect(paymentEntries(vouchers, due)).toEqual([
        { method: 'CARD', amount: 36.6, cardNumber: '4111000000001234' },
        { method: 'VOUCHER', amount: 10 },
      ]);
      expect(paymentEntries(cash({ parts: { ONLINE: 660 } }), due).map((e) => e.method)).toEqual(['CASH', 'ONLINE']);
    });

    it('refuses a combination the catalog has no code for, naming it', () => {
      // Card + QR + gift card: the simulator's catalog has no such three-way code.
      const p = cash({ kind: 'card', parts: { QR: 1000 }, giftCard: 500, cardNumber: '41111234' });
      const t = { total: 4660, due: 4160 };
      expect(splitOf(p, t)).toEqual({ ...zero, CARD: 3160, QR: 1000 });
      expect(hasCash(p, t)).toBe(false);
      expect(validatePayment(p, t, catalog)).toEqual(['El catálogo de métodos de pago de SIAT no tiene la combinación Tarjeta + QR + Gift card; cambie un medio de pago.']);
      // Cash + card + gift card is 86 in the catalog.
      expect(validatePayment(cash({ parts: { CARD: 1000 }, giftCard: 500, cardNumber: '41111234' }), t, catalog)).toEqual([]);
      // Without the catalog the engine decides (it answers 422 on payments).
      expect(validatePayment(p, t)).toEqual([]);
      expect(paymentEntries(p, t)).toEqual([
        { method: 'CARD', amount: 31.6, cardNumber: '4111000000001234' },
        { method: 'QR', amount: 10 },
        { method: 'GIFT_CARD', amount: 5 },
      ]);
    });

    it('leaves cash out when the other parts cover everything', () => {
      const p = cash({ parts: { CARD: 2660, QR: 2000 }, cardNumber: '41111234', received: 5000 });
      expect(hasCash(p, due)).toBe(false);
      expect(changeDue(p, due)).toBeNull();
      expect(paymentEntries(p, due).map((e) => e.method)).toEqual(['CARD', 'QR']);
    });

    it('asks the card number for a card part, refuses parts above the amount due and short cash on the cash part', () => {
      expect(validatePayment(cash({ parts: { CARD: 2000 } }), due)[0]).toMatch(/número de tarjeta de la parte con tarjeta \(Bs 20,00\)/);
      expect(validatePayment(cash({ parts: { CARD: 3000, QR: 2000 }, cardNumber: '41111234' }), due)[0]).toMatch(/Tarjeta \+ QR suman Bs 50,00, más que el monto a pagar/);
      expect(validatePayment(cash({ kind: 'card', parts: { QR: 5000 }, cardNumber: '41111234' }), due)[0]).toMatch(/^QR suma Bs 50,00/);
      expect(validatePayment(cash({ parts: { QR: 2000 }, received: 2000 }), due)[0]).toMatch(/menor a la parte en efectivo \(Bs 26,60\)/);
      // A QR part needs no card number.
      expect(validatePayment(cash({ parts: { QR: 2000 }, received: 3000 }), due)).toEqual([]);
    });

    it('knows whether cash changes hands (the drawer opens only then)', () => {
      expect(hasCash(cash(), due)).toBe(true);
      expect(hasCash(cash({ kind: 'card', cardNumber: '41111234' }), due)).toBe(false);
      expect(hasCash(cash({ giftCard: 4660 }), { due: 0 })).toBe(false);
      expect(hasCash(cash({ parts: { CARD: 100 } }), due)).toBe(true);
    });
  });
});
