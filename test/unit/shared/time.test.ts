import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boliviaDate, daysBetweenDates, formatDateEs, fromBoliviaIso, isIsoDate, toBoliviaIso } from '../../../shared/time';

test('formats in Bolivia time (UTC−4) with milliseconds, as SIAT wants fechaEmision', () => {
  assert.equal(toBoliviaIso(new Date('2021-10-06T20:03:48.675Z')), '2021-10-06T16:03:48.675');
});

test('crosses midnight and year boundaries backwards', () => {
  assert.equal(toBoliviaIso(new Date('2024-01-01T03:59:59.009Z')), '2023-12-31T23:59:59.009');
});

test('does not depend on the host time zone (no DST in Bolivia)', () => {
  assert.equal(toBoliviaIso(new Date('2024-07-15T12:00:00.000Z')), '2024-07-15T08:00:00.000');
  assert.equal(toBoliviaIso(new Date('2024-01-15T12:00:00.000Z')), '2024-01-15T08:00:00.000');
});

test('parses SIAT date-times back (with or without milliseconds) and rejects malformed text', () => {
  assert.equal(fromBoliviaIso('2021-10-06T16:03:48.675')!.toISOString(), '2021-10-06T20:03:48.675Z');
  assert.equal(fromBoliviaIso('2021-10-06T16:03:48')!.toISOString(), '2021-10-06T20:03:48.000Z');
  assert.equal(fromBoliviaIso('2021-10-06 16:03'), null);
  assert.equal(fromBoliviaIso('2021-10-06T16:03:48.675-04:00'), null);
});

test('dates for people: dd/mm/aaaa', () => {
  assert.equal(formatDateEs(new Date('2024-01-01T03:00:00.000Z')), '31/12/2023');
});

test('the calendar day is Bolivia’s: 02:00 UTC is still the day before', () => {
  assert.equal(boliviaDate(new Date('2026-03-01T02:00:00.000Z')), '2026-02-28');
  assert.equal(boliviaDate(new Date('2026-03-01T04:00:00.000Z')), '2026-03-01');
});

test('ISO dates must exist on the calendar', () => {
  assert.ok(isIsoDate('2028-02-29'));
  for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-1-01', '2026-01-01T00:00', '01/02/2026', '']) assert.ok(!isIsoDate(bad), bad);
});

test('days between calendar dates, across months and backwards', () => {
  assert.equal(daysBetweenDates('2026-02-20', '2026-03-07'), 15);
  assert.equal(daysBetweenDates('2026-03-07', '2026-03-07'), 0);
  assert.equal(daysBetweenDates('2026-03-07', '2026-03-05'), -2);
});
