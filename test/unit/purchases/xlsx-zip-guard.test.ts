// The XLSX guard: a purchase template upload is a ZIP that exceljs would inflate whole, so its
// central directory is read and its entries inflated with a counter before exceljs sees it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { checkXlsxZip } from '../../../main/purchases/xlsx-zip-guard';
import { readXlsxRows } from '../../../main/purchases/purchase-import';
import { importRefused as refused } from '../../fixtures/purchases';
import { deflatedRepeat, zipOf } from '../../fixtures/zip';

const MiB = 1024 * 1024;

const contentTypes = { name: '[Content_Types].xml', data: deflateRawSync('<Types/>'), size: 8 };

test('a template written by exceljs passes and its rows are read', async () => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Compras');
  ws.addRow(['NIT PROVEEDOR', 'RAZON SOCIAL PROVEEDOR']);
  ws.addRow(['1003579028', 'DISTRIBUIDORA ANDINA S.R.L.']);
  const bytes = Buffer.from(await wb.xlsx.writeBuffer());
  await checkXlsxZip(bytes);
  const rows = await readXlsxRows(bytes);
  assert.deepEqual(rows[1], ['1003579028', 'DISTRIBUIDORA ANDINA S.R.L.']);
});

test('a bomb (200 MiB of one byte in a ~200 KB upload) is refused from its directory, before exceljs inflates it', async () => {
  const payload = await deflatedRepeat(200 * MiB);
  assert.ok(payload.length < 512 * 1024, `${payload.length} bytes`);
  const bomb = zipOf([contentTypes, { name: 'xl/worksheets/sheet1.xml', data: payload, size: 200 * MiB }]);
  await refused(checkXlsxZip(bomb), 'IMPORT_TOO_LARGE', /xl\/worksheets\/sheet1\.xml.*200 MiB.*como máximo 32 MiB por parte/);
  // readXlsxRows runs the guard first: exceljs's own errors are never PurchaseErrors.
  await refused(readXlsxRows(bomb), 'IMPORT_TOO_LARGE', /como máximo 32 MiB/);
});

test('the total is capped (48 MiB) even when every entry is under its own cap', async () => {
  const data = deflateRawSync(randomBytes(MiB)); // incompressible: the ratio stays low
  const parts = [1, 2, 3].map((i) => ({ name: `xl/worksheets/sheet${i}.xml`, data, size: 20 * MiB }));
  await refused(checkXlsxZip(zipOf(parts)), 'IMPORT_TOO_LARGE', /más de 48 MiB descomprimido/);
});

test('an entry that inflates over 200:1 is refused even under the size caps', async () => {
  const payload = await deflatedRepeat(8 * MiB);
  await refused(checkXlsxZip(zipOf([{ name: 'xl/worksheets/sheet1.xml', data: payload, size: 8 * MiB }])), 'IMPORT_TOO_LARGE', /más de 200 a 1/);
  // Below 1 MiB inflated the ratio is not judged: a small sheet of empty cells compresses well too.
  const small = await deflatedRepeat(512 * 1024);
  await checkXlsxZip(zipOf([{ name: 'xl/worksheets/sheet1.xml', data: small, size: 512 * 1024 }]));
});

test('more than 1,000 entries are refused', async () => {
  const empty = deflateRawSync(Buffer.alloc(0));
  const many = Array.from({ length: 1001 }, (_, i) => ({ name: `x/${i}.xml`, data: empty, size: 0 }));
  await refused(checkXlsxZip(zipOf(many)), 'IMPORT_TOO_LARGE', /1001 entradas; como máximo 1000/);
  await checkXlsxZip(zipOf(many.slice(0, 1000)));
});

test('a directory that under-declares is caught by inflating with a counter: the bomb claims 4 KiB', async () => {
  const payload = await deflatedRepeat(200 * MiB);
  await refused(checkXlsxZip(zipOf([contentTypes, { name: 'xl/worksheets/sheet1.xml', data: payload, size: 4096 }])), 'IMPORT_FORMAT', /sheet1\.xml se descomprime a más de lo que declara/);
});

test('an entry smaller than declared, a broken deflate stream, and a stored entry with two sizes are refused', async () => {
  const data = deflateRawSync(randomBytes(MiB));
  await refused(checkXlsxZip(zipOf([{ name: 'a.xml', data, size: 2 * MiB }])), 'IMPORT_FORMAT', /tamaño distinto del declarado/);
  await refused(checkXlsxZip(zipOf([{ name: 'a.xml', data: randomBytes(4096), size: 4096 }])), 'IMPORT_FORMAT', /no se puede descomprimir|más de lo que declara|distinto/);
  await refused(checkXlsxZip(zipOf([{ name: 'a.xml', data: Buffer.from('hola'), size: 99, method: 0 }])), 'IMPORT_FORMAT', /tamaños que no coinciden/);
  await checkXlsxZip(zipOf([{ name: 'a.xml', data: Buffer.from('hola'), size: 4, method: 0 }]));
});

test('what JSZip would read differently is refused: bytes before the ZIP, ZIP64 markers, a CSV, bytes after the end record', async () => {
  const ok = zipOf([{ name: 'a.xml', data: deflateRawSync('<a/>'), size: 4 }]);
  await checkXlsxZip(ok);
  await refused(checkXlsxZip(zipOf([{ name: 'a.xml', data: deflateRawSync('<a/>'), size: 4 }], { prefix: Buffer.from('MZ-prefijo') })), 'IMPORT_FORMAT', /no está donde el ZIP dice/);
  await refused(checkXlsxZip(zipOf([{ name: 'a.xml', data: deflateRawSync('<a/>'), size: 4 }], { zip64Count: true })), 'IMPORT_FORMAT', /ZIP64/);
  await refused(checkXlsxZip(Buffer.from('NIT PROVEEDOR,RAZON SOCIAL\n1003579028,ANDINA\n')), 'IMPORT_FORMAT', /no tiene el directorio final/);
  await refused(checkXlsxZip(Buffer.concat([ok, Buffer.from('cola')])), 'IMPORT_FORMAT', /no cierra el archivo/);
});
