// The RCV purchase arithmetic (PURCHASES.md §3.1) on a table of cases, and the sales book row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeRcv, type PurchaseAmounts } from '../../../main/purchases/purchase-model';
import { ivaOf } from '../../../shared/money';
import { checkPurchase } from '../../../main/purchases/purchase-input';
import { salesRow } from '../../../main/books/book-columns';

const zero: PurchaseAmounts = { total: 0, ice: 0, iehd: 0, ipj: 0, tasas: 0, otroNoSujeto: 0, exentos: 0, tasaCero: 0, descuento: 0, giftCard: 0 };

const CASES: [string, Partial<PurchaseAmounts>, { subtotal: number; base: number; credito: number }][] = [
  ['SIN example: electricity 100 + fees 30', { total: 13000, tasas: 3000 }, { subtotal: 10000, base: 10000, credito: 1300 }],
  ['SIN example: beer 80 + ICE 10', { total: 9000, ice: 1000 }, { subtotal: 8000, base: 8000, credito: 1040 }],
  ['fuel: 30 % not subject to credit', { total: 10000, otroNoSujeto: 3000 }, { subtotal: 7000, base: 7000, credito: 910 }],
  ['tasa cero invoice: no credit', { total: 5000, tasaCero: 5000 }, { subtotal: 0, base: 0, credito: 0 }],
  ['discount and gift card lower the base', { total: 20000, descuento: 1000, giftCard: 500 }, { subtotal: 20000, base: 18500, credito: 2405 }],
  ['every deduction at once', { total: 100000, ice: 100, iehd: 200, ipj: 300, tasas: 400, otroNoSujeto: 500, exentos: 600, tasaCero: 700, descuento: 800, giftCard: 900 }, { subtotal: 97200, base: 95500, credito: 12415 }],
  ['half-up: 0.05 × 13 % = 0.0065 → 0.01', { total: 5 }, { subtotal: 5, base: 5, credito: 1 }],
  ['below half: 0.03 × 13 % = 0.0039 → 0.00', { total: 3 }, { subtotal: 3, base: 3, credito: 0 }],
  ['exact half: 1.50 × 13 % = 0.195 → 0.20', { total: 150 }, { subtotal: 150, base: 150, credito: 20 }],
];

for (const [name, amounts, expected] of CASES) {
  test(`RCV arithmetic: ${name}`, () => {
    assert.deepEqual(computeRcv({ ...zero, ...amounts }), expected);
  });
}

test('ivaOf rounds half-up on cents without floating point', () => {
  assert.equal(ivaOf(999_999_999_999_99), 13_000_000_000_000);
});

test('checkPurchase refuses a negative base and names the field', () => {
  const r = checkPurchase({ issuerNit: '1', issuerBusinessName: 'X', authorizationCode: 'A', invoiceNumber: '1', emissionDate: '2024-01-01', totalPurchaseAmount: 10, discount: 11 });
  assert.equal(r.ok, false);
  assert.equal(!r.ok && r.problems[0]!.field, 'discount');
});

test('checkPurchase refuses more than 2 decimals and an unknown tipoCompra', () => {
  const r = checkPurchase({ issuerNit: '1', issuerBusinessName: 'X', authorizationCode: 'A', invoiceNumber: '1', emissionDate: '2024-01-01', totalPurchaseAmount: 10.005, purchaseType: 6 });
  assert.equal(r.ok, false);
  assert.deepEqual(!r.ok && r.problems.map((p) => p.field).sort(), ['purchaseType', 'totalPurchaseAmount']);
});

test('checkPurchase names a date that is not on the calendar as such, and asks for dd/mm/aaaa otherwise', () => {
  const at = (emissionDate: string) => {
    const r = checkPurchase({ issuerNit: '1', issuerBusinessName: 'X', authorizationCode: 'A', invoiceNumber: '1', emissionDate, totalPurchaseAmount: 10 });
    return r.ok ? null : r.problems.find((p) => p.field === 'emissionDate')?.message;
  };
  assert.match(at('31/11/2026')!, /la fecha 31\/11\/2026 no existe en el calendario/);
  assert.match(at('2026-02-30')!, /no existe en el calendario/);
  assert.match(at('ayer')!, /escriba dd\/mm\/aaaa/);
  assert.equal(at('30/11/2026'), null, 'a real date passes');
});

test('sales row: base = gross − discount − gift card; débito 13 %; a cancelled invoice goes with state A and zero amounts', () => {
  const inv = { fechaEmision: '2025-03-04T10:00:00.000', number: 7, cuf: 'ABC', sector: 1, tipoFactura: 1, clientDocNumber: '99002', clientComplement: null, clientName: 'Control Tributario', subtotal: 10000, additionalDiscount: 1000, giftCard: 2000, total: 9000, totalSubjectIva: 7000, state: 'VALIDATED' };
  const v = salesRow(1, inv);
  assert.deepEqual(v.amounts, { valid: true, total: 10000, base: 7000, debit: 910 });
  assert.equal(v.cells[2], '04/03/2025');
  assert.equal(v.cells[5], '99002');
  assert.equal(v.cells[21], 'V');
  const a = salesRow(2, { ...inv, state: 'CANCELLED' });
  assert.equal(a.cells[21], 'A');
  assert.deepEqual(a.amounts, { valid: false, total: 0, base: 0, debit: 0 });
});
