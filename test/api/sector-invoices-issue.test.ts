// Every sector Kipu issues, end to end (issue #12): POST /api/v1/invoices with the sector's own
// fields on the real engine and its embedded SIAT simulator → VALIDATED (908); the CUF carries
// the sector and document type; the electronic XML's signature verifies; the sector's formulas
// hold in what was sent; cancel → CANCELLED (905). The credit-debit note against a sale, its
// refusals, its cancellation on DocumentoAjuste; a sector the NIT is not enabled for (940); bad
// sector fields (422 naming them).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type ApiTestResponse, type TestEngine } from '../fixtures/engine';
import { verifyXmlSignature } from '../../main/invoicing/signing';
import { decodeCuf } from '../../main/invoicing/cuf';
import { sectorLayout } from '../../main/invoicing/sectors/layouts';
import { sectorRoot } from '../../main/siat/code-catalog';
import { INVOICE_TYPES, invoiceType } from '../../shared/invoice-types';
import { sectorFields } from '../../shared/sector-fields';
import { SECTOR_SPECS } from '../../shared/sectors';
import { pdfText } from '../unit/documents/pdf-tools';

let eng: TestEngine;
let posId: string;
let tenantId: string;

type Body = Record<string, unknown> & { details: Record<string, unknown>[] };

const LINE = { activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'ARR-1', description: 'Arroz 1 kg', quantity: 2, unitMeasure: 57, priceUnit: 9.5, amountDiscount: 1 };

/** Each sector's own fields, as an integrator sends them (API names, shared/sector-fields.ts). */
const SECTOR_BODY: Record<number, { header?: Record<string, unknown>; line?: Record<string, unknown> }> = {
  1: { line: { numberSerial: 'SN-1' } },
  2: { header: { billedPeriod: 'MARZO 2026' } },
  3: {
    header: {
      buyerAddress: 'Av. Brasil 100, Lima',
      incoterm: 'FOB',
      incotermDetail: 'Libre a bordo, puerto de Arica',
      destinationPort: 'Arica',
      destinationPlace: 'Lima',
      countryCode: 32,
      // FOB = the lines (18.00) + national costs (10.50) = 28.50, computed by Kipu; 20.00 of
      // international costs without detail: montoTotal 48.50 (decision 0047).
      nationalCosts: '{"Transporte interno":"10.50"}',
      totalInternationalCosts: 20,
    },
    line: { nandinaCode: '1006300000' },
  },
  5: { header: { receptionPartNumber: 'PR-2026-001' } },
  8: {},
  11: { header: { nameStudent: 'Ana Quispe', billedPeriod: 'MARZO 2026' } },
  13: { header: { meterNumber: 'MED-4411', month: 'MARZO', year: 2026, city: 'La Paz', periodConsumption: 120, cleaningFee: 3.5 } },
  15: { header: { financialLeaseTotal: 100 } },
  16: { header: { checkInDate: '2026-03-01T14:00:00', guests: 2, rooms: 1, adults: 2, minors: 0 }, line: { roomTypeCode: 1 } },
  17: { header: { serviceMode: 'AMBULATORIO' }, line: { nameLastNameDoctor: 'Dr. Luis Mamani', nitDocumentDoctor: 4455667, specialty: 'CARDIOLOGIA', nroOperatingRoom: 2 } },
  18: { header: { gamesTotal: 18, gamesTotalSubjectToIpj: 18 } },
  22: { header: { nitSet: 1020304050 }, line: { numberImei: '356938035643809' } },
  34: { header: { vatAdjustment: 2 } },
  35: {},
};

function body(type: string, over: Record<string, unknown> = {}): Body {
  const def = invoiceType(type)!;
  const own = SECTOR_BODY[def.sector] ?? {};
  const details: Record<string, unknown>[] = [{ ...LINE, ...own.line }];
  // Bonificaciones: a second line given away whole (subTotal 0, CONTRACT §9.2 sector 35).
  if (def.sector === 35) details.push({ ...LINE, codeProduct: 'BON-1', description: 'Arroz 1 kg (bonificación)', quantity: 1, priceUnit: 9.5, amountDiscount: 9.5 });
  return {
    invoiceType: type,
    posId,
    clientDocumentType: 1,
    clientDocumentNumber: '5115889',
    clientBusinessName: 'Juan Pérez',
    clientCode: 'C-1',
    paymentMethodCode: 1,
    details,
    ...own.header,
    ...over,
  };
}

const issue = (b: unknown) => eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: b });

async function simAdmin(path: string, b?: unknown): Promise<any> {
  const res = await fetch(`${eng.simulator!.adminUrl}${path}`, b === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
  assert.equal(res.status, 200, `simulator admin ${path}`);
  return res.json();
}

/** The stored invoice (XML as sent, sector data) of an API answer. */
const stored = (id: string) => eng.invoices.byId(tenantId, id)!;

/** An XML element's text. */
function xmlValue(xml: string, name: string): string | undefined {
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
}

before(async () => {
  eng = await startTestEngine({}, undefined, { scheduler: false });
  posId = (await (await eng.api('/api/v1/pos')).json()).data[0].id;
  tenantId = eng.store.tenants.byNit('7000123019')!.id;
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
});
after(async () => {
  await eng.stop();
});

// Every invoiceType with a layout and a detalle, except the notes 24 and 29 (below) and boleto aéreo (30,
// massive reception only).
const issuable = INVOICE_TYPES.filter((t) => t.sector !== 24 && t.sector !== 29 && sectorLayout(t.sector)?.detalle);

describe('every sector and modality: issued, validated, cancelled', () => {
  for (const type of issuable) {
    test(`${type.name} (sector ${type.sector}, modalidad ${type.modalidad}) → VALIDATED 908, CUF and XML right, CANCELLED 905`, async () => {
      const res = await issue(body(type.name));
      const { data: inv } = await res.json();
      assert.equal(res.status, 201, JSON.stringify(inv));
      assert.equal(inv.state, 'VALIDATED', JSON.stringify(inv.siatMessages));
      assert.equal(inv.siatCode, 908);
      const rec = stored(inv.id);
      const xml = rec.xml;

      // The CUF: sector, document type, modality, number.
      const cufd = eng.codes.byCodigo(tenantId, rec.cufd)!;
      const cuf = decodeCuf(inv.cuf, cufd.codigoControl)!;
      assert.equal(cuf.checkDigitValid, true);
      assert.equal(cuf.codigoDocumentoSector, type.sector);
      assert.equal(cuf.tipoFacturaDocumento, type.tipoFactura);
      assert.equal(cuf.modalidad, type.modalidad);
      assert.equal(cuf.numeroFactura, inv.invoiceNumber);

      // The XML: the sector's root, its own fields, signed when electronic.
      assert.ok(xml.includes(`<${sectorRoot(type.sector, type.modalidad)} `), 'root of the sector');
      assert.equal(xmlValue(xml, 'codigoDocumentoSector'), String(type.sector));
      for (const f of sectorFields(type.sector)?.header ?? []) {
        const sent = SECTOR_BODY[type.sector]?.header?.[f.key];
        if (sent !== undefined) assert.ok(xmlValue(xml, f.xml) !== undefined, `${f.xml} in the XML`);
      }
      if (type.modalidad === 1) assert.equal(verifyXmlSignature(xml).valid, true, 'signature verifies');
      else assert.ok(!xml.includes('<ds:Signature'), 'computerized: not signed');

      // The formulas, in what SIAT received.
      const layout = sectorLayout(type.sector)!;
      const total = xmlValue(xml, 'montoTotal');
      // The lines are 18.00; the sector's header amounts enter the total and leave the IVA base
      // (decision 0047): fees 3.50 (13), lease 100 (15), montoTotalIj 18 (18), ajuste 2 (34);
      // export 18.00 + national 10.50 + international 20.00.
      const [expectedTotal, expectedBase] = ({ 3: ['48.50', '0.00'], 13: ['21.50', '18.00'], 15: ['118.00', '18.00'], 18: ['36.00', '18.00'], 34: ['18.00', '16.00'] } as Record<number, [string, string]>)[type.sector] ?? ['18.00', type.sector === 8 ? '0' : layout.rules.sujetoIva === 'zero' ? '0.00' : '18.00']; // tasa cero: the official `0` (issue 28)
      assert.equal(total, expectedTotal);
      assert.equal(xmlValue(xml, 'montoTotalSujetoIva'), expectedBase);
      if (layout.rules.sujetoIva === 'zero') assert.equal(inv.amountTotalSubjectToVat, 0);
      if (type.sector === 35) assert.deepEqual([...xml.matchAll(/<subTotal>([^<]*)<\/subTotal>/g)].map((m) => m[1]), ['18.00', '0.00']);
      if (type.sector === 3) {
        assert.equal(xmlValue(xml, 'montoDetalle'), '18.00');
        assert.equal(xmlValue(xml, 'totalGastosNacionalesFob'), '28.50');
      }

      const cancel = await eng.api(`/api/v1/invoices/${inv.id}/cancel?motivo=1`, { method: 'POST' });
      const cancelled = await cancel.json();
      assert.equal(cancel.status, 200, JSON.stringify(cancelled));
      assert.equal(cancelled.data.state, 'CANCELLED');
      const status = (await (await eng.api(`/api/v1/invoices/${inv.id}/status`)).json()).data;
      assert.equal(status.siatCode, 905);
      assert.equal(eng.simulator!.state.reception.invoice(inv.cuf)?.estado, 'ANULADA');
    });
  }
});

describe('the credit-debit note (sector 24)', () => {
  /** 700.00 + 3 × 25.00 = 775.00, as CONTRACT §9.3's official sample. */
  const SALE_LINES = [
    { ...LINE, codeProduct: 'TV-1', description: 'Televisor', quantity: 1, priceUnit: 700, amountDiscount: 0 },
    { ...LINE, codeProduct: 'CAB-1', description: 'Cable HDMI', quantity: 3, priceUnit: 25, amountDiscount: 0 },
  ];
  const sale = async (type = 'COMPUTERIZED_SALE') => {
    const res = await issue(body(type, { details: SALE_LINES }));
    const { data } = await res.json();
    assert.equal(data.state, 'VALIDATED');
    return data;
  };
  const note = (originalInvoiceId: string, details: Record<string, unknown>[], type = 'NOTE_CREDIT_DEBIT') =>
    issue({ ...body('COMPUTERIZED_SALE'), invoiceType: type, originalInvoiceId, details });
  const returning = (quantity: number, codeProduct = 'CAB-1') => [{ ...SALE_LINES[1], codeProduct, quantity, returnProduct: true }];

  for (const type of ['NOTE_CREDIT_DEBIT', 'COMPUTERIZED_NOTE_CREDIT_DEBIT']) {
    test(`${type}: 75.00 returned of 775.00 → VALIDATED, efectivo 9.75, lines 1 and 2; cancelled with anulacionDocumentoAjuste`, async () => {
      const def = invoiceType(type)!;
      const original = await sale(def.modalidad === 1 ? 'ELECTRONIC_SALE' : 'COMPUTERIZED_SALE');
      const res = await note(original.id, returning(3), type);
      const { data: inv } = await res.json();
      assert.equal(res.status, 201, JSON.stringify(inv));
      assert.equal(inv.state, 'VALIDATED', JSON.stringify(inv.siatMessages));
      const rec = stored(inv.id);
      assert.equal(rec.originalInvoiceId, original.id);
      assert.equal(rec.sectorData?.['amountTotalOriginal'], 77500);
      assert.equal(rec.sectorData?.['amountTotalReturn'], 7500);
      assert.equal(rec.sectorData?.['amountCashCreditDebit'], 975);
      assert.equal(xmlValue(rec.xml, 'montoTotalOriginal'), '775.00');
      assert.equal(xmlValue(rec.xml, 'montoTotalDevuelto'), '75.00');
      assert.equal(xmlValue(rec.xml, 'montoEfectivoCreditoDebito'), '9.75');
      assert.equal(xmlValue(rec.xml, 'numeroAutorizacionCuf'), original.cuf);
      assert.equal(xmlValue(rec.xml, 'numeroFactura'), String(original.invoiceNumber));
      assert.deepEqual([...rec.xml.matchAll(/<codigoDetalleTransaccion>(\d)<\/codigoDetalleTransaccion>/g)].map((m) => m[1]), ['1', '1', '2']);
      const cuf = decodeCuf(inv.cuf, eng.codes.byCodigo(tenantId, rec.cufd)!.codigoControl)!;
      assert.equal(cuf.codigoDocumentoSector, 24);
      assert.equal(cuf.tipoFacturaDocumento, 3);
      assert.equal(cuf.modalidad, def.modalidad);
      assert.equal(cuf.numeroFactura, inv.invoiceNumber);
      if (def.modalidad === 1) assert.equal(verifyXmlSignature(rec.xml).valid, true);

      const cancel = await eng.api(`/api/v1/invoices/${inv.id}/cancel?motivo=1`, { method: 'POST' });
      assert.equal(cancel.status, 200, JSON.stringify(await cancel.clone().json()));
      assert.equal((await cancel.json()).data.state, 'CANCELLED');
      assert.equal(eng.simulator!.state.reception.invoice(inv.cuf)?.estado, 'ANULADA');
      assert.equal(eng.simulator!.state.reception.invoice(original.cuf)?.estado, 'VALIDA', 'the original stays valid');
    });
  }

  const refusal = async (res: ApiTestResponse, field: string, rule: string) => {
    const b = await res.json();
    assert.equal(res.status, 422, JSON.stringify(b));
    const f = b.error.fields.find((x: { field: string }) => x.field === field);
    assert.ok(f, `${field} in ${JSON.stringify(b.error.fields)}`);
    assert.equal(f.rule, rule);
    assert.match(f.message, /\S/);
  };

  test('a return larger than what was sold, counting earlier notes → 422 details[0].quantity', async () => {
    const original = await sale();
    await refusal(await note(original.id, returning(4)), 'details[0].quantity', 'RETURN_EXCEEDS_SOLD');
    assert.equal((await (await note(original.id, returning(2))).json()).data.state, 'VALIDATED');
    await refusal(await note(original.id, returning(2)), 'details[0].quantity', 'RETURN_EXCEEDS_SOLD');
  });

  test('a line that is not on the original → 422 details[0].codeProduct', async () => {
    const original = await sale();
    await refusal(await note(original.id, returning(1, 'NO-EXISTE')), 'details[0].codeProduct', 'NOT_ON_ORIGINAL');
  });

  test('an original that is not VALIDATED (cancelled) → 422 originalInvoiceId', async () => {
    const original = await sale();
    assert.equal((await eng.api(`/api/v1/invoices/${original.id}/cancel?motivo=1`, { method: 'POST' })).status, 200);
    await refusal(await note(original.id, returning(1)), 'originalInvoiceId', 'ORIGINAL_NOT_VALIDATED');
  });

  test('a note needs no client fields: it is issued to the original’s client', async () => {
    const original = await sale();
    const res = await issue({ invoiceType: 'NOTE_CREDIT_DEBIT', posId, originalInvoiceId: original.id, details: returning(1) });
    const { data: inv } = await res.json();
    assert.equal(res.status, 201, JSON.stringify(inv));
    assert.equal(inv.state, 'VALIDATED', JSON.stringify(inv.siatMessages));
    assert.equal(inv.clientBusinessName, 'Juan Pérez');
    assert.equal(inv.clientDocumentNumber, '5115889');
    assert.equal(xmlValue(stored(inv.id).xml, 'nombreRazonSocial'), 'Juan Pérez');
    assert.equal(xmlValue(stored(inv.id).xml, 'codigoCliente'), 'C-1');
  });

  test('a note that repeats a client field with another value → 422 naming the field; the same value passes', async () => {
    const original = await sale();
    const bare = { invoiceType: 'NOTE_CREDIT_DEBIT', posId, originalInvoiceId: original.id, details: returning(1) };
    await refusal(await issue({ ...bare, clientBusinessName: 'Otro Cliente S.A.' }), 'clientBusinessName', 'NOTE_CLIENT_MISMATCH');
    const two = await (await issue({ ...bare, clientDocumentType: 5, clientDocumentNumber: '1020304050' })).json();
    assert.deepEqual(two.error.fields.map((f: { field: string }) => f.field).sort(), ['clientDocumentNumber', 'clientDocumentType']);
    assert.match(two.error.fields[0].message, /factura original N\.º \d+/);
    // Unchanged values (blanks around them aside) are accepted.
    const same = await issue({ ...bare, clientBusinessName: ' Juan Pérez ', clientCode: 'C-1', clientDocumentType: 1 });
    assert.equal(same.status, 201, JSON.stringify(await same.clone().json()));
  });

  test('any other invoiceType still requires the client fields (400 naming each)', async () => {
    for (const type of ['ELECTRONIC_SALE', 'COMPUTERIZED_SALE', 'ELECTRONIC_SECTOR_EDUCATION']) {
      const { clientDocumentType: _t, clientBusinessName: _n, ...rest } = body(type);
      const res = await issue(rest);
      const b = await res.json();
      assert.equal(res.status, 400, `${type}: ${JSON.stringify(b)}`);
      assert.deepEqual(b.error.fields.map((f: { field: string }) => f.field).sort(), ['clientBusinessName', 'clientDocumentType'], type);
      assert.ok(b.error.fields.every((f: { message: string }) => f.message === 'es obligatorio'));
    }
  });

  test('a note on a note → 422 originalInvoiceId', async () => {
    const original = await sale();
    const first = (await (await note(original.id, returning(1))).json()).data;
    assert.equal(first.state, 'VALIDATED');
    await refusal(await note(first.id, returning(1)), 'originalInvoiceId', 'NOTE_ON_NOTE');
  });
});

describe('the nota de conciliación (sector 29, issue 28 item 12)', () => {
  /** A telecom bill of 200.00 (plan) + 50.00 (roaming); the roaming is conciliated down to 20.00 and the plan up to 210.00. */
  const BILL = [
    { ...LINE, codeProduct: 'PLAN-1', description: 'Plan postpago', quantity: 1, unitMeasure: 58, priceUnit: 200, amountDiscount: 0 },
    { ...LINE, codeProduct: 'ROAM-1', description: 'Roaming', quantity: 1, unitMeasure: 58, priceUnit: 50, amountDiscount: 0 },
  ];
  const bill = async (type: string) => {
    const { data } = await (await issue(body(type, { details: BILL }))).json();
    assert.equal(data.state, 'VALIDATED', JSON.stringify(data));
    return data;
  };
  const conciliate = (originalInvoiceId: string, type: string, details: Record<string, unknown>[]) =>
    issue({ invoiceType: type, posId, originalInvoiceId, details });

  for (const [type, billType] of [['NOTE_CONCILIATION', 'ELECTRONIC_TELECOM'], ['COMPUTERIZED_NOTE_CONCILIATION', 'COMPUTERIZED_TELECOM']] as const) {
    test(`${type}: roaming 50.00 → 20.00 and plan 200.00 → 210.00 → VALIDATED, conciliated 40.00, IVA credit 3.90 and debit 1.30; PDF and ticket; cancelled`, async () => {
      const def = invoiceType(type)!;
      const original = await bill(billType);
      const res = await conciliate(original.id, type, [{ ...BILL[1], finalAmount: 20 }, { ...BILL[0], finalAmount: 210 }]);
      const { data: inv } = await res.json();
      assert.equal(res.status, 201, JSON.stringify(inv));
      assert.equal(inv.state, 'VALIDATED', JSON.stringify(inv.siatMessages));
      assert.equal(inv.invoiceType, type);
      assert.equal(inv.originalInvoiceId, original.id);
      assert.equal(inv.amountTotalOriginal, 250);
      assert.equal(inv.amountTotalConciliated, 40);
      assert.equal(inv.ivaCreditAmount, 3.9);
      assert.equal(inv.ivaDebitAmount, 1.3);
      assert.equal(inv.clientBusinessName, 'Juan Pérez', 'the original’s client');
      assert.deepEqual(inv.details.map((d: { codeProduct: string; finalAmount?: number }) => [d.codeProduct, d.finalAmount ?? null]), [['PLAN-1', null], ['ROAM-1', null], ['ROAM-1', 20], ['PLAN-1', 210]]);
      const xml = stored(inv.id).xml;
      assert.ok(xml.includes(`<${sectorRoot(29, def.modalidad)} `));
      assert.equal(xmlValue(xml, 'numeroNotaConciliacion'), String(inv.invoiceNumber));
      assert.equal(xmlValue(xml, 'numeroFactura'), String(original.invoiceNumber));
      assert.equal(xmlValue(xml, 'numeroAutorizacionCuf'), original.cuf);
      assert.equal(xmlValue(xml, 'montoTotalConciliado'), '40.00');
      assert.equal([...xml.matchAll(/<detalleOriginal>/g)].length, 2);
      assert.equal([...xml.matchAll(/<detalleConciliacion>/g)].length, 2);
      const cuf = decodeCuf(inv.cuf, eng.codes.byCodigo(tenantId, stored(inv.id).cufd)!.codigoControl)!;
      assert.deepEqual([cuf.codigoDocumentoSector, cuf.tipoFacturaDocumento, cuf.modalidad], [29, 3, def.modalidad]);
      if (def.modalidad === 1) assert.equal(verifyXmlSignature(xml).valid, true);

      // The printed forms, through the renderers every document uses.
      const pdf = pdfText(new Uint8Array(await (await fetch(inv.pdfUrl)).arrayBuffer()));
      for (const words of ['NOTA DE CONCILIACIÓN', 'DETALLE DE LA CONCILIACIÓN', 'MONTO TOTAL CONCILIADO', 'Monto final: 20,00']) assert.ok(pdf.includes(words), `${words} in ${pdf}`);
      const ticket = pdfText(new Uint8Array(await (await fetch(inv.ticketUrl)).arrayBuffer()));
      assert.ok(ticket.includes('NOTA DE CONCILIACIÓN') && ticket.includes('DÉBITO FISCAL IVA'), ticket);

      const cancel = await eng.api(`/api/v1/invoices/${inv.id}/cancel?motivoSiat=1`, { method: 'POST' });
      assert.equal(cancel.status, 200, JSON.stringify(await cancel.clone().json()));
      assert.equal(eng.simulator!.state.reception.invoice(inv.cuf)?.estado, 'ANULADA');
    });
  }

  test('refusals name the field: a line whose amount does not change, a product not on the bill, a second conciliation of the same bill; the books leave it out', async () => {
    const original = await bill('COMPUTERIZED_TELECOM');
    const refused = async (details: Record<string, unknown>[], field: string, rule: string) => {
      const b = await (await conciliate(original.id, 'COMPUTERIZED_NOTE_CONCILIATION', details)).json();
      const f = b.error?.fields?.find((x: { field: string }) => x.field === field);
      assert.ok(f, JSON.stringify(b));
      assert.equal(f.rule, rule);
      assert.match(f.message, /\S/);
    };
    await refused([{ ...BILL[0], finalAmount: 200 }], 'details[0].finalAmount', 'NO_CHANGE');
    await refused([{ ...BILL[0], codeProduct: 'OTRO', finalAmount: 1 }], 'details[0].codeProduct', 'NOT_ON_ORIGINAL');
    const totals = async () => {
      const [year, month] = original.emissionDate.split('-').map(Number);
      return (await (await eng.api(`/api/v1/books/totals?year=${year}&month=${month}`)).json()).data;
    };
    const before = await totals();
    const first = await (await conciliate(original.id, 'COMPUTERIZED_NOTE_CONCILIATION', [{ ...BILL[1], finalAmount: 0 }])).json();
    assert.equal(first.data.state, 'VALIDATED', JSON.stringify(first));
    // Neither a sale nor a return: the month's books do not count it (decision 0073).
    const after = await totals();
    assert.deepEqual([after.sales, after.notes], [before.sales, before.notes]);
    await refused([{ ...BILL[0], finalAmount: 150 }], 'originalInvoiceId', 'ALREADY_CONCILIATED');
  });
});

describe('servicios básicos: the official schema’s limits (issue 28, item 10)', () => {
  const refusedWith = async (over: Record<string, unknown>, field: string, rule: string, words: RegExp) => {
    const res = await issue(body('ELECTRONIC_BASIC_SERVICE', over));
    const b = await res.json();
    assert.equal(res.status, 422, JSON.stringify(b));
    const f = b.error.fields.find((x: { field: string }) => x.field === field);
    assert.ok(f, `${field} in ${JSON.stringify(b.error.fields)}`);
    assert.equal(f.rule, rule);
    assert.match(f.message, words);
  };

  test('mes of 11 characters, gestion 2014 or 10000, a detalle… of 101 characters, a zero tax base → 422 in Spanish naming each', async () => {
    // The request schema (built from the sector's fields) answers these before the engine.
    await refusedWith({ month: 'SEPTIEMBRE.' }, 'month', 'maxLength', /como máximo 10 caracteres/);
    await refusedWith({ year: 2014 }, 'year', 'minimum', /mayor o igual a 2015/);
    await refusedWith({ year: 10000 }, 'year', 'maximum', /menor o igual a 9999/);
    for (const key of ['adjustmentSubjectToVatDetail', 'adjustmentNotSubjectToVatDetail', 'otherPaymentsNotSubjectToVatDetail']) {
      await refusedWith({ [key]: 'x'.repeat(101) }, key, 'maxLength', /como máximo 100 caracteres/);
    }
    // The lines (18.00) discounted whole leave only the cleaning fee (3.50), outside the IVA base:
    // montoTotal 3.50 > 0 but montoTotalSujetoIva 0, which the official schema refuses.
    await refusedWith({ additionalDiscount: 18 }, 'additionalDiscount', 'TAX_BASE_NOT_POSITIVE', /importe base para crédito fiscal .* mayor que cero/);
  });

  test('the limits SIAT allows pass: mes of 10, gestion 2015, a 14-digit Ley 1886 beneficiary, detalle… of 100 → VALIDATED', async () => {
    const res = await issue(body('ELECTRONIC_BASIC_SERVICE', { month: 'SEPTIEMBRE', year: 2015, law1886Beneficiary: 12345678901234, adjustmentSubjectToVatDetail: 'x'.repeat(100) }));
    const { data: inv } = await res.json();
    assert.equal(res.status, 201, JSON.stringify(inv));
    assert.equal(inv.state, 'VALIDATED', JSON.stringify(inv.siatMessages));
    const xml = stored(inv.id).xml;
    assert.equal(xmlValue(xml, 'beneficiarioLey1886'), '12345678901234');
    assert.equal(xmlValue(xml, 'mes'), 'SEPTIEMBRE');
    assert.equal(xmlValue(xml, 'gestion'), '2015');
  });
});

describe('SIAT refusals travel through the API verbatim', () => {
  test('a sector the NIT is not enabled for: REJECTED with SIAT’s 940 and its text', async () => {
    const before = (await simAdmin('/sectors')).sectors as number[];
    await simAdmin('/sectors', { sectors: before.filter((s) => s !== 11) });
    try {
      const res = await issue(body('COMPUTERIZED_SECTOR_EDUCATION'));
      const { data: inv } = await res.json();
      assert.equal(res.status, 201);
      assert.equal(inv.state, 'REJECTED');
      assert.equal(inv.siatCode, 902);
      assert.deepEqual(inv.siatMessages.map((m: { codigo: number; descripcion: string }) => [m.codigo, m.descripcion]), [[940, 'EL NIT NO TIENE HABILITADO EL DOCUMENTO SECTOR']]);
      // Other sectors still go through.
      assert.equal((await (await issue(body('COMPUTERIZED_TELECOM'))).json()).data.state, 'VALIDATED');
    } finally {
      await simAdmin('/sectors', { sectors: before });
    }
    assert.equal((await (await issue(body('COMPUTERIZED_SECTOR_EDUCATION'))).json()).data.state, 'VALIDATED');
  });

  test('the simulator lists what it received per sector', async () => {
    const { data: inv } = await (await issue(body('ELECTRONIC_HOSPITAL'))).json();
    const hospital = (await simAdmin('/received?sector=17')) as { cuf: string; sector: number }[];
    assert.ok(hospital.some((d) => d.cuf === inv.cuf));
    assert.ok(hospital.every((d) => d.sector === 17));
    const sales = (await simAdmin('/received?sector=1')) as { cuf: string }[];
    assert.ok(!sales.some((d) => d.cuf === inv.cuf));
  });
});

describe('bad input for each sector’s fields (422 naming the field)', () => {
  const oneTypePerSector = [...new Map(issuable.map((t) => [t.sector, t])).values()];
  for (const type of oneTypePerSector) {
    const fields = sectorFields(type.sector)!;
    const required = [...fields.header.filter((f) => f.required && f.default === undefined).map((f) => ({ f, line: false })), ...fields.line.filter((f) => f.required && f.default === undefined).map((f) => ({ f, line: true }))];
    // A field of another sector: the first header field of a sector that is not this one.
    const foreign = SECTOR_SPECS.flatMap((s) => (s.code === type.sector ? [] : s.header)).find((f) => !fields.header.some((g) => g.key === f.key))!;
    const foreignLine = SECTOR_SPECS.find((s) => s.code !== type.sector && s.line.length > 0 && !s.line.some((f) => fields.line.some((g) => g.key === f.key)))!.line[0]!;

    test(`${type.name}: ${required.length ? `missing ${required.map((r) => r.f.key).join(', ')}; ` : ''}${foreign.key} and details[0].${foreignLine.key} of another sector`, async () => {
      for (const { f, line } of required) {
        const b = body(type.name);
        if (line) delete b.details[0]![f.key];
        else delete b[f.key];
        const res = await issue(b);
        const r = await res.json();
        const field = line ? `details[0].${f.key}` : f.key;
        assert.equal(res.status, 422, `${field}: ${JSON.stringify(r)}`);
        const named = r.error.fields.find((x: { field: string }) => x.field === field);
        assert.ok(named, `${field} in ${JSON.stringify(r.error.fields)}`);
        assert.equal(named.rule, 'REQUIRED');
      }
      const sample = foreign.kind === 'amount' || foreign.kind === 'integer' ? 1 : foreign.kind === 'dateTime' ? '2026-03-01T10:00:00' : 'X';
      const withForeignLine = body(type.name);
      withForeignLine.details[0]![foreignLine.key] = foreignLine.kind === 'integer' ? 1 : 'X';
      const bodies: [Body, string][] = [
        [body(type.name, { [foreign.key]: sample }), foreign.key],
        [withForeignLine, `details[0].${foreignLine.key}`],
      ];
      for (const [b, field] of bodies) {
        const res = await issue(b);
        const r = await res.json();
        assert.equal(res.status, 422, `${field}: ${JSON.stringify(r)}`);
        const named = r.error.fields.find((x: { field: string }) => x.field === field);
        assert.ok(named, `${field} in ${JSON.stringify(r.error.fields)}`);
        assert.equal(named.rule, 'NOT_IN_SECTOR');
      }
    });
  }
});
