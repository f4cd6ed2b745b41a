import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { pack as tarStreamPack } from 'tar-stream';
import { buildTar, packDocument, packPackage, unpackPackage } from '../../../main/invoicing/archive';
import { buildCompraVentaXml } from '../../../main/invoicing/xml/compra-venta';
import { tenLineInvoice } from './sample-documents';

const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
const files = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `${i + 1}.xml`, xml: buildCompraVentaXml(tenLineInvoice(i + 1, i), 2) }));

test('packDocument: gzip of the UTF-8 XML, hash over the gzip bytes, base64 of the gzip (CONTRACT.md §3.5)', () => {
  const xml = buildCompraVentaXml(tenLineInvoice(1, 1), 2);
  const p = packDocument(xml);
  assert.equal(gunzipSync(p.gzip).toString('utf8'), xml);
  assert.equal(p.hashArchivo, sha256(p.gzip));
  assert.match(p.hashArchivo, /^[0-9a-f]{64}$/);
  assert.notEqual(p.hashArchivo, sha256(Buffer.from(xml, 'utf8')));
  assert.equal(p.archivo, p.gzip.toString('base64'));
  assert.ok(p.archivo.startsWith('H4sI'));
});

test('packing is deterministic (gzip and tar carry no clock)', () => {
  const f = files(3);
  assert.equal(packPackage(f).hashArchivo, packPackage(f).hashArchivo);
  assert.equal(packDocument(f[0]!.xml).hashArchivo, packDocument(f[0]!.xml).hashArchivo);
});

test('packPackage round-trips through unpackPackage, with accents and a 512-byte-multiple file', () => {
  const f = files(5);
  f.push({ name: 'exacto.xml', xml: 'x'.repeat(1024) }, { name: 'vacío.xml', xml: '' });
  const p = packPackage(f);
  assert.equal(p.hashArchivo, sha256(p.tarGz));
  assert.equal(p.archivo, p.tarGz.toString('base64'));
  assert.deepEqual(unpackPackage(p.tarGz), f);
  assert.equal(gunzipSync(p.tarGz).length % 10240, 0);
});

test('system tar lists and extracts the package files', (t) => {
  if (spawnSync('tar', ['--version']).status !== 0) return t.skip('tar not available');
  const dir = mkdtempSync(join(tmpdir(), 'kipu-tar-'));
  try {
    const f = files(3);
    writeFileSync(join(dir, 'p.tar.gz'), packPackage(f).tarGz);
    const list = spawnSync('tar', ['-tzf', 'p.tar.gz'], { cwd: dir, encoding: 'utf8' });
    assert.equal(list.status, 0, list.stderr);
    assert.deepEqual(list.stdout.trim().split('\n'), ['1.xml', '2.xml', '3.xml']);
    const x = spawnSync('tar', ['-xzf', 'p.tar.gz'], { cwd: dir, encoding: 'utf8' });
    assert.equal(x.status, 0, x.stderr);
    assert.equal(readFileSync(join(dir, '2.xml'), 'utf8'), f[1]!.xml);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('unpackPackage reads a tar made by tar-stream (another writer)', async () => {
  const p = tarStreamPack();
  p.entry({ name: 'dir/', type: 'directory' });
  p.entry({ name: 'dir/a.xml' }, '<a>ñ</a>');
  p.entry({ name: `${'n'.repeat(120)}.xml` }, '<b/>');
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const c of p) chunks.push(c as Buffer);
  const { gzipSync } = await import('node:zlib');
  assert.deepEqual(unpackPackage(gzipSync(Buffer.concat(chunks))), [
    { name: 'dir/a.xml', xml: '<a>ñ</a>' },
    { name: `${'n'.repeat(120)}.xml`, xml: '<b/>' },
  ]);
});

test('a corrupt header or a truncated archive is an error', async () => {
  const { gzipSync } = await import('node:zlib');
  const tar = buildTar(files(1));
  const corrupt = Buffer.from(tar);
  corrupt[10] = corrupt[10]! ^ 0xff;
  assert.throws(() => unpackPackage(gzipSync(corrupt)), /checksum/);
  assert.throws(() => unpackPackage(gzipSync(tar.subarray(0, 700))), /truncado/);
});

test('names must be unique and fit the ustar name field', () => {
  assert.throws(() => packPackage([{ name: 'a.xml', xml: '' }, { name: 'a.xml', xml: '' }]), /repetido/);
  assert.throws(() => packPackage([{ name: `${'x'.repeat(101)}`, xml: '' }]), RangeError);
  assert.throws(() => packPackage([]), RangeError);
});
