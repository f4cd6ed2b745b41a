// The simulator's checks of a nota de conciliación (sector 29, issue 28 item 12) on the document
// Kipu builds: against the original SIAT registered (1048, 1061, 1051, 1049) and its sums (1030,
// 1029). Kipu never sends a wrong one, so the wrong ones are Kipu's document edited.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildConciliationSale } from '../../../main/invoicing/conciliation-note';
import { sectorDocument } from '../../../main/invoicing/invoice-document-mapping';
import { buildSectorXml } from '../../../main/invoicing/xml/sector-xml';
import { sectorLayout } from '../../../main/invoicing/sectors/layouts';
import { sectorRoot } from '../../../main/siat/code-catalog';
import { parseDocument, sectorFormulaMessages, type RegisteredOriginal } from '../../../main/siat-sim/formulas';
import type { InvoiceLine, InvoiceRecord } from '../../../main/store/invoices';
import type { Tenant } from '../../../main/store/tenants';
import type { PointOfSale } from '../../../main/store/points-of-sale';

const tenant = { nit: '1003579028', razonSocial: 'Telecom S.A.', municipio: 'La Paz', telefono: null, direccion: 'Av. Arce 123' } as unknown as Tenant;
const pos = { branchCode: 0, code: 1 } as unknown as PointOfSale;
const LINE: InvoiceLine = { activityEconomic: '611000', codeProductSin: '84111', codeProduct: 'PLAN-1', description: 'Plan postpago', quantity: 100, unitMeasure: 58, priceUnit: 20000, amountDiscount: 0, subTotal: 20000 };
const ORIGINAL = { id: 'o', sector: 22, tipoFactura: 1, state: 'VALIDATED', number: 7, cuf: 'CUFORIGINAL1', fechaEmision: '2026-11-01T10:00:00.000', clientDocType: 1, clientDocNumber: '5115889', clientComplement: null, clientName: 'Ana', clientCode: 'C-1', clientEmail: null, paymentMethod: 1, exceptionCode: null, details: [LINE] } as unknown as InvoiceRecord;

const layout29 = sectorLayout(29)!;
const layout22 = sectorLayout(22)!;
const facts = (number: number, cuf: string) => ({ number, cuf, cufd: { codigo: 'CUFD', direccion: 'Av. Arce 123' }, fechaEmision: '2026-11-02T10:00:00.000', leyenda: 'Ley N° 453', exceptionCode: null, usuario: 'caja' });

/** The original as SIAT registered it (its XML as Kipu wrote it). */
const originalXml = buildSectorXml(layout22, sectorDocument(22, tenant, pos, { ...ORIGINAL, clientDocType: 1, lines: [LINE], totals: { ok: true, lines: [{ subTotal: 20000 }], sumSubTotals: 20000, montoTotal: 20000, montoTotalSujetoIva: 20000, montoTotalMoneda: 20000 }, sectorData: null, giftCard: 0, additionalDiscount: 0, currency: 1, exchangeRate: 100, cardNumberMasked: null, clientName: 'Ana', clientDocNumber: '5115889', clientCode: 'C-1', clientComplement: null, clientEmail: null, paymentMethod: 1, exceptionCode: null } as never, facts(7, 'CUFORIGINAL1')), sectorRoot(22, 2), layout22.schemaFile[2]);
const registered = (over: Partial<RegisteredOriginal> = {}) => (cuf: string): RegisteredOriginal | undefined =>
  cuf === 'CUFORIGINAL1' ? { nit: '1003579028', sector: 22, numero: 7, fecha_emision: '2026-11-01T10:00:00.000', estado: 'VALIDA', xml: originalXml, ...over } : undefined;

function noteXml(): string {
  const r = buildConciliationSale(ORIGINAL, [], [{ codeProduct: 'PLAN-1', finalAmount: 150 }]);
  assert.ok('sale' in r, JSON.stringify(r));
  return buildSectorXml(layout29, sectorDocument(29, tenant, pos, r.sale, facts(1, 'CUFNOTE')), sectorRoot(29, 2), layout29.schemaFile[2]);
}

function codes(xml: string, original = registered()): number[] {
  const { cab, detalles, root } = parseDocument(xml);
  return sectorFormulaMessages(layout29, cab, detalles, '1003579028', original, root).map((m) => m.codigo);
}

test('Kipu’s conciliation note passes the simulator’s checks against its registered original', () => {
  const xml = noteXml();
  assert.match(xml, /<detalleOriginal>.*<subTotal>200\.00<\/subTotal><\/detalleOriginal><detalleConciliacion>.*<montoOriginal>200\.00<\/montoOriginal><montoFinal>150\.00<\/montoFinal><montoConciliado>50\.00<\/montoConciliado><\/detalleConciliacion>/);
  assert.deepEqual(codes(xml), []);
});

test('a wrong conciliation is refused with SIAT’s codes', () => {
  const xml = noteXml();
  assert.deepEqual(codes(xml.replace('<montoTotalConciliado>50.00<', '<montoTotalConciliado>40.00<')), [1029]);
  assert.deepEqual(codes(xml.replace('<montoConciliado>50.00<', '<montoConciliado>45.00<')), [1029]);
  assert.deepEqual(codes(xml.replace('<montoTotalOriginal>200.00<', '<montoTotalOriginal>210.00<')), [1030]);
  assert.deepEqual(codes(xml.replace(/<montoOriginal>200\.00</, '<montoOriginal>210.00<').replace('<montoConciliado>50.00<', '<montoConciliado>60.00<').replace('<montoTotalConciliado>50.00<', '<montoTotalConciliado>60.00<')), [1049]);
  assert.deepEqual(codes(xml, registered({ numero: 8 })), [1048]);
  assert.deepEqual(codes(xml, registered({ estado: 'ANULADA' })), [1061]);
  assert.deepEqual(codes(xml, registered({ sector: 24 })), [1061]);
  assert.deepEqual(codes(xml, registered({ fecha_emision: '2026-10-01T10:00:00.000' })), [1051]);
});
