// Issue #12, Tests: per sector and modality, the document Kipu builds from a sale validates
// against the sector's schema (libxml2, and xmllint as the second opinion), the electronic
// signature verifies, and the CUF carries the sector's and the document type's digits.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { INVOICE_TYPES } from '../../../shared/invoice-types';
import { sectorFields, type SectorField } from '../../../shared/sector-fields';
import { sectorLayout } from '../../../main/invoicing/sectors/layouts';
import { readSectorInput } from '../../../main/invoicing/sectors/sector-input';
import { sectorDocument } from '../../../main/invoicing/invoice-document-mapping';
import { seal } from '../../../main/invoicing/seal';
import { loadDocumentCheck } from '../../../main/invoicing/document-check';
import { computeTotals } from '../../../main/invoicing/totals';
import { decodeCuf } from '../../../main/invoicing/cuf';
import { buildConciliationSale } from '../../../main/invoicing/conciliation-note';
import { buildNoteSale } from '../../../main/invoicing/credit-debit-note';
import { createXmlSigner, verifyXmlSignature } from '../../../main/invoicing/signing';
import { generateTrainingCertificate } from '../../../main/invoicing/certificate';
import { validateInvoiceXml, validateInvoiceXmlWithXmllint } from '../../../main/xml-schema/invoice-xsd';
import type { Sale } from '../../../main/invoicing/sale-input';
import type { InvoiceLine, InvoiceRecord } from '../../../main/store/invoices';
import type { Tenant } from '../../../main/store/tenants';
import type { PointOfSale } from '../../../main/store/points-of-sale';

const tenant = { nit: '1003579028', razonSocial: 'Colegio & Clínica S.R.L.', municipio: 'La Paz', telefono: '2200000', direccion: 'Av. Arce 123' } as unknown as Tenant;
const pos = { branchCode: 0, code: 1 } as unknown as PointOfSale;
const CONTROL = '67A75AC82F24C74';
const signer = createXmlSigner(generateTrainingCertificate({ nit: 1003579028, razonSocial: 'Colegio S.R.L.', now: new Date() }));

/** A plausible value of each kind, within the field's limits. */
function sample(f: SectorField): unknown {
  switch (f.kind) {
    case 'string':
      return f.xml === 'incoterm' ? 'FOB' : f.xml === 'codigoOrigenServicio' ? 'LPB' : `${f.label}`.slice(0, f.maxLength ?? 50);
    case 'integer':
      return Math.max(f.minimum ?? 1, Math.min(f.maximum ?? 9, f.xml === 'gestion' ? 2026 : 7));
    case 'amount':
      return 12.5;
    case 'dateTime':
      return '2026-11-20T14:30:00';
  }
}

const LINE: InvoiceLine = { activityEconomic: '853000', codeProductSin: '99100', codeProduct: 'M-11', description: 'Mensualidad', quantity: 200, unitMeasure: 58, priceUnit: 45000, amountDiscount: 1000, subTotal: 0 };

function saleFor(sector: number): Sale {
  const def = sectorFields(sector)!;
  const header = Object.fromEntries(def.header.map((f) => [f.key, sample(f)]));
  const line = Object.fromEntries(def.line.map((f) => [f.key, sample(f)]));
  const problems: string[] = [];
  const input = readSectorInput(sector, header, [line], (field, rule) => problems.push(`${field}:${rule}`));
  assert.deepEqual(problems, [], `sector ${sector}`);
  const layout = sectorLayout(sector)!;
  const totals = computeTotals({ lines: [{ quantity: LINE.quantity, unitPrice: LINE.priceUnit, discount: LINE.amountDiscount }], additionalDiscount: 500, giftCard: 0, exchangeRate: 100, zeroTaxBase: layout.rules.sujetoIva === 'zero' });
  if (!totals.ok) throw new Error('totals');
  return {
    clientDocType: 1, clientDocNumber: '5115889', clientComplement: null, clientName: 'Ana Quispe', clientCode: 'C-1', clientEmail: null,
    paymentMethod: 1, cardNumberMasked: null, giftCard: 0, additionalDiscount: 500, currency: 1, exchangeRate: 100, exceptionCode: null,
    lines: [{ ...LINE, subTotal: totals.lines[0]!.subTotal, ...(input.lines[0] ? { sectorFields: input.lines[0] } : {}) }],
    totals,
    sectorData: input.header,
  };
}

function noteSale(): Sale {
  const original = { id: 'o', sector: 1, state: 'VALIDATED', number: 5, cuf: 'ABCDEF0123', fechaEmision: '2026-11-01T10:00:00.000', clientDocType: 1, clientDocNumber: '5115889', clientComplement: null, clientName: 'Ana', clientCode: 'C-1', clientEmail: null, paymentMethod: 1, exceptionCode: null, details: [{ ...LINE, subTotal: 89000 }] } as unknown as InvoiceRecord;
  const r = buildNoteSale(original, [], [{ codeProduct: 'M-11', quantity: 1, returnProduct: true }]);
  if (!('sale' in r)) throw new Error(JSON.stringify(r.problems));
  return r.sale;
}

/** A nota de conciliación on the same kind of original: its one line billed 890.00, 800.00 in the end. */
function conciliationSale(): Sale {
  const original = { id: 'o', sector: 1, tipoFactura: 1, state: 'VALIDATED', number: 5, cuf: 'ABCDEF0123', fechaEmision: '2026-11-01T10:00:00.000', clientDocType: 1, clientDocNumber: '5115889', clientComplement: null, clientName: 'Ana', clientCode: 'C-1', clientEmail: null, paymentMethod: 1, exceptionCode: null, details: [{ ...LINE, subTotal: 89000 }] } as unknown as InvoiceRecord;
  const r = buildConciliationSale(original, [], [{ codeProduct: 'M-11', finalAmount: 800 }]);
  if (!('sale' in r)) throw new Error(JSON.stringify(r.problems));
  return r.sale;
}

before(() => loadDocumentCheck());

for (const type of INVOICE_TYPES) {
  test(`${type.name}: the built document validates against sector ${type.sector}'s schema, signs, and its CUF names the sector`, async () => {
    const layout = sectorLayout(type.sector)!;
    const sale = type.sector === 24 ? noteSale() : type.sector === 29 ? conciliationSale() : saleFor(type.sector);
    const fields = { nit: 1003579028, fechaEmision: '2026-11-24T10:00:00.000', codigoSucursal: 0, modalidad: type.modalidad, tipoEmision: 1, tipoFacturaDocumento: type.tipoFactura, codigoDocumentoSector: type.sector, numeroFactura: 41, codigoPuntoVenta: 1 };
    const sealed = seal({
      fields,
      layout,
      codigoControl: CONTROL,
      document: (cuf) => sectorDocument(type.sector, tenant, pos, sale, { number: 41, cuf, cufd: { codigo: 'CUFD-1', direccion: 'Av. Arce 123' }, fechaEmision: fields.fechaEmision, leyenda: 'Ley N° 453: …', exceptionCode: null, usuario: 'caja1' }),
      signer: type.modalidad === 1 ? signer : null,
    });
    const [libxml] = await validateInvoiceXml([sealed.xml], type.modalidad, type.sector);
    assert.equal(libxml!.valid, true, `${type.name}: ${JSON.stringify(libxml!.errors)}\n${sealed.xml}`);
    const [xmllint] = await validateInvoiceXmlWithXmllint([sealed.xml], type.modalidad, type.sector);
    assert.equal(xmllint!.valid, true, `${type.name} (xmllint): ${JSON.stringify(xmllint!.errors)}`);
    if (type.modalidad === 1) assert.equal(verifyXmlSignature(sealed.xml).valid, true);
    else assert.doesNotMatch(sealed.xml, /Signature/);
    const cuf = decodeCuf(sealed.cuf, CONTROL)!;
    assert.equal(cuf.codigoDocumentoSector, type.sector);
    assert.equal(cuf.tipoFacturaDocumento, type.tipoFactura);
    assert.equal(cuf.checkDigitValid, true);
    // Tasa cero writes the official layout's literal `0` (issue 28); the other zero-base sectors 0.00.
    if (layout.rules.sujetoIva === 'zero') assert.match(sealed.xml, type.sector === 8 ? /<montoTotalSujetoIva>0<\/montoTotalSujetoIva>/ : /<montoTotalSujetoIva>0\.00<\/montoTotalSujetoIva>/);
  });
}
