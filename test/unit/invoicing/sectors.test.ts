import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { issuableSectors, sectorLayout } from '../../../main/invoicing/sectors/layouts';
import { readSectorInput } from '../../../main/invoicing/sectors/sector-input';
import { buildSectorXml, type XmlValue } from '../../../main/invoicing/xml/sector-xml';
import { buildNoteSale } from '../../../main/invoicing/credit-debit-note';
import { NOTE } from '../../../main/invoicing/credit-debit-note-data';
import { buildConciliationSale } from '../../../main/invoicing/conciliation-note';
import { CONCILIATION } from '../../../main/invoicing/conciliation-note-data';
import { findSector, sectorRoot } from '../../../main/siat/code-catalog';
import { INVOICE_TYPES } from '../../../shared/invoice-types';
import { SECTOR_SPECS } from '../../../shared/sectors';
import type { InvoiceLine, InvoiceRecord } from '../../../main/store/invoices';

// The team's sector notes, copied into the repository (provenance: test/fixtures/siat/README.md).
const SECTORS_README = join(import.meta.dirname, '..', '..', 'fixtures', 'siat', 'sectors', 'README.md');

/** The cabecera and detalle element lists of the sector notes, by sector. */
function readmeLayouts(): Map<number, { cabecera: string[]; detalle: string[] }> {
  const text = readFileSync(SECTORS_README, 'utf8');
  const out = new Map<number, { cabecera: string[]; detalle: string[] }>();
  for (const block of text.split(/\n## /).slice(1)) {
    const code = Number(/^(\d+)/.exec(block)?.[1]);
    const list = (label: string) => (new RegExp(`^- ${label}: (.+)$`, 'm').exec(block)?.[1] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (code) out.set(code, { cabecera: list('cabecera'), detalle: list('detalle') });
  }
  return out;
}

test('every invoiceType of the seeds has a layout, and the layout is of the catalog sector and document type', () => {
  for (const t of INVOICE_TYPES) {
    const layout = sectorLayout(t.sector);
    assert.ok(layout, `${t.name}: sector ${t.sector} has no layout`);
    assert.equal(layout.tipoFactura, t.tipoFactura, t.name);
    assert.equal(findSector(t.sector)?.tipoFactura, t.tipoFactura, t.name);
  }
  assert.deepEqual(new Set(issuableSectors()), new Set([...INVOICE_TYPES.map((t) => t.sector), 1]));
});

test('the element order of the sectors in the sector notes (test/fixtures/siat/sectors) is the layouts’ order', () => {
  const readme = readmeLayouts();
  assert.ok(readme.size >= 6);
  for (const [sector, want] of readme) {
    const layout = sectorLayout(sector);
    assert.ok(layout, `sector ${sector}`);
    assert.deepEqual(layout.cabecera.map((e) => e.name), want.cabecera, `sector ${sector} cabecera`);
    assert.deepEqual(layout.detalle?.map((e) => e.name), want.detalle, `sector ${sector} detalle`);
  }
});

test('every sector field of the sector files is an element of its sector’s layout', () => {
  for (const s of SECTOR_SPECS) {
    const layout = sectorLayout(s.code)!;
    for (const f of s.header) assert.ok(layout.cabecera.some((e) => e.name === f.xml), `${s.code} ${f.xml}`);
    for (const f of s.line) assert.ok(layout.detalle?.some((e) => e.name === f.xml), `${s.code} ${f.xml}`);
  }
});

/** A value of the element's kind, or null for every nillable element when `nils`. */
function valueFor(kind: string, nillable: boolean, nils: boolean): XmlValue {
  if (nils && nillable) return null;
  // 'zero': an amount the layout fixes to 0 (tasa cero's montoTotalSujetoIva).
  return kind === 'dec' ? 1050 : kind === 'zero' ? 0 : kind === 'int' ? 7 : kind === 'dateTime' ? '2026-11-24T10:00:00.000' : 'x<&>';
}

test('the builder writes every element of the layout in order, nil where empty, and the sector fixed', () => {
  for (const sector of issuableSectors()) {
    const layout = sectorLayout(sector)!;
    for (const nils of [false, true]) {
      const cabecera = Object.fromEntries(layout.cabecera.map((e) => [e.name, valueFor(e.kind, e.nillable, nils)]));
      const detalle = [Object.fromEntries((layout.detalle ?? []).map((e) => [e.name, valueFor(e.kind, e.nillable, nils)]))];
      const root = sectorRoot(sector, 2);
      const xml = buildSectorXml(layout, { cabecera, detalle }, root, layout.schemaFile[2]);
      const names = [...xml.matchAll(/<([a-zA-Z0-9]+)[ >]/g)].map((m) => m[1]);
      // A two-part layout (nota de conciliación) writes a line that is not tagged 2 as its original part.
      const lineElement = layout.twoParts?.original ?? 'detalle';
      assert.deepEqual(names, [root, 'cabecera', ...layout.cabecera.map((e) => e.name), ...(layout.detalle ? [lineElement, ...layout.detalle.map((e) => e.name)] : [])], `sector ${sector}`);
      assert.ok(xml.includes(`<codigoDocumentoSector>${sector}</codigoDocumentoSector>`));
      assert.ok(xml.includes('x&lt;&amp;&gt;'));
      assert.equal(xml.includes('xsi:nil="true"'), nils && layout.cabecera.some((e) => e.nillable));
    }
  }
  assert.match(sectorLayout(24)!.schemaFile[1], /^notaElectronicaCreditoDebito\.xsd$/);
  assert.equal(sectorRoot(24, 1), 'notaFiscalElectronicaCreditoDebito');
});

test('a non-nillable element without a value is a builder error, never an empty element', () => {
  const layout = sectorLayout(11)!;
  const cabecera = Object.fromEntries(layout.cabecera.map((e) => [e.name, valueFor(e.kind, e.nillable, false)]));
  delete cabecera.nombreEstudiante;
  assert.throws(() => buildSectorXml(layout, { cabecera, detalle: [] }, 'r', 'r.xsd'), /falta nombreEstudiante/);
});

test('sector fields: required, of another sector, converted amounts and dates, defaults', () => {
  const problems: string[] = [];
  const add = (field: string, rule: string) => problems.push(`${field}:${rule}`);
  const edu = readSectorInput(11, { nameStudent: ' Ana ', billedPeriod: '' }, [{}], add);
  assert.deepEqual(problems, ['billedPeriod:REQUIRED']);
  assert.deepEqual(edu.header, { nameStudent: 'Ana', billedPeriod: null });

  problems.length = 0;
  readSectorInput(1, { nameStudent: 'Ana' }, [{ nroOperatingRoom: 2 }], add);
  assert.deepEqual(problems, ['nameStudent:NOT_IN_SECTOR', 'details[0].nroOperatingRoom:NOT_IN_SECTOR']);

  problems.length = 0;
  const hotel = readSectorInput(16, { checkInDate: '2026-11-20T14:30', guests: 2 }, [{ roomTypeCode: 3 }], add);
  assert.deepEqual(problems, []);
  assert.equal(hotel.header?.checkInDate, '2026-11-20T14:30:00.000');
  assert.deepEqual(hotel.lines[0], { roomTypeCode: 3, guestsDetail: null });

  problems.length = 0;
  const games = readSectorInput(18, { gamesTotal: 10.5, gamesTotalSubjectToIpj: 10.555 }, [], add);
  assert.equal(games.header?.gamesTotal, 1050);
  assert.deepEqual(problems, ['gamesTotalSubjectToIpj:DECIMALS']);

  problems.length = 0;
  const hospital = readSectorInput(17, {}, [{ nameLastNameDoctor: 'Dr. Paz', nitDocumentDoctor: 123 }], add);
  assert.deepEqual(problems, []);
  assert.equal(hospital.lines[0]?.nroOperatingRoom, 0);
});

const line = (codeProduct: string, quantity: number, priceUnit: number, amountDiscount = 0): InvoiceLine => ({
  activityEconomic: '477300',
  codeProductSin: '62271',
  codeProduct,
  description: codeProduct,
  quantity,
  unitMeasure: 57,
  priceUnit,
  amountDiscount,
  subTotal: (quantity * priceUnit) / 100 - amountDiscount,
});

function original(over: Partial<InvoiceRecord> = {}): InvoiceRecord {
  return {
    id: 'orig', sector: 1, state: 'VALIDATED', number: 12, cuf: 'CUF1', fechaEmision: '2026-11-01T10:00:00.000',
    clientDocType: 5, clientDocNumber: '1020304', clientComplement: null, clientName: 'Cliente', clientCode: 'C1', clientEmail: null,
    paymentMethod: 1, exceptionCode: null,
    // CONTRACT §9.3's sample: 775.00 sold, 75.00 returned → 9.75.
    details: [line('A', 100, 70000), line('B', 300, 2500)],
    ...over,
  } as InvoiceRecord;
}

test('a note repeats the original lines (1) and adds the returned ones (2), with 13 % of the returned amount', () => {
  const r = buildNoteSale(original(), [], [{ codeProduct: 'B', quantity: 3, returnProduct: true }, { codeProduct: 'A', quantity: 1, returnProduct: false }]);
  assert.ok('sale' in r, JSON.stringify(r));
  assert.deepEqual(r.sale.lines.map((l) => [l.codeProduct, l.transaction, l.subTotal]), [['A', 1, 70000], ['B', 1, 7500], ['B', 2, 7500]]);
  assert.equal(r.sale.sectorData?.[NOTE.AMOUNT_ORIGINAL], 77500);
  assert.equal(r.sale.sectorData?.[NOTE.AMOUNT_RETURNED], 7500);
  assert.equal(r.sale.sectorData?.[NOTE.AMOUNT_CASH], 975);
  assert.equal(r.sale.totals.montoTotal, 7500);
});

test('a returned line carries its share of the line discount, HALF-UP', () => {
  // 3 × 10.00 − 1.00 discount; 1 returned → 10.00 − 0.33.
  const r = buildNoteSale(original({ details: [line('A', 300, 1000, 100)] }), [], [{ codeProduct: 'A', quantity: 1, returnProduct: true }]);
  assert.ok('sale' in r);
  assert.equal(r.sale.lines[1]!.amountDiscount, 33);
  assert.equal(r.sale.lines[1]!.subTotal, 967);
});

test('a note is refused, naming the field: beyond what was sold (earlier notes count), not on the original, original not validated, note on a note', () => {
  const problemsOf = (r: ReturnType<typeof buildNoteSale>) => ('problems' in r ? r.problems.map((p) => `${p.field}:${p.rule}`) : []);
  assert.deepEqual(problemsOf(buildNoteSale(original(), [], [{ codeProduct: 'B', quantity: 4, returnProduct: true }])), ['details[0].quantity:RETURN_EXCEEDS_SOLD']);
  const earlier = { sector: 24, details: [{ ...line('B', 200, 2500), transaction: 2 }] } as InvoiceRecord;
  // A conciliation note on the same original tags its lines 2 too, but returns nothing (issue 28).
  assert.ok('sale' in buildNoteSale(original(), [{ ...earlier, sector: 29 }], [{ codeProduct: 'B', quantity: 3, returnProduct: true }]));
  assert.deepEqual(problemsOf(buildNoteSale(original(), [earlier], [{ codeProduct: 'B', quantity: 2, returnProduct: true }])), ['details[0].quantity:RETURN_EXCEEDS_SOLD']);
  assert.ok('sale' in buildNoteSale(original(), [earlier], [{ codeProduct: 'B', quantity: 1, returnProduct: true }]));
  assert.deepEqual(problemsOf(buildNoteSale(original(), [], [{ codeProduct: 'Z', quantity: 1, returnProduct: true }])), ['details[0].codeProduct:NOT_ON_ORIGINAL']);
  assert.deepEqual(problemsOf(buildNoteSale(original({ state: 'CONTINGENCY' }), [], [{ codeProduct: 'A', quantity: 1, returnProduct: true }])), ['originalInvoiceId:ORIGINAL_NOT_VALIDATED']);
  assert.deepEqual(problemsOf(buildNoteSale(original({ sector: 24 }), [], [{ codeProduct: 'A', quantity: 1, returnProduct: true }])), ['originalInvoiceId:NOTE_ON_NOTE']);
  assert.deepEqual(problemsOf(buildNoteSale(original({ sector: 29, tipoFactura: 3 }), [], [{ codeProduct: 'A', quantity: 1, returnProduct: true }])), ['originalInvoiceId:NOTE_ON_NOTE']);
  assert.deepEqual(problemsOf(buildNoteSale(original(), [], [{ codeProduct: 'A', quantity: 1, returnProduct: false }])), ['details:NO_RETURN']);
});

test('a conciliation note (29) repeats the original lines and lists the changed ones: Σ differences, 13 % of the decreases and of the increases', () => {
  // A: 700.00 billed, 650.00 in the end (−50.00); B: 75.00 billed, 100.00 in the end (+25.00).
  const r = buildConciliationSale(original({ tipoFactura: 1 }), [], [{ codeProduct: 'A', finalAmount: 650 }, { codeProduct: 'B', finalAmount: 100 }]);
  assert.ok('sale' in r, JSON.stringify(r));
  assert.deepEqual(r.sale.lines.map((l) => [l.codeProduct, l.transaction, l.subTotal]), [['A', 1, 70000], ['B', 1, 7500], ['A', 2, 5000], ['B', 2, 2500]]);
  assert.deepEqual(r.sale.lines[2]!.sectorFields, { [CONCILIATION.LINE_ORIGINAL]: 70000, [CONCILIATION.LINE_FINAL]: 65000, [CONCILIATION.LINE_CONCILIATED]: 5000 });
  assert.equal(r.sale.sectorData?.[CONCILIATION.AMOUNT_ORIGINAL], 77500);
  assert.equal(r.sale.sectorData?.[CONCILIATION.AMOUNT_CONCILIATED], 7500);
  assert.equal(r.sale.sectorData?.[CONCILIATION.IVA_CREDIT], 650);
  assert.equal(r.sale.sectorData?.[CONCILIATION.IVA_DEBIT], 325);
});

test('a conciliation note is refused, naming the field: not on the original, twice the same line, no change, no amount, a note as original, a second conciliation', () => {
  const problemsOf = (r: ReturnType<typeof buildConciliationSale>) => ('problems' in r ? r.problems.map((p) => `${p.field}:${p.rule}`) : []);
  const o = original({ tipoFactura: 1 });
  assert.deepEqual(problemsOf(buildConciliationSale(o, [], [{ codeProduct: 'Z', finalAmount: 1 }])), ['details[0].codeProduct:NOT_ON_ORIGINAL']);
  assert.deepEqual(problemsOf(buildConciliationSale(o, [], [{ codeProduct: 'A', finalAmount: 1 }, { codeProduct: 'A', finalAmount: 2 }])), ['details[1].codeProduct:DUPLICATE_LINE']);
  assert.deepEqual(problemsOf(buildConciliationSale(o, [], [{ codeProduct: 'A', finalAmount: 700 }])), ['details[0].finalAmount:NO_CHANGE']);
  assert.deepEqual(problemsOf(buildConciliationSale(o, [], [{ codeProduct: 'A' }])), ['details[0].finalAmount:REQUIRED']);
  assert.deepEqual(problemsOf(buildConciliationSale(original({ sector: 24, tipoFactura: 3 }), [], [{ codeProduct: 'A', finalAmount: 1 }])), ['originalInvoiceId:NOTE_ON_NOTE']);
  assert.deepEqual(problemsOf(buildConciliationSale(o, [{ ...o, id: 'n', sector: 29, number: 3 }], [{ codeProduct: 'A', finalAmount: 1 }])), ['originalInvoiceId:ALREADY_CONCILIATED']);
  assert.deepEqual(problemsOf(buildConciliationSale(original({ tipoFactura: 1, state: 'PENDING' }), [], [{ codeProduct: 'A', finalAmount: 1 }])), ['originalInvoiceId:ORIGINAL_NOT_VALIDATED']);
});
