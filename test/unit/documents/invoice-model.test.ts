import { test } from 'node:test';
import assert from 'node:assert/strict';
import { invoiceFileStem, toInvoiceDocumentModel, type DocumentTenant } from '../../../main/documents/invoice-model';
import { headerFieldRows, stateMark, representationSentence } from '../../../main/documents/model';
import type { InvoiceRecord } from '../../../main/store/invoices';
import { renderInvoicePdf } from '../../../main/documents/invoice-pdf';
import { renderTicketPdf } from '../../../main/documents/ticket-pdf';
import { buildEscposTicket } from '../../../main/printing/escpos-ticket';
import { DEFAULT_PRINTER_SETTINGS } from '../../../main/printing/settings';
import { TIPO_METODO_PAGO } from '../../../main/siat-sim/catalog-data/payment-methods';
import { pdfText } from './pdf-tools';
import { cp850, includesBytes } from '../printing/escpos-bytes';

const tenant: DocumentTenant = {
  nit: '1003579028',
  razonSocial: 'COMERCIAL ÑANDÚ S.R.L.',
  municipio: 'La Paz',
  direccion: 'Av. Arce 123',
  telefono: null,
  ambiente: 2,
  training: false,
};

function record(over: Partial<InvoiceRecord> = {}): InvoiceRecord {
  return {
    id: 'i1', tenantId: 't1', posId: 'p1', branchCode: 2, posCode: 1, invoiceType: 'COMPUTERIZED_SALE', sector: 1, modalidad: 2,
    tipoFactura: 1, codigoEmision: 1, number: 12, cuf: 'ABC123', cufd: 'X', fechaEmision: '2026-03-04T10:11:12.000',
    clientDocType: 1, clientDocNumber: '5115889', clientComplement: '1A', clientName: 'Juan Pérez', clientCode: 'C-1', clientEmail: null,
    paymentMethod: 1, cardNumber: null, currency: 1, exchangeRate: 100, subtotal: 4660, additionalDiscount: 60, giftCard: 100,
    total: 4600, totalSubjectIva: 4500, totalCurrency: 4600, exceptionCode: null, literal: 'Cuarenta y seis 00/100 Bolivianos',
    leyenda: 'Ley N° 453: …', usuario: 'u', sectorData: null, originalInvoiceId: null, cafc: null,
    details: [
      { activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P1', description: 'Arroz', quantity: 200, unitMeasure: 57, priceUnit: 950, amountDiscount: 0, subTotal: 1900 },
      { activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P2', description: 'Servicio', quantity: 150, unitMeasure: 999, priceUnit: 1840, amountDiscount: 0, subTotal: 2760 },
    ],
    xml: '<x/>', hash: 'h', idempotencyKey: null, requestHash: null, state: 'VALIDATED', siatCode: 908, siatDescription: 'VALIDADA',
    siatReceptionCode: null, siatMessages: [], needsReconcile: false, eventId: null, packageId: null, lastChecked: null,
    cancellationReason: null, cancellationDate: null, createdAt: '', updatedAt: '',
    ...over,
  };
}

const units = [{ codigo: '57', descripcion: 'UNIDAD (BIENES)' }, { codigo: '58', descripcion: 'UNIDAD (SERVICIOS)' }];

test('maps a stored invoice to the document model: issuer, client, lines with catalog units, totals, QR', () => {
  const m = toInvoiceDocumentModel(record(), tenant, units);
  assert.deepEqual(m.issuer, { nit: '1003579028', razonSocial: 'COMERCIAL ÑANDÚ S.R.L.', municipio: 'La Paz', telefono: null, direccion: 'Av. Arce 123', codigoSucursal: 2, codigoPuntoVenta: 1 });
  assert.equal(m.numeroFactura, 12);
  assert.equal(m.modalidad, 2);
  assert.deepEqual(m.client, { nombre: 'Juan Pérez', documentType: 1, documentNumber: '5115889', complemento: '1A', codigoCliente: 'C-1' });
  assert.equal(m.lines[0]!.unidadMedida, 'UNIDAD (BIENES)');
  assert.equal(m.lines[0]!.cantidad, 200);
  assert.equal(m.lines[1]!.unidadMedida, 'UNIDAD 999', 'a code missing from the catalog still prints');
  assert.equal(m.subTotal, 4660);
  assert.equal(m.descuentoAdicional, 60);
  assert.equal(m.montoTotal, 4600);
  assert.equal(m.montoGiftCard, 100);
  assert.equal(m.montoAPagar, 4500);
  assert.equal(m.importeBaseCreditoFiscal, 4500);
  assert.equal(m.qrUrl, 'https://pilotosiat.impuestos.gob.bo/consulta/QR?nit=1003579028&cuf=ABC123&numero=12');
  assert.equal(m.training, false);
  assert.equal(m.offline, false);
  assert.equal(stateMark(m), null);
});

test('training tenant, offline emission, production QR and annulment are carried over', () => {
  const m = toInvoiceDocumentModel(record({ codigoEmision: 2, state: 'CANCELLED' }), { ...tenant, training: true, ambiente: 1 }, units);
  assert.equal(m.training, true);
  assert.equal(m.offline, true);
  assert.match(representationSentence(m), /fuera de línea/);
  assert.equal(stateMark(m), 'ANULADA');
  assert.match(m.qrUrl, /^https:\/\/siat\.impuestos\.gob\.bo\/consulta\/QR\?/);
});

test('file stem is factura-<numero>-<cuf>', () => {
  assert.equal(invoiceFileStem({ number: 12, cuf: 'ABC' }), 'factura-12-ABC');
});

// The synced catalog as catalog-sync stores it (codigo as text).
const methods = TIPO_METODO_PAGO.map((i) => ({ codigo: String(i.codigoClasificador), descripcion: i.descripcion }));

test('the payment method prints by SIAT’s name, with the parts of a split sale', () => {
  const split = record({ paymentMethod: 10, cardNumber: '4797000000001234', giftCard: 0, total: 8000, totalSubjectIva: 8000 });
  const m = toInvoiceDocumentModel(split, tenant, units, { methods, parts: [{ method: 'CASH', amount: 5000 }, { method: 'CARD', amount: 3000 }] });
  assert.equal(m.metodoPago, 'EFECTIVO-TARJETA');
  assert.equal(m.pagos, 'Efectivo Bs 50,00 + Tarjeta Bs 30,00 (…1234)');
  assert.deepEqual(headerFieldRows(m).slice(-2), [
    { label: 'Método de pago:', value: 'EFECTIVO-TARJETA' },
    { label: 'Pagado con:', value: 'Efectivo Bs 50,00 + Tarjeta Bs 30,00 (…1234)' },
  ]);
  // One method: its name, no parts.
  const single = toInvoiceDocumentModel(record({ paymentMethod: 35 }), tenant, units, { methods, parts: [{ method: 'CASH', amount: 4500 }] });
  assert.equal(single.metodoPago, 'EFECTIVO – GIFT CARD');
  assert.equal(single.pagos, undefined);
  // A card alone is named by its last four digits, as a split's card part (a store-day walk found it bare).
  const card = toInvoiceDocumentModel(record({ paymentMethod: 2, cardNumber: '4111000000001111' }), tenant, units, { methods, parts: [{ method: 'CARD', amount: 4500 }] });
  assert.equal(card.metodoPago, 'TARJETA (…1111)');
  // Without the catalog at hand (Kipu Central) nothing is printed rather than a bare code.
  assert.equal(toInvoiceDocumentModel(split, tenant, units).metodoPago, undefined);
  // A note carries no payment method.
  assert.equal(toInvoiceDocumentModel(record({ sector: 24, invoiceType: 'NOTE_CREDIT_DEBIT', paymentMethod: 10 }), tenant, units, { methods, parts: [] }).metodoPago, undefined);
});

test('the A4 PDF, the ticket PDF and the ESC/POS ticket show the method’s name, not its code', async () => {
  const inv = record({ paymentMethod: 10, cardNumber: '4797000000001234', giftCard: 0, total: 8000, totalSubjectIva: 8000 });
  const m = toInvoiceDocumentModel(inv, tenant, units, { methods, parts: [{ method: 'CASH', amount: 5000 }, { method: 'CARD', amount: 3000 }] });
  for (const text of [pdfText(await renderInvoicePdf(m)), pdfText(await renderTicketPdf(m))]) {
    assert.match(text, /Método de pago: EFECTIVO-TARJETA|MÉTODO DE PAGO: EFECTIVO-TARJETA/);
    assert.ok(text.includes('Efectivo Bs 50,00 + Tarjeta Bs 30,00 (…1234)'), text);
    assert.doesNotMatch(text, /Método 10\b/);
  }
  const esc = buildEscposTicket(m, DEFAULT_PRINTER_SETTINGS);
  assert.ok(includesBytes(esc, cp850('MÉTODO DE PAGO:')));
  assert.ok(includesBytes(esc, cp850('EFECTIVO-TARJETA')));
  assert.ok(includesBytes(esc, cp850('Tarjeta Bs 30,00 (...1234)')));
});
