import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_PRINTER_SETTINGS, parsePrinterInterface, PRINTER_ADDRESS_REFUSED, validatePrinterSettings } from '../../../main/printing/settings';

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

test('device connections are printer device names only: no other path, no UNC, no traversal (issue #19, finding 1)', () => {
  for (const ok of ['/dev/usb/lp0', '/dev/usb/lp12', '/dev/ttyUSB0', '/dev/ttyACM1', 'COM3', 'com12', 'LPT1', ' /dev/usb/lp1 ']) {
    assert.equal(parsePrinterInterface(ok)?.kind, 'device', ok);
  }
  for (const bad of [
    '/etc/passwd',
    '/var/lib/kipu/secrets.json',
    '/dev/usb/lp0/../../../etc/passwd',
    '/dev/usb/../../etc/passwd',
    '/dev/usb/lp',
    '/dev/sda',
    '/dev/null',
    '/dev/tty',
    '/dev/ttyS0x',
    '/proc/self/fd/1',
    'lp0',
    './COM3',
    'COM3:',
    'COM3/../x',
    '\\\\servidor\\impresora',
    '\\\\.\\COM3',
    '\\\\?\\C:\\Windows\\win.ini',
    '//servidor/impresora',
    'C:\\Windows\\win.ini',
    'printer:-oraw',
  ]) {
    assert.equal(parsePrinterInterface(bad), null, bad);
  }
});

test('a refused path gets one message whether or not it exists', () => {
  const message = (iface: string) => {
    const r = validatePrinterSettings({ ...DEFAULT_PRINTER_SETTINGS, interface: iface });
    return r.ok ? null : r.errors.map((e) => e.message).join(' ');
  };
  assert.ok(message('/etc/passwd'));
  assert.equal(message('/etc/passwd'), message('/etc/no-existe-este-archivo'));
  assert.equal(message('/etc/passwd'), message('\\\\servidor\\recurso'));
});

test('a tcp:// IP literal must be on the LAN or public: loopback only with the lab switch; link-local, metadata and reserved never (issue #19, finding 8)', () => {
  const valid = (iface: string, allowLoopback = false) => validatePrinterSettings({ ...DEFAULT_PRINTER_SETTINGS, interface: iface }, { allowLoopback });
  for (const ok of ['tcp://192.168.1.50:9100', 'tcp://10.0.0.7', 'tcp://172.20.1.2:9100', 'tcp://[fd12:3456::50]:9100', 'tcp://caja1.local', 'tcp://200.87.1.10:9100']) {
    assert.equal(valid(ok).ok, true, ok);
  }
  for (const bad of ['tcp://127.0.0.1:9100', 'tcp://127.1.2.3', 'tcp://[::1]:9100', 'tcp://[::ffff:127.0.0.1]', 'tcp://[::127.0.0.1]', 'tcp://[64:ff9b::7f00:1]', 'tcp://[2002:7f00:1::]', 'tcp://169.254.169.254:80', 'tcp://[fe80::1]', 'tcp://[fd00:ec2::254]', 'tcp://0.0.0.0', 'tcp://224.0.0.1', 'tcp://100.100.100.200', 'tcp://198.18.0.1']) {
    const r = valid(bad);
    assert.deepEqual(r.ok ? null : r.errors, [{ field: 'interface', message: PRINTER_ADDRESS_REFUSED }], bad);
  }
  assert.equal(valid('tcp://127.0.0.1:9100', true).ok, true);
  assert.equal(valid('tcp://[::1]:9100', true).ok, true);
  assert.equal(valid('tcp://169.254.169.254', true).ok, false, 'the lab switch is about loopback only');
});
