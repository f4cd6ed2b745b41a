// The Venta screen's sector fields (issue #12): which fields a point of sale's document asks
// for, how the typed text becomes the request, and the form as rendered.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lineFromProduct } from '../../../renderer/src/sale/cart';
import { QUICK_CLIENT } from '../../../renderer/src/sale/client';
import { buildInvoiceRequest, type SaleDraft } from '../../../renderer/src/sale/invoice-request';
import { EMPTY_PAYMENT } from '../../../renderer/src/sale/payment';
import { saleAcceptsGiftCard, saleSectorFields, sectorRequestValues } from '../../../renderer/src/sale/sector-form';
import { SectorFormView } from '../../../renderer/src/sale/SectorPanel';
import { saleInvoiceType } from '../../../renderer/src/session/session-store';
import { product } from './fixtures';

const line = { ...lineFromProduct(product({ priceUnit: 450, description: 'Pensión marzo' }), 100) };
const draft = (over: Partial<SaleDraft> = {}): SaleDraft => ({
  invoiceType: 'ELECTRONIC_SECTOR_EDUCATION',
  posId: 'pos-1',
  lines: [line],
  additionalDiscount: 0,
  client: QUICK_CLIENT,
  payment: EMPTY_PAYMENT,
  ...over,
});

describe('sector fields of the sale', () => {
  it('compra-venta and tasa cero ask nothing; education asks the student and the period; hospital asks per line', () => {
    expect(saleSectorFields('COMPUTERIZED_SALE')).toBeNull();
    expect(saleSectorFields('ELECTRONIC_SECTOR_EDUCATION')!.header.map((f) => f.key)).toEqual(['nameStudent', 'billedPeriod']);
    expect(saleSectorFields('ELECTRONIC_SECTOR_EDUCATION')!.line).toEqual([]);
    expect(saleSectorFields('COMPUTERIZED_HOSPITAL')!.line.map((f) => f.key)).toContain('nameLastNameDoctor');
    expect(saleSectorFields('ELECTRONIC_DUTY_FREE')).toBeNull();
  });

  it('alquiler (2) asks the billed period and, like servicios básicos, takes no gift card; compra-venta and education do (issue 28)', () => {
    expect(saleSectorFields('ELECTRONIC_PROPERTY_RENTAL')!.header.map((f) => [f.key, f.label, f.required, f.maxLength])).toEqual([['billedPeriod', 'Periodo facturado', true, 50]]);
    expect(saleAcceptsGiftCard('ELECTRONIC_PROPERTY_RENTAL')).toBe(false);
    expect(saleAcceptsGiftCard('ELECTRONIC_BASIC_SERVICE')).toBe(false);
    expect(saleAcceptsGiftCard('COMPUTERIZED_SALE')).toBe(true);
    expect(saleAcceptsGiftCard('ELECTRONIC_SECTOR_EDUCATION')).toBe(true);
  });

  it('the point of sale default wins over the taxpayer compra-venta', () => {
    const pos = { id: 'p', code: 0, branchId: 1, branchCode: 0, name: 'Caja', defaultInvoiceType: 'ELECTRONIC_SECTOR_EDUCATION' };
    expect(saleInvoiceType(pos, null)).toBe('ELECTRONIC_SECTOR_EDUCATION');
    expect(saleInvoiceType({ ...pos, defaultInvoiceType: null }, null)).toBe('COMPUTERIZED_SALE');
    expect(saleInvoiceType(undefined, null)).toBe('COMPUTERIZED_SALE');
  });

  it('a missing required field names it; the request carries the fields at top level', () => {
    const missing = buildInvoiceRequest(draft({ sector: { header: { nameStudent: 'Ana' }, lines: {} } }));
    expect(missing).toEqual({ ok: false, errors: ['Periodo facturado: es obligatorio.'] });
    const ok = buildInvoiceRequest(draft({ sector: { header: { nameStudent: ' Ana Quispe ', billedPeriod: 'MARZO 2026' }, lines: {} } }));
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    expect(ok.request.invoiceType).toBe('ELECTRONIC_SECTOR_EDUCATION');
    expect(ok.request).toMatchObject({ nameStudent: 'Ana Quispe', billedPeriod: 'MARZO 2026' });
  });

  it('line fields are converted by kind and go in their line; bad values name the product and the field', () => {
    const fields = saleSectorFields('COMPUTERIZED_HOSPITAL')!;
    const bad = sectorRequestValues(fields, { header: {}, lines: { [line.key]: { nameLastNameDoctor: 'Dra. Eva Lima', nitDocumentDoctor: '12a' } } }, [line]);
    expect(bad).toEqual({ ok: false, errors: ['Pensión marzo — NIT/CI del médico: debe ser un número entero.'] });
    const r = buildInvoiceRequest(
      draft({ invoiceType: 'COMPUTERIZED_HOSPITAL', sector: { header: {}, lines: { [line.key]: { nameLastNameDoctor: 'Dra. Eva Lima', nitDocumentDoctor: '7788990', nroOperatingRoom: '3' } } } }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.request.details[0]).toMatchObject({ nameLastNameDoctor: 'Dra. Eva Lima', nitDocumentDoctor: 7788990, nroOperatingRoom: 3 });
    expect(r.request).not.toHaveProperty('nameStudent');
  });

  it('amounts in es-BO and dates dd/mm/aaaa become the API values', () => {
    const ins = saleSectorFields('ELECTRONIC_INSURANCE')!;
    expect(sectorRequestValues(ins, { header: { vatAdjustment: '1.234,50' }, lines: {} }, [])).toEqual({ ok: true, values: { header: { vatAdjustment: 1234.5 }, lines: {} } });
    const hotel = saleSectorFields('ELECTRONIC_HOTEL')!;
    const h = sectorRequestValues(hotel, { header: { checkInDate: '03/04/2026 14:30' }, lines: {} }, []);
    expect(h).toEqual({ ok: true, values: { header: { checkInDate: '2026-04-03T14:30:00' }, lines: {} } });
    expect(sectorRequestValues(hotel, { header: { checkInDate: '31/13/2026' }, lines: {} }, [])).toEqual({ ok: false, errors: ['Fecha de ingreso: fecha no válida (dd/mm/aaaa hh:mm).'] });
  });

  it('renders the header fields with their labels and, for a line sector, one group per cart line', () => {
    const edu = renderToStaticMarkup(
      createElement(SectorFormView, { fields: saleSectorFields('ELECTRONIC_SECTOR_EDUCATION')!, draft: { header: { nameStudent: 'Ana' }, lines: {} }, lines: [line], onHeader: () => {}, onLine: () => {} }),
    );
    expect(edu).toContain('data-testid="sale-sector-label">Sector educativo');
    expect(edu).toContain('data-testid="sector-field-nameStudent"');
    expect(edu).toContain('value="Ana"');
    expect(edu).toContain('data-testid="sector-field-billedPeriod"');
    expect(edu).not.toContain('sector-lines');
    const hosp = renderToStaticMarkup(
      createElement(SectorFormView, { fields: saleSectorFields('COMPUTERIZED_HOSPITAL')!, draft: { header: {}, lines: {} }, lines: [line], onHeader: () => {}, onLine: () => {} }),
    );
    expect(hosp).toContain('data-testid="sector-line"');
    expect(hosp).toContain('Pensión marzo');
    expect(hosp.split('data-testid="sector-line-field-').length - 1).toBe(saleSectorFields('COMPUTERIZED_HOSPITAL')!.line.length);
  });
});
