// A return's refund method (issue 24, item 3): the original's method by default, cash for a split
// that had cash, one method only, booked under QR where the original was paid by QR.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveRefundMethod } from '../../../shared/refund-method';
import { PAYMENT_KIND_LABEL } from '../../../shared/api/cash';
import { TIPO_METODO_PAGO } from '../../../main/siat-sim/catalog-data/payment-methods';

const catalog = TIPO_METODO_PAGO.map((e) => ({ codigo: String(e.codigoClasificador), descripcion: e.descripcion }));

test('not given: the original single method, kept as it was (card stays card, QR stays QR)', () => {
  assert.deepEqual(resolveRefundMethod(catalog, { code: 2, parts: [{ method: 'CARD', amount: 4660 }] }, undefined), { code: 2, kind: 'CARD', defaulted: true });
  assert.deepEqual(resolveRefundMethod(catalog, { code: 7, parts: [{ method: 'QR', amount: 4660 }] }, null), { code: 7, kind: 'QR', defaulted: true });
  // Sold outside the cash sessions: no stored split, the code alone.
  assert.deepEqual(resolveRefundMethod(catalog, { code: 1, parts: [] }, undefined), { code: 1, kind: 'CASH', defaulted: true });
});

test('not given, split original: cash when it had cash, else its largest part — never "Otros"', () => {
  const mixed = { code: 10, parts: [{ method: 'CASH', amount: 2660 }, { method: 'CARD', amount: 2000 }] };
  assert.deepEqual(resolveRefundMethod(catalog, mixed, undefined), { code: 1, kind: 'CASH', defaulted: true });
  const cardVouchers = { code: 17, parts: [{ method: 'CARD', amount: 3660 }, { method: 'VOUCHER', amount: 1000 }] };
  assert.deepEqual(resolveRefundMethod(catalog, cardVouchers, undefined), { code: 2, kind: 'CARD', defaulted: true });
});

test('given: one method of the catalog; a combination or an unknown code is refused naming the field', () => {
  const mixed = { code: 10, parts: [{ method: 'CASH', amount: 2660 }, { method: 'CARD', amount: 2000 }] };
  assert.deepEqual(resolveRefundMethod(catalog, mixed, 2), { code: 2, kind: 'CARD', defaulted: false });
  const combo = resolveRefundMethod(catalog, mixed, 10);
  assert.ok('problems' in combo);
  assert.equal(combo.problems[0]!.field, 'refundMethodCode');
  assert.match(combo.problems[0]!.message, /un solo medio/);
  // 28 does not exist in SIAT's catalog.
  const unknown = resolveRefundMethod(catalog, mixed, 28, 'paramRefundMethod');
  assert.ok('problems' in unknown);
  assert.equal(unknown.problems[0]!.field, 'paramRefundMethod');
  assert.match(unknown.problems[0]!.message, /no existe en el catálogo/);
  // A transfer back to a customer who paid by QR is booked under QR, where the sale was.
  assert.deepEqual(resolveRefundMethod(catalog, { code: 64, parts: [{ method: 'QR', amount: 3660 }, { method: 'GIFT_CARD', amount: 1000 }] }, 7), { code: 7, kind: 'QR', defaulted: false });
});

test('a deposit or transfer refund is booked under «Transferencia o depósito», never «Otros»', () => {
  const cash = { code: 1, parts: [{ method: 'CASH', amount: 4660 }] };
  assert.deepEqual(resolveRefundMethod(catalog, cash, 8), { code: 8, kind: 'TRANSFER', defaulted: false }); // DEPOSITO EN CUENTA
  assert.deepEqual(resolveRefundMethod(catalog, cash, 7), { code: 7, kind: 'TRANSFER', defaulted: false }); // TRANSFERENCIA BANCARIA
  // A deposit to a customer who paid by QR is a deposit, not the QR's account.
  assert.deepEqual(resolveRefundMethod(catalog, { code: 7, parts: [{ method: 'QR', amount: 4660 }] }, 8), { code: 8, kind: 'TRANSFER', defaulted: false });
  assert.equal(PAYMENT_KIND_LABEL.TRANSFER, 'Transferencia o depósito');
});
