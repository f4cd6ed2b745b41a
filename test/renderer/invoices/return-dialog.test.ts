// Devolución (issue #12): the note request built from the picked quantities, and the dialog's
// form and result as rendered.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { Invoice } from '../../../shared/api-types';

vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api: { publicUrl: (cuf: string, f: string) => `/api/v1/public/invoice/${cuf}/${f}` }, http: {}, bindSession: () => undefined, ...errors };
});

const { buildReturnRequest, canReturn, noteInvoiceType } = await import('../../../renderer/src/invoices/return-note');
const { IssuedNoteView, ReturnFormView } = await import('../../../renderer/src/invoices/ReturnDialog');

const line = (codeProduct: string, description: string, quantity: number, priceUnit: number) => ({
  activityEconomic: '471110', codeProductSin: '99100', codeProduct, description, quantity, unitMeasure: 57, priceUnit, amountDiscount: 0, amountSubtotal: quantity * priceUnit,
});

const original = {
  id: '0190a0a0-0000-7000-8000-000000000001', invoiceNumber: 41, cuf: 'CUF41', state: 'VALIDATED', emissionType: 'NORMAL', invoiceType: 'ELECTRONIC_SALE',
  posId: 'pos-1', siatCode: 908, siatDescription: 'VALIDADA', siatMessages: [], clientDocumentType: 1, clientDocumentNumber: '5115889', clientComplement: '1A',
  clientBusinessName: 'Juan Pérez', clientCode: 'C-1', clientEmail: null, amountSubtotal: 180, amountDiscount: 0, giftCardAmount: 0, amountTotal: 180,
  amountTotalSubjectToVat: 180, currencyCode: 1, exchangeRate: 1, literal: '', leyenda: '', paymentMethodCode: 1, cardNumber: null, emissionDate: '2026-03-04T10:00:00.000',
  cancellationReason: null, cancellationDate: null, details: [line('LIB-1', 'Libro de texto', 2, 75), line('CUA-1', 'Cuaderno', 3, 10)],
  pdfUrl: '', xmlUrl: '', ticketUrl: '', qrUrl: '', sector: 1,
} as Invoice;

describe('devolución', () => {
  it('offers a return only on a validated invoice that is not a note; the note follows the modality', () => {
    expect(canReturn(original)).toBe(true);
    expect(canReturn({ ...original, state: 'PENDING' })).toBe(false);
    expect(canReturn({ ...original, invoiceType: 'NOTE_CREDIT_DEBIT' })).toBe(false);
    expect(noteInvoiceType(original)).toBe('NOTE_CREDIT_DEBIT');
    expect(noteInvoiceType({ invoiceType: 'COMPUTERIZED_SECTOR_EDUCATION' })).toBe('COMPUTERIZED_NOTE_CREDIT_DEBIT');
  });

  it('builds the note request from the picked lines only, with returnProduct and the original', () => {
    const r = buildReturnRequest(original, { 0: '1', 1: '' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.returned).toBe(7500);
    expect(r.request).toMatchObject({ invoiceType: 'NOTE_CREDIT_DEBIT', posId: 'pos-1', originalInvoiceId: original.id });
    // The engine takes the client from the original: the till does not repeat it.
    expect(Object.keys(r.request).filter((k) => k.startsWith('client'))).toEqual([]);
    expect(r.request.details).toEqual([{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'LIB-1', description: 'Libro de texto', quantity: 1, unitMeasure: 57, priceUnit: 75, returnProduct: true }]);
  });

  it('refuses nothing picked, more than sold and a bad quantity, naming the product', () => {
    expect(buildReturnRequest(original, {})).toEqual({ ok: false, errors: ['Indique la cantidad devuelta de al menos una línea.'] });
    expect(buildReturnRequest(original, { 1: '4' })).toEqual({ ok: false, errors: ['Cuaderno: se vendieron 3; no se puede devolver 4.'] });
    expect(buildReturnRequest(original, { 0: 'x' })).toEqual({ ok: false, errors: ['Libro de texto: cantidad no válida.'] });
  });

  it('the form lists each line with a quantity input, the estimate and the errors', () => {
    const html = renderToStaticMarkup(createElement(ReturnFormView, { invoice: original, quantities: { 0: '1' }, errors: ['SIAT 1037: rechazado'], busy: false, onQuantity: () => {}, onIssue: () => {} }));
    expect(html.split('data-testid="return-qty"').length - 1).toBe(2);
    expect(html).toContain('Libro de texto');
    expect(html).toMatch(/data-testid="return-estimate">[^<]*Bs 75,00/);
    expect(html).toContain('SIAT 1037: rechazado');
  });

  it('the issued note shows its three amounts and a print button', () => {
    const note = { ...original, id: 'n1', invoiceNumber: 1, cuf: 'CUFN', invoiceType: 'NOTE_CREDIT_DEBIT', sector: 24, amountTotal: 75, amountTotalOriginal: 180, amountTotalReturn: 75, amountCashCreditDebit: 9.75 } as Invoice;
    const html = renderToStaticMarkup(createElement(IssuedNoteView, { note, printMessage: null, onPrint: () => {} }));
    expect(html).toMatch(/data-testid="return-note-amount-original">Bs 180,00/);
    expect(html).toMatch(/data-testid="return-note-amount-return">Bs 75,00/);
    expect(html).toMatch(/data-testid="return-note-amount-cash">Bs 9,75/);
    expect(html).toContain('data-testid="print-note-button"');
    expect(html).toContain('/api/v1/public/invoice/CUFN/pdf');
  });
});
