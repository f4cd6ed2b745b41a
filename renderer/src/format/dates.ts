// Dates as a person in Bolivia reads them: dd/mm/aaaa, 24-hour clock. The engine sends
// ISO 8601 date-times without zone (seed: ApiResponse.timestamp) in the till's local time,
// so they are formatted from their text, not through Date (no time-zone shift).

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const m = ISO.exec(iso);
  if (!m) return iso;
  return `${m[3]}/${m[2]}/${m[1]}`;
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const m = ISO.exec(iso);
  if (!m) return iso;
  const date = `${m[3]}/${m[2]}/${m[1]}`;
  return m[4] ? `${date} ${m[4]}:${m[5]}` : date;
}

/**
 * An instant with a zone (toISOString's "…Z", as batches carry) in the till's local time,
 * dd/mm/aaaa hh:mm; a date-time without zone is read as local already (formatDateTime).
 */
export function formatInstant(iso: string | null | undefined): string {
  if (!iso) return '—';
  if (!/(?:Z|[+-]\d{2}:?\d{2})$/.test(iso)) return formatDateTime(iso);
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** Parses an ISO date-time without zone as local time. */
export function parseLocal(iso: string): Date | null {
  const m = ISO.exec(iso);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
}

/** "5 h 20 min", "45 min", "vencido". */
export function formatRemaining(untilIso: string, now: Date): string {
  const until = parseLocal(untilIso);
  if (!until) return '—';
  const ms = until.getTime() - now.getTime();
  if (ms <= 0) return 'vencido';
  const totalMin = Math.floor(ms / 60000);
  const h = Math.floor(totalMin / 60);
  const min = totalMin % 60;
  return h > 0 ? `${h} h ${min} min` : `${min} min`;
}

/** yyyy-mm-dd of a local date (value of <input type="date">). */
export function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * What a person types in a date field, dd/mm/aaaa (also d/m/aa, dd-mm-aaaa), → yyyy-mm-dd.
 * Native <input type="date"> follows the OS locale (mm/dd/yyyy on an English system), so the
 * till uses text fields with this parser. Empty → ''; invalid → null.
 */
export function parseDateEs(text: string): string | null {
  const t = text.trim();
  if (t === '') return '';
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(t);
  if (!m) return null;
  const d = Number(m[1]);
  const mo = Number(m[2]);
  let y = Number(m[3]);
  if (m[3]!.length === 2) y += 2000;
  const date = new Date(y, mo - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return isoDay(date);
}
