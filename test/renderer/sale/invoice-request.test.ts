import { describe, expect, it } from 'vitest';
import { lineFromProduct } from '../../../renderer/src/sale/cart';
import { EMPTY_CLIENT, QUICK_CLIENT } from '../../../renderer/src/sale/client';
import { attemptFor, buildInvoiceRequest, type SaleDraft } from '../../../renderer/src/sale/invoice-request';
import { EMPTY_PAYMENT } from '../../../renderer/src/sale/payment';
import { product } from './fixtures';

const draft = (over: Partial<SaleDraft> = {}): SaleDraft => ({
  invoiceType: 'COMPUTERIZED_SALE',
  posId: 'pos-1',
  lines: [{ ...lineFromProduct(product({ priceUnit: 12.5 }), 200), discount: 50 }],
  additionalDiscount: 0,
  client: QUICK_CLIENT,
  payment: EMPTY_PAYMENT,
  ...over,
});

describe('invoice request', () => {
  it('builds the seed body with 2-decimal numbers from cents', () => {
    const r = buildInvoiceRequest(draft({ additionalDiscount: 100 }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.request).toEqual({
      invoiceType: 'COMPUTERIZED_SALE',
      posId: 'pos-1',
      clientDocumentType: 5,
      clientDocumentNumber: '99002',
      clientBusinessName: 'CONTROL TRIBUTARIO',
      clientCode: '99002',
      paymentMethodCode: 1,
      additionalDiscount: 1,
      exceptionCode: 1,
      details: [
        {
          activityEconomic: '471110',
          codeProductSin: '99100',
          codeProduct: 'A001',
          description: 'Arroz 1 kg',
          quantity: 2,
          unitMeasure: 58,
          priceUnit: 12.5,
          amountDiscount: 0.5,
        },
      ],
    });
  });

  it('adds card, gift card, e-mail, complement and the NIT exception when present', () => {
    const r = buildInvoiceRequest(
      draft({
        client: { ...EMPTY_CLIENT, documentType: 5, documentNumber: '123456789', businessName: 'ACME SRL', email: 'a@b.bo', nitStatus: 'invalid', exception: true },
        payment: { ...EMPTY_PAYMENT, kind: 'card', cardNumber: '4111111111111234', giftCard: 500 },
      }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.request.cardNumber).toBe('4111000000001234');
    expect(r.request.giftCardAmount).toBe(5);
    expect(r.request.paymentMethodCode).toBe(40);
    expect(r.request.exceptionCode).toBe(1);
    expect(r.request.clientEmail).toBe('a@b.bo');
    expect(r.request.clientCode).toBe('123456789');
  });

  it('lists every problem at once, in Spanish', () => {
    const r = buildInvoiceRequest(draft({ lines: [], client: EMPTY_CLIENT }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]).toMatch(/Agregue al menos un producto/);
    expect(r.errors.length).toBeGreaterThanOrEqual(3);
  });

  it('reuses the Idempotency-Key for a retry of the same sale and renews it when the sale changes', () => {
    let n = 0;
    const key = () => `k${++n}`;
    const a = buildInvoiceRequest(draft());
    const b = buildInvoiceRequest(draft({ additionalDiscount: 10 }));
    if (!a.ok || !b.ok) throw new Error('draft invalid');
    const first = attemptFor(null, a.request, key);
    expect(attemptFor(first, a.request, key)).toBe(first);
    expect(attemptFor(first, b.request, key).key).toBe('k2');
  });

  it('sends a split as payments, without paymentMethodCode, card number or gift card of its own', () => {
    // 2 × 12,50 − 0,50 = 24,50: card 10 + gift card 4,50, cash the rest (10) with 20 handed over.
    const r = buildInvoiceRequest(draft({ payment: { ...EMPTY_PAYMENT, received: 2000, parts: { CARD: 1000 }, cardNumber: '4797 1234 5678 9012', giftCard: 450 } }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.request.paymentMethodCode).toBeUndefined();
    expect(r.request.cardNumber).toBeUndefined();
    expect(r.request.giftCardAmount).toBeUndefined();
    expect(r.request.payments).toEqual([
      { method: 'CASH', amount: 20 },
      { method: 'CARD', amount: 10, cardNumber: '4797000000009012' },
      { method: 'GIFT_CARD', amount: 4.5 },
    ]);
  });

  it('refuses a split whose card part has no card number', () => {
    const r = buildInvoiceRequest(draft({ payment: { ...EMPTY_PAYMENT, parts: { CARD: 1000 } } }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.join(' ')).toMatch(/número de tarjeta/);
  });
});

