// F6 pago as rendered: a "+ <método>" field for each part SIAT's synced catalog combines with the
// main method, with the testids the keyboard tests use.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { TIPO_METODO_PAGO } from '../../../main/siat-sim/catalog-data/payment-methods';

vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api: {}, http: {}, bindSession: () => undefined, ...errors };
});

const { SplitParts } = await import('../../../renderer/src/sale/PaymentPanel');
const { EMPTY_PAYMENT, offeredParts, splitOf } = await import('../../../renderer/src/sale/payment');
type Payment = import('../../../renderer/src/sale/payment').Payment;

const catalog = TIPO_METODO_PAGO.map((i) => ({ codigo: i.codigoClasificador, descripcion: i.descripcion }));
const due = { due: 4660 };
const render = (payment: Payment, cat: typeof catalog | undefined = catalog) =>
  renderToStaticMarkup(
    createElement(SplitParts, {
      payment,
      parts: splitOf(payment, due),
      offered: offeredParts(payment.kind, cat),
      catalogLoaded: !!cat && cat.length > 0,
      cardNumber: createElement('input', { 'data-testid': 'card-number' }),
      onPart: () => undefined,
    }),
  );
const testids = (html: string) => [...html.matchAll(/data-testid="(split-[a-z]+-amount|card-number)"/g)].map((m) => m[1]);

describe('the split in the payment panel', () => {
  it('offers every part the catalog combines with cash, the card number right after the card part', () => {
    const html = render(EMPTY_PAYMENT);
    expect(testids(html)).toEqual(['split-card-amount', 'card-number', 'split-qr-amount', 'split-cheque-amount', 'split-voucher-amount', 'split-online-amount']);
    expect(html).toContain('+ Cheque');
    expect(html).toContain('+ Vales');
    expect(html).toContain('+ Pago en línea');
    expect(html).toContain('aria-label="Parte con QR"');
    expect(html).toContain('data-offered="CARD QR CHEQUE VOUCHER ONLINE"');
    expect(html).not.toContain('data-testid="payment-split"');
  });

  it('beside card: no card part; a typed part shows in the summary with its data attribute', () => {
    const html = render({ ...EMPTY_PAYMENT, kind: 'card', parts: { CHEQUE: 1000 } });
    expect(testids(html)).toEqual(['split-qr-amount', 'split-cheque-amount', 'split-voucher-amount', 'split-online-amount']);
    expect(html).toMatch(/data-testid="payment-split"[^>]*data-card="3660"[^>]*data-cheque="1000"/);
    expect(html).toContain('Tarjeta Bs 36,60 · Cheque Bs 10,00');
  });

  it('keeps a typed part visible even when the catalog does not offer it', () => {
    const noCheque = catalog.filter((e) => !/CHEQUE/.test(e.descripcion));
    const html = render({ ...EMPTY_PAYMENT, parts: { CHEQUE: 1000 } }, noCheque);
    expect(testids(html)).toContain('split-cheque-amount');
    expect(html).toContain('data-offered="CARD QR VOUCHER ONLINE"');
  });

  it('offers no part until the catalog is synced, and says so', () => {
    const html = render(EMPTY_PAYMENT, []);
    expect(testids(html)).toEqual([]);
    expect(html).toContain('sincronice el catálogo de métodos de pago');
  });
});
