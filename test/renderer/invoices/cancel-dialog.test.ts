// The cancel dialog (issue 24, item 13): it says the annulment can be reverted once and until
// when (the engine's deadline, Bolivia time), never "no se puede revertir".
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { Invoice } from '../../../shared/api-types';

vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api: {}, http: {}, bindSession: () => undefined, ...errors };
});

const { cancellationNotice } = await import('../../../renderer/src/invoices/cancellation-notice');
const { CancelDialogBody } = await import('../../../renderer/src/invoices/CancelDialog');

const invoice = {
  id: '0190a0a0-0000-7000-8000-000000000001', invoiceNumber: 41, cuf: 'CUF41', state: 'VALIDATED', emissionType: 'NORMAL', invoiceType: 'ELECTRONIC_SALE',
  posId: 'pos-1', siatCode: 908, siatDescription: 'VALIDADA', siatMessages: [], clientDocumentType: 1, clientDocumentNumber: '5115889', clientComplement: null,
  clientBusinessName: 'Juan Pérez', clientCode: 'C-1', clientEmail: null, amountSubtotal: 2000, amountDiscount: 0, giftCardAmount: 0, amountTotal: 2000,
  amountTotalSubjectToVat: 2000, currencyCode: 1, exchangeRate: 1, literal: '', leyenda: '', paymentMethodCode: 1, cardNumber: null, emissionDate: '2026-11-26T22:45:00.000',
  cancellationReason: null, cancellationDate: null, cancellationDeadline: '2026-12-09T23:59:59.999', cancellationReverted: false, details: [],
  pdfUrl: '', xmlUrl: '', ticketUrl: '', qrUrl: '', sector: 1,
} as Invoice;

describe('cancel dialog', () => {
  it('names the term: revertible once, until the deadline in dd/mm/aaaa hh:mm Bolivia time', () => {
    const text = cancellationNotice(invoice);
    expect(text).toContain('una sola vez');
    expect(text).toContain('hasta el 09/12/2026 23:59 (hora de Bolivia)');
    expect(text).not.toMatch(/no se puede revertir/);
  });

  it('says the annulment will be final once a reversal was used', () => {
    const text = cancellationNotice({ ...invoice, cancellationReverted: true });
    expect(text).toMatch(/definitiva/);
    expect(text).not.toMatch(/hasta el/);
  });

  it('renders the notice, the amount in Bs, the reasons and the keys', () => {
    const html = renderToStaticMarkup(
      createElement(CancelDialogBody, {
        invoice,
        motivo: 1,
        reasons: [{ codigo: 1, descripcion: 'FACTURA MAL EMITIDA' }],
        errors: [],
        busy: false,
        onMotivo: () => {},
        onConfirm: () => {},
        onClose: () => {},
      }),
    );
    expect(html).toMatch(/data-testid="cancel-notice">[^<]*hasta el 09\/12\/2026 23:59/);
    expect(html).toContain('Bs 2.000,00');
    expect(html).toContain('1 – FACTURA MAL EMITIDA');
    expect(html).toContain('Enter anula');
  });
});
