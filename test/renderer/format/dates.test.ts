import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRemaining, isoDay, parseDateEs } from '../../../renderer/src/format/dates';
import { formatBs } from '../../../shared/money';

describe('es-BO formatting', () => {
  it('formats dates as dd/mm/aaaa without shifting the time zone', () => {
    expect(formatDate('2025-03-07T23:59:59')).toBe('07/03/2025');
    expect(formatDateTime('2025-03-07T08:05:00.123')).toBe('07/03/2025 08:05');
    expect(formatDateTime(null)).toBe('—');
  });

  it('says how long a CUFD remains valid', () => {
    const now = new Date(2025, 2, 7, 10, 0, 0);
    expect(formatRemaining('2025-03-07T15:20:00', now)).toBe('5 h 20 min');
    expect(formatRemaining('2025-03-07T10:45:00', now)).toBe('45 min');
    expect(formatRemaining('2025-03-07T09:00:00', now)).toBe('vencido');
  });

  it('gives the value of a date input', () => {
    expect(isoDay(new Date(2025, 0, 5))).toBe('2025-01-05');
  });

  it('money reads Bs 1.234,50', () => {
    expect(formatBs(123450)).toBe('Bs 1.234,50');
  });
});

describe('typed dates (dd/mm/aaaa)', () => {
  it('reads day first, with 2- or 4-digit years', () => {
    expect(parseDateEs('07/03/2025')).toBe('2025-03-07');
    expect(parseDateEs('7-3-25')).toBe('2025-03-07');
    expect(parseDateEs('')).toBe('');
  });

  it('rejects impossible or partial dates', () => {
    expect(parseDateEs('31/02/2025')).toBeNull();
    expect(parseDateEs('07/03')).toBeNull();
    expect(parseDateEs('2025-03-07')).toBeNull();
  });
});
