import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planPayments, settlePayments } from '../../../main/invoicing/payments';
import { componentsOf, findPaymentMethodCode, kindOfDescription } from '../../../shared/payment-methods';
import { TIPO_METODO_PAGO } from '../../../main/siat-sim/catalog-data/payment-methods';

const catalog = TIPO_METODO_PAGO.map((i) => ({ codigo: i.codigoClasificador, descripcion: i.descripcion }));

test('components are read from SIAT\'s own descriptions, dashes, typos and all', () => {
  assert.deepEqual([...componentsOf('EFECTIVO-TARJETA')!].sort(), ['EFECTIVO', 'TARJETA']);
  assert.deepEqual([...componentsOf('VALES-TDEPOSITO EN CUENTA')!].sort(), ['DEPOSITO', 'VALES']);
  assert.deepEqual([...componentsOf('TARJETA – GIFT')!].sort(), ['GIFT', 'TARJETA']);
  assert.deepEqual([...componentsOf('TRANSFERENCIA SWIFT')!], ['SWIFT']);
  assert.equal(componentsOf('CRIPTOMONEDA'), null);
});

test('the combined code is found by its components in the catalog, in any order', () => {
  assert.equal(findPaymentMethodCode(catalog, ['CASH']), 1);
  assert.equal(findPaymentMethodCode(catalog, ['CARD', 'CASH']), 10);
  assert.equal(findPaymentMethodCode(catalog, ['CASH', 'QR']), 13); // QR is SIAT's TRANSFERENCIA (decision 0025)
  assert.equal(findPaymentMethodCode(catalog, ['CARD', 'GIFT_CARD']), 40);
  assert.equal(findPaymentMethodCode(catalog, ['CASH', 'GIFT_CARD']), 35);
  // A renumbered catalog is followed, not a table of ours.
  assert.equal(findPaymentMethodCode([{ codigo: 901, descripcion: 'TARJETA - EFECTIVO' }], ['CASH', 'CARD']), 901);
});

test('change is on the cash part only; other methods pay exactly and never exceed the total', () => {
  const plan = planPayments([{ method: 'CASH', amount: 50 }, { method: 'CARD', amount: 20, cardNumber: '4797123456789012' }], catalog);
  assert.ok(!('problems' in plan));
  assert.equal(plan.paymentMethodCode, 10);
  assert.equal(plan.cardNumber, '4797123456789012');
  const split = settlePayments(plan, 4_660);
  assert.ok(!('problems' in split));
  assert.deepEqual(split.rows, [
    { method: 'CASH', amount: 2_660, tendered: 5_000 },
    { method: 'CARD', amount: 2_000, tendered: 2_000 },
  ]);
  assert.equal(split.change, 2_340);
  const over = planPayments([{ method: 'CARD', amount: 60 }], catalog);
  assert.ok(!('problems' in over));
  assert.equal((settlePayments(over, 4_660) as { problems: { rule: string }[] }).problems[0]!.rule, 'OVERPAID');
});

test('two entries of the same SIAT component and a card number on cash are refused with the field', () => {
  const dup = planPayments([{ method: 'QR', amount: 1 }, { method: 'TRANSFER', amount: 1 }], catalog) as { problems: { field: string; rule: string }[] };
  assert.equal(dup.problems[0]!.field, 'payments[1].method');
  const card = planPayments([{ method: 'CASH', amount: 1, cardNumber: '1234567812345678' }], catalog) as { problems: { field: string }[] };
  assert.equal(card.problems[0]!.field, 'payments[0].cardNumber');
});

test('a single-method invoice without a split is put under its kind; a combination under OTHER', () => {
  assert.equal(kindOfDescription('EFECTIVO'), 'CASH');
  assert.equal(kindOfDescription('TARJETA'), 'CARD');
  assert.equal(kindOfDescription('EFECTIVO-TARJETA'), 'OTHER');
  assert.equal(kindOfDescription(null), 'OTHER');
});
