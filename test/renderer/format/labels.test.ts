// Counts with their noun, documents by their kind, catalog codes by their description (issue 24, items 11 and 17).
import { describe, expect, it } from 'vitest';
import { catalogDescription, countOf, documentLabel, documentName } from '../../../renderer/src/format/labels';

describe('countOf', () => {
  it('puts the noun in the number of the count', () => {
    expect(countOf(1, 'línea')).toBe('1 línea');
    expect(countOf(2, 'línea')).toBe('2 líneas');
    expect(countOf(0, 'nota')).toBe('0 notas');
    expect(countOf(1, 'nota')).toBe('1 nota');
    expect(countOf(3, 'error')).toBe('3 errores');
    expect(countOf(1, 'compra registrada', 'compras registradas')).toBe('1 compra registrada');
    expect(countOf(2, 'compra registrada', 'compras registradas')).toBe('2 compras registradas');
  });

  it('writes thousands with dots, as amounts are written', () => {
    expect(countOf(1250, 'factura')).toBe('1.250 facturas');
  });
});

describe('documentName', () => {
  it('calls an invoice a factura and a credit-debit note a note, with the invoice it refers to', () => {
    expect(documentName({ sector: 1, number: 17 })).toEqual({ kind: 'Factura', title: 'Factura N° 17', reference: null });
    expect(documentName({ sector: 24, number: 3, originalNumber: 17 })).toEqual({ kind: 'Nota de crédito-débito', title: 'Nota de crédito-débito N° 3', reference: 'sobre factura N° 17' });
    // The nota de conciliación (sector 29, issue 28) is a note on an invoice too.
    expect(documentLabel({ sector: 29, number: 2, originalNumber: 17 })).toBe('Nota de conciliación N° 2 sobre factura N° 17');
    expect(documentLabel({ sector: 2, number: 4 })).toBe('Factura N° 4');
    expect(documentLabel({ sector: 24, number: 3, originalNumber: 17 })).toBe('Nota de crédito-débito N° 3 sobre factura N° 17');
    // The original unknown (an older engine's list): still a note, without a made-up reference.
    expect(documentLabel({ sector: 24, number: 3 })).toBe('Nota de crédito-débito N° 3');
    expect(documentLabel({ number: 5 })).toBe('Factura N° 5');
  });
});

describe('catalogDescription', () => {
  const units = [
    { codigo: 57, descripcion: 'UNIDAD (BIENES)' },
    { codigo: 58, descripcion: 'UNIDAD (SERVICIOS)' },
  ];
  it('names a unit of measure by SIAT’s catalog, the code only before the catalog is synced', () => {
    expect(catalogDescription(units, 57, 'unidad')).toBe('UNIDAD (BIENES)');
    expect(catalogDescription(units, 99, 'unidad')).toBe('unidad 99');
    expect(catalogDescription(undefined, 58, 'unidad')).toBe('unidad 58');
  });
});
