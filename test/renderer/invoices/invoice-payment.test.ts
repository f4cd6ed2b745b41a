// Facturas: a payment-method code reads as SIAT names it in the synced catalog, with the parts of
// a split sale (cash sessions store them with the invoice).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TIPO_METODO_PAGO } from '../../../main/siat-sim/catalog-data/payment-methods';
import { InvoicePaymentView, invoicePaymentSummary } from '../../../renderer/src/invoices/InvoicePayment';

// The catalog as GET /api/v1/siat/sync/catalogs/payment-methods lists it.
const catalog = TIPO_METODO_PAGO.map((i) => ({ codigo: i.codigoClasificador, descripcion: i.descripcion }));
const base = { cardNumber: null, sector: 1 } as const;

describe('the payment of an invoice in Facturas', () => {
  it('names every code by its SIAT description, combined ones included', () => {
    expect(invoicePaymentSummary({ ...base, paymentMethodCode: 1 }, catalog)).toEqual({ name: 'EFECTIVO', parts: null });
    expect(invoicePaymentSummary({ ...base, paymentMethodCode: 10 }, catalog)?.name).toBe('EFECTIVO-TARJETA');
    expect(invoicePaymentSummary({ ...base, paymentMethodCode: 13 }, catalog)?.name).toBe('EFECTIVO-TRANSFERENCIA BANCARIA');
    expect(invoicePaymentSummary({ ...base, paymentMethodCode: 86 }, catalog)?.name).toBe('EFECTIVO - TARJETA - GIFT-CARD');
    // Every code of the catalog, never "Método n".
    for (const e of catalog) expect(invoicePaymentSummary({ ...base, paymentMethodCode: e.codigo }, catalog)?.name).not.toMatch(/M[ée]todo/);
  });

  it('shows the parts of a split with the card’s last four digits', () => {
    const s = invoicePaymentSummary(
      {
        ...base,
        paymentMethodCode: 10,
        cardNumber: '4797000000001234',
        payments: [
          { method: 'CASH', amount: 50, tendered: 100 },
          { method: 'CARD', amount: 30, tendered: 30 },
        ],
      },
      catalog,
    );
    expect(s).toEqual({ name: 'EFECTIVO-TARJETA', parts: 'Efectivo Bs 50,00 + Tarjeta Bs 30,00 (…1234)' });
    const html = renderToStaticMarkup(createElement(InvoicePaymentView, { summary: s, code: 10 }));
    expect(html).toContain('data-testid="invoice-detail-payment"');
    expect(html).toContain('data-code="10"');
    expect(html).toMatch(/EFECTIVO-TARJETA \(<span data-testid="invoice-detail-payment-parts">Efectivo Bs 50,00 \+ Tarjeta Bs 30,00 \(…1234\)<\/span>\)/);
  });

  it('a single stored row is no split; a note shows no payment of its own', () => {
    expect(invoicePaymentSummary({ ...base, paymentMethodCode: 2, cardNumber: '4111000000001111', payments: [{ method: 'CARD', amount: 80, tendered: 80 }] }, catalog)).toEqual({ name: 'TARJETA (…1111)', parts: null });
    expect(invoicePaymentSummary({ ...base, sector: 24, paymentMethodCode: 1 }, catalog)).toBeNull();
    expect(renderToStaticMarkup(createElement(InvoicePaymentView, { summary: null, code: 1 }))).toBe('');
  });

  it('says the catalog is missing rather than guessing a name', () => {
    expect(invoicePaymentSummary({ ...base, paymentMethodCode: 10 }, undefined)?.name).toBe('Método de pago 10 (catálogo no sincronizado)');
    expect(invoicePaymentSummary({ ...base, paymentMethodCode: 10 }, [])?.name).toBe('Método de pago 10 (catálogo no sincronizado)');
  });
});
