import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildEscposTicket, toPrintable } from '../../../main/printing/escpos-ticket';
import { DEFAULT_PRINTER_SETTINGS, type PrinterSettings } from '../../../main/printing/settings';
import { buildEscposTestPage } from '../../../main/printing/test-page';
import { sampleInvoice } from '../documents/sample-invoice';
import { cp850, includesBytes } from './escpos-bytes';

const EPSON: PrinterSettings = { ...DEFAULT_PRINTER_SETTINGS, interface: 'tcp://127.0.0.1:9100', drawerKick: true };
const GS_K_STORE = [0x1d, 0x28, 0x6b]; // GS ( k
const EPSON_FULL_CUT = [0x1d, 0x56, 0x00];
const EPSON_DRAWER_PIN2 = [0x1b, 0x70, 0x00, 0x19, 0xfa]; // ESC p 0, 50 ms on, 500 ms off

test('EPSON ticket selects PC850 and encodes Spanish text in it', () => {
  const bytes = buildEscposTicket(sampleInvoice(2), EPSON);
  assert.ok(includesBytes(bytes, [0x1b, 0x40, 0x1b, 0x74, 2]), 'ESC @ then ESC t 2 (PC850)');
  for (const t of ['Crédito Fiscal', 'Panadería y Cafetería Ñandú', 'María José Peñaranda Ibáñez', 'DEL PAÍS,', 'ILÍCITO SERÁ', 'Café con leche', 'CÓD. AUTORIZACIÓN']) {
    assert.ok(includesBytes(bytes, cp850(t)), `missing ${t}`);
  }
  assert.ok(!includesBytes(bytes, Buffer.from('Crédito', 'utf8')), 'no UTF-8 leaks');
});

test('lines never exceed the configured width', () => {
  for (const width of [48, 42] as const) {
    const bytes = buildEscposTicket(sampleInvoice(8), { ...EPSON, width });
    // Text part only (before the QR), with the one-parameter commands we emit removed.
    const text = bytes
      .subarray(0, bytes.indexOf(Buffer.from(GS_K_STORE)))
      .toString('latin1')
      .replace(/\x1bp.../g, '')
      .replace(/\x1b@/g, '')
      .replace(/[\x1b\x1d][Ea!tB]./g, '');
    const rows = text.split('\n');
    assert.ok(!/[\x00-\x09\x0b-\x1f]/.test(text), 'only known commands in the text');
    assert.ok(rows.some((l) => l.length === width), `some row fills ${width}`);
    assert.ok(rows.every((l) => l.length <= width), `a row overflows ${width}`);
    assert.ok(text.includes('MONTO A PAGAR Bs'));
  }
});

test('native QR (GS ( k) carries the SIAT URL; cut and drawer kick are present', () => {
  const model = sampleInvoice(1);
  const bytes = buildEscposTicket(model, EPSON);
  const store = bytes.indexOf(Buffer.from([...GS_K_STORE]));
  assert.ok(store >= 0, 'GS ( k present');
  assert.ok(includesBytes(bytes, Buffer.concat([Buffer.from([0x31, 0x50, 0x30]), Buffer.from(model.qrUrl, 'ascii')])), 'QR data stored');
  assert.ok(includesBytes(bytes, [0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x51, 0x30]), 'QR print command');
  assert.ok(includesBytes(bytes, EPSON_FULL_CUT), 'cut');
  assert.ok(includesBytes(bytes, EPSON_DRAWER_PIN2), 'drawer kick');
  assert.ok(!includesBytes(buildEscposTicket(model, { ...EPSON, drawerKick: false }), EPSON_DRAWER_PIN2), 'no kick when disabled');
});

test('image QR mode sends a raster (GS v 0) instead of the QR command', () => {
  const bytes = buildEscposTicket(sampleInvoice(1), { ...EPSON, qr: 'image' });
  assert.ok(includesBytes(bytes, [0x1d, 0x76, 0x30]), 'GS v 0 raster');
  assert.ok(!includesBytes(bytes, GS_K_STORE), 'no native QR');
});

test('WPC1252 and STAR settings produce their own code page and commands', () => {
  const w1252 = buildEscposTicket(sampleInvoice(1), { ...EPSON, characterSet: 'WPC1252' });
  assert.ok(includesBytes(w1252, [0x1b, 0x74, 16]));
  assert.ok(includesBytes(w1252, Buffer.from('Peñaranda Ibáñez', 'latin1')));
  const star = buildEscposTicket(sampleInvoice(1), { ...EPSON, type: 'star', characterSet: 'PC858' });
  assert.ok(includesBytes(star, [0x1b, 0x1d, 0x74, 4]), 'Star code page 858');
  assert.ok(includesBytes(star, [0x1b, 0x07, 0x0b, 0x37, 0x07]), 'Star drawer kick');
  assert.ok(includesBytes(star, [0x1b, 0x64, 0x02]), 'Star cut');
  assert.ok(includesBytes(star, cp850('Peñaranda Ibáñez')), 'CP858 shares CP850 letters');
});

test('training tickets print the training mark', () => {
  const bytes = buildEscposTicket(sampleInvoice(1, { training: true }), EPSON);
  assert.ok(includesBytes(bytes, Buffer.from('SIN VALOR FISCAL - MODO ENTRENAMIENTO', 'ascii')));
});

test('text outside the code page is reduced, never sent as stray bytes', () => {
  assert.equal(toPrintable('“Hola” — Zoë 😀 €5'), '"Hola" - Zoë ? EUR5');
});

test('the test page shows the Spanish letters, a full-width ruler and the QR', () => {
  const bytes = buildEscposTestPage({ ...EPSON, width: 42 });
  assert.ok(includesBytes(bytes, cp850('á é í ó ú  Á É Í Ó Ú')));
  assert.ok(includesBytes(bytes, cp850('ñ Ñ')));
  assert.ok(includesBytes(bytes, Buffer.from('123456789012345678901234567890123456789012\n')));
  assert.ok(includesBytes(bytes, GS_K_STORE));
  assert.ok(includesBytes(bytes, EPSON_FULL_CUT));
});
