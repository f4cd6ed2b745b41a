import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cashOfDenominations, expectedCash, sessionFigures, type SalePaymentRow } from '../../../main/cash/close-arithmetic';

const row = (invoiceId: string, method: string, amount: number, sector = 1): SalePaymentRow => ({ invoiceId, number: 1, sector, state: 'VALIDATED', codigoEmision: 1, total: amount, method, amount });
const by = (f: ReturnType<typeof sessionFigures>, m: string) => f.methods.find((x) => x.method === m)!;

test('mixed payments, a cancellation, a credit-debit note and cash in/out add up per method (centavos)', () => {
  const f = sessionFigures({
    openingFloat: 10_000,
    movements: [
      { kind: 'IN', amount: 5_000 },
      { kind: 'OUT', amount: 3_000 },
    ],
    sales: [row('a', 'CASH', 2_660), row('a', 'CARD', 2_000), row('b', 'QR', 3_660), row('b', 'GIFT_CARD', 1_000), row('n', 'CASH', 500, 24)],
    cancelled: [{ method: 'CASH', amount: 4_660 }],
    count: { denominations: { '50': 1, '20': 2, '1': 2 }, counted: { CARD: 2_000, QR: 3_600 } },
  });
  // 100 + 50 − 30 + 26.60 − 46.60 (cancelled) − 5 (note) = 95.00
  assert.equal(by(f, 'CASH').expected, 9_500);
  assert.equal(by(f, 'CASH').notes, 500);
  assert.equal(f.cashCounted, 9_200);
  assert.equal(by(f, 'CASH').difference, -300);
  assert.equal(by(f, 'CARD').difference, 0);
  assert.equal(by(f, 'QR').difference, -60);
  assert.equal(by(f, 'GIFT_CARD').apart, true);
  assert.equal(by(f, 'GIFT_CARD').counted, null);
  assert.equal(f.totalDifference, -360);
  assert.deepEqual(f.methods.map((m) => m.method), ['CASH', 'CARD', 'QR', 'GIFT_CARD']);
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
  const f = sessionFigures({ openingFloat: 2_000, movements: [], sales: [], cancelled: [{ method: 'CASH', amount: 1_500 }], count: null });
  assert.equal(expectedCash(f), 500);
});

test('the count by denomination covers Bs 200 down to 10 centavos', () => {
  assert.equal(cashOfDenominations({ '200': 1, '100': 1, '50': 1, '20': 1, '10': 1, '5': 1, '2': 1, '1': 1, '0.50': 1, '0.20': 1, '0.10': 1 }), 38_880);
});
