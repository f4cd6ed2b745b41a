// Walk of 28/11 (session 15): a month of purchases saved from a spreadsheet in an es-BO locale —
// the CSV the import accepts with ';' between columns — had its amounts read in the SIN template's
// convention: «1234,56» became Bs 123.456,00, «10,5» of ICE Bs 105,00 and «1.500» Bs 1,50, all
// registered without a word. Every amount now reads as it was written, or the row says why not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readImport } from '../../../main/purchases/import-job';
import { parseAmountText } from '../../../shared/amount-text';
import type { PurchaseData } from '../../../main/purchases/purchase-model';

const HEADER = ['NIT PROVEEDOR', 'RAZON SOCIAL PROVEEDOR', 'CODIGO DE AUTORIZACION', 'NUMERO FACTURA', 'FECHA DE FACTURA/DUI/DIM', 'IMPORTE TOTAL COMPRA', 'IMPORTE ICE'];

async function importCsv(lines: string[][], sep: string) {
  const text = [HEADER, ...lines].map((l) => l.join(sep)).join('\r\n');
  const answer = await readImport({ bytes: new TextEncoder().encode(text), isXlsx: false });
  assert.ok('plan' in answer, JSON.stringify(answer));
  // PurchaseData keeps its amounts in centavos.
  const stored = answer.plan.ready.data.map((d) => (JSON.parse(d) as PurchaseData).amounts);
  return { stored, rows: answer.plan.ready.rows, refused: answer.plan.refused };
}

const row = (n: number, total: string, ice = '0') => ['1020304019', 'PROVEEDOR', `ABC12${n}`, String(n), '20/11/2026', total, ice];

test("an es-BO spreadsheet's CSV (';'): 1.234,56, 1234,56, 1.500 and 10,5 read as written", async () => {
  const { stored, refused } = await importCsv([row(1, '1.234,56'), row(2, '1234,56', '10,5'), row(3, '1.500'), row(4, '2.345.678,9')], ';');
  assert.deepEqual(refused, []);
  assert.deepEqual(
    stored.map((a) => [a.total, a.ice]),
    [
      [123456, 0],
      [123456, 1050],
      [150000, 0],
      [234567890, 0],
    ],
  );
});

test("the SIN template's CSV (','): 1,234.56 and 1,500 read as before; 1.500 is refused as ambiguous, not read as 1,5", async () => {
  const { stored, rows, refused } = await importCsv([row(1, '"1,234.56"'), row(2, '"1,500"'), row(3, '90.00', '10.00'), row(4, '1.500')], ',');
  assert.deepEqual(
    stored.map((a) => [a.total, a.ice]),
    [
      [123456, 0],
      [150000, 0],
      [9000, 1000],
    ],
  );
  assert.deepEqual(rows, [2, 3, 4]);
  assert.equal(refused.length, 1);
  assert.equal(refused[0]!.row, 5);
  assert.match(refused[0]!.problems[0]!.message, /«1\.500» puede leerse de dos maneras: escriba 1500 .* o 1\.50/);
});

test('amounts that are no amount in either convention are refused by name', async () => {
  const { refused } = await importCsv([row(1, '1,2,3'), row(2, '12,3456'), row(3, 'diez')], ';');
  assert.deepEqual(
    refused.map((r) => [r.row, r.problems[0]!.message]),
    [
      [2, '«1,2,3» no es un importe'],
      [3, '«12,3456» no es un importe'],
      [4, '«diez» no es un importe'],
    ],
  );
});

test('parseAmountText: the last of two marks is the decimal one; a lone mark before three digits is the convention’s', () => {
  assert.deepEqual(parseAmountText('1.234,56', '.'), { cents: 123456 });
  assert.deepEqual(parseAmountText('1,234.56', ','), { cents: 123456 });
  assert.deepEqual(parseAmountText('0,5', '.'), { cents: 50 });
  assert.deepEqual(parseAmountText('1 234,56', ','), { cents: 123456 });
  assert.deepEqual(parseAmountText('1,500', '.'), { cents: 150000 });
  assert.deepEqual(parseAmountText('1.500', ','), { cents: 150000 });
  assert.deepEqual(parseAmountText('1,500', ','), { error: 'ambiguous' });
  assert.deepEqual(parseAmountText('1.234.567', '.'), { error: 'invalid' });
  assert.deepEqual(parseAmountText('12345,678', '.'), { error: 'invalid' });
  assert.deepEqual(parseAmountText('-5', '.'), { error: 'invalid' });
});

test('a row with an unreadable amount and a date not on the calendar names both at once (walk of session 17)', async () => {
  const bad = ['1020304019', 'PROVEEDOR', 'ABC129', '9', '31/11/2026', '1.500', '0'];
  const { refused } = await importCsv([bad], ',');
  assert.equal(refused.length, 1);
  assert.deepEqual(
    refused[0]!.problems.map((p) => [p.field, p.message]),
    [
      ['totalPurchaseAmount', refused[0]!.problems[0]!.message],
      ['emissionDate', 'la fecha 31/11/2026 no existe en el calendario: revise el día y el mes'],
    ],
  );
  assert.match(refused[0]!.problems[0]!.message, /«1\.500» puede leerse de dos maneras/);
});
