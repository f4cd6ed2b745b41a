import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeTotals, type TotalsInput } from '../../../main/invoicing/totals';

const base = (over: Partial<TotalsInput> = {}): TotalsInput => ({
  lines: [{ quantity: 100, unitPrice: 10000, discount: 0 }],
  additionalDiscount: 0,
  giftCard: 0,
  exchangeRate: 100,
  ...over,
});

test('official sample: 1 × 100.00, descuento adicional 1.00 → total 99.00 (CONTRACT.md §9.1)', () => {
  const r = computeTotals(base({ additionalDiscount: 100 }));
  assert.deepEqual(r, {
    ok: true,
    lines: [{ subTotal: 10000 }],
    sumSubTotals: 10000,
    montoTotal: 9900,
    montoTotalSujetoIva: 9900,
    montoTotalMoneda: 9900,
  });
});

// Line rounding HALF-UP to cents before summing (CONTRACT.md §3.3).
const LINE_ROUNDING: [quantity: number, unitPrice: number, discount: number, subTotal: number][] = [
  [150, 333, 0, 500], // 1.5 × 3.33 = 4.995 → 5.00
  [133, 333, 0, 443], // 1.33 × 3.33 = 4.4289 → 4.43
  [125, 1, 0, 1], // 1.25 × 0.01 = 0.0125 → 0.01
  [150, 1, 0, 2], // 1.5 × 0.01 = 0.015 → 0.02 (half up)
  [250, 1001, 100, 2403], // 2.5 × 10.01 = 25.025 → 25.03 − 1.00
  [1, 999999, 0, 10000], // 0.01 × 9999.99 = 99.9999 → 100.00
  [33, 3333, 0, 1100], // 0.33 × 33.33 = 10.9989 → 11.00
];

for (const [quantity, unitPrice, discount, subTotal] of LINE_ROUNDING) {
  test(`line ${quantity / 100} × ${unitPrice / 100} − ${discount / 100} → ${subTotal / 100}`, () => {
    const r = computeTotals(base({ lines: [{ quantity, unitPrice, discount }] }));
    assert.ok(r.ok);
    assert.equal(r.lines[0]!.subTotal, subTotal);
  });
}

test('each line is rounded before summing, not the sum', () => {
  // 3 × (1.5 × 0.01 = 0.015 → 0.02) = 0.06, whereas rounding the exact sum 0.045 gives 0.05.
  const line = { quantity: 150, unitPrice: 1, discount: 0 };
  const r = computeTotals(base({ lines: [line, line, line] }));
  assert.ok(r.ok);
  assert.equal(r.sumSubTotals, 6);
  assert.equal(r.montoTotal, 6);
});

test('gift card reduces only montoTotalSujetoIva (1013, 1015)', () => {
  const r = computeTotals(base({ giftCard: 2500, additionalDiscount: 500 }));
  assert.ok(r.ok);
  assert.equal(r.montoTotal, 9500);
  assert.equal(r.montoTotalSujetoIva, 7000);
  assert.equal(r.montoTotalMoneda, 9500);
});

test('gift card equal to the total leaves sujeto IVA at zero', () => {
  const r = computeTotals(base({ giftCard: 10000 }));
  assert.ok(r.ok);
  assert.equal(r.montoTotalSujetoIva, 0);
});

const CURRENCY: [montoTotal: number, exchangeRate: number, expected: number][] = [
  [10000, 696, 1437], // 100.00 / 6.96 = 14.367… → 14.37
  [69600, 696, 10000],
  [1000, 300, 333], // 3.333… → 3.33
  [500, 300, 167], // 1.666… → 1.67
  [15, 1000, 2], // 0.015 → 0.02 (half up)
];
for (const [total, rate, expected] of CURRENCY) {
  test(`montoTotalMoneda ${total / 100} / ${rate / 100} → ${expected / 100} (1014)`, () => {
    const r = computeTotals(base({ lines: [{ quantity: 100, unitPrice: total, discount: 0 }], exchangeRate: rate }));
    assert.ok(r.ok);
    assert.equal(r.montoTotalMoneda, expected);
  });
}

test('a discount that leaves a line at zero is reported with its path', () => {
  const r = computeTotals(
    base({
      lines: [
        { quantity: 100, unitPrice: 500, discount: 0 },
        { quantity: 100, unitPrice: 500, discount: 0 },
        { quantity: 200, unitPrice: 250, discount: 500 },
      ],
    }),
  );
  assert.equal(r.ok, false);
  assert.ok(!r.ok);
  assert.deepEqual(
    r.errors.map((e) => [e.field, e.rule]),
    [['details[2].amountDiscount', 'SUBTOTAL_NOT_POSITIVE']],
  );
  assert.match(r.errors[0]!.message, /Línea 3/);
});

test('an additional discount that consumes the total is rejected', () => {
  const r = computeTotals(base({ additionalDiscount: 10000 }));
  assert.ok(!r.ok);
  assert.deepEqual(r.errors.map((e) => e.rule), ['TOTAL_NOT_POSITIVE']);
});

test('a gift card above the total is rejected', () => {
  const r = computeTotals(base({ giftCard: 10001 }));
  assert.ok(!r.ok);
  assert.deepEqual(r.errors.map((e) => [e.field, e.rule]), [['giftCard', 'GIFT_CARD_EXCEEDS_TOTAL']]);
});

test('invalid inputs are all reported at once', () => {
  const r = computeTotals({
    lines: [
      { quantity: 0, unitPrice: 100, discount: 0 },
      { quantity: 100, unitPrice: -5, discount: 0.5 },
    ],
    additionalDiscount: -1,
    giftCard: 1.25,
    exchangeRate: 0,
  });
  assert.ok(!r.ok);
  assert.deepEqual(
    r.errors.map((e) => e.field),
    ['details[0].quantity', 'details[1].unitPrice', 'details[1].amountDiscount', 'additionalDiscount', 'giftCard', 'exchangeRate'],
  );
  for (const e of r.errors) assert.ok(e.message.length > 10);
});

test('no lines, or more than 500, is rejected (XSD detalle 1..500)', () => {
  const none = computeTotals(base({ lines: [] }));
  assert.ok(!none.ok);
  assert.equal(none.errors[0]!.rule, 'LINES_COUNT');
  const many = computeTotals(base({ lines: Array.from({ length: 501 }, () => ({ quantity: 100, unitPrice: 100, discount: 0 })) }));
  assert.ok(!many.ok);
  assert.equal(many.errors[0]!.rule, 'LINES_COUNT');
  const max = computeTotals(base({ lines: Array.from({ length: 500 }, () => ({ quantity: 100, unitPrice: 100, discount: 0 })) }));
  assert.ok(max.ok);
  assert.equal(max.montoTotal, 50000);
});

test('a currency total that rounds to zero is rejected (XSD montoTotalMoneda > 0)', () => {
  const r = computeTotals(base({ lines: [{ quantity: 100, unitPrice: 1, discount: 0 }], exchangeRate: 1000 }));
  assert.ok(!r.ok);
  assert.equal(r.errors[0]!.rule, 'TOTAL_CURRENCY_NOT_POSITIVE');
});
