import { afterAll, describe, expect, it } from 'vitest';
import {
  addMonths,
  boliviaMonth,
  boliviaNow,
  formatDate,
  formatDateTime,
  formatMonth,
  formatRemaining,
  parseDateEs,
  parseDateTimeEs,
  parseMonthEs,
  readDateField,
} from '../../../renderer/src/format/dates';
import { formatBs } from '../../../shared/money';

// Node reads process.env.TZ again when it changes: each zone below is the computer's zone for the
// expectations inside it. The formatter must give Bolivia's wall clock (UTC−4) in every one.
const MACHINE_ZONES = ['UTC', 'America/La_Paz', 'Asia/Tokyo', 'America/New_York', 'Europe/Madrid'];
const originalTz = process.env.TZ;
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe.each(MACHINE_ZONES)('on a computer set to %s', (zone) => {
  it('shows a "…Z" instant in Bolivia time (Caja: 02:45 UTC is 22:45 of the day before)', () => {
    process.env.TZ = zone;
    expect(formatDateTime('2026-11-27T02:45:00Z')).toBe('26/11/2026 22:45');
    expect(formatDateTime('2026-11-27T02:45:00.000Z')).toBe('26/11/2026 22:45');
    expect(formatDateTime('2026-11-26T22:45:00-04:00')).toBe('26/11/2026 22:45');
    expect(formatDate('2026-11-27T02:45:00.000Z')).toBe('26/11/2026');
  });

  it('keeps a zone-less date-time (SIAT’s, already Bolivia time) as written', () => {
    process.env.TZ = zone;
    expect(formatDate('2025-03-07T23:59:59')).toBe('07/03/2025');
    expect(formatDateTime('2025-03-07T08:05:00.123')).toBe('07/03/2025 08:05');
    expect(formatDate('2025-03-07')).toBe('07/03/2025');
  });

  it('says how long a CUFD remains valid, its zone-less vigencia read as Bolivia time', () => {
    process.env.TZ = zone;
    const now = new Date('2025-03-07T14:00:00Z'); // 10:00 in La Paz
    expect(formatRemaining('2025-03-07T15:20:00', now)).toBe('5 h 20 min');
    expect(formatRemaining('2025-03-07T10:45:00', now)).toBe('45 min');
    expect(formatRemaining('2025-03-07T09:00:00', now)).toBe('vencido');
  });

  it('tells Bolivia’s clock and month now', () => {
    process.env.TZ = zone;
    const at = new Date('2026-12-01T03:30:00Z'); // still 30/11 23:30 in La Paz
    expect(boliviaNow(at)).toBe('2026-11-30T23:30:00');
    expect(boliviaMonth(at)).toEqual({ year: 2026, month: 11 });
  });

  it('reads typed dates as the day typed', () => {
    process.env.TZ = zone;
    expect(parseDateEs('07/03/2025')).toBe('2025-03-07');
    expect(parseDateTimeEs('26/11/2026 22:45')).toBe('2026-11-26T22:45');
  });
});

describe('es-BO formatting', () => {
  it('shows nothing as a dash and text it cannot read as it came', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDateTime('mañana')).toBe('mañana');
  });

  it('money reads Bs 1.234,50', () => {
    expect(formatBs(123450)).toBe('Bs 1.234,50');
  });
});

describe('typed dates (dd/mm/aaaa)', () => {
  it('reads day first, with 2- or 4-digit years', () => {
    expect(parseDateEs('07/03/2025')).toBe('2025-03-07');
    expect(parseDateEs('7-3-25')).toBe('2025-03-07');
    expect(parseDateEs('29/02/2028')).toBe('2028-02-29');
    expect(parseDateEs('')).toBe('');
  });

  it('rejects impossible or partial dates', () => {
    expect(parseDateEs('31/02/2025')).toBeNull();
    expect(parseDateEs('30/02/2026')).toBeNull();
    expect(parseDateEs('29/02/2026')).toBeNull();
    expect(parseDateEs('07/13/2025')).toBeNull();
    expect(parseDateEs('07/03')).toBeNull();
    expect(parseDateEs('2025-03-07')).toBeNull();
    expect(parseDateEs('11/27/2026')).toBeNull();
  });

  it('says in Spanish why a date field is refused', () => {
    expect(readDateField('30/02/2026', false)).toEqual({ value: null, problem: 'el 30/02/2026 no existe' });
    expect(readDateField('2026-11-26', false)).toEqual({ value: null, problem: 'escriba la fecha como dd/mm/aaaa' });
    expect(readDateField('26/11/2026', false)).toEqual({ value: '2026-11-26', problem: null });
    expect(readDateField('', false)).toEqual({ value: '', problem: null });
    expect(readDateField('26/11/2026', true)).toEqual({ value: null, problem: 'falta la hora (hh:mm)' });
    expect(readDateField('26/11/2026 24:10', true)).toEqual({ value: null, problem: 'la hora 24:10 no existe' });
    expect(readDateField('30/02/2026 10:00', true)).toEqual({ value: null, problem: 'el 30/02/2026 no existe' });
    expect(readDateField('26/11/2026 9:05', true)).toEqual({ value: '2026-11-26T09:05', problem: null });
  });

  it('reads date-times, the time optional for sector fields', () => {
    expect(parseDateTimeEs('03/04/2026 14:30')).toBe('2026-04-03T14:30');
    expect(parseDateTimeEs('03/04/2026')).toBe('2026-04-03T00:00');
    expect(parseDateTimeEs('31/04/2026 14:30')).toBeNull();
  });

  it('reads and steps months as mm/aaaa', () => {
    expect(parseMonthEs('11/2026')).toEqual({ year: 2026, month: 11 });
    expect(parseMonthEs('3/2026')).toEqual({ year: 2026, month: 3 });
    expect(parseMonthEs('13/2026')).toBeNull();
    expect(parseMonthEs('November 2026')).toBeNull();
    expect(formatMonth(2026, 3)).toBe('03/2026');
    expect(addMonths(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
  });
});
