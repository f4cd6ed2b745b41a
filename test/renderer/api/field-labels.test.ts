// Errors a shopkeeper understands (issue 24, item 12): the API's field paths become Spanish
// labels in what the till shows; the amounts the engine writes are read as the till writes them.
import { describe, expect, it } from 'vitest';
import { ApiError, describeError } from '../../../renderer/src/api/errors';
import { describeField, fieldLabel } from '../../../renderer/src/api/field-labels';
import { PurchaseInputSchema } from '../../../shared/api/purchases';

describe('fieldLabel', () => {
  it('turns a request path into words, lists counted from 1', () => {
    expect(fieldLabel('items[5].details[0].quantity')).toBe('factura 6, línea 1, cantidad');
    expect(fieldLabel('details[5].priceUnit')).toBe('línea 6, precio unitario');
    expect(fieldLabel('payments[1].amount')).toBe('pago 2, monto');
    expect(fieldLabel('clientDocumentNumber')).toBe('documento del cliente');
    expect(fieldLabel('invoices[0].emissionDate')).toBe('factura 1, fecha de emisión');
  });

  it('names a sector field as the sale’s form does', () => {
    expect(fieldLabel('nameStudent')).toMatch(/^[a-záéíóú]/);
    expect(fieldLabel('nameStudent')).not.toBe('nameStudent');
    expect(fieldLabel('details[2].numberSerial')).toBe('línea 3, n.º de serie');
  });

  // Walk of 28/11: an import row's verdict read «TotalPurchaseAmount: «1.500» …».
  it('names every field of a purchase in words, as Compras labels them', () => {
    const unnamed = Object.keys(PurchaseInputSchema.properties).filter((k) => k !== 'source' && fieldLabel(k) === k);
    expect(unnamed).toEqual([]);
    expect(describeField({ field: 'totalPurchaseAmount', message: '«1.500» no es un importe' })).toBe('Importe total: «1.500» no es un importe');
  });

  it('says an unknown name as it is, never the whole path', () => {
    expect(fieldLabel('items[0].somethingNew')).toBe('factura 1, somethingNew');
  });
});

describe('describeField', () => {
  it('puts the label before a message that is not a sentence of its own', () => {
    expect(describeField({ field: 'details[5].quantity', message: 'debe ser mayor a 0' })).toBe('Línea 6, cantidad: debe ser mayor a 0');
  });

  it('keeps a message that already says where ("Línea 6: …") and drops a repeated path', () => {
    expect(describeField({ field: 'details[5].quantity', message: 'Línea 6: la cantidad debe ser mayor que cero.' })).toBe('Línea 6: la cantidad debe ser mayor que cero.');
    expect(describeField({ field: 'amount', message: 'amount: el retiro (Bs 2.000,00) supera el efectivo' })).toBe('Monto: el retiro (Bs 2.000,00) supera el efectivo');
  });
});

describe('describeError with field problems', () => {
  it('shows no field paths: the detail that spells them is replaced by the labelled lines', () => {
    const err = new ApiError(422, {
      code: 'VALIDATION_FAILED',
      detail: 'campo items[5].details[0].quantity: debe ser mayor a 0; campo items[5].clientEmail: debe tener formato email',
      fields: [
        { field: 'items[5].details[0].quantity', rule: 'exclusiveMinimum', message: 'debe ser mayor a 0' },
        { field: 'items[5].clientEmail', rule: 'format', message: 'debe tener formato email' },
      ],
    });
    const lines = describeError(err);
    expect(lines).toEqual(['Factura 6, línea 1, cantidad: debe ser mayor a 0', 'Factura 6, correo del cliente: debe tener formato email']);
    expect(lines.join(' ')).not.toMatch(/\[\d+\]|items|details/);
  });

  it('keeps a detail that is a sentence of its own, and SIAT’s lines first', () => {
    const err = new ApiError(422, {
      code: 'CANCELLATION_TERM_OVER',
      detail: 'Fuera de plazo: la factura 12 se emitió el 02/10/2026 y SIAT permite anular ella solo hasta el 09/11/2026.',
      fields: [{ field: 'id', rule: 'SIAT_934', message: 'plazo vencido el 09/11/2026' }],
    });
    expect(describeError(err)).toEqual([
      'Fuera de plazo: la factura 12 se emitió el 02/10/2026 y SIAT permite anular ella solo hasta el 09/11/2026.',
      'Factura: plazo vencido el 09/11/2026',
    ]);
  });
});
