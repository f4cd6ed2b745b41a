// An invoice re-issued offline (SIAT never registered its online send): every copy of it —
// the 80 mm ticket PDF, the ESC/POS ticket, the A4 — says which CUF's ticket it replaces.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderTicketPdf } from '../../../main/documents/ticket-pdf';
import { renderInvoicePdf } from '../../../main/documents/invoice-pdf';
import { buildEscposTicket } from '../../../main/printing/escpos-ticket';
import { DEFAULT_PRINTER_SETTINGS } from '../../../main/printing/settings';
import { pdfText } from './pdf-tools';
import { SAMPLE_CUF, sampleInvoice } from './sample-invoice';
import { cp850, includesBytes } from '../printing/escpos-bytes';

// A real CUF shape (hex, as long as the sample's) that is not the sample's own.
const FIRST_CUF = SAMPLE_CUF.split('').reverse().join('');

test('the re-issued invoice\'s 80 mm ticket PDF names the invoice it replaces, by its CUF, under its own CUF', async () => {
  const text = pdfText(await renderTicketPdf(sampleInvoice(2, { offline: true, replacesCuf: FIRST_CUF })));
  // A CUF is wider than the roll: it wraps, and the text comes back with a space where it did.
  const flat = text.replace(/ /g, '');
  const own = flat.indexOf(`CÓD.AUTORIZACIÓN${SAMPLE_CUF}`);
  const replaces = flat.indexOf(`REEMPLAZAALAFACTURACONCUF${FIRST_CUF}`);
  assert.ok(own >= 0, `its own CUF: ${text.slice(0, 600)}`);
  assert.ok(replaces > own, `the replacement line right after its own CUF: ${text.slice(0, 600)}`);
  assert.ok(text.includes('emitido fuera de línea'), 'the offline legend');
  assert.ok(!pdfText(await renderTicketPdf(sampleInvoice(2, { offline: true }))).includes('REEMPLAZA'), 'an ordinary ticket has no such line');
});

test('the ESC/POS ticket prints the same line, at both paper widths', () => {
  for (const width of [48, 42] as const) {
    const bytes = buildEscposTicket(sampleInvoice(2, { offline: true, replacesCuf: FIRST_CUF }), { ...DEFAULT_PRINTER_SETTINGS, width });
    assert.ok(includesBytes(bytes, cp850('REEMPLAZA A LA FACTURA CON CUF')), 'the label');
    // The printer wraps a CUF wider than the paper; the builder may break it too.
    const flat = bytes.toString('latin1').replace(/\s/g, '');
    assert.ok(flat.includes(FIRST_CUF), 'the replaced CUF');
  }
  assert.ok(!includesBytes(buildEscposTicket(sampleInvoice(2, { offline: true }), DEFAULT_PRINTER_SETTINGS), cp850('REEMPLAZA')));
});

test('the A4 invoice names it too, in its number box', async () => {
  const text = pdfText(await renderInvoicePdf(sampleInvoice(2, { offline: true, replacesCuf: FIRST_CUF })));
  assert.ok(text.includes('REEMPLAZA AL CUF'), text.slice(0, 400));
  assert.ok(text.replace(/ /g, '').includes(FIRST_CUF), 'the replaced CUF (wrapped in the box)');
});
