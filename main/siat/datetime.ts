// SIAT date-times (CONTRACT §3.3, §1.6): requests carry `yyyy-MM-ddTHH:mm:ss.SSS` without a
// zone, read as Bolivia local time (UTC-4 all year, no DST; §0.3 notes the zone is common
// practice, not documented). Answers like fechaVigencia carry the offset (`…-04:00`).

const BOLIVIA_OFFSET_MS = -4 * 60 * 60 * 1000;

/** `2021-10-06T16:03:48.675` in Bolivia time. */
export function formatSiatDateTime(date: Date): string {
  return new Date(date.getTime() + BOLIVIA_OFFSET_MS).toISOString().slice(0, 23);
}

/** `2026-01-27T12:15:22.082-04:00`, the shape of fechaVigencia (§1.5). */
export function formatSiatDateTimeWithOffset(date: Date): string {
  return `${formatSiatDateTime(date)}-04:00`;
}

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

/**
 * Parses a SIAT date-time. Text without a zone is Bolivia time; text with `Z` or an offset is
 * taken as written. Returns null for anything else (SIAT answers 943/1035 to bad formats).
 */
export function parseSiatDateTime(text: string): Date | null {
  const t = text.trim();
  const local = LOCAL_RE.exec(t);
  if (local) {
    const [, y, mo, d, h, mi, s, frac] = local;
    const ms = Number(((frac ?? '') + '000').slice(0, 3));
    const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0), ms);
    const date = new Date(utc - BOLIVIA_OFFSET_MS);
    // Reject impossible calendar values (2021-02-31 …) that Date.UTC would roll over.
    if (formatSiatDateTime(date).slice(0, 16) !== `${y}-${mo}-${d}T${h}:${mi}`) return null;
    return date;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(t)) {
    const ms = Date.parse(t);
    return Number.isNaN(ms) ? null : new Date(ms);
  }
  return null;
}

/** The Bolivia calendar date (`yyyy-MM-dd`) of an instant. */
export function siatDate(date: Date): string {
  return formatSiatDateTime(date).slice(0, 10);
}
