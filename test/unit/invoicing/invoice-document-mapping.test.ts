import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compraVentaDocument, saleOfInvoice } from '../../../main/invoicing/invoice-document-mapping';
import { computeTotals } from '../../../main/invoicing/totals';
import type { Sale } from '../../../main/invoicing/sale-input';
import type { Tenant } from '../../../main/store/tenants';
import type { PointOfSale } from '../../../main/store/points-of-sale';
import type { InvoiceRecord } from '../../../main/store/invoices';

const tenant = { nit: '1003579028', razonSocial: 'Carlos Loza', municipio: '', telefono: null, direccion: 'Calle 1' } as unknown as Tenant;
const pos = { branchCode: 0, code: 1 } as unknown as PointOfSale;
const line = { activityEconomic: '477300', codeProductSin: '62271', codeProduct: 'P1', description: 'Jugo', quantity: 200, unitMeasure: 57, priceUnit: 1050, amountDiscount: 100, subTotal: 0 };
const totals = computeTotals({ lines: [{ quantity: 200, unitPrice: 1050, discount: 100 }], additionalDiscount: 0, giftCard: 0, exchangeRate: 100 });
if (!totals.ok) throw new Error('totals');
const sale: Sale = {
  clientDocType: 5,
  clientDocNumber: '1020304',
  clientComplement: null,
  clientName: 'Cliente',
  clientCode: 'C1',
  clientEmail: null,
  paymentMethod: 1,
  cardNumberMasked: null,
  giftCard: 0,
  additionalDiscount: 0,
  currency: 1,
  exchangeRate: 100,
  exceptionCode: null,
  lines: [{ ...line, subTotal: totals.lines[0]!.subTotal }],
  totals,
  sectorData: null,
};
const facts = { number: 9, cuf: 'CUF', cufd: { codigo: 'CUFD', direccion: '' }, fechaEmision: '2025-03-01T08:00:00.000', leyenda: 'Ley 453', exceptionCode: 1, usuario: 'caja' };

test('the document repeats the padrón address of the CUFD, else the tenant’s; zero amounts are nil', () => {
  const doc = compraVentaDocument(tenant, pos, sale, facts);
  assert.equal(doc.cabecera.direccion, 'Calle 1');
  assert.equal(doc.cabecera.municipio, 'La Paz');
  assert.equal(doc.cabecera.montoGiftCard, null);
  assert.equal(doc.cabecera.descuentoAdicional, null);
  assert.equal(doc.cabecera.codigoExcepcion, 1);
  assert.equal(doc.detalle[0]!.codigoProductoSin, 62271);
  assert.equal(compraVentaDocument(tenant, pos, sale, { ...facts, cufd: { codigo: 'CUFD', direccion: 'Padrón 9' } }).cabecera.direccion, 'Padrón 9');
});

test('a stored invoice maps back to the sale it was issued from: the same document', () => {
  const inv = {
    clientDocType: sale.clientDocType,
    clientDocNumber: sale.clientDocNumber,
    clientComplement: sale.clientComplement,
    clientName: sale.clientName,
    clientCode: sale.clientCode,
    clientEmail: sale.clientEmail,
    paymentMethod: sale.paymentMethod,
    cardNumber: sale.cardNumberMasked,
    giftCard: sale.giftCard,
    additionalDiscount: sale.additionalDiscount,
    currency: sale.currency,
    exchangeRate: sale.exchangeRate,
    details: sale.lines,
    subtotal: totals.sumSubTotals,
    total: totals.montoTotal,
    totalSubjectIva: totals.montoTotalSujetoIva,
    totalCurrency: totals.montoTotalMoneda,
  } as unknown as InvoiceRecord;
  assert.deepEqual(compraVentaDocument(tenant, pos, saleOfInvoice(inv, 1), facts), compraVentaDocument(tenant, pos, sale, facts));
});
