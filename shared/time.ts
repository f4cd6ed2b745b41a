// Bolivia keeps UTC−4 all year (no daylight saving). SIAT's date-times and the API's
// timestamps are written in that local time without a zone: yyyy-MM-ddTHH:mm:ss.SSS.
export const BOLIVIA_OFFSET_MS = -4 * 60 * 60 * 1000;

/** 'yyyy-MM-ddTHH:mm:ss.SSS' in Bolivia time. */
export function toBoliviaIso(date: Date): string {
  return new Date(date.getTime() + BOLIVIA_OFFSET_MS).toISOString().slice(0, 23);
}

/** Parses 'yyyy-MM-ddTHH:mm:ss[.SSS]' as Bolivia time. Returns null when malformed. */
export function fromBoliviaIso(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/.exec(text);
  if (!m) return null;
  const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, Number((m[7] ?? '0').padEnd(3, '0')));
  const d = new Date(ms - BOLIVIA_OFFSET_MS);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** dd/mm/aaaa — how a person in Bolivia reads a date. */
export function formatDateEs(date: Date): string {
  const iso = toBoliviaIso(date);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** 'yyyy-MM-dd': the calendar day in Bolivia at this instant. */
export function boliviaDate(date: Date): string {
  return toBoliviaIso(date).slice(0, 10);
}

/** True for an existing calendar day written 'yyyy-MM-dd' (2026-02-30 is not one). */
export function isIsoDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return d.getUTCFullYear() === +m[1]! && d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!;
}

/** Calendar days from `from` to `to`, both 'yyyy-MM-dd' (negative when `to` is earlier). */
export function daysBetweenDates(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
