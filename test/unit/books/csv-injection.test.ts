// Issue 26, finding 4: a CSV book never hands a spreadsheet a formula. Texts that start with
// = + - @ TAB or CR are written as text (a leading ' inside a quoted field); amounts and numbers
// keep their sign and their plain form.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { csvField, writeCsvBook } from '../../../main/books/book-writer';
import { csvRows } from '../../../shared/csv';

test('texts a spreadsheet would run as formulas are neutralised; numbers and amounts are not', () => {
  assert.equal(csvField('=HYPERLINK("http://x.bo","clic")'), `"'=HYPERLINK(""http://x.bo"",""clic"")"`);
  assert.equal(csvField("=cmd|' /C calc'!A0"), `"'=cmd|' /C calc'!A0"`);
  for (const lead of ['+', '-', '@', '\t', '\r']) assert.equal(csvField(`${lead}1+1`), `"'${lead}1+1"`, JSON.stringify(lead));
  assert.equal(csvField('MINIMARKET SAN JOSÉ'), 'MINIMARKET SAN JOSÉ');
  assert.equal(csvField('Pérez, Juan'), '"Pérez, Juan"');
  assert.equal(csvField(-5), '-5');
  assert.equal(csvField({ cents: -1827 }), '-18.27');
});

test('a book with a formula-like supplier reads back as the same text behind a quote', async () => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeCsvBook(out, [{ header: 'RAZON SOCIAL', kind: 'text' }, { header: 'IMPORTE', kind: 'amount' }], [["=cmd|' /C calc'!A0", { cents: 12345 }]]);
  out.end();
  const rows = [...csvRows(Buffer.concat(chunks).toString('utf8'))];
  assert.deepEqual(rows[1], ["'=cmd|' /C calc'!A0", '123.45']);
});
