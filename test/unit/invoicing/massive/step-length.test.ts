// Issue 25: a massive batch's issuing step is bounded by lines as well as items, so a batch of
// 500-line invoices no longer holds the engine's thread for seconds in one transaction.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STEP_LIMITS, stepLength } from '../../../../main/invoicing/massive/issue-items';

test('small invoices: a step takes up to the item bound', () => {
  assert.equal(stepLength(Array(500).fill(1)), STEP_LIMITS.items);
  assert.equal(stepLength([1, 2, 3]), 3);
  assert.equal(stepLength([]), 0);
});

test('big invoices: a step takes only as many as fit in the line bound (two of 500 lines)', () => {
  assert.equal(STEP_LIMITS.lines, 1_000);
  assert.equal(stepLength(Array(200).fill(500)), 2);
  assert.equal(stepLength([400, 400, 400]), 2);
  assert.equal(stepLength([10, 990, 1]), 2);
  assert.equal(stepLength([1, 2], { items: 5, lines: 2 }), 1);
});

test('one invoice over the bound still makes a step on its own, never a stuck batch', () => {
  assert.equal(stepLength([5_000, 1]), 1);
  assert.equal(stepLength([1, 5_000]), 1);
});
