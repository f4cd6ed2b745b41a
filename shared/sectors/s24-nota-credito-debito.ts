// Sector 24, nota de crédito-débito: a product taken back, official SIN XSD (CONTRACT.md §9.3).
// Issued from an invoice (main/invoicing/credit-debit-note.ts), never sold at the till.
import { CABECERA_1, DETALLE_BASE } from './common';
import { el } from './layout';
import type { SectorSpec } from './spec';

export const NOTA_CREDITO_DEBITO: SectorSpec = {
  code: 24,
  label: 'Nota de crédito-débito',
  tipoFactura: 3,
  // The computerized name is Kipu's (seed 001's routes issue it; seed 000 does not name it).
  invoiceTypes: [
    { name: 'NOTE_CREDIT_DEBIT', modalidad: 1 },
    { name: 'COMPUTERIZED_NOTE_CREDIT_DEBIT', modalidad: 2 },
  ],
  header: [],
  line: [],
  samples: {},
  // No payment, currency, gift card or cafc; the original invoice's number, CUF and date;
  // original and returned totals; lines tagged 1/2.
  layout: {
    numberElement: 'numeroNotaCreditoDebito',
    cabecera: [
      ...CABECERA_1.slice(0, 4),
      el('numeroNotaCreditoDebito', 'int'),
      ...CABECERA_1.slice(5, 16),
      el('numeroFactura', 'int'),
      el('numeroAutorizacionCuf', 'str'),
      el('fechaEmisionFactura', 'dateTime'),
      el('montoTotalOriginal', 'dec'),
      el('montoTotalDevuelto', 'dec'),
      el('montoDescuentoCreditoDebito', 'dec', true),
      el('montoEfectivoCreditoDebito', 'dec'),
      el('codigoExcepcion', 'int', true),
      el('leyenda', 'str'),
      el('usuario', 'str'),
      el('codigoDocumentoSector', 'int'),
    ],
    detalle: [...DETALLE_BASE, el('codigoDetalleTransaccion', 'int')],
  },
  // The root is notaFiscal…CreditoDebito, but the official file drops "Fiscal" (CONTRACT §3.2).
  xsd: { 1: 'notaElectronicaCreditoDebito.xsd', 2: 'notaComputarizadaCreditoDebito.xsd' },
  till: { sells: false, why: 'la nota de crédito-débito se emite desde Facturas (Devolución)' },
};
