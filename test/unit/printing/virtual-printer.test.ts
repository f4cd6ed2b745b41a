// The virtual printer (issue 24, item 7): files under <data dir>/tickets/<tenant>/ named by the
// engine, never over an existing one; "virtual" names no place; in training a LAN printer's job
// lands there instead of on the network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VirtualPrinter } from '../../../main/printing/virtual-printer';
import { runPrintJob } from '../../../main/printing/print-job';
import { DEFAULT_PRINTER_SETTINGS, parsePrinterInterface, validatePrinterSettings } from '../../../main/printing/settings';
import { tempDir } from '../../fixtures/tmp';

const TENANT = '46abaef4-5b6e-412c-b07f-05bdffbef46a';
const at = () => new Date('2026-11-27T14:05:09.123Z');

test('"virtual" is the only spelling, and it carries no path', () => {
  assert.deepEqual(parsePrinterInterface('virtual'), { kind: 'virtual' });
  assert.deepEqual(parsePrinterInterface(' VIRTUAL '), { kind: 'virtual' });
  for (const bad of ['virtual:/etc/passwd', 'virtual/../x', 'virtual://tickets']) assert.equal(parsePrinterInterface(bad), null, bad);
  const v = validatePrinterSettings({ ...DEFAULT_PRINTER_SETTINGS, interface: 'Virtual' });
  assert.ok(v.ok && v.settings.interface === 'virtual');
});

test('two jobs in the same millisecond are two files; the PDF sits beside its ESC/POS; a tenant id that is not a UUID names no folder', async () => {
  const tmp = tempDir();
  try {
    const printer = new VirtualPrinter(tmp.dir, at);
    const pdf = async () => new TextEncoder().encode('%PDF-1.7 ticket');
    const a = await printer.print(TENANT, { kind: 'ticket', number: 12, escpos: Buffer.from('uno'), pdf });
    const b = await printer.print(TENANT, { kind: 'ticket', number: 12, escpos: Buffer.from('dos'), pdf });
    assert.equal(a.escpos, `tickets/${TENANT}/20261127-140509-123-ticket-12.escpos`);
    assert.equal(b.escpos, `tickets/${TENANT}/20261127-140509-123-ticket-12-1.escpos`);
    assert.equal(readFileSync(join(tmp.dir, a.escpos), 'utf8'), 'uno');
    assert.equal(readFileSync(join(tmp.dir, b.escpos), 'utf8'), 'dos');
    assert.ok(existsSync(join(tmp.dir, a.pdf!)) && existsSync(join(tmp.dir, b.pdf!)));
    const drawer = await printer.print(TENANT, { kind: 'cajon', escpos: Buffer.from([0x1b, 0x70, 0]) });
    assert.equal(drawer.pdf, null);
    for (const bad of ['..', '../../etc', `${TENANT}/..`, '']) await assert.rejects(printer.print(bad, { kind: 'cajon', escpos: Buffer.from('x') }), /UUID/);
    assert.deepEqual(readdirSync(join(tmp.dir, 'tickets')), [TENANT]);
  } finally {
    tmp.cleanup();
  }
});

test('in training a LAN printer never gets the job: the virtual printer does, and the answer says why', async () => {
  const tmp = tempDir();
  try {
    const logged: string[] = [];
    const o = await runPrintJob(
      { ...DEFAULT_PRINTER_SETTINGS, interface: 'tcp://192.168.1.100:9100' },
      { kind: 'cajon', escpos: Buffer.from([0x1b, 0x70, 0]) },
      { printed: 'Cajón abierto', virtual: 'Cajón virtual: el pulso del cajón quedó guardado' },
      { tenantId: TENANT, training: true, virtual: new VirtualPrinter(tmp.dir, at), send: { timeoutMs: 500 }, log: (f) => logged.push(f.code) },
    );
    assert.deepEqual([o.printed, o.virtual, o.code], [true, true, null]);
    assert.match(o.detail, /^En modo entrenamiento Kipu no se conecta a la impresora de red 192\.168\.1\.100:9100\. Cajón virtual: /);
    assert.doesNotMatch(o.detail, /Cajón abierto/);
    assert.equal(readdirSync(join(tmp.dir, 'tickets', TENANT)).length, 1);
    assert.deepEqual(logged, []);
  } finally {
    tmp.cleanup();
  }
});
