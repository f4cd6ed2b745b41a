// Each sector's own data on the printed documents (issue #12): the model built from a stored
// record, then the A4 PDF and the 80 mm ticket read back with pdftotext, and the ESC/POS bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toInvoiceDocumentModel, type DocumentTenant } from '../../../main/documents/invoice-model';
import { documentHeading, headerFieldRows, lineGroups, totalRows } from '../../../main/documents/model';
import { renderInvoicePdf } from '../../../main/documents/invoice-pdf';
import { renderTicketPdf } from '../../../main/documents/ticket-pdf';
import { buildEscposTicket } from '../../../main/printing/escpos-ticket';
import { DEFAULT_PRINTER_SETTINGS } from '../../../main/printing/settings';
import type { InvoiceLine, InvoiceRecord } from '../../../main/store/invoices';
import { pdfText } from './pdf-tools';
import { cp850, includesBytes } from '../printing/escpos-bytes';
import { TIPO_MONEDA } from '../../../main/siat-sim/catalog-data/currencies';

const tenant: DocumentTenant = { nit: '1003579028', razonSocial: 'UNIDAD EDUCATIVA ÑANDÚ', municipio: 'La Paz', direccion: 'Av. Arce 123', telefono: null, ambiente: 2, training: false };

const line = (over: Partial<InvoiceLine> = {}): InvoiceLine => ({
  activityEconomic: '853000', codeProductSin: '99100', codeProduct: 'P1', description: 'Pensión marzo', quantity: 100, unitMeasure: 58,
  priceUnit: 45000, amountDiscount: 0, subTotal: 45000, ...over,
});

function record(over: Partial<InvoiceRecord>): InvoiceRecord {
  return {
    id: 'i1', tenantId: 't1', posId: 'p1', branchCode: 0, posCode: 0, invoiceType: 'ELECTRONIC_SALE', sector: 1, modalidad: 1,
    tipoFactura: 1, codigoEmision: 1, number: 7, cuf: 'CUF7', cufd: 'X', fechaEmision: '2026-03-04T10:11:12.000',
    clientDocType: 1, clientDocNumber: '5115889', clientComplement: null, clientName: 'Juan Pérez', clientCode: 'C-1', clientEmail: null,
    paymentMethod: 1, cardNumber: null, currency: 1, exchangeRate: 100, subtotal: 45000, additionalDiscount: 0, giftCard: 0,
    total: 45000, totalSubjectIva: 45000, totalCurrency: 45000, exceptionCode: null, literal: 'Cuatrocientos cincuenta 00/100 Bolivianos',
    leyenda: 'Ley N° 453: …', usuario: 'u', sectorData: null, originalInvoiceId: null, cafc: null, details: [line()],
    xml: '<x/>', hash: 'h', idempotencyKey: null, requestHash: null, state: 'VALIDATED', siatCode: 908, siatDescription: 'VALIDADA',
    siatReceptionCode: null, siatMessages: [], needsReconcile: false, eventId: null, packageId: null, lastChecked: null,
    cancellationReason: null, cancellationDate: null, createdAt: '', updatedAt: '',
    ...over,
  };
}

const education = record({ invoiceType: 'ELECTRONIC_SECTOR_EDUCATION', sector: 11, sectorData: { nameStudent: 'Ana Quispe Mamani', billedPeriod: 'MARZO 2026' } });
const hospital = record({
  invoiceType: 'ELECTRONIC_HOSPITAL', sector: 17, sectorData: { serviceMode: 'AMBULATORIO' },
  details: [
    line({ description: 'Consulta', sectorFields: { nameLastNameDoctor: 'Dr. Luis Rojas', nitDocumentDoctor: 4455667, nroOperatingRoom: 0, specialty: null } }),
    line({ codeProduct: 'P2', description: 'Cirugía menor', sectorFields: { nameLastNameDoctor: 'Dra. Eva Lima', nitDocumentDoctor: 7788990, nroOperatingRoom: 3 } }),
  ],
});
const telecom = record({ invoiceType: 'ELECTRONIC_TELECOM', sector: 22, sectorData: { nitSet: 1020304050 } });
const zeroRate = record({ invoiceType: 'ELECTRONIC_DUTY_FREE', sector: 8, tipoFactura: 2, totalSubjectIva: 0 });
const note = record({
  invoiceType: 'NOTE_CREDIT_DEBIT', sector: 24, tipoFactura: 3, number: 2, cuf: 'CUFNOTE', subtotal: 7500, total: 7500, totalSubjectIva: 7500,
  originalInvoiceId: 'i0',
  sectorData: { originalInvoiceId: 'i0', originalInvoiceNumber: 41, originalCuf: 'CUFORIGINAL41', originalEmissionDate: '2026-02-28T09:00:00.000', amountTotalOriginal: 15000, amountTotalReturn: 7500, amountCashCreditDebit: 975 },
  details: [
    line({ codeProduct: 'LIB-1', description: 'Libro de texto', quantity: 200, priceUnit: 7500, subTotal: 15000, transaction: 1 }),
    line({ codeProduct: 'LIB-1', description: 'Libro de texto', quantity: 100, priceUnit: 7500, subTotal: 7500, transaction: 2 }),
  ],
});

test('education: the model carries the student and the period, labelled from shared/sector-fields', () => {
  const m = toInvoiceDocumentModel(education, tenant);
  assert.deepEqual(m.sectorFields, [{ label: 'Estudiante', value: 'Ana Quispe Mamani' }, { label: 'Periodo facturado', value: 'MARZO 2026' }]);
  assert.deepEqual(documentHeading(m), { title: 'FACTURA', sector: 'SECTOR EDUCATIVO', subtitle: '(Con Derecho a Crédito Fiscal)', numberLabel: 'FACTURA N°' });
  assert.deepEqual(headerFieldRows(m).map((r) => r.label), ['Estudiante:', 'Periodo facturado:']);
});

test('compra-venta keeps its plain heading and no sector rows', () => {
  const m = toInvoiceDocumentModel(record({}), tenant);
  assert.deepEqual(documentHeading(m), { title: 'FACTURA', sector: null, subtitle: '(Con Derecho a Crédito Fiscal)', numberLabel: 'FACTURA N°' });
  assert.deepEqual(headerFieldRows(m), []);
  assert.equal(lineGroups(m).length, 1);
});

test('hospital: doctor and operating room per line; the default operating room 0 is not printed', () => {
  const m = toInvoiceDocumentModel(hospital, tenant);
  assert.deepEqual(m.lines[0]!.sectorFields, [{ label: 'Médico', value: 'Dr. Luis Rojas' }, { label: 'NIT/CI del médico', value: '4455667' }]);
  assert.deepEqual(m.lines[1]!.sectorFields, [{ label: 'Quirófano / sala', value: '3' }, { label: 'Médico', value: 'Dra. Eva Lima' }, { label: 'NIT/CI del médico', value: '7788990' }]);
  assert.deepEqual(m.sectorFields, [{ label: 'Modalidad del servicio', value: 'AMBULATORIO' }]);
});

test('tasa cero (tipoFactura 2) says it gives no crédito fiscal', () => {
  const h = documentHeading(toInvoiceDocumentModel(zeroRate, tenant));
  assert.equal(h.sector, 'TASA CERO');
  assert.equal(h.subtitle, 'SIN DERECHO A CRÉDITO FISCAL');
});

test('the credit-debit note: its title, the original invoice, the lines apart and the three amounts', () => {
  const m = toInvoiceDocumentModel(note, tenant);
  assert.deepEqual(m.note, { originalNumber: 41, originalCuf: 'CUFORIGINAL41', originalDate: '2026-02-28T09:00:00.000', amountOriginal: 15000, amountReturned: 7500, amountCash: 975 });
  assert.equal(documentHeading(m).title, 'NOTA CRÉDITO-DÉBITO');
  assert.equal(documentHeading(m).numberLabel, 'NOTA N°');
  assert.deepEqual(headerFieldRows(m), [
    { label: 'Factura original N°:', value: '41' },
    { label: 'Cód. autorización original:', value: 'CUFORIGINAL41' },
    { label: 'Fecha factura original:', value: '28/02/2026 09:00' },
  ]);
  const groups = lineGroups(m);
  assert.deepEqual(groups.map((g) => [g.title, g.lines.map((l) => l.cantidad)]), [['DETALLE DE LA FACTURA ORIGINAL', [200]], ['DETALLE DE LA DEVOLUCIÓN', [100]]]);
  assert.deepEqual(totalRows(m).map((r) => [r.label, r.value]), [
    ['MONTO TOTAL ORIGINAL Bs', '150,00'],
    ['MONTO TOTAL DEVUELTO Bs', '75,00'],
    ['EFECTIVO CRÉDITO-DÉBITO (13 %) Bs', '9,75'],
  ]);
});

test('the A4 PDF and the ticket print each sector’s own data', async () => {
  const cases: Array<[InvoiceRecord, string[]]> = [
    [education, ['SECTOR EDUCATIVO', 'Estudiante: Ana Quispe Mamani', 'Periodo facturado: MARZO 2026']],
    [hospital, ['HOSPITALES Y CLÍNICAS', 'Médico: Dr. Luis Rojas', 'Quirófano / sala: 3']],
    [telecom, ['TELECOMUNICACIONES', '1020304050']],
    [zeroRate, ['TASA CERO', 'SIN DERECHO A CRÉDITO FISCAL']],
    [note, ['NOTA CRÉDITO-DÉBITO', 'CUFORIGINAL41', '28/02/2026', 'DETALLE DE LA FACTURA ORIGINAL', 'DETALLE DE LA DEVOLUCIÓN', 'MONTO TOTAL ORIGINAL Bs 150,00', 'MONTO TOTAL DEVUELTO Bs 75,00', '9,75']],
  ];
  for (const [rec, expected] of cases) {
    const m = toInvoiceDocumentModel(rec, tenant);
    const a4 = pdfText(await renderInvoicePdf(m));
    const ticket = pdfText(await renderTicketPdf(m));
    for (const e of expected) {
      // Totals and the ticket set label and value at the two ends of a row: pdftotext may read them apart.
      for (const part of e.split(/ Bs /)) assert.ok(a4.includes(part), `A4 of sector ${rec.sector} shows "${part}": ${a4}`);
      for (const part of e.split(/: | Bs /)) assert.ok(ticket.toUpperCase().includes(part.toUpperCase()), `ticket of sector ${rec.sector} shows "${part}": ${ticket}`);
    }
  }
  const plain = pdfText(await renderInvoicePdf(toInvoiceDocumentModel(education, tenant)));
  assert.ok(!plain.includes('NOTA CRÉDITO'), 'an invoice is not titled as a note');
  assert.ok(!plain.includes('Quirófano'), 'no other sector’s fields');
  assert.ok(pdfText(await renderInvoicePdf(toInvoiceDocumentModel(hospital, tenant))).includes('NIT/CI del médico: 4455667'));
});

test('the ESC/POS ticket prints the sector’s fields and the note’s amounts', () => {
  const edu = buildEscposTicket(toInvoiceDocumentModel(education, tenant), DEFAULT_PRINTER_SETTINGS);
  assert.ok(includesBytes(edu, cp850('SECTOR EDUCATIVO')));
  assert.ok(includesBytes(edu, cp850('ESTUDIANTE:')));
  assert.ok(includesBytes(edu, cp850('Ana Quispe Mamani')));
  const hosp = buildEscposTicket(toInvoiceDocumentModel(hospital, tenant), DEFAULT_PRINTER_SETTINGS);
  assert.ok(includesBytes(hosp, cp850('Médico: Dra. Eva Lima')));
  assert.ok(includesBytes(hosp, cp850('Quirófano / sala: 3')));
  const n = buildEscposTicket(toInvoiceDocumentModel(note, tenant), DEFAULT_PRINTER_SETTINGS);
  assert.ok(includesBytes(n, cp850('NOTA CRÉDITO-DÉBITO')));
  assert.ok(includesBytes(n, cp850('DETALLE DE LA DEVOLUCIÓN')));
  assert.ok(includesBytes(n, cp850('MONTO TOTAL DEVUELTO Bs')));
  assert.ok(includesBytes(n, cp850('CUFORIGINAL41')));
});

// Export in dollars (decision 0047): 2 × 500.00 USD, national costs 150.00 → FOB 1 150.00,
// international 200.00 → montoTotalMoneda 1 350.00; × 6.96 → montoTotal Bs 9 396.00.
const exportSectorData = {
  buyerAddress: 'Av. Providencia 1208, Santiago', incoterm: 'FOB', incotermDetail: 'Puerto de Arica', destinationPort: 'Arica',
  destinationPlace: 'Santiago', countryCode: 40, nationalCosts: '{"Transporte interno":"150.00"}', totalNationalCostsFob: 115000,
  totalInternationalCosts: 20000,
};
const exportLine = line({ codeProduct: 'QUI-1', description: 'Quinua real en grano', quantity: 200, priceUnit: 50000, subTotal: 100000, sectorFields: { nandinaCode: '1008509000' } });
const exportUsd = record({
  invoiceType: 'ELECTRONIC_EXPORT', sector: 3, tipoFactura: 2, currency: 2, exchangeRate: 696, subtotal: 100000, total: 939600,
  totalSubjectIva: 0, totalCurrency: 135000, literal: 'Nueve mil trescientos noventa y seis 00/100 Bolivianos', sectorData: exportSectorData,
  details: [exportLine],
});
const exportBs = record({
  invoiceType: 'ELECTRONIC_EXPORT', sector: 3, tipoFactura: 2, currency: 1, exchangeRate: 100, subtotal: 100000, total: 135000,
  totalSubjectIva: 0, totalCurrency: 135000, sectorData: exportSectorData, details: [exportLine],
});
const currencies = TIPO_MONEDA.map((i) => ({ codigo: String(i.codigoClasificador), descripcion: i.descripcion }));
const usdRows = [
  ['SUBTOTAL DOLAR', '1.000,00'],
  ['TOTAL DOLAR', '1.350,00'],
  ['TIPO DE CAMBIO', '6,96'],
  ['TOTAL Bs', '9.396,00'],
];
const bsRows = (sub: string, total: string, base: string) => [
  ['SUBTOTAL Bs', sub],
  ['DESCUENTO Bs', '0,00'],
  ['TOTAL Bs', total],
  ['MONTO GIFT CARD Bs', '0,00'],
  ['MONTO A PAGAR Bs', base],
  ['IMPORTE BASE CRÉDITO FISCAL Bs', base],
];

test('export in dollars: totals in DOLAR, the exchange rate and montoTotal in Bs; costs labelled in DOLAR', () => {
  const m = toInvoiceDocumentModel(exportUsd, tenant, [], undefined, currencies);
  assert.deepEqual(m.moneda, { codigo: 2, nombre: 'DOLAR', tipoCambio: 696, montoTotalMoneda: 135000 });
  assert.deepEqual(totalRows(m).map((r) => [r.label, r.value]), usdRows);
  const rows = headerFieldRows(m);
  assert.deepEqual(rows.find((r) => r.label.startsWith('Total gastos nacionales')), { label: 'Total gastos nacionales FOB (DOLAR):', value: '1.150,00' });
  assert.deepEqual(rows.find((r) => r.label.startsWith('Total gastos internacionales')), { label: 'Total gastos internacionales (DOLAR):', value: '200,00' });
  assert.equal(documentHeading(m).subtitle, 'SIN DERECHO A CRÉDITO FISCAL');
  // Without the synced catalog (Kipu Central) the currency prints by its code.
  assert.deepEqual(totalRows(toInvoiceDocumentModel(exportUsd, tenant)).map((r) => r.label).slice(0, 2), ['SUBTOTAL MONEDA 2', 'TOTAL MONEDA 2']);
});

test('an export in bolivianos and a compra-venta print their totals as before', () => {
  const bs = toInvoiceDocumentModel(exportBs, tenant, [], undefined, currencies);
  assert.equal(bs.moneda, undefined);
  // The export layout has no montoGiftCard: no gift card line (a compra-venta keeps it).
  assert.deepEqual(totalRows(bs).map((r) => [r.label, r.value]), bsRows('1.000,00', '1.350,00', '0,00').filter(([label]) => label !== 'MONTO GIFT CARD Bs'));
  assert.ok(headerFieldRows(bs).some((r) => r.label === 'Total gastos nacionales FOB:'));
  // A sale in dollars outside export keeps its lines in bolivianos: nothing changes on its paper.
  const sale = toInvoiceDocumentModel(record({ currency: 2, exchangeRate: 696, totalCurrency: 6466 }), tenant, [], undefined, currencies);
  assert.equal(sale.moneda, undefined);
  assert.deepEqual(totalRows(sale).map((r) => [r.label, r.value]), bsRows('450,00', '450,00', '450,00'));
});

test('the A4 PDF, the ticket PDF and the ESC/POS ticket of an export in dollars', async () => {
  const m = toInvoiceDocumentModel(exportUsd, tenant, [], undefined, currencies);
  const a4 = pdfText(await renderInvoicePdf(m));
  for (const e of ['PRECIO UNITARIO (DOLAR)', 'SUBTOTAL (DOLAR)', 'Total gastos nacionales FOB (DOLAR): 1.150,00', 'Código NANDINA: 1008509000', ...usdRows.flat()]) {
    assert.ok(a4.replace(/\s+/g, ' ').includes(e), `A4 shows "${e}": ${a4}`);
  }
  assert.ok(!/SUBTOTAL Bs|PRECIO UNITARIO\s+Bs|MONTO A PAGAR|CRÉDITO FISCAL Bs/.test(a4), 'no line amount or total of the dollars is called Bs');
  const ticket = pdfText(await renderTicketPdf(m));
  for (const e of ['DETALLE (DOLAR)', '2,00 X 500,00 - 0,00', ...usdRows.flat()]) assert.ok(ticket.includes(e), `ticket shows "${e}": ${ticket}`);
  assert.ok(!ticket.includes('SUBTOTAL Bs'));
  const bytes = buildEscposTicket(m, DEFAULT_PRINTER_SETTINGS);
  for (const e of ['DETALLE (DOLAR)', 'TOTAL GASTOS NACIONALES FOB (DOLAR):', ...usdRows.flat()]) assert.ok(includesBytes(bytes, cp850(e)), `ESC/POS prints "${e}"`);
  assert.ok(!includesBytes(bytes, cp850('SUBTOTAL Bs')));
});

test('a compra-venta invoice prints the same headings and totals as before on every form', async () => {
  const m = toInvoiceDocumentModel(record({}), tenant, [], undefined, currencies);
  const a4 = pdfText(await renderInvoicePdf(m));
  assert.ok(!a4.includes('DOLAR') && !a4.includes('TIPO DE CAMBIO'));
  for (const e of ['PRECIO UNITARIO', 'SUBTOTAL Bs', 'IMPORTE BASE CRÉDITO FISCAL Bs']) assert.ok(a4.replace(/\s+/g, ' ').includes(e), `A4 shows "${e}"`);
  const bytes = buildEscposTicket(m, DEFAULT_PRINTER_SETTINGS);
  assert.ok(includesBytes(bytes, cp850('DETALLE')) && !includesBytes(bytes, cp850('DETALLE (')));
  assert.ok(includesBytes(bytes, cp850('MONTO A PAGAR Bs')));
});
