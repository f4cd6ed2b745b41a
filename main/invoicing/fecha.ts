// fechaEmision as SIAT wants it: 'yyyy-MM-ddTHH:mm:ss.SSS', no zone (CONTRACT.md §3.3).
// The CUF timestamp is exactly this text (CONTRACT.md §4), so it is produced once and reused.

/** Bolivia time is UTC−4 all year (no daylight saving time). */
const BOLIVIA_OFFSET_MS = -4 * 60 * 60 * 1000;

/**
 * Formats an instant as Bolivian local date-time with milliseconds.
 * `offsetMs` is the difference SIAT clock − local clock kept from `sincronizarFechaHora`
 * (DESIGN.md, SIAT: fechaEmision = local clock + offset).
 */
export function formatFechaEmision(date: Date, offsetMs = 0): string {
  const t = date.getTime();
  if (!Number.isFinite(t)) throw new RangeError('fecha inválida');
  // Shift the instant and read it with the UTC getters: independent of the host's time zone.
  const d = new Date(t + offsetMs + BOLIVIA_OFFSET_MS);
  const year = d.getUTCFullYear();
  if (year < 1000 || year > 9999) throw new RangeError('fecha fuera de rango');
  return (
    `${year}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}` +
    `T${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}` +
    `.${d.getUTCMilliseconds().toString().padStart(3, '0')}`
  );
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}
