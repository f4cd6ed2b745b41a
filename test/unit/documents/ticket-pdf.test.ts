import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { FIXED_LEGEND } from '../../../main/documents/model';
import { renderTicketPdf } from '../../../main/documents/ticket-pdf';
import { decodeQrOnPage, pdfText } from './pdf-tools';
import { SAMPLE_CUF, sampleInvoice } from './sample-invoice';

async function pageSizes(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((p) => p.getSize());
}

test('the ticket page is exactly 80 mm wide and its height follows the content', async () => {
  const short = await pageSizes(await renderTicketPdf(sampleInvoice(1)));
  const long = await pageSizes(await renderTicketPdf(sampleInvoice(30)));
  assert.equal(short.length, 1);
  assert.equal(long.length, 1);
  assert.equal(Math.round((short[0]?.width ?? 0) * 100) / 100, 226.77);
  assert.equal(Math.round((long[0]?.width ?? 0) * 100) / 100, 226.77);
  assert.ok((long[0]?.height ?? 0) > (short[0]?.height ?? 0) + 29 * 20, 'each line adds height');
  assert.ok((short[0]?.height ?? 0) < 700, 'a one-line ticket is short');
});

test('the ticket carries the same facts as the A4 representation', async () => {
  const text = pdfText(await renderTicketPdf(sampleInvoice(3, { offline: true })));
  for (const expected of [
    'FACTURA',
    '(Con Derecho a Crédito Fiscal)',
    'Panadería y Cafetería Ñandú S.R.L.',
    'NIT 1003579028',
    'FACTURA N° 137',
    'María José Peñaranda Ibáñez',
    '5115889-1A',
    '06/10/2021 16:03',
    'PRD-0003 - Café con leche Nº 3',
    'MONTO A PAGAR Bs',
    'IMPORTE BASE CRÉDITO FISCAL Bs',
    'Son: Ciento Veinte 50/100 Bolivianos',
    FIXED_LEGEND,
    'emitido fuera de línea, verifique su envío con su proveedor o en la página web www.impuestos.gob.bo',
  ]) {
    assert.ok(text.includes(expected), `missing: ${expected}`);
  }
  assert.ok(text.replace(/ /g, '').includes(SAMPLE_CUF));
});

test('the QR on the ticket decodes back to the SIAT QR URL', async () => {
  const model = sampleInvoice(2);
  assert.equal(decodeQrOnPage(await renderTicketPdf(model), 1, 200), model.qrUrl);
});

test('training tickets carry the training mark', async () => {
  const text = pdfText(await renderTicketPdf(sampleInvoice(1, { training: true })));
  assert.ok(text.includes('SIN VALOR FISCAL — MODO ENTRENAMIENTO'));
});
