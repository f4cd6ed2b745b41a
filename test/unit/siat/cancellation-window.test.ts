import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cancellationTerm, withinCancellationTerm } from '../../../main/siat/cancellation-window';

test('an invoice may be annulled until day 9 of the next month, 23:59:59.999 Bolivia time, and not a millisecond later', () => {
  const issued = '2026-03-31T22:15:00.000';
  assert.equal(cancellationTerm(issued, 1).deadline, '2026-04-09T23:59:59.999');
  assert.equal(withinCancellationTerm('2026-04-09T23:59:59.999', issued, 1), true);
  assert.equal(withinCancellationTerm('2026-04-10T00:00:00.000', issued, 1), false);
  assert.equal(withinCancellationTerm('2026-03-31T22:15:00.000', issued, 1), true);
});

test('a December invoice has until 9 January of the next year', () => {
  assert.equal(cancellationTerm('2025-12-01T08:00:00.000', 1).deadline, '2026-01-09T23:59:59.999');
  assert.equal(withinCancellationTerm('2026-01-10T00:00:00.000', '2025-12-01T08:00:00.000', 1), false);
});

test('export sectors follow their own rule: 180 days (CONTRACT §5.4)', () => {
  const t = cancellationTerm('2026-01-15T10:00:00.000', 3);
  assert.equal(t.rule, 'EXPORT_180_DAYS');
  assert.equal(t.deadline, '2026-07-14T23:59:59.999');
  assert.equal(withinCancellationTerm('2026-05-01T00:00:00.000', '2026-01-15T10:00:00.000', 3), true, 'past day 9 of next month but inside 180 days');
  assert.equal(withinCancellationTerm('2026-05-01T00:00:00.000', '2026-01-15T10:00:00.000', 1), false, 'the same dates for compra-venta are out of term');
  assert.equal(withinCancellationTerm('2026-07-15T00:00:00.000', '2026-01-15T10:00:00.000', 3), false);
});

test('a malformed fechaEmision is a bug, not an open window', () => {
  assert.throws(() => cancellationTerm('ayer', 1), RangeError);
});
