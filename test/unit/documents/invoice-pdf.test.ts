import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { renderInvoicePdf } from '../../../main/documents/invoice-pdf';
import { FIXED_LEGEND } from '../../../main/documents/model';
import { qrPng } from '../../../main/documents/qr';
import { countOccurrences, decodeQrOnPage, pdfText } from './pdf-tools';
import { SAMPLE_CUF, sampleInvoice } from './sample-invoice';

test('A4 PDF carries the invoice facts with Spanish characters intact', async () => {
  const model = sampleInvoice(10);
  const text = pdfText(await renderInvoicePdf(model));
  for (const expected of [
    'FACTURA',
    '(Con Derecho a Crédito Fiscal)',
    'Panadería y Cafetería Ñandú S.R.L.',
    'CASA MATRIZ',
    'No. Punto de Venta 1',
    'Av. Jorge López #123, Zona Sopocachi',
    'Teléfono: 78595684',
    'La Paz',
    'NIT 1003579028',
    'FACTURA N° 137',
    'María José Peñaranda Ibáñez',
    '5115889-1A',
    '51158891',
    '06/10/2021 16:03',
    'Jugo de naranja en vaso, tamaño grande con hielo y azúcar morena (línea 7)',
    'Son: Ciento Veinte 50/100 Bolivianos',
    FIXED_LEGEND,
    'Ley N° 453: Tienes derecho a recibir información sobre las características y contenidos de los servicios que utilices.',
    '“Este documento es la Representación Gráfica de un Documento Fiscal Digital emitido en una modalidad de facturación en línea”',
    'IMPORTE BASE CRÉDITO FISCAL Bs',
  ]) {
    assert.ok(text.includes(expected), `missing: ${expected}`);
  }
  // The CUF wraps inside its box: its characters appear in order once spaces are removed.
  assert.ok(text.replace(/ /g, '').includes(SAMPLE_CUF));
  // Totals in es-BO format: subtotal 195,60 − descuento 1,00 = 194,60.
  for (const amount of ['195,60', '1,00', '194,60', '0,00']) assert.ok(text.includes(amount), amount);
  assert.ok(!text.includes('SIN VALOR FISCAL'), 'a real invoice has no training mark');
});

test('offline invoices print the offline representation sentence', async () => {
  const text = pdfText(await renderInvoicePdf(sampleInvoice(2, { offline: true })));
  assert.ok(text.includes('emitido fuera de línea, verifique su envío con su proveedor o en la página web www.impuestos.gob.bo'));
  assert.ok(!text.includes('modalidad de facturación en línea'));
});

test('the QR on the A4 page decodes back to the SIAT QR URL', async () => {
  const model = sampleInvoice(3);
  const pdf = await renderInvoicePdf(model);
  assert.equal(decodeQrOnPage(pdf, 1), model.qrUrl);
});

test('a 120-line invoice paginates: every line once, totals and QR on the last page only', async () => {
  const model = sampleInvoice(120);
  const pdf = await renderInvoicePdf(model);
  const doc = await PDFDocument.load(pdf);
  const pages = doc.getPageCount();
  assert.ok(pages > 1, `expected several pages, got ${pages}`);
  const all = pdfText(pdf);
  for (let i = 1; i <= 120; i++) assert.equal(countOccurrences(all, `PRD-${String(i).padStart(4, '0')} `), 1, `line ${i}`);
  for (let p = 1; p <= pages; p++) {
    const text = pdfText(pdf, p);
    assert.ok(text.includes(`Página ${p} de ${pages}`), `page footer ${p}`);
    const isLast = p === pages;
    assert.equal(text.includes('MONTO A PAGAR'), isLast, `totals on page ${p}`);
    assert.equal(text.includes('Son: Ciento Veinte'), isLast, `literal on page ${p}`);
    if (p > 1) assert.ok(text.includes('(continuación)'), `continuation header on page ${p}`);
  }
  assert.equal(decodeQrOnPage(pdf, pages), model.qrUrl);
  for (const p of doc.getPages()) {
    const { width, height } = p.getSize();
    assert.deepEqual([Math.round(width), Math.round(height)], [595, 842]);
  }
});

test('training invoices say SIN VALOR FISCAL prominently; annulled ones are marked', async () => {
  const text = pdfText(await renderInvoicePdf(sampleInvoice(2, { training: true, state: 'ANULADA' })));
  assert.ok(text.includes('SIN VALOR FISCAL — MODO ENTRENAMIENTO'));
  assert.ok(text.includes('ANULADA'));
});

test('embeds the tenant logo when given and ignores broken logo bytes', async () => {
  const logo = await qrPng('logo', { scale: 2 });
  const withLogo = await PDFDocument.load(await renderInvoicePdf(sampleInvoice(1), { logoPng: logo }));
  const without = await PDFDocument.load(await renderInvoicePdf(sampleInvoice(1)));
  const images = (d: PDFDocument) => d.context.enumerateIndirectObjects().filter(([, o]) => o.toString().includes('/Subtype /Image')).length;
  assert.equal(images(withLogo), 1);
  assert.equal(images(without), 0);
  const broken = await renderInvoicePdf(sampleInvoice(1), { logoPng: new Uint8Array([1, 2, 3]) });
  assert.ok(pdfText(broken).includes('FACTURA N° 137'));
});

test('names no character outside WinAnsi can break the render', async () => {
  const model = sampleInvoice(1, { client: { nombre: 'Zoë 😀 Łukasz 王', documentType: 5, documentNumber: '123', complemento: null, codigoCliente: 'C-1' } });
  const text = pdfText(await renderInvoicePdf(model));
  assert.ok(text.includes('Zoë ? ?ukasz ?'));
});
