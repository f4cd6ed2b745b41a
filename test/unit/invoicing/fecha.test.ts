import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatFechaEmision } from '../../../main/invoicing/fecha';

test('formats in Bolivia time (UTC−4) with milliseconds', () => {
  assert.equal(formatFechaEmision(new Date('2021-10-06T20:03:48.675Z')), '2021-10-06T16:03:48.675');
});

test('crosses midnight and year boundaries backwards', () => {
  assert.equal(formatFechaEmision(new Date('2024-01-01T03:59:59.009Z')), '2023-12-31T23:59:59.009');
});

test('applies the SIAT clock offset (SIAT − local)', () => {
  assert.equal(formatFechaEmision(new Date('2021-10-06T20:03:48.675Z'), 1500), '2021-10-06T16:03:50.175');
  assert.equal(formatFechaEmision(new Date('2021-10-06T20:03:48.675Z'), -48_675), '2021-10-06T16:03:00.000');
});

test('does not depend on the host time zone (no DST in Bolivia)', () => {
  // July and January give the same offset.
  assert.equal(formatFechaEmision(new Date('2024-07-15T12:00:00.000Z')), '2024-07-15T08:00:00.000');
  assert.equal(formatFechaEmision(new Date('2024-01-15T12:00:00.000Z')), '2024-01-15T08:00:00.000');
});

test('rejects an invalid date', () => {
  assert.throws(() => formatFechaEmision(new Date('nope')), RangeError);
});
