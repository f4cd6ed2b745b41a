// Decision 0047: the totals of export (3), servicios básicos (13), entidades financieras (15),
// juegos de azar (18) and seguros (34). A sale validated by Kipu (validateSale, the issuing path's
// check) becomes a document that passes its sector's XSD and the simulator's formula check; the
// same document with a wrong total is refused with SIAT's code; requests that break a sector's
// formula are refused naming the field.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { validateSale, type CatalogLookup, type Sale, type SaleRequest } from '../../../main/invoicing/sale-input';
import { sectorLayout } from '../../../main/invoicing/sectors/layouts';
import { sectorDocument } from '../../../main/invoicing/invoice-document-mapping';
import { seal } from '../../../main/invoicing/seal';
import { loadDocumentCheck } from '../../../main/invoicing/document-check';
import { validateInvoiceXml } from '../../../main/xml-schema/invoice-xsd';
import { parseDocument, sectorFormulaMessages } from '../../../main/siat-sim/formulas';
import type { Tenant } from '../../../main/store/tenants';
import type { PointOfSale } from '../../../main/store/points-of-sale';

/** The catalogs as a synced till sees them: every code the requests below use exists. */
const catalogs: CatalogLookup = {
  synced: () => true,
  activity: () => true,
  product: () => true,
  unit: () => true,
  paymentMethod: (code) => (code === 1 ? 'EFECTIVO' : code === 27 ? 'GIFT CARD' : null),
  documentType: () => true,
  currency: (code) => code === 1 || code === 2,
};

const tenant = { nit: '7000123019', razonSocial: 'Kipu Pruebas S.R.L.', municipio: 'La Paz', telefono: '2200000', direccion: 'Av. Arce 123' } as unknown as Tenant;
const pos = { branchCode: 0, code: 1 } as unknown as PointOfSale;

function request(sector: number, over: Partial<SaleRequest> = {}): SaleRequest {
  return {
    invoiceType: '',
    posId: 'p',
    clientDocumentType: 1,
    clientDocumentNumber: '5115889',
    clientBusinessName: 'Juan Pérez',
    clientCode: 'C-1',
    paymentMethodCode: 1,
    // 2 × 9.50 − 1.00 = 18.00
    details: [{ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'ARR-1', description: 'Arroz 1 kg', quantity: 2, unitMeasure: 57, priceUnit: 9.5, amountDiscount: 1, ...(sector === 3 ? { nandinaCode: '1006300000' } : {}) }],
    ...(sector === 3 ? { buyerAddress: 'Av. Brasil 100, Lima', incoterm: 'FOB', incotermDetail: 'Libre a bordo', destinationPort: 'Arica', destinationPlace: 'Lima', countryCode: 32 } : {}),
    ...(sector === 13 ? { meterNumber: 'MED-1' } : {}),
    ...(sector === 18 ? { gamesTotalSubjectToIpj: 18 } : {}),
    ...over,
  };
}

function validate(sector: number, over: Partial<SaleRequest> = {}) {
  return validateSale(request(sector, over), catalogs, sectorLayout(sector)!);
}

function sale(sector: number, over: Partial<SaleRequest> = {}): Sale {
  const r = validate(sector, over);
  if (!('sale' in r)) throw new Error(`sector ${sector}: ${JSON.stringify(r.problems)}`);
  return r.sale;
}

/** Kipu's computerized document of the sale, as it is sent. */
function build(sector: number, s: Sale): string {
  const layout = sectorLayout(sector)!;
  const fields = { nit: 7000123019, fechaEmision: '2026-11-24T10:00:00.000', codigoSucursal: 0, modalidad: 2 as const, tipoEmision: 1, tipoFacturaDocumento: layout.tipoFactura, codigoDocumentoSector: sector, numeroFactura: 9, codigoPuntoVenta: 1 };
  return seal({
    fields,
    layout,
    codigoControl: '67A75AC82F24C74',
    document: (cuf) => sectorDocument(sector, tenant, pos, s, { number: 9, cuf, cufd: { codigo: 'CUFD-1', direccion: 'Av. Arce 123' }, fechaEmision: fields.fechaEmision, leyenda: 'Ley N° 453: …', exceptionCode: null, usuario: 'caja1' }),
    signer: null,
  }).xml;
}

function simulatorCodes(sector: number, xml: string): number[] {
  const { cab, detalles } = parseDocument(xml);
  return sectorFormulaMessages(sectorLayout(sector)!, cab, detalles, '7000123019', () => undefined).map((m) => m.codigo);
}

const value = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
const setValue = (xml: string, name: string, v: string) => xml.replace(new RegExp(`<${name}>[^<]*</${name}>`), `<${name}>${v}</${name}>`);

before(() => loadDocumentCheck());

/** Each sector: the request's own amounts and the totals Kipu must write (decision 0047). */
const CASES: { sector: number; name: string; over: Partial<SaleRequest>; total: string; base: string; more?: Record<string, string> }[] = [
  {
    sector: 3,
    name: 'export in dollars: lines and costs in the currency, FOB = lines + national costs, montoTotal = (FOB + international) × tipoCambio',
    over: { currencyCode: 2, exchangeRate: 6.96, nationalCosts: '{"Transporte interno":"10.50","Aduana":2}', internationalCosts: '{"Flete marítimo":"20.00"}' },
    // 18.00 + 12.50 = 30.50 FOB; + 20.00 = 50.50 USD; × 6.96 = 351.48 Bs.
    total: '351.48',
    base: '0.00',
    more: { montoDetalle: '18.00', totalGastosNacionalesFob: '30.50', totalGastosInternacionales: '20.00', montoTotalMoneda: '50.50' },
  },
  {
    sector: 13,
    name: 'servicios básicos: fees, payments and the IVA adjustment enter the total; fees and payments not subject to IVA leave the base',
    over: { cleaningFee: 3.5, lightingFee: 2, otherFees: 1, otherPaymentsNotSubjectToVat: 4, adjustmentSubjectToVat: 1.25, adjustmentNotSubjectToVat: 0.75, law1886Discount: 1.1, dignityTariffDiscount: 0.9 },
    // 18.00 + 3.50 + 2.00 + 1.00 + 4.00 + 1.25 = 29.75; base 18.00 + 1.25 = 19.25.
    total: '29.75',
    base: '19.25',
  },
  { sector: 15, name: 'entidades financieras: the financial lease enters the total and not the IVA base', over: { financialLeaseTotal: 100 }, total: '118.00', base: '18.00' },
  { sector: 18, name: 'juegos de azar: montoTotalIj enters the total and not the IVA base', over: { gamesTotal: 2.34 }, total: '20.34', base: '18.00' },
  { sector: 34, name: 'seguros: ajusteAfectacionIva leaves the IVA base, not the total', over: { vatAdjustment: 5 }, total: '18.00', base: '13.00' },
];

for (const c of CASES) {
  test(`${c.name}: Kipu's document passes the XSD and the simulator; a wrong montoTotal is refused with 1013`, async () => {
    const xml = build(c.sector, sale(c.sector, c.over));
    const [xsd] = await validateInvoiceXml([xml], 2, c.sector);
    assert.equal(xsd!.valid, true, JSON.stringify(xsd!.errors));
    assert.equal(value(xml, 'montoTotal'), c.total);
    assert.equal(value(xml, 'montoTotalSujetoIva'), c.base);
    for (const [k, v] of Object.entries(c.more ?? {})) assert.equal(value(xml, k), v, k);
    assert.deepEqual(simulatorCodes(c.sector, xml), []);

    const wrong = setValue(xml, 'montoTotal', (Number(c.total) + 1).toFixed(2));
    assert.ok(simulatorCodes(c.sector, wrong).includes(1013), JSON.stringify(simulatorCodes(c.sector, wrong)));
  });
}

test('the old reading (sector 1 totals, the header amounts ignored) is refused: 1013 or 1015', () => {
  // servicios básicos with the fees outside montoTotal
  const basic = build(13, sale(13, { cleaningFee: 3.5 }));
  assert.deepEqual(simulatorCodes(13, setValue(setValue(basic, 'montoTotal', '18.00'), 'montoTotalMoneda', '18.00')), [1013, 1015]);
  // seguros with ajusteAfectacionIva still in the base
  const insurance = build(34, sale(34, { vatAdjustment: 5 }));
  assert.deepEqual(simulatorCodes(34, setValue(insurance, 'montoTotalSujetoIva', '18.00')), [1015]);
  // financial lease left in the base
  const lease = build(15, sale(15, { financialLeaseTotal: 100 }));
  assert.deepEqual(simulatorCodes(15, setValue(lease, 'montoTotalSujetoIva', '118.00')), [1015]);
});

test('export: a wrong FOB or international total is 1024, a discount or a total in bolivianos of the lines alone is 1013', () => {
  const xml = build(3, sale(3, CASES[0]!.over));
  assert.deepEqual(simulatorCodes(3, setValue(xml, 'totalGastosNacionalesFob', '18.00')), [1024, 1013]);
  assert.deepEqual(simulatorCodes(3, setValue(xml, 'totalGastosInternacionales', '25.00')), [1024, 1013]);
  assert.deepEqual(simulatorCodes(3, xml.replace(/<descuentoAdicional xsi:nil="true"><\/descuentoAdicional>/, '<descuentoAdicional>1.00</descuentoAdicional>')), [1013]);
  // montoTotal = montoTotalMoneda (no exchange): 1013, and 1014 since montoTotalMoneda ≠ montoTotal / tipoCambio
  assert.deepEqual(simulatorCodes(3, setValue(xml, 'montoTotal', '50.50')), [1013, 1014]);
});

test('requests that break a sector formula are refused naming the field', () => {
  const problems = (sector: number, over: Partial<SaleRequest>) => {
    const r = validate(sector, over);
    return 'problems' in r ? r.problems.map((p) => `${p.field}:${p.rule}`) : [];
  };
  assert.deepEqual(problems(3, { additionalDiscount: 1 }), ['additionalDiscount:NOT_IN_SECTOR']);
  assert.deepEqual(problems(3, { nationalCosts: '{"Transporte":"10.50"}', totalNationalCostsFob: 20 }), ['totalNationalCostsFob:SIAT_FORMULA']);
  assert.deepEqual(problems(3, { nationalCosts: '{"Transporte":"10.50"}', totalNationalCostsFob: 28.5 }), []);
  assert.deepEqual(problems(3, { internationalCosts: '{"Flete":"20.00"}', totalInternationalCosts: 19 }), ['totalInternationalCosts:SIAT_FORMULA']);
  assert.deepEqual(problems(3, { nationalCosts: '["Transporte"]' }), ['nationalCosts:COSTS_DETAIL']);
  assert.deepEqual(problems(3, { internationalCosts: '{"Flete":"20.005"}' }), ['internationalCosts:COSTS_DETAIL']);
  // seguros: an adjustment above the total would make the IVA base negative
  assert.deepEqual(problems(34, { vatAdjustment: 18.01 }), ['giftCard:TAX_BASE_NEGATIVE']);
});
