import { test } from 'node:test';
import assert from 'node:assert/strict';
import { amountInWords } from '../../../main/invoicing/amount-in-words';

const TABLE: [number, string][] = [
  [50, 'Cero 50/100 Bolivianos'],
  [1, 'Cero 01/100 Bolivianos'],
  [100, 'Uno 00/100 Bolivianos'],
  [1100, 'Once 00/100 Bolivianos'],
  [1600, 'Dieciséis 00/100 Bolivianos'],
  [2100, 'Veintiuno 00/100 Bolivianos'],
  [2200, 'Veintidós 00/100 Bolivianos'],
  [2300, 'Veintitrés 00/100 Bolivianos'],
  [2600, 'Veintiséis 00/100 Bolivianos'],
  [3100, 'Treinta y uno 00/100 Bolivianos'],
  [10000, 'Cien 00/100 Bolivianos'],
  [10050, 'Cien 50/100 Bolivianos'],
  [10100, 'Ciento uno 00/100 Bolivianos'],
  [11500, 'Ciento quince 00/100 Bolivianos'],
  [50000, 'Quinientos 00/100 Bolivianos'],
  [70000, 'Setecientos 00/100 Bolivianos'],
  [90000, 'Novecientos 00/100 Bolivianos'],
  [100000, 'Mil 00/100 Bolivianos'],
  [100100, 'Mil uno 00/100 Bolivianos'],
  [2100000, 'Veintiún mil 00/100 Bolivianos'],
  [3100000, 'Treinta y un mil 00/100 Bolivianos'],
  [10000000, 'Cien mil 00/100 Bolivianos'],
  [10100000, 'Ciento un mil 00/100 Bolivianos'],
  [100000000, 'Un millón 00/100 Bolivianos'],
  [200000000, 'Dos millones 00/100 Bolivianos'],
  [2100000000, 'Veintiún millones 00/100 Bolivianos'],
  [123456789, 'Un millón doscientos treinta y cuatro mil quinientos sesenta y siete 89/100 Bolivianos'],
  [100000000000, 'Mil millones 00/100 Bolivianos'],
  [100000000000000, 'Un billón 00/100 Bolivianos'],
];

for (const [cents, words] of TABLE) {
  test(`${cents} cents → ${words}`, () => {
    assert.equal(amountInWords(cents), words);
  });
}

test('0 is "Cero 00/100"', () => {
  assert.equal(amountInWords(0), 'Cero 00/100 Bolivianos');
});

test('the currency name is a parameter', () => {
  assert.equal(amountInWords(150, 'Dólares'), 'Uno 50/100 Dólares');
});

test('rejects negative or fractional cents', () => {
  assert.throws(() => amountInWords(-1), RangeError);
  assert.throws(() => amountInWords(1.5), RangeError);
});
