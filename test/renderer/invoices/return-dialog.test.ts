// Devolución (issue #12): the note request built from the picked quantities, and the dialog's
// form and result as rendered.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { Invoice } from '../../../shared/api-types';
import { TIPO_METODO_PAGO } from '../../../main/siat-sim/catalog-data/payment-methods';

vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api: { publicUrl: (cuf: string, f: string) => `/api/v1/public/invoice/${cuf}/${f}` }, http: {}, bindSession: () => undefined, ...errors };
});

const { buildReturnRequest, canReturn, defaultRefundCode, noteInvoiceType, refundChoices } = await import('../../../renderer/src/invoices/return-note');
const { IssuedNoteView, RefundMethodField, ReturnFormView, noteStateNow } = await import('../../../renderer/src/invoices/ReturnDialog');

/** A slice of SIAT's payment-method catalog as the till holds it (codes and texts verbatim). */
const catalog = [
  { codigo: 1, descripcion: 'EFECTIVO' },
  { codigo: 2, descripcion: 'TARJETA' },
  { codigo: 7, descripcion: 'TRANSFERENCIA BANCARIA' },
  { codigo: 10, descripcion: 'EFECTIVO-TARJETA' },
  { codigo: 17, descripcion: 'TARJETA-VALES' },
];

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
    // Nor on a nota de conciliación (issue 28): it is a note on an invoice, not a sale.
    expect(canReturn({ ...original, invoiceType: 'NOTE_CONCILIATION' })).toBe(false);
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

  it('what goes back is what was paid: the returned part of the line discount and the share of the additional discount are off (the store-day walk: 12,15 − 1,02)', () => {
    // The walk's invoice 4: lines 59,40, a 10 % discount on the leche line, 5,00 additional discount.
    const leche = { ...line('LEC-1', 'Leche', 2, 6.75), amountDiscount: 1.35, amountSubtotal: 12.15 };
    const inv = { ...original, details: [leche, line('ARR-1', 'Arroz', 5, 9.45)], amountSubtotal: 59.4, amountDiscount: 5, amountTotal: 54.4 } as Invoice;
    const r = buildReturnRequest(inv, { 0: '2' });
    expect(r.ok && { returned: r.returned, share: r.additionalShare }).toEqual({ returned: 1113, share: 102 });
    const one = buildReturnRequest(inv, { 0: '1' });
    // 6,75 − 0,68 (half the line's 1,35, HALF-UP) = 6,07; its share 6,07 × 5 / 59,40 = 0,51.
    expect(one.ok && { returned: one.returned, share: one.additionalShare }).toEqual({ returned: 556, share: 51 });
    const html = renderToStaticMarkup(createElement(ReturnFormView, { invoice: inv, quantities: { 0: '2' }, errors: [], busy: false, paymentMethods: catalog, refundMethod: null, onQuantity: () => {}, onRefundMethod: () => {}, onIssue: () => {} }));
    expect(html).toContain('A devolver: <strong>Bs 11,13</strong><span class="muted"> (sin Bs 1,02 del descuento adicional de la factura)</span>');
  });

  it('after earlier notes: what is left of each line, and the discount they took (a walk saw Bs 9,95 announced, 9,96 given back)', () => {
    // Lines 76,90 with 4,00 additional discount; earlier notes took 2,91 + 0,55 of it and left one of the second line.
    const inv = {
      ...original,
      details: [{ ...line('CAM-1', 'Camisa', 3, 20.3), amountDiscount: 5, amountSubtotal: 55.9 }, line('GOR-1', 'Gorra', 2, 10.5)],
      amountSubtotal: 76.9,
      amountDiscount: 4,
      returnable: { quantities: [0, 1], additionalDiscountTaken: 3.46 },
    } as Invoice;
    const last = buildReturnRequest(inv, { 1: '1' });
    // 10,50 × 4 / 76,90 = 0,546 → 0,55 would exceed nothing; the engine caps at 4,00 − 3,46 = 0,54: 9,96.
    expect(last.ok && { returned: last.returned, share: last.additionalShare }).toEqual({ returned: 996, share: 54 });
    expect(buildReturnRequest(inv, { 0: '1' })).toEqual({ ok: false, errors: ['Camisa: ya se devolvió todo lo vendido (3) en notas anteriores.'] });
    expect(buildReturnRequest(inv, { 1: '2' })).toEqual({ ok: false, errors: ['Gorra: quedan 1 por devolver de 2 vendidos; no se puede devolver 2.'] });
    const html = renderToStaticMarkup(createElement(ReturnFormView, { invoice: inv, quantities: {}, errors: [], busy: false, paymentMethods: catalog, refundMethod: null, onQuantity: () => {}, onRefundMethod: () => {}, onIssue: () => {} }));
    expect(html).toContain('<td class="num">3<span class="muted small" data-testid="return-left"> (quedan 0)</span></td>');
    expect(html).toContain('<td class="num">2<span class="muted small" data-testid="return-left"> (quedan 1)</span></td>');
  });

  it('refuses nothing picked, more than sold and a bad quantity, naming the product', () => {
    expect(buildReturnRequest(original, {})).toEqual({ ok: false, errors: ['Indique la cantidad devuelta de al menos una línea.'] });
    expect(buildReturnRequest(original, { 1: '4' })).toEqual({ ok: false, errors: ['Cuaderno: se vendieron 3; no se puede devolver 4.'] });
    expect(buildReturnRequest(original, { 0: 'x' })).toEqual({ ok: false, errors: ['Libro de texto: cantidad no válida.'] });
  });

  it('the form lists each line with a quantity input, the estimate and the errors', () => {
    const html = renderToStaticMarkup(createElement(ReturnFormView, { invoice: original, quantities: { 0: '1' }, errors: ['SIAT 1037: rechazado'], busy: false, paymentMethods: catalog, refundMethod: null, onQuantity: () => {}, onRefundMethod: () => {}, onIssue: () => {} }));
    expect(html.split('data-testid="return-qty"').length - 1).toBe(2);
    expect(html).toContain('Libro de texto');
    expect(html).toMatch(/data-testid="return-estimate">A devolver: <strong>Bs 75,00<\/strong><\/p>/);
    expect(html).toContain('SIAT 1037: rechazado');
    expect(html).toContain('Juan Pérez. Indique');
    // A name ending in a period ends the sentence itself (a fresh walk read «S.A..»).
    const sa = renderToStaticMarkup(createElement(ReturnFormView, { invoice: { ...original, clientBusinessName: 'Distribuidora Andina S.A.' }, quantities: {}, errors: [], busy: false, paymentMethods: catalog, refundMethod: null, onQuantity: () => {}, onRefundMethod: () => {}, onIssue: () => {} }));
    expect(sa).toContain('Distribuidora Andina S.A. Indique');
  });

  it('while the engine waits for a supervisor\'s PIN the button says so, «Emitiendo…» only once it is sent', () => {
    const props = { invoice: original, quantities: { 0: '1' }, errors: [], paymentMethods: catalog, refundMethod: null, onQuantity: () => {}, onRefundMethod: () => {}, onIssue: () => {} };
    const button = (html: string) => /data-testid="confirm-return">([^<]*)</.exec(html)?.[1];
    // A fresh walk read «Emitiendo…» behind the open approval dialog, before anyone had approved.
    expect(button(renderToStaticMarkup(createElement(ReturnFormView, { ...props, busy: true, awaitingApproval: 'supervisor' })))).toBe('Esperando la aprobación de un supervisor…');
    expect(button(renderToStaticMarkup(createElement(ReturnFormView, { ...props, busy: true, awaitingApproval: 'administrador' })))).toBe('Esperando la aprobación de un administrador…');
    expect(button(renderToStaticMarkup(createElement(ReturnFormView, { ...props, busy: true, awaitingApproval: null })))).toBe('Emitiendo…');
    expect(button(renderToStaticMarkup(createElement(ReturnFormView, { ...props, busy: false, awaitingApproval: 'supervisor' })))).toBe('Emitir nota de crédito-débito (Enter)');
  });

  it('the issued note shows the share of the additional discount between the original and the returned amount', () => {
    const note = { ...original, id: 'n2', invoiceNumber: 2, cuf: 'CUFN2', invoiceType: 'NOTE_CREDIT_DEBIT', sector: 24, amountTotal: 11.13, amountTotalOriginal: 59.4, amountDiscountCreditDebit: 1.02, amountTotalReturn: 11.13, amountCashCreditDebit: 1.45 } as Invoice;
    const html = renderToStaticMarkup(createElement(IssuedNoteView, { note, printMessage: null, onPrint: () => {} }));
    expect(html).toMatch(/Monto total original \(líneas de la factura\)<\/td><td class="num" data-testid="return-note-amount-original">Bs 59,40<\/td><\/tr><tr><td>Descuento adicional de lo devuelto<\/td><td class="num" data-testid="return-note-amount-discount">-?Bs -?1,02/);
    expect(html).toContain('data-testid="return-note-amount-return">Bs 11,13');
    // Without a discount, no such line.
    expect(renderToStaticMarkup(createElement(IssuedNoteView, { note: { ...note, amountDiscountCreditDebit: 0 }, printMessage: null, onPrint: () => {} }))).not.toContain('return-note-amount-discount');
  });

  it('once the note came out, its button prints a copy', () => {
    const note = { ...original, id: 'n1', invoiceNumber: 1, cuf: 'CUFN', invoiceType: 'NOTE_CREDIT_DEBIT', sector: 24, amountTotal: 75 } as Invoice;
    const first = renderToStaticMarkup(createElement(IssuedNoteView, { note, printMessage: null, onPrint: () => {} }));
    expect(first).toMatch(/data-testid="print-note-button"[^>]*>Imprimir nota</);
    const again = renderToStaticMarkup(createElement(IssuedNoteView, { note, printMessage: null, printed: true, onPrint: () => {} }));
    expect(again).toMatch(/data-testid="print-note-button"[^>]*>Reimprimir nota \(copia\)</);
  });

  it('once the note printed by itself, the keyboard starts on «Nueva venta», not on a reprint (a fresh walk, issue 30)', () => {
    const note = { ...original, id: 'n1', invoiceNumber: 1, cuf: 'CUFN', invoiceType: 'NOTE_CREDIT_DEBIT', sector: 24, amountTotal: 75 } as Invoice;
    const auto = renderToStaticMarkup(createElement(IssuedNoteView, { note, printMessage: null, printed: true, printsByItself: true, onPrint: () => {}, onNextSale: () => {} }));
    expect(auto).toMatch(/<button class="primary" data-testid="return-next-sale" autofocus="">Nueva venta \(Enter\)</);
    expect(auto).not.toMatch(/data-testid="print-note-button" autofocus/);
    // Printing by hand (print-on-issue off): «Imprimir nota» first, the next sale one Tab away.
    const manual = renderToStaticMarkup(createElement(IssuedNoteView, { note, printMessage: null, printsByItself: false, onPrint: () => {}, onNextSale: () => {} }));
    expect(manual).toMatch(/data-testid="print-note-button" autofocus="">Imprimir nota</);
    expect(manual).toMatch(/data-testid="return-next-sale">Nueva venta</);
  });

  it('the issued note follows its state: pending in the answer, validated once the stream says so (as the Facturas list)', async () => {
    const { useTillStatus } = await import('../../../renderer/src/connection/till-status-store');
    const note = { ...original, id: 'n-pending', invoiceNumber: 2, cuf: 'CUFP', state: 'PENDING', invoiceType: 'NOTE_CREDIT_DEBIT', sector: 24 } as Invoice;
    const view = () => renderToStaticMarkup(createElement(IssuedNoteView, { note, state: noteStateNow(note, useTillStatus.getState().invoiceStates), printMessage: null, onPrint: () => {} }));
    expect(view()).toMatch(/data-testid="return-note-state">pendiente</);
    // The engine's stream event, through the real store (the same one the Facturas list follows).
    useTillStatus.getState().apply({ event: 'invoice', data: JSON.stringify({ id: note.id, state: 'VALIDATED' }), id: undefined });
    expect(view()).toMatch(/data-testid="return-note-state">validada por el SIAT</);
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

  describe('refund method selector', () => {
    const mixed = { ...original, paymentMethodCode: 10, payments: [{ method: 'CASH', amount: 100, tendered: 100 }, { method: 'CARD', amount: 80, tendered: 80 }] } as Invoice;
    const selected = (html: string) => /<option value="(\d+)" selected="">([^<]*)<\/option>/.exec(html)?.slice(1);
    const field = (invoice: Invoice, refundMethod: number | null, paymentMethods: typeof catalog | undefined) =>
      renderToStaticMarkup(createElement(RefundMethodField, { invoice, paymentMethods, refundMethod, onRefundMethod: () => {} }));

    it('offers only single methods, a labelled select in the tab order, with the original’s method preselected', () => {
      expect(refundChoices(catalog).common.map((c) => c.codigo)).toEqual([1, 2, 7]);
      const html = field({ ...original, paymentMethodCode: 2, payments: [{ method: 'CARD', amount: 180, tendered: 180 }] } as Invoice, null, catalog);
      expect(html).toContain('<label for="refund-method">Devolver el dinero en</label>');
      expect(html).toMatch(/<select id="refund-method"/);
      expect(html).not.toContain('tabindex="-1"');
      expect(html).not.toContain('EFECTIVO-TARJETA</option>');
      expect(selected(html)).toEqual(['2', 'TARJETA (como se pagó)']);
    });

    it('offers the few a store refunds by, the original’s first, and keeps SIAT’s other single methods behind «Otro método…»', () => {
      const full = TIPO_METODO_PAGO.map((e) => ({ codigo: e.codigoClasificador, descripcion: e.descripcion }));
      const card = { ...original, paymentMethodCode: 2, payments: [{ method: 'CARD', amount: 180, tendered: 180 }] } as Invoice;
      const { common, others } = refundChoices(full, card);
      expect(common.map((c) => c.descripcion)).toEqual(['TARJETA', 'EFECTIVO', 'TRANSFERENCIA BANCARIA', 'DEPOSITO EN CUENTA']);
      expect(others.map((c) => c.descripcion)).toEqual(expect.arrayContaining(['TRANSFERENCIA SWIFT', 'PAGO POSTERIOR']));
      const html = field(card, null, full);
      const offered = [...html.matchAll(/<option value="([^"]+)"[^>]*>([^<]*)<\/option>/g)].map((m) => m[2]);
      expect(offered).toEqual(['TARJETA (como se pagó)', 'EFECTIVO', 'TRANSFERENCIA BANCARIA (o QR)', 'DEPOSITO EN CUENTA', 'Otro método…']);
      // A method among the others, once chosen, is shown with them.
      expect(field(card, 9, full)).toMatch(/<optgroup label="Otros métodos de SIAT">.*<option value="9" selected="">TRANSFERENCIA SWIFT</);
    });

    it('a split original defaults to cash (it had a cash part) and says how it was paid', () => {
      expect(defaultRefundCode(mixed, catalog)).toBe(1);
      const html = field(mixed, null, catalog);
      expect(selected(html)).toEqual(['1', 'EFECTIVO (predeterminado)']);
      expect(html).toContain('La factura se pagó con EFECTIVO-TARJETA (Efectivo Bs 100,00 + Tarjeta Bs 80,00).');
    });

    it('the cashier’s pick is shown and goes in the note request as refundMethodCode', () => {
      expect(selected(field(mixed, 2, catalog))).toEqual(['2', 'TARJETA']);
      const r = buildReturnRequest(mixed, { 0: '1' }, 2);
      expect(r.ok && r.request.refundMethodCode).toBe(2);
      const none = buildReturnRequest(mixed, { 0: '1' });
      expect(none.ok && 'refundMethodCode' in none.request).toBe(false);
    });

    it('without the catalog it says the engine will use the original’s method, and sends none', () => {
      expect(defaultRefundCode(mixed, undefined)).toBeNull();
      const html = field(mixed, null, undefined);
      expect(html).not.toContain('<select');
      expect(html).toContain('como se pagó (catálogo de métodos de pago no sincronizado)');
    });

    it('the issued note says how the money went back', () => {
      const note = { ...original, id: 'n1', invoiceNumber: 1, cuf: 'CUFN', invoiceType: 'NOTE_CREDIT_DEBIT', sector: 24, amountTotal: 75, refundMethodCode: 1 } as Invoice;
      const html = renderToStaticMarkup(createElement(IssuedNoteView, { note, paymentMethods: catalog, printMessage: null, onPrint: () => {} }));
      expect(html).toMatch(/data-testid="return-note-refund-method">EFECTIVO</);
    });
  });
});
