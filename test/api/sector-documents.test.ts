// Retrieval of sector documents (issue #12): invoices of several sectors and a credit-debit note,
// issued through the real engine and its SIAT simulator, fetched as seed 001's XML, JSON and
// base64 PDF and as the public A4 PDF and 80 mm ticket, whose text pdftotext reads back.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { invoiceShortCode } from '../../main/invoicing/short-code';
import { pdfText } from '../unit/documents/pdf-tools';

let eng: TestEngine;
let posId: string;

interface Issued {
  id: string;
  invoiceNumber: number;
  cuf: string;
  state: string;
  [k: string]: unknown;
}

const client = { clientDocumentType: 1, clientDocumentNumber: '5115889', clientBusinessName: 'Juan Pérez', clientCode: 'C-1', paymentMethodCode: 1 };
const detail = (over: Record<string, unknown> = {}) => ({ activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'P1', description: 'Servicio', quantity: 1, unitMeasure: 58, priceUnit: 450, ...over });

async function issue(body: Record<string, unknown>): Promise<Issued> {
  const res = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: { posId, ...client, ...body } });
  const json = (await res.json()) as { data: Issued };
  assert.equal(res.status, 201, JSON.stringify(json));
  assert.equal(json.data.state, 'VALIDATED', JSON.stringify(json.data));
  return json.data;
}

async function retrieval(format: 'xml' | 'json' | 'pdf', inv: Issued): Promise<any> {
  const q = new URLSearchParams({ posId: '0', invoiceNumber: String(inv.invoiceNumber), invoiceCode: invoiceShortCode(inv.id) });
  const res = await eng.api(`/api/v1/invoice/${format}?${q.toString()}`);
  const body = (await res.json()) as { data: unknown; success: boolean };
  assert.equal(res.status, 200, JSON.stringify(body));
  return body.data;
}

async function publicPdf(inv: Issued, kind: 'pdf' | 'ticket'): Promise<string> {
  const res = await fetch(`${eng.url}/api/v1/public/invoice/${inv.cuf}/${kind}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/pdf');
  return pdfText(new Uint8Array(await res.arrayBuffer()));
}

before(async () => {
  eng = await startTestEngine({}, undefined, { scheduler: false });
  posId = ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string }[] }).data[0]!.id;
  assert.equal((await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} })).status, 200);
});
after(async () => {
  await eng.stop();
});

describe('every format of a sector document', () => {
  test('education: XML, JSON and both PDFs carry the student and the period', async () => {
    const inv = await issue({ invoiceType: 'ELECTRONIC_SECTOR_EDUCATION', nameStudent: 'Ana Quispe Mamani', billedPeriod: 'MARZO 2026', details: [detail({ description: 'Pensión marzo' })] });
    assert.equal(inv.sector, 11);
    assert.deepEqual(inv.sectorFields, { nameStudent: 'Ana Quispe Mamani', billedPeriod: 'MARZO 2026' }, 'the answer carries the sector fields');
    const xml = (await retrieval('xml', inv)) as string;
    assert.match(xml, /<facturaElectronicaSectorEducativo[\s>]/);
    assert.match(xml, /<nombreEstudiante>Ana Quispe Mamani<\/nombreEstudiante>/);
    const json = await retrieval('json', inv);
    assert.equal(json.cabecera.nombreEstudiante, 'Ana Quispe Mamani');
    assert.equal(json.cabecera.periodoFacturado, 'MARZO 2026');
    assert.equal(json.cabecera.codigoDocumentoSector, 11);
    assert.equal(typeof json.signature, 'string');
    const base64 = pdfText(Buffer.from((await retrieval('pdf', inv)) as string, 'base64'));
    for (const text of [base64, await publicPdf(inv, 'pdf')]) {
      assert.ok(text.includes('SECTOR EDUCATIVO'), text);
      assert.ok(text.includes('Estudiante: Ana Quispe Mamani'), text);
      assert.ok(text.includes('Periodo facturado: MARZO 2026'), text);
    }
    const ticket = await publicPdf(inv, 'ticket');
    assert.ok(ticket.includes('ESTUDIANTE:') && ticket.includes('Ana Quispe Mamani'), ticket);
    // The education layout has montoGiftCard: its line stays (at 0,00).
    assert.ok((await publicPdf(inv, 'pdf')).includes('MONTO GIFT CARD Bs'));
  });

  test('property rental: a layout without montoGiftCard prints no gift card line', async () => {
    const inv = await issue({ invoiceType: 'COMPUTERIZED_PROPERTY_RENTAL', billedPeriod: 'MARZO 2026', details: [detail({ description: 'Alquiler local' })] });
    assert.equal((await retrieval('json', inv)).cabecera.montoGiftCard, undefined, 'the layout has no montoGiftCard');
    for (const text of [await publicPdf(inv, 'pdf'), await publicPdf(inv, 'ticket')]) {
      assert.ok(text.includes('MARZO 2026') && /MONTO A PAGAR/i.test(text), text);
      assert.ok(!/GIFT CARD/i.test(text), text);
    }
  });

  test('hospital: the doctor and the operating room of each line', async () => {
    const inv = await issue({
      invoiceType: 'COMPUTERIZED_HOSPITAL',
      serviceMode: 'AMBULATORIO',
      details: [detail({ description: 'Cirugía menor', nameLastNameDoctor: 'Dra. Eva Lima', nitDocumentDoctor: 7788990, nroOperatingRoom: 3 })],
    });
    const json = await retrieval('json', inv);
    assert.equal(json.detalle[0].nombreApellidoMedico, 'Dra. Eva Lima');
    assert.equal(json.detalle[0].nroQuirofanoSalaOperaciones, 3);
    assert.equal(json.signature, null, 'computerized: no signature');
    const a4 = await publicPdf(inv, 'pdf');
    assert.ok(a4.includes('Médico: Dra. Eva Lima'), a4);
    assert.ok(a4.includes('Quirófano / sala: 3'), a4);
    assert.ok(a4.includes('HOSPITALES Y CLÍNICAS'), a4);
  });

  test('telecom: the joint NIT; tasa cero: no crédito fiscal', async () => {
    const telecom = await issue({ invoiceType: 'ELECTRONIC_TELECOM', nitSet: 1020304050, details: [detail({ description: 'Plan mensual' })] });
    assert.equal((await retrieval('json', telecom)).cabecera.nitConjunto, 1020304050);
    const t = await publicPdf(telecom, 'pdf');
    assert.ok(t.includes('NIT conjunto: 1020304050'), t);

    const zero = await issue({ invoiceType: 'ELECTRONIC_DUTY_FREE', details: [detail({ description: 'Libro', unitMeasure: 57 })] });
    const z = await publicPdf(zero, 'pdf');
    assert.ok(z.includes('TASA CERO') && z.includes('SIN DERECHO A CRÉDITO FISCAL'), z);
    assert.equal((await retrieval('json', zero)).cabecera.montoTotalSujetoIva, 0);
  });

  test('credit-debit note: its XML, JSON and PDFs name the original and show the returned amounts', async () => {
    const original = await issue({
      invoiceType: 'ELECTRONIC_SALE',
      details: [detail({ codeProduct: 'LIB-1', description: 'Libro de texto', quantity: 2, unitMeasure: 57, priceUnit: 75 }), detail({ codeProduct: 'CUA-1', description: 'Cuaderno', quantity: 3, unitMeasure: 57, priceUnit: 10 })],
    });
    // The body schema asks every line's catalog fields even on a note (the engine takes them from the original).
    const note = await issue({ invoiceType: 'NOTE_CREDIT_DEBIT', originalInvoiceId: original.id, details: [detail({ codeProduct: 'LIB-1', description: 'Libro de texto', quantity: 1, unitMeasure: 57, priceUnit: 75, returnProduct: true })] });
    assert.deepEqual(
      [note.originalInvoiceId, note.originalInvoiceNumber, note.amountTotalOriginal, note.amountTotalReturn, note.amountCashCreditDebit],
      [original.id, original.invoiceNumber, 180, 75, 9.75],
      'the answer carries the note\'s original and amounts',
    );
    assert.deepEqual((note.details as any[]).map((d) => d.returnProduct), [false, false, true]);
    const json = await retrieval('json', note);
    assert.equal(json.cabecera.numeroFactura, original.invoiceNumber);
    assert.equal(json.cabecera.numeroAutorizacionCuf, original.cuf);
    assert.equal(json.cabecera.montoTotalOriginal, 180);
    assert.equal(json.cabecera.montoTotalDevuelto, 75);
    assert.equal(json.cabecera.montoEfectivoCreditoDebito, 9.75);
    assert.deepEqual(json.detalle.map((d: any) => d.codigoDetalleTransaccion), [1, 1, 2]);
    assert.match((await retrieval('xml', note)) as string, /<numeroNotaCreditoDebito>/);
    for (const text of [await publicPdf(note, 'pdf'), pdfText(Buffer.from((await retrieval('pdf', note)) as string, 'base64'))]) {
      assert.ok(text.includes('NOTA CRÉDITO-DÉBITO'), text);
      assert.ok(text.replace(/ /g, '').includes(original.cuf), `the original's CUF (wrapped) in ${text}`);
      assert.ok(text.includes('DETALLE DE LA DEVOLUCIÓN'), text);
      for (const amount of ['180,00', '75,00', '9,75']) assert.ok(text.includes(amount), `${amount} in ${text}`);
    }
    const ticket = await publicPdf(note, 'ticket');
    assert.ok(ticket.includes('MONTO TOTAL DEVUELTO Bs') && ticket.includes('9,75'), ticket);

    // Facturas lists the note as a note with the number of its original (issue 24, item 11).
    const listed = ((await (await eng.api('/api/v1/invoices?size=50')).json()) as { data: { content: Issued[] } }).data.content;
    const row = (id: string) => listed.find((i) => i.id === id)!;
    assert.deepEqual([row(note.id).sector, row(note.id).originalInvoiceNumber], [24, original.invoiceNumber]);
    assert.deepEqual([row(original.id).sector, row(original.id).originalInvoiceNumber], [1, undefined]);
  });

  test('a return on an invoice with an additional discount gives back what was paid: the lines less their share of it (montoDescuentoCreditoDebito), SIAT validates it, paper shows it', async () => {
    // The store-day walk's invoice: lines 59,40 (the leche line with its own 1,35 discount), 5,00
    // additional discount, total 54,40. Returning the two leches gave back 12,15; paid was 11,13.
    const original = await issue({
      invoiceType: 'ELECTRONIC_SALE',
      additionalDiscount: 5,
      details: [
        detail({ codeProduct: 'LEC-1', description: 'Leche PIL 1 L', quantity: 2, unitMeasure: 57, priceUnit: 6.75, amountDiscount: 1.35 }),
        detail({ codeProduct: 'ARR-1', description: 'Arroz 1 kg', quantity: 5, unitMeasure: 57, priceUnit: 9.45 }),
      ],
    });
    assert.equal(original.amountTotal, 54.4);
    const note = await issue({ invoiceType: 'NOTE_CREDIT_DEBIT', originalInvoiceId: original.id, details: [detail({ codeProduct: 'LEC-1', description: 'Leche PIL 1 L', quantity: 2, unitMeasure: 57, priceUnit: 6.75, returnProduct: true })] });
    // 12,15 × 5,00 / 59,40 = 1,0227 → 1,02; 12,15 − 1,02 = 11,13; 13 % = 1,4469 → 1,45.
    assert.deepEqual([note.amountTotalOriginal, note.amountDiscountCreditDebit, note.amountTotalReturn, note.amountCashCreditDebit, note.amountTotal], [59.4, 1.02, 11.13, 1.45, 11.13]);
    const json = await retrieval('json', note);
    assert.deepEqual([json.cabecera.montoTotalOriginal, json.cabecera.montoDescuentoCreditoDebito, json.cabecera.montoTotalDevuelto, json.cabecera.montoEfectivoCreditoDebito], [59.4, 1.02, 11.13, 1.45]);
    assert.match((await retrieval('xml', note)) as string, /<montoDescuentoCreditoDebito>1\.02<\/montoDescuentoCreditoDebito>/);
    for (const text of [await publicPdf(note, 'pdf'), await publicPdf(note, 'ticket')]) {
      // Labels and amounts come in columns (pdftotext reads them apart).
      for (const part of ['SUBTOTAL DEVUELTO Bs', 'DESCUENTO Bs', 'MONTO TOTAL DEVUELTO Bs', '12,15', '1,02', '11,13', '1,45', 'Once 13/100']) assert.ok(text.includes(part), `${part} in ${text}`);
    }
    // The till's Devolución reads what is left from the original (GET by id): nothing of the leche, its share taken.
    const after = ((await (await eng.api(`/api/v1/invoices/${original.id}`)).json()) as { data: Issued }).data;
    assert.deepEqual(after.returnable, { quantities: [0, 5], additionalDiscountTaken: 1.02 });
    // The rest returned later: its share is what the first note left of the 5,00 (5,00 − 1,02 = 3,98 at most).
    const rest = await issue({ invoiceType: 'NOTE_CREDIT_DEBIT', originalInvoiceId: original.id, details: [detail({ codeProduct: 'ARR-1', description: 'Arroz 1 kg', quantity: 5, unitMeasure: 57, priceUnit: 9.45, returnProduct: true })] });
    // 47,25 × 5,00 / 59,40 = 3,977 → 3,98: both notes give back 11,13 + 43,27 = 54,40, the invoice's total.
    assert.deepEqual([rest.amountDiscountCreditDebit, rest.amountTotalReturn], [3.98, 43.27]);
    const none = ((await (await eng.api(`/api/v1/invoices/${original.id}`)).json()) as { data: Issued }).data;
    assert.deepEqual(none.returnable, { quantities: [0, 0], additionalDiscountTaken: 5 });
    // A note itself has nothing to return.
    assert.equal(((await (await eng.api(`/api/v1/invoices/${note.id}`)).json()) as { data: Issued }).data.returnable, undefined);
  });

  test('an invoice carries the last instant SIAT annuls it or reverts its annulment, and whether a reversal was used (issue 24, item 13)', async () => {
    const inv = await issue({ invoiceType: 'ELECTRONIC_SALE', details: [detail()] });
    const got = ((await (await eng.api(`/api/v1/invoices/${inv.id}`)).json()) as { data: Issued }).data;
    // CONTRACT §5.4: day 9 of the month after the emission, 23:59 Bolivia time (the emission date is Bolivia time too).
    const [y, m] = String(got.emissionDate).slice(0, 7).split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    assert.equal(got.cancellationDeadline, `${next}-09T23:59:59.999`);
    assert.equal(got.cancellationReverted, false);
  });
});

describe("a point of sale's default document (PUT /api/v1/pos/{id}/default-invoice-type)", () => {
  const put = async (id: string, invoiceType: unknown) => {
    const res = await eng.api(`/api/v1/pos/${id}/default-invoice-type`, { method: 'PUT', json: { invoiceType } });
    return { status: res.status, body: (await res.json()) as any };
  };
  const listed = async () => ((await (await eng.api('/api/v1/pos')).json()) as { data: { id: string; defaultInvoiceType: string | null }[] }).data.find((p) => p.id === posId)!;

  test('starts as null (compra-venta), is set, listed with the point of sale, and reset with null', async () => {
    assert.equal((await listed()).defaultInvoiceType, null);
    const set = await put(posId, 'ELECTRONIC_SECTOR_EDUCATION');
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal(set.body.data.defaultInvoiceType, 'ELECTRONIC_SECTOR_EDUCATION');
    assert.match(set.body.message, /Sector educativo/);
    assert.equal((await listed()).defaultInvoiceType, 'ELECTRONIC_SECTOR_EDUCATION');
    assert.equal((await put(posId, null)).status, 200);
    assert.equal((await listed()).defaultInvoiceType, null);
  });

  test('an unknown type, the note and boleto aéreo are refused with 422 naming invoiceType; another id is 404', async () => {
    for (const name of ['FACTURA_INVENTADA', 'NOTE_CREDIT_DEBIT', 'COMPUTERIZED_NOTE_CREDIT_DEBIT', 'ELECTRONIC_AIRLINE']) {
      const r = await put(posId, name);
      assert.equal(r.status, 422, `${name}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.error.fields[0].field, 'invoiceType');
    }
    assert.equal((await put(posId, 42)).status, 400);
    assert.equal((await put('00000000-0000-4000-8000-000000000000', 'ELECTRONIC_SALE')).status, 404);
    assert.equal((await listed()).defaultInvoiceType, null, 'nothing was stored');
  });
});
