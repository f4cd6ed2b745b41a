import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_PRINTER_SETTINGS, parsePrinterInterface, validatePrinterSettings } from '../../../main/printing/settings';

test('parses the three kinds of printer connection', () => {
  assert.deepEqual(parsePrinterInterface('tcp://192.168.1.50:9100'), { kind: 'tcp', host: '192.168.1.50', port: 9100 });
  assert.deepEqual(parsePrinterInterface('tcp://caja1.local'), { kind: 'tcp', host: 'caja1.local', port: 9100 });
  assert.deepEqual(parsePrinterInterface('/dev/usb/lp0'), { kind: 'device', path: '/dev/usb/lp0' });
  assert.deepEqual(parsePrinterInterface('COM3'), { kind: 'device', path: 'COM3' });
  assert.deepEqual(parsePrinterInterface('printer:EPSON_TM_T20'), { kind: 'system', name: 'EPSON_TM_T20' });
  for (const bad of ['', 'tcp://', 'tcp://host:70000', 'printer:', 'printer:con espacio', 'impresora', 'http://x']) {
    assert.equal(parsePrinterInterface(bad), null, bad);
  }
});

test('accepts the defaults and drops unknown keys', () => {
  const r = validatePrinterSettings({ ...DEFAULT_PRINTER_SETTINGS, extra: 1 });
  assert.deepEqual(r, { ok: true, settings: DEFAULT_PRINTER_SETTINGS });
});

test('rejects bad settings with Spanish messages per field', () => {
  const r = validatePrinterSettings({ type: 'zebra', interface: 'impresora', width: 32, characterSet: 'PC437', drawerKick: 'si', printOnIssue: true, qr: 'svg' });
  assert.equal(r.ok, false);
  if (r.ok) return;
  const byField = Object.fromEntries(r.errors.map((e) => [e.field, e.message]));
  assert.match(byField.type ?? '', /EPSON.*STAR/);
  assert.match(byField.interface ?? '', /tcp:\/\/IP:puerto/);
  assert.match(byField.width ?? '', /48 o 42 columnas/);
  assert.match(byField.characterSet ?? '', /PC850, PC858 o WPC1252/);
  assert.match(byField.drawerKick ?? '', /sí o no/);
  assert.match(byField.qr ?? '', /código QR/);
});

test('STAR printers cannot use PC850 (their line mode has no such code page)', () => {
  const r = validatePrinterSettings({ ...DEFAULT_PRINTER_SETTINGS, type: 'star', characterSet: 'PC850' });
  assert.equal(r.ok, false);
  if (!r.ok) assert.match(r.errors[0]?.message ?? '', /STAR no tienen la página de códigos PC850/);
  assert.equal(validatePrinterSettings({ ...DEFAULT_PRINTER_SETTINGS, type: 'star', characterSet: 'PC858' }).ok, true);
});
