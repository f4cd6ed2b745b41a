// Issue 25: an XLSX's rows and cells are counted while its ZIP is checked, before exceljs builds
// them. A 6 KB file with one cell at row 4,000,000 used to hold the engine for 14 s (every empty
// row built by `eachRow({ includeEmpty: true })`); it is now refused from its first tags.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { readXlsxRows, XLSX_SHEET_LIMITS } from '../../../main/purchases/purchase-import';
import { checkXlsxZip } from '../../../main/purchases/xlsx-zip-guard';
import { importRefused as refused } from '../../fixtures/purchases';
import { zipOf } from '../../fixtures/zip';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const part = (name: string, xml: string) => ({ name, data: deflateRawSync(Buffer.from(xml)), size: Buffer.byteLength(xml) });
/** A one-sheet workbook around `sheetData` (and shared strings, if given), as exceljs reads it. */
function workbook(sheetData: string, sharedStrings?: string): Buffer {
  return zipOf([
    part('xl/workbook.xml', `<workbook xmlns="${NS}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Compras" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    part(
      'xl/_rels/workbook.xml.rels',
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    part('xl/worksheets/sheet1.xml', `<worksheet xmlns="${NS}"><sheetData>${sheetData}</sheetData></worksheet>`),
    ...(sharedStrings === undefined ? [] : [part('xl/sharedStrings.xml', `<sst xmlns="${NS}">${sharedStrings}</sst>`)]),
  ]);
}

test('a 6 KB XLSX with one cell at row 4,000,000 is refused at once, naming the row, without building the rows', async () => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Compras');
  ws.addRow(['NIT PROVEEDOR', 'RAZON SOCIAL PROVEEDOR']);
  ws.getCell('A4000000').value = 'x';
  const bytes = Buffer.from(await wb.xlsx.writeBuffer());
  assert.ok(bytes.length < 8 * 1024, `${bytes.length} bytes`);
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
  try {
    await refused(readXlsxRows(bytes), 'IMPORT_FORMAT', /usa la fila 4\.000\.000; una planilla de compras llega como máximo a la fila 21\.000\. No se importó nada/);
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  // Building 4 M rows took ~2 GB; the scan keeps a few strings.
  assert.ok(peak - before < 200 * 1024 * 1024, `heap grew ${Math.round((peak - before) / 1e6)} MB`);
});

test('the row bound is the template: 20,000 purchases plus room; a sheet up to it is read', async () => {
  const limits = { maxRow: 5, maxColumn: 4, maxCells: 100 };
  const rows = await readXlsxRows(workbook('<row r="1"><c r="A1" t="inlineStr"><is><t>NIT PROVEEDOR</t></is></c></row><row r="5"><c r="D5"><v>7</v></c></row>'), limits);
  assert.equal(rows.length, 5);
  assert.equal(rows[4]![3], 7);
  assert.deepEqual(rows[2], []);
  await refused(readXlsxRows(workbook('<row r="6"><c r="A6"><v>1</v></c></row>'), limits), 'IMPORT_FORMAT', /usa la fila 6; .* como máximo a la fila 5/);
  // Rows without a number follow the one before (ECMA-376 §18.3.1.73).
  await refused(readXlsxRows(workbook('<row r="5"/><row/>'), limits), 'IMPORT_FORMAT', /usa la fila 6/);
  assert.equal(XLSX_SHEET_LIMITS.maxRow, 21_000);
});

test('a cell past the last column (XFD, or the 5th of 4) is refused naming the column', async () => {
  const limits = { maxRow: 5, maxColumn: 4, maxCells: 100 };
  await refused(readXlsxRows(workbook('<row r="1"><c r="E1"><v>1</v></c></row>'), limits), 'IMPORT_FORMAT', /usa la columna E; .* como máximo a la columna D/);
  await refused(readXlsxRows(workbook('<row r="1"><c r="A1"/><c/><c/><c/><c/></row>'), limits), 'IMPORT_FORMAT', /usa la columna E/);
  await refused(readXlsxRows(workbook('<row r="1"><c r="XFD1"><v>1</v></c></row>')), 'IMPORT_FORMAT', /usa la columna XFD; .* columna CV/);
});

test('more cells, or more shared strings, than the bound is a 413-kind refusal', async () => {
  const limits = { maxRow: 50, maxColumn: 4, maxCells: 10 };
  const eleven = Array.from({ length: 11 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>1</v></c></row>`).join('');
  await refused(readXlsxRows(workbook(eleven), limits), 'IMPORT_TOO_LARGE', /más de 10 celdas/);
  await readXlsxRows(workbook(eleven.slice(0, eleven.lastIndexOf('<row'))), limits);
  await refused(readXlsxRows(workbook('', '<si><t>a</t></si>'.repeat(11)), limits), 'IMPORT_TOO_LARGE', /más de 10 textos distintos/);
});

test('what saxes would read past a naive scan is refused or counted: a ">" in a value, a prefix, an escaped number', async () => {
  const limits = { maxRow: 5, maxColumn: 4, maxCells: 100 };
  await refused(readXlsxRows(workbook('<row spans="a>b" r="4000000"/>'), limits), 'IMPORT_FORMAT', /fila 4\.000\.000/);
  await refused(readXlsxRows(workbook("<x:row xmlns:x='urn:x' r='9'/>"), limits), 'IMPORT_FORMAT', /fila 9/);
  // saxes decodes &#52; to "4": the scanner does not guess, it refuses the reference.
  await refused(readXlsxRows(workbook('<row r="&#52;000000"/>'), limits), 'IMPORT_FORMAT', /fila con número ilegible/);
  // A tag split across inflated chunks is still one tag: 200 KB of attribute before the number.
  await refused(readXlsxRows(workbook(`<row x="${'y'.repeat(200_000)}" r="7"/>`), limits), 'IMPORT_FORMAT', /fila 7/);
});

test('an entry name that is not ASCII is refused: JSZip would decode it its own way (an overlong "x" is "x")', async () => {
  const zip = zipOf([part('XXl/worksheets/sheet1.xml', '<worksheet/>')]);
  // The overlong two-byte "x" (0xC1 0xB8) in place of "XX", in the local and the central name.
  for (let i = zip.indexOf('XXl/'); i >= 0; i = zip.indexOf('XXl/', i + 1)) zip.set([0xc1, 0xb8], i);
  await refused(checkXlsxZip(zip), 'IMPORT_FORMAT', /un nombre de parte no es ASCII/);
});

test('an entry renamed by a Unicode Path extra field (0x7075, which JSZip obeys) is refused', async () => {
  const zip = zipOf([part('notes.bin', '<worksheet/>')]);
  const cen = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  const nameEnd = cen + 46 + zip.readUInt16LE(cen + 28);
  const upath = Buffer.from('xl/worksheets/sheet1.xml');
  const extra = Buffer.alloc(4 + 5 + upath.length);
  extra.writeUInt16LE(0x7075, 0);
  extra.writeUInt16LE(5 + upath.length, 2);
  extra.writeUInt8(1, 4); // version; the CRC-32 of the name (bytes 5–8) is left 0 here
  upath.copy(extra, 9);
  const patched = Buffer.concat([zip.subarray(0, nameEnd), extra, zip.subarray(nameEnd)]);
  patched.writeUInt16LE(extra.length, cen + 30);
  const eocd = patched.length - 22;
  patched.writeUInt32LE(patched.readUInt32LE(eocd + 12) + extra.length, eocd + 12);
  await refused(checkXlsxZip(patched), 'IMPORT_FORMAT', /notes\.bin trae un nombre alternativo/);
});
