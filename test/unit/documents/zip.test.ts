import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildInvoiceZip } from '../../../main/documents/zip';

test('the ZIP holds the A4 PDF, the ticket PDF and the signed XML, byte for byte', async () => {
  const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 1, 2, 3]);
  const ticket = new Uint8Array([0x25, 0x50, 0x44, 0x46, 9, 9]);
  const xml = '<?xml version="1.0" encoding="UTF-8"?><facturaElectronicaCompraVenta><razonSocialEmisor>Ñandú</razonSocialEmisor></facturaElectronicaCompraVenta>';
  const zip = await buildInvoiceZip({ baseName: 'factura-1003579028-137', pdf, ticket, xml, mtime: new Date('2021-10-06T16:03:48') });

  const dir = mkdtempSync(join(tmpdir(), 'kipu-zip-'));
  try {
    const file = join(dir, 'f.zip');
    writeFileSync(file, zip);
    const script = [
      'import sys, zipfile, json',
      'z = zipfile.ZipFile(sys.argv[1])',
      'assert z.testzip() is None',
      'print(json.dumps({i.filename: z.read(i.filename).hex() for i in z.infolist()}))',
    ].join('\n');
    const r = spawnSync('python3', ['-c', script, file], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const entries = JSON.parse(r.stdout) as Record<string, string>;
    assert.deepEqual(Object.keys(entries), ['factura-1003579028-137.pdf', 'factura-1003579028-137-ticket.pdf', 'factura-1003579028-137.xml']);
    assert.equal(entries['factura-1003579028-137.pdf'], Buffer.from(pdf).toString('hex'));
    assert.equal(entries['factura-1003579028-137-ticket.pdf'], Buffer.from(ticket).toString('hex'));
    assert.equal(Buffer.from(entries['factura-1003579028-137.xml'] ?? '', 'hex').toString('utf8'), xml);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a base name with path separators cannot escape the archive', async () => {
  const zip = await buildInvoiceZip({ baseName: '../x/y', pdf: new Uint8Array([1]), ticket: new Uint8Array([2]), xml: '<a/>' });
  const text = zip.toString('latin1');
  assert.ok(!text.includes('../'));
  assert.ok(text.includes('-x-y.pdf'));
});
