import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cashOfDenominations, expectedCash, sessionFigures, type SalePaymentRow } from '../../../main/cash/close-arithmetic';

const row = (invoiceId: string, method: string, amount: number, sector = 1, state = 'VALIDATED'): SalePaymentRow => ({ invoiceId, number: 1, sector, state, codigoEmision: 1, total: amount, method, amount });
const by = (f: ReturnType<typeof sessionFigures>, m: string) => f.methods.find((x) => x.method === m)!;

test('mixed payments, an earlier invoice annulled now, a credit-debit note and cash in/out add up per method (centavos)', () => {
  const f = sessionFigures({
    openingFloat: 10_000,
    movements: [
      { kind: 'IN', amount: 5_000 },
      { kind: 'OUT', amount: 3_000 },
    ],
    sales: [row('a', 'CASH', 2_660), row('a', 'CARD', 2_000), row('b', 'QR', 3_660), row('b', 'GIFT_CARD', 1_000), row('n', 'CASH', 500, 24)],
    cancelled: [{ sector: 1, method: 'CASH', amount: 4_660 }],
    count: { denominations: { '50': 1, '20': 2, '1': 2 }, counted: { CARD: 2_000, QR: 3_600 } },
  });
  // 100 + 50 − 30 + 26.60 − 46.60 (sold earlier, annulled now) − 5 (refund) = 95.00
  assert.equal(by(f, 'CASH').expected, 9_500);
  assert.equal(by(f, 'CASH').refunds, 500);
  assert.equal(by(f, 'CASH').cancelledEarlier, 4_660);
  assert.equal(f.cashCounted, 9_200);
  assert.equal(by(f, 'CASH').difference, -300);
  assert.equal(by(f, 'CARD').difference, 0);
  assert.equal(by(f, 'QR').difference, -60);
  assert.equal(by(f, 'GIFT_CARD').apart, true);
  assert.equal(by(f, 'GIFT_CARD').counted, null);
  assert.equal(f.totalDifference, -360);
  assert.deepEqual(f.methods.map((m) => m.method), ['CASH', 'CARD', 'QR', 'GIFT_CARD']);
});

test('an invoice sold and annulled in the session counts in no method; a refund is booked under its own method', () => {
  const f = sessionFigures({
    openingFloat: 0,
    movements: [],
    sales: [row('a', 'CASH', 1_000), row('x', 'CASH', 360_000, 1, 'CANCELLED'), row('m', 'CASH', 1_500), row('m', 'CARD', 2_500), row('n', 'CARD', 1_827, 24), row('nx', 'CASH', 700, 24, 'CANCELLED')],
    cancelled: [],
    count: { denominations: { '20': 1, '5': 1 }, counted: { CARD: 673 } },
  });
  assert.equal(by(f, 'CASH').sales, 2_500);
  assert.equal(by(f, 'CASH').refunds, 0);
  assert.equal(by(f, 'CASH').expected, 2_500);
  assert.equal(by(f, 'CARD').sales, 2_500);
  assert.equal(by(f, 'CARD').refunds, 1_827);
  assert.equal(by(f, 'CARD').expected, 673);
  assert.equal(f.totalDifference, 0);
  assert.ok(!f.methods.some((m) => m.method === 'OTHER'), 'nothing falls under Otros');
});

test('a reopened session starts from the counted cash of the closed one and adds only its own sales', () => {
  const first = sessionFigures({ openingFloat: 0, movements: [], sales: [row('a', 'CASH', 1_050)], cancelled: [], count: { denominations: { '10': 1 }, counted: {} } });
  assert.equal(first.cashCounted, 1_000);
  const reopened = sessionFigures({ openingFloat: first.cashCounted!, movements: [], sales: [row('b', 'CASH', 250)], cancelled: [], count: null });
  assert.equal(expectedCash(reopened), 1_250);
  assert.equal(reopened.totalDifference, null);
  assert.equal(by(reopened, 'CASH').counted, null);
});

test('a cancellation of an invoice sold in an earlier session still leaves this session\'s drawer', () => {
  const f = sessionFigures({ openingFloat: 2_000, movements: [], sales: [], cancelled: [{ sector: 1, method: 'CASH', amount: 1_500 }], count: null });
  assert.equal(expectedCash(f), 500);
});

test('the count by denomination covers Bs 200 down to 10 centavos', () => {
  assert.equal(cashOfDenominations({ '200': 1, '100': 1, '50': 1, '20': 1, '10': 1, '5': 1, '2': 1, '1': 1, '0.50': 1, '0.20': 1, '0.10': 1 }), 38_880);
});
