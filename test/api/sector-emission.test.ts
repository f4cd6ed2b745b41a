// Seed 001 "Sector invoices" over real HTTP: the six sectors in both modalities, the
// credit-debit note and the cancellation of each, through a real engine and its embedded SIAT
// simulator. The bodies are written from the seed's field tables (Invoice header, Invoice line,
// Sector-specific fields, Credit-debit note, Cancellation), not from Kipu's own names.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestEngine, type TestEngine } from '../fixtures/engine';
import { assertEnvelopeFailure } from '../fixtures/envelope-style';
import { operationsOf, type OpenApiDocument } from '../fixtures/openapi';
import { invoiceShortCode } from '../../main/invoicing/short-code';
import { amountInWords } from '../../main/invoicing/amount-in-words';
import { validatorCompiler } from '../../main/api/validation';
import { buildQrUrl } from '../../main/documents/model';
import { createInvoiceBody } from '../../shared/api/invoice';
import { INVOICE_TYPES } from '../../shared/invoice-types';
import { SCOPES } from '../../shared/api-scopes';

let eng: TestEngine;
let mainBranchId: number;

interface Answer {
  status: number;
  body: any;
}

async function post(path: string, json: unknown, init: { key?: string | null; headers?: Record<string, string> } = {}): Promise<Answer> {
  const res = await eng.api(path, { method: 'POST', json, ...init });
  return { status: res.status, body: await res.json() };
}

async function simAdmin(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${eng.simulator!.adminUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 200, `simulator admin ${path}`);
}

type Segment = 'rate' | 'hospital' | 'saleBon' | 'telecom' | 'education';
const MODALITIES = ['electronic', 'computarized'] as const;
type Modality = (typeof MODALITIES)[number];

/** seed 001 "Invoice header": every field of its table (typeInvoice left out for zero rate, as its sample does). */
function header(segment: Segment, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    posId: 0,
    clientReasonSocial: 'Juan Pérez',
    clientDocumentType: 1,
    clientNroDocument: '5115889',
    clientCode: 'C-1',
    paramPaymentMethod: 1,
    userPos: 'cajero1',
    ...(segment === 'rate' ? {} : { typeInvoice: 1 }),
    paramCurrency: 1,
    clientComplement: null,
    clientCity: 'La Paz',
    exceptionCode: null,
    clientEmail: 'juan@example.com',
    additionalDiscount: 0,
    clientPhone: '70012345',
    ...over,
  };
}

/** seed 001 "Invoice line". */
const line = (over: Record<string, unknown> = {}) => ({
  activityEconomic: '471110',
  unitMeasure: 58,
  codeProductSin: '99100',
  codeProduct: 'S-01',
  description: 'Servicio',
  qty: 1,
  priceUnit: 150,
  amountDiscount: null,
  ...over,
});

/** A body per sector, with seed 001's "Sector-specific fields". */
const BODIES: Record<Segment, () => Record<string, unknown>> = {
  rate: () => header('rate', { detailInvoice: [line({ unitMeasure: 57, codeProduct: 'LIB-1', description: 'Libro de texto', qty: 2, priceUnit: 75 })] }),
  // seed 001's hospital sample leaves out nroOperatingRoom and specialtyDoctor.
  hospital: () =>
    header('hospital', {
      serviceMode: 'AMBULATORIO',
      detailInvoice: [line({ specialty: 'CARDIOLOGÍA', specialtyDetail: 'Consulta externa', nameLastNameDoctor: 'Carlos Rojas Vargas', nitDocumentDoctor: 4455667, nroRegisterDoctor: 'MAT-1234', nroInvoiceDoctor: 15 })],
    }),
  // Bonuses: a line given away whole (100 % discount) beside a sold one.
  saleBon: () =>
    header('saleBon', {
      detailInvoice: [
        line({ unitMeasure: 57, codeProduct: 'ARR-1', description: 'Arroz 1 kg', qty: 3, priceUnit: 10 }),
        line({ unitMeasure: 57, codeProduct: 'ACE-1', description: 'Aceite 900 ml (bonificación)', qty: 1, priceUnit: 18.4, amountDiscount: 18.4 }),
      ],
    }),
  telecom: () => header('telecom', { nitSet: 1020304019, detailInvoice: [line({ codeProduct: 'PLAN-1', description: 'Plan postpago marzo', numberSerial: 'SIM-8959101', numberImei: '356938035643809' })] }),
  education: () => header('education', { nameStudent: 'Ana Quispe Mamani', billedPeriod: 'MARZO 2026', detailInvoice: [line({ codeProduct: 'PENSION', description: 'Pensión mensual' })] }),
};

const SECTOR: Record<Segment | 'debit', number> = { rate: 8, hospital: 17, saleBon: 35, debit: 24, telecom: 22, education: 11 };
const CANCEL_LABEL: Record<Segment | 'debit', string> = { rate: 'COMPLETED_RATE', hospital: 'COMPLETED', saleBon: 'COMPLETED_SALE_BON', debit: 'COMPLETED_DEBIT', telecom: 'COMPLETED', education: 'COMPLETED' };
const EMIT_LABEL: Record<Segment | 'debit', string> = { rate: 'COMPLETED_RATE', hospital: 'COMPLETED', saleBon: 'COMPLETED', debit: 'COMPLETED', telecom: 'COMPLETED', education: 'COMPLETED' };

const emit = (m: Modality, s: Segment | 'debit', body: unknown, init?: { key?: string | null; headers?: Record<string, string> }) => post(`/api/v1/invoice/${m}/${s}`, body, init);
const cancel = (m: Modality, s: Segment | 'debit', body: unknown) => post(`/api/v1/invoice/${m}/${s}/anulation`, body);

/** GET /api/v1/invoice/json by number and short code (the retrieval route of the same style). */
async function asJson(invoiceNumber: number, invoiceCode: string): Promise<any> {
  const q = new URLSearchParams({ posId: '0', invoiceNumber: String(invoiceNumber), invoiceCode });
  const res = await eng.api(`/api/v1/invoice/json?${q.toString()}`);
  assert.equal(res.status, 200);
  return (await res.json()).data;
}

function assertCompleted(r: Answer, status: number, message: string): void {
  assert.equal(r.status, status, JSON.stringify(r.body).slice(0, 2000));
  assert.deepEqual(Object.keys(r.body).sort(), ['data', 'errors', 'message', 'success']);
  assert.equal(r.body.message, message);
  assert.equal(r.body.errors, null);
  assert.equal(r.body.success, true);
}

/** The failure names `field` (seed 001's name) among its errors. */
function assertNames(r: Answer, status: number, field: string, message?: RegExp, code = status === 400 ? 'BAD_REQUEST' : 'VALIDATION_FAILED'): void {
  assertEnvelopeFailure(r, status, code);
  const hit = r.body.errors.find((e: any) => e.field === field);
  assert.ok(hit, `${field} not named: ${JSON.stringify(r.body.errors)}`);
  if (message) assert.match(hit.message, message);
}

before(async () => {
  eng = await startTestEngine({}, undefined, { scheduler: false });
  const s = await eng.api('/api/v1/siat/sync/all', { method: 'POST', json: {} });
  assert.equal(s.status, 200);
  mainBranchId = (await (await eng.api('/api/v1/branchOffice')).json()).data[0].branchId;
});
after(async () => {
  await eng?.stop();
});

describe('six sectors × two modalities, then their cancellation', () => {
  for (const segment of Object.keys(BODIES) as Segment[]) {
    for (const modality of MODALITIES) {
      test(`${modality}/${segment}: SIAT validates it (908), the seed's answer; …/anulation → 905`, async () => {
        const body = BODIES[segment]();
        const r = await emit(modality, segment, body);
        assertCompleted(r, 201, EMIT_LABEL[segment]);
        const d = r.body.data;
        assert.equal(d.nitEmissor, 7000123019);
        assert.equal(d.siatCodeState, 908);
        assert.equal(d.siatDescriptionStatus, 'VALIDADA');
        assert.match(d.siatCodeReception, /\S/);
        assert.match(d.invoiceCode, /^[0-9A-Z]{8}$/);
        assert.equal(d.qrCode, buildQrUrl({ ambiente: 2, nit: '7000123019', cuf: d.cuf, numero: d.invoiceNumber }));
        assert.equal(d.invoiceUrl, `${eng.url}/api/v1/public/invoice/${d.cuf}/pdf`);
        assert.match(d.dateEmission, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
        assert.equal(d.userCashier, 'cajero1');
        assert.equal(d.posId, 0);
        assert.equal(d.branchId, mainBranchId);
        assert.equal(d.clientReasonSocial, 'Juan Pérez');
        assert.equal(d.clientNroDocument, '5115889');
        assert.equal(d.clientCity, 'La Paz');
        assert.equal(d.typeInvoice, segment === 'rate' ? 2 : 1);
        const lines = body.detailInvoice as Record<string, any>[];
        assert.equal(d.countItems, lines.length);
        const expected = lines.reduce((s, l) => s + Math.round(l.qty * l.priceUnit * 100) - Math.round((l.amountDiscount ?? 0) * 100), 0) / 100;
        assert.equal(d.amountTotal, expected);
        assert.equal(d.amountTotalCurrency, expected);
        assert.equal(d.amountTotalDiscount, 0);
        d.detailInvoice.forEach((l: any, i: number) => {
          assert.equal(l.detailId, i + 1);
          assert.equal(l.codeProduct, lines[i]!.codeProduct);
          assert.equal(l.qty, lines[i]!.qty);
          assert.equal(l.subTotal, Math.round(lines[i]!.qty * lines[i]!.priceUnit * 100 - (lines[i]!.amountDiscount ?? 0) * 100) / 100);
        });
        // The signed XML in the electronic modality only, with SIAT's sector and modality.
        assert.equal(/<ds:SignatureValue>|<SignatureValue>/.test(d.invoiceXml), modality === 'electronic');
        const doc = await asJson(d.invoiceNumber, d.invoiceCode);
        assert.equal(doc.cabecera.codigoDocumentoSector, SECTOR[segment]);
        assert.equal(doc.cabecera.cuf, d.cuf);
        if (segment === 'rate') assert.equal(doc.cabecera.montoTotalSujetoIva, 0);
        if (segment === 'education') {
          assert.equal(d.nameStudent, 'Ana Quispe Mamani');
          assert.equal(d.billedPeriod, 'MARZO 2026');
          assert.equal(doc.cabecera.nombreEstudiante, 'Ana Quispe Mamani');
          assert.equal(doc.cabecera.periodoFacturado, 'MARZO 2026');
        }
        if (segment === 'hospital') {
          assert.equal(d.serviceMode, 'AMBULATORIO');
          const l = d.detailInvoice[0];
          assert.equal(l.nameLastNameDoctor, 'Carlos Rojas Vargas');
          assert.equal(l.nitDocumentDoctor, 4455667);
          assert.equal(l.nroOperatingRoom, 0, 'left out, as in the seed sample: 0');
          assert.equal(l.specialtyDoctor, null);
          assert.equal(doc.detalle[0].nombreApellidoMedico, 'Carlos Rojas Vargas');
        }
        if (segment === 'telecom') {
          assert.equal(d.nitSet, 1020304019);
          assert.equal(d.detailInvoice[0].numberImei, 356938035643809, 'the seed types it integer');
          assert.equal(doc.cabecera.nitConjunto, 1020304019);
        }
        if (segment === 'saleBon') {
          assert.equal(d.detailInvoice[1].amountDiscount, 18.4);
          assert.equal(d.detailInvoice[1].subTotal, 0);
        }

        const c = await cancel(modality, segment, { posId: 0, branchId: mainBranchId, invoiceCode: d.invoiceCode.toLowerCase(), codeMotive: 1, invoiceNumber: d.invoiceNumber });
        assertCompleted(c, 200, CANCEL_LABEL[segment]);
        assert.deepEqual(c.body.data, {
          invoiceNumber: d.invoiceNumber,
          cuf: d.cuf,
          siatCodeState: 905,
          siatDescriptionStatus: 'ANULACION CONFIRMADA',
          qrCode: d.qrCode,
          invoiceCode: d.invoiceCode,
        });
        // Cancelled once: a second cancellation is refused, naming the invoice.
        assertNames(await cancel(modality, segment, { posId: 0, invoiceCode: d.invoiceCode, codeMotive: 1, invoiceNumber: d.invoiceNumber }), 422, 'invoiceNumber', /CANCELLED/, 'NOT_CANCELLABLE');
      });
    }
  }

  test('an Idempotency-Key replays the same invoice (200) instead of issuing a second one', async () => {
    const headers = { 'idempotency-key': 'sector-emission-replay-1' };
    const first = await emit('computarized', 'education', BODIES.education(), { headers });
    assertCompleted(first, 201, 'COMPLETED');
    const again = await emit('computarized', 'education', BODIES.education(), { headers });
    assertCompleted(again, 200, 'COMPLETED');
    assert.equal(again.body.data.cuf, first.body.data.cuf);
    assert.equal(again.body.data.invoiceCode, first.body.data.invoiceCode);
  });
});

describe('the credit-debit note (debit)', () => {
  /** An original with two lines (2 × 10.00 and 1 × 18.40), computerized telecom, validated. */
  async function original(): Promise<any> {
    const r = await emit(
      'computarized',
      'telecom',
      header('telecom', {
        detailInvoice: [
          line({ unitMeasure: 57, codeProduct: 'MOD-1', description: 'Módem', qty: 2, priceUnit: 10 }),
          line({ unitMeasure: 57, codeProduct: 'CAB-1', description: 'Cable', qty: 1, priceUnit: 18.4 }),
        ],
      }),
    );
    assertCompleted(r, 201, 'COMPLETED');
    return r.body.data;
  }
  const note = (o: any, lines: Record<string, unknown>[]) => ({ posId: 0, branchId: mainBranchId, invoiceNumber: o.invoiceNumber, invoiceCode: o.invoiceCode, userPos: 'cajero2', detailInvoice: lines });
  const returned = (over: Record<string, unknown> = {}) => ({ detailId: 1, activityEconomic: '471110', codeProductSin: '99100', codeProduct: 'MOD-1', description: 'Módem', qty: 1, priceUnit: 10, unitMeasure: 57, returnProduct: true, ...over });

  for (const modality of MODALITIES) {
    test(`${modality}/debit: the original's lines (1) and the returned one (2), the seed's amounts; …/debit/anulation → COMPLETED_DEBIT`, async () => {
      const o = await original();
      const r = await emit(modality, 'debit', note(o, [returned()]));
      assertCompleted(r, 201, 'COMPLETED');
      const d = r.body.data;
      assert.equal(d.siatCodeState, 908);
      assert.equal(d.nitEmissor, 7000123019);
      assert.notEqual(d.invoiceCode, o.invoiceCode, "the note's own short code");
      assert.equal(d.originalInvoiceNumber, o.invoiceNumber);
      assert.equal(d.originalInvoiceCode, o.invoiceCode);
      assert.equal(d.amountTotalOriginal, 38.4);
      assert.equal(d.amountTotalReturn, 10);
      assert.equal(d.amountCashCreditDebit, 1.3, '13 % of the returned amount');
      assert.equal(d.amountLiteralReturn, amountInWords(1000));
      assert.equal(d.amountDiscountCreditDebit, null);
      assert.equal(d.amountTotalDiscount, null);
      assert.equal(d.userCashier, 'cajero2');
      assert.equal(d.countItems, 3);
      assert.deepEqual(d.detailInvoice.map((l: any) => [l.codeProduct, l.qty, l.codeDetailTransaction]), [['MOD-1', 2, 1], ['CAB-1', 1, 1], ['MOD-1', 1, 2]]);
      assert.equal(Buffer.from(d.qrCodeDownload, 'base64').subarray(1, 4).toString('latin1'), 'PNG');
      assert.equal(d.qrCode, buildQrUrl({ ambiente: 2, nit: '7000123019', cuf: d.cuf, numero: d.invoiceNumber }));
      const doc = await asJson(d.invoiceNumber, d.invoiceCode);
      assert.equal(doc.cabecera.codigoDocumentoSector, 24);
      assert.equal(doc.cabecera.numeroFactura, o.invoiceNumber);
      assert.equal(doc.cabecera.montoTotalDevuelto, 10);
      assert.equal(doc.cabecera.montoEfectivoCreditoDebito, 1.3);

      // The rest of that line can still go back; one unit more cannot.
      assertNames(await emit(modality, 'debit', note(o, [returned({ qty: 2 })])), 422, 'detailInvoice[0].qty', /quedan 1/);

      const c = await cancel(modality, 'debit', { posId: 0, invoiceCode: d.invoiceCode, codeMotive: 2, invoiceNumber: d.invoiceNumber });
      assertCompleted(c, 200, 'COMPLETED_DEBIT');
      assert.equal(c.body.data.siatCodeState, 905);
      assert.equal(c.body.data.invoiceCode, d.invoiceCode);
    });
  }

  test('paramRefundMethod: how the money went back, one method of the catalog; left out, the original’s (issue 24)', async () => {
    const o = await original(); // paid with paramPaymentMethod 1 (EFECTIVO)
    assertNames(await emit('computarized', 'debit', { ...note(o, [returned()]), paramRefundMethod: 10 }), 422, 'paramRefundMethod', /un solo medio/);
    const byCard = await emit('computarized', 'debit', { ...note(o, [returned()]), paramRefundMethod: 2 });
    assertCompleted(byCard, 201, 'COMPLETED');
    assert.equal(byCard.body.data.paramRefundMethod, 2);
    const byDefault = await emit('computarized', 'debit', note(o, [returned()]));
    assertCompleted(byDefault, 201, 'COMPLETED');
    assert.equal(byDefault.body.data.paramRefundMethod, o.paramPaymentMethod);
  });

  test('refusals name the field: more than sold, a line not on the original, detailId or price of another line, an unknown original, a note on a note, an original not validated', async () => {
    const o = await original();
    assertNames(await emit('electronic', 'debit', note(o, [returned({ qty: 3 })])), 422, 'detailInvoice[0].qty', /quedan 2/);
    assertNames(await emit('electronic', 'debit', note(o, [returned({ detailId: undefined, codeProduct: 'OTRO-9' })])), 422, 'detailInvoice[0].codeProduct', /no está en la factura original/);
    assertNames(await emit('electronic', 'debit', note(o, [returned({ detailId: 2 })])), 422, 'detailInvoice[0].detailId');
    assertNames(await emit('electronic', 'debit', note(o, [returned({ priceUnit: 9.99 })])), 422, 'detailInvoice[0].priceUnit', /10/);
    assertNames(await emit('electronic', 'debit', note(o, [returned({ returnProduct: false })])), 422, 'detailInvoice', /returnProduct/);
    assertNames(await emit('electronic', 'debit', { ...note(o, [returned()]), invoiceCode: 'ZZZZZZZZ' }), 422, 'invoiceNumber', /no hay una factura/);
    assertNames(await emit('electronic', 'debit', { ...note(o, [returned()]), returnProduct: true }), 400, 'returnProduct', /no es un campo admitido/);
    assertNames(await emit('electronic', 'debit', note(o, [{ codeProduct: 'MOD-1', qty: 1 }])), 400, 'detailInvoice[0].returnProduct', /obligatorio/);

    const n = await emit('electronic', 'debit', note(o, [returned()]));
    assertCompleted(n, 201, 'COMPLETED');
    assertNames(
      await emit('electronic', 'debit', { posId: 0, invoiceNumber: n.body.data.invoiceNumber, invoiceCode: n.body.data.invoiceCode, userPos: 'x', detailInvoice: [returned()] }),
      422,
      'invoiceNumber',
      /otra nota/,
    );

    const cancelled = await original();
    assertCompleted(await cancel('computarized', 'telecom', { posId: 0, invoiceCode: cancelled.invoiceCode, codeMotive: 1, invoiceNumber: cancelled.invoiceNumber }), 200, 'COMPLETED');
    assertNames(await emit('electronic', 'debit', note(cancelled, [returned()])), 422, 'invoiceNumber', /CANCELLED/);
  });
});

describe('bad input names the seed field', () => {
  test('per sector field: missing, too long, out of range, of another sector, wrong type', async () => {
    const edu = BODIES.education();
    delete edu.nameStudent;
    assertNames(await emit('electronic', 'education', edu), 400, 'nameStudent', /obligatorio/);
    assertNames(await emit('electronic', 'education', { ...BODIES.education(), billedPeriod: 'x'.repeat(51) }), 422, 'billedPeriod', /50/);
    assertNames(await emit('electronic', 'education', { ...BODIES.education(), billedPeriod: '' }), 422, 'billedPeriod');

    const hospitalLine = (over: Record<string, unknown>) => {
      const b = BODIES.hospital();
      (b.detailInvoice as Record<string, unknown>[])[0] = { ...(b.detailInvoice as Record<string, unknown>[])[0], ...over };
      return b;
    };
    assertNames(await emit('electronic', 'hospital', hospitalLine({ nameLastNameDoctor: undefined })), 400, 'detailInvoice[0].nameLastNameDoctor', /obligatorio/);
    assertNames(await emit('electronic', 'hospital', hospitalLine({ nitDocumentDoctor: 'cuatro' })), 400, 'detailInvoice[0].nitDocumentDoctor');
    assertNames(await emit('electronic', 'hospital', hospitalLine({ nroOperatingRoom: -1 })), 422, 'detailInvoice[0].nroOperatingRoom');
    assertNames(await emit('electronic', 'hospital', hospitalLine({ specialtyDetail: 'x'.repeat(201) })), 422, 'detailInvoice[0].specialtyDetail');
    assertNames(await emit('electronic', 'hospital', { ...BODIES.hospital(), serviceMode: 'x'.repeat(51) }), 422, 'serviceMode');
    assertNames(await emit('electronic', 'hospital', { ...BODIES.hospital(), nameStudent: 'Ana' }), 400, 'nameStudent', /no es un campo admitido/);

    assertNames(await emit('computarized', 'telecom', { ...BODIES.telecom(), nitSet: 0 }), 422, 'nitSet');
    assertNames(await emit('computarized', 'telecom', { ...BODIES.telecom(), nitSet: 99_999_999_999_999 }), 422, 'nitSet');
    assertNames(await emit('computarized', 'telecom', { ...BODIES.telecom(), nitSet: '1020304019' }), 400, 'nitSet');
    const telecom = BODIES.telecom();
    (telecom.detailInvoice as Record<string, unknown>[])[0]!.numberImei = '9'.repeat(1501);
    assertNames(await emit('computarized', 'telecom', telecom), 422, 'detailInvoice[0].numberImei');

    // Zero rate is tipoFacturaDocumento 2 (no tax credit): typeInvoice 1 is refused, and so is a bonus field.
    assertNames(await emit('electronic', 'rate', { ...BODIES.rate(), typeInvoice: 1 }), 422, 'typeInvoice', /tipo 2/);
    const rate = BODIES.rate();
    (rate.detailInvoice as Record<string, unknown>[])[0]!.numberSerial = 'SN-1';
    assertNames(await emit('electronic', 'rate', rate), 400, 'detailInvoice[0].numberSerial', /no es un campo admitido/);
    // saleBon: a discount larger than the line.
    const bon = BODIES.saleBon();
    (bon.detailInvoice as Record<string, unknown>[])[1]!.amountDiscount = 20;
    assertNames(await emit('electronic', 'saleBon', bon), 422, 'detailInvoice[1].amountDiscount');
  });

  test("the header's fields, checked by the engine's sale rules, come back under the seed's names", async () => {
    const noName = BODIES.education();
    delete noName.clientReasonSocial;
    assertNames(await emit('electronic', 'education', noName), 400, 'clientReasonSocial', /obligatorio/);
    assertNames(await emit('electronic', 'education', { ...BODIES.education(), paramPaymentMethod: 85 }), 422, 'paramPaymentMethod', /catálogo/);
    assertNames(await emit('electronic', 'education', { ...BODIES.education(), paramPaymentMethod: 2 }), 422, 'numberCard', /tarjeta/);
    assertNames(await emit('electronic', 'education', { ...BODIES.education(), clientDocumentType: 5, clientNroDocument: 'ABC' }), 422, 'clientNroDocument');
    assertNames(await emit('electronic', 'education', { ...BODIES.education(), paramCurrency: 2 }), 422, 'exchangeRate');
    assertNames(await emit('electronic', 'education', { ...BODIES.education(), clientEmail: 'no-es-correo' }), 422, 'clientEmail');
    const qty = BODIES.education();
    (qty.detailInvoice as Record<string, unknown>[])[0]!.qty = 1.234;
    assertNames(await emit('electronic', 'education', qty), 422, 'detailInvoice[0].qty');
    assertNames(await emit('electronic', 'education', { ...BODIES.education(), posId: 10_000 }), 422, 'posId');
    assertEnvelopeFailure(await emit('electronic', 'education', { ...BODIES.education(), posId: 77 }), 404, 'NOT_FOUND');
    assertEnvelopeFailure(await emit('electronic', 'education', { ...BODIES.education(), branchId: 999_999 }), 404, 'NOT_FOUND');
  });

  test('cancellation: a wrong code is 404; an invoice of another sector or modality is 422 naming invoiceNumber and the right route', async () => {
    const r = await emit('computarized', 'education', BODIES.education());
    assertCompleted(r, 201, 'COMPLETED');
    const { invoiceNumber, invoiceCode } = r.body.data;
    assertEnvelopeFailure(await cancel('computarized', 'education', { posId: 0, invoiceCode: 'ZZZZZZZZ', codeMotive: 1, invoiceNumber }), 404, 'NOT_FOUND');
    assertNames(await cancel('computarized', 'hospital', { posId: 0, invoiceCode, codeMotive: 1, invoiceNumber }), 422, 'invoiceNumber', /computarized\/education\/anulation/);
    assertNames(await cancel('electronic', 'education', { posId: 0, invoiceCode, codeMotive: 1, invoiceNumber }), 422, 'invoiceNumber', /computarizada/);
    assertNames(await cancel('computarized', 'education', { posId: 0, invoiceCode, codeMotive: 5, invoiceNumber }), 422, 'codeMotive');
    assertNames(await cancel('computarized', 'education', { posId: 0, invoiceCode, invoiceNumber }), 400, 'codeMotive', /obligatorio/);
  });
});

describe("SIAT's codes verbatim", () => {
  test('a sector SIAT refuses for the NIT (940): 422 with SIAT’s code and text; the number is used and the invoice kept as REJECTED', async () => {
    await simAdmin('/force-code', { operation: 'recepcionFactura', codigo: 940, times: 1 });
    const r = await emit('electronic', 'hospital', BODIES.hospital());
    assertEnvelopeFailure(r, 422, 'SIAT_REJECTED');
    assert.deepEqual(
      r.body.errors.filter((e: any) => e.siatCode !== undefined),
      [{ siatCode: 940, message: 'EL NIT NO TIENE HABILITADO EL DOCUMENTO SECTOR' }],
    );
    assert.match(r.body.errors[0].message, /RECHAZADA/);
    const list = (await (await eng.api('/api/v1/invoice/pagination?posId=0&docSector=17&size=1')).json()).data.result[0];
    assert.equal(list.siatCodeState, 902);
  });

  test('a modality the taxpayer does not have: SIAT 937 with its text, before anything is stored', async () => {
    const t = eng.store.tenants.create({ nit: '3004005019', razonSocial: 'COLEGIO COMPUTARIZADO', modalidad: 2 });
    const key = eng.store.apiKeys.create(t.id, 'erp', SCOPES).key;
    const before = eng.store.invoices.list(t.id, 0, 10, {}).total;
    const r = await emit('electronic', 'education', BODIES.education(), { key });
    assertEnvelopeFailure(r, 422, 'SIAT_REJECTED');
    assert.deepEqual(r.body.errors[1], { siatCode: 937, message: 'EL NIT NO TIENE ASOCIADO LA MODALIDAD DE FACTURACION' });
    assert.match(r.body.errors[0].message, /computarized\/education/);
    assert.equal(eng.store.invoices.list(t.id, 0, 10, {}).total, before);
  });

  test('the till-only demo key may issue (scope till); no key is 401 in the sector envelope', async () => {
    assertCompleted(await emit('computarized', 'rate', BODIES.rate(), { key: eng.demoApiKey }), 201, 'COMPLETED_RATE');
    assertEnvelopeFailure(await emit('computarized', 'rate', BODIES.rate(), { key: null }), 401, 'UNAUTHORIZED');
  });
});

describe('OpenAPI', () => {
  let doc: any;
  before(async () => {
    doc = await (await eng.api('/docs/json')).json();
  });

  test('lists the 24 seed routes, each body with an example; the emission examples are the seed samples and SIAT validates them', async () => {
    const paths = operationsOf(doc as OpenApiDocument).filter((o) => o.method === 'POST' && /^\/api\/v1\/invoice\/(electronic|computarized)\//.test(o.path));
    assert.equal(paths.length, 24);
    for (const segment of ['rate', 'hospital', 'saleBon', 'debit', 'telecom', 'education']) {
      for (const modality of MODALITIES) {
        for (const suffix of ['', '/anulation']) {
          const op = doc.paths[`/api/v1/invoice/${modality}/${segment}${suffix}`]?.post;
          assert.ok(op, `${modality}/${segment}${suffix}`);
          const examples = op.requestBody.content['application/json'].examples;
          const values = Object.values(examples ?? {}).map((e: any) => e.value);
          assert.equal(values.length, 1, `${modality}/${segment}${suffix} example`);
          if (suffix === '' && segment !== 'debit') {
            const sample = values[0] as Record<string, any>;
            if (segment === 'hospital') {
              assert.equal(sample.detailInvoice[0].nroOperatingRoom, undefined);
              assert.equal(sample.detailInvoice[0].specialtyDoctor, undefined);
            }
            if (segment === 'rate') assert.equal(sample.typeInvoice, undefined);
            assertCompleted(await emit(modality, segment as Segment, sample), 201, EMIT_LABEL[segment as Segment]);
          }
        }
      }
    }
  });

  test('POST /api/v1/invoices: one example per invoiceType, each a valid body; the invoiceType description names every type', () => {
    const op = doc.paths['/api/v1/invoices'].post;
    const examples = op.requestBody.content['application/json'].examples as Record<string, { value: Record<string, unknown> }>;
    assert.deepEqual(Object.keys(examples).sort(), INVOICE_TYPES.map((t) => t.name).sort());
    const validate = validatorCompiler({ schema: createInvoiceBody(), method: 'POST', url: '/api/v1/invoices', httpPart: 'body' }) as unknown as ((v: unknown) => boolean) & { errors?: unknown };
    for (const [name, ex] of Object.entries(examples)) {
      assert.equal(ex.value.invoiceType, name);
      assert.ok(validate(ex.value), `${name}: ${JSON.stringify(validate.errors)}`);
    }
    const description = op.requestBody.content['application/json'].schema.properties.invoiceType.description as string;
    for (const t of INVOICE_TYPES) assert.ok(description.includes(t.name), t.name);
    assert.match(description, /ELECTRONIC_SECTOR_EDUCATION = Sector educativo \(documento sector 11\), electrónica/);
  });

  test('the six sectors of POST /api/v1/invoices issue from their examples (posId replaced)', async () => {
    const examples = doc.paths['/api/v1/invoices'].post.requestBody.content['application/json'].examples as Record<string, { value: Record<string, unknown> }>;
    const posId = (await (await eng.api('/api/v1/pos')).json()).data[0].id;
    for (const name of ['ELECTRONIC_DUTY_FREE', 'COMPUTERIZED_HOSPITAL', 'ELECTRONIC_SALE_BONUS', 'COMPUTERIZED_TELECOM', 'ELECTRONIC_SECTOR_EDUCATION']) {
      const res = await eng.api('/api/v1/invoices?wait=true', { method: 'POST', json: { ...examples[name]!.value, posId } });
      const body = await res.json();
      assert.equal(res.status, 201, `${name}: ${JSON.stringify(body).slice(0, 500)}`);
      assert.equal(body.data.state, 'VALIDATED', name);
    }
  });
});

test('the short code of the answer is the invoice id’s (decision 0011)', async () => {
  const r = await emit('electronic', 'telecom', BODIES.telecom());
  assertCompleted(r, 201, 'COMPLETED');
  const inv = eng.store.invoices.byCuf(null, r.body.data.cuf)!;
  assert.equal(r.body.data.invoiceCode, invoiceShortCode(inv.id));
  assert.equal(inv.invoiceType, 'ELECTRONIC_TELECOM');
  assert.equal(inv.usuario, 'cajero1');
});

// Last: it leaves the point of sale in contingency.
test('SIAT unreachable: a sector invoice is issued offline (201, siatCodeState null, what it waits for); a note is 503 (online only)', async () => {
  const o = await emit('computarized', 'saleBon', BODIES.saleBon());
  assertCompleted(o, 201, 'COMPLETED');
  await simAdmin('/faults', { mode: 'refuse' });
  try {
    const r = await emit('electronic', 'education', BODIES.education());
    assertCompleted(r, 201, 'COMPLETED');
    assert.equal(r.body.data.siatCodeState, null);
    assert.equal(r.body.data.siatCodeReception, null);
    assert.match(r.body.data.siatDescriptionStatus, /FUERA DE LÍNEA/);
    const n = await emit('computarized', 'debit', { posId: 0, invoiceNumber: o.body.data.invoiceNumber, invoiceCode: o.body.data.invoiceCode, userPos: 'x', detailInvoice: [{ codeProduct: 'ARR-1', qty: 1, returnProduct: true }] });
    assertEnvelopeFailure(n, 503, 'SIAT_UNAVAILABLE');
    assert.match(n.body.errors[0].message, /solo en línea/);
  } finally {
    await simAdmin('/reset-faults', {});
  }
});
