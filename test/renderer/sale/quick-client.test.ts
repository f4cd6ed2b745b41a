// F5, the quick client for a buyer who gives no document (issue 24, item 4): the SIN's special
// code 99002 CONTROL TRIBUTARIO as NIT, with SIAT's exception, never document 0 "S/N"; and SIAT
// is never asked about a special code.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ checkNit: vi.fn(), clientSuggestions: vi.fn(async () => []) }));
vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api, http: {}, bindSession: () => undefined, ...errors };
});

const { useClient } = await import('../../../renderer/src/sale/client-store');
const { ClientPanel } = await import('../../../renderer/src/sale/ClientPanel');
const { buildInvoiceRequest } = await import('../../../renderer/src/sale/invoice-request');
const { EMPTY_PAYMENT } = await import('../../../renderer/src/sale/payment');
const { lineFromProduct } = await import('../../../renderer/src/sale/cart');
const { product } = await import('./fixtures');

describe('the quick client (F5)', () => {
  beforeEach(() => {
    useClient.getState().reset();
    api.checkNit.mockReset();
  });

  it('fills NIT 99002, CONTROL TRIBUTARIO and the exception; the panel offers it by that name', () => {
    useClient.getState().quick();
    const c = useClient.getState().client;
    expect(c).toMatchObject({ documentType: 5, documentNumber: '99002', businessName: 'CONTROL TRIBUTARIO', complement: '', exception: true });
    // (Static markup renders the store's initial state: this checks the F5 button's words only.)
    const html = renderToStaticMarkup(createElement(ClientPanel));
    expect(html).toMatch(/data-testid="quick-client-button"><kbd>F5<\/kbd> Sin documento \(99002\)/);
    expect(html).not.toContain('S/N');
  });

  it('a sale to it asks for codigoExcepcion 1 with document type NIT', () => {
    useClient.getState().quick();
    const r = buildInvoiceRequest({
      invoiceType: 'COMPUTERIZED_SALE',
      posId: 'pos-1',
      lines: [lineFromProduct(product(), 100)],
      additionalDiscount: 0,
      client: useClient.getState().client,
      payment: EMPTY_PAYMENT,
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.request).toMatchObject({ clientDocumentType: 5, clientDocumentNumber: '99002', clientBusinessName: 'CONTROL TRIBUTARIO', clientCode: '99002', exceptionCode: 1 });
  });

  it('F7 on a special code never asks SIAT; a code typed by hand gets the exception too', async () => {
    useClient.getState().update({ documentType: 5, documentNumber: '99001', businessName: 'EMBAJADA' });
    await useClient.getState().verifyNit('pos-1');
    expect(api.checkNit).not.toHaveBeenCalled();
    expect(useClient.getState().client.exception).toBe(true);
    expect(useClient.getState().client.nitMessage).toMatch(/CONSULADOS Y EMBAJADAS/);
  });
});
