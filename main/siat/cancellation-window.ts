// SIAT's term for annulling a document and for reversing an annulment (CONTRACT §5.4): until
// day 9 of the month after the emission (SIAT 934 "anulación fuera de plazo"); export sectors
// 180 days; a reversal once only, within the same term (SIAT 3012). Measured in Bolivia time on
// the calendar of fechaEmision. Pure: the engine checks it before asking SIAT, the simulator
// enforces it. Runs in: engine and SIAT simulator.

/**
 * Export sectors (SIAT's catalog, "EXPORTACIÓN" in the name): 3 comercial de exportación, 4 libre
 * consignación, 20 exportación de minerales, 28 exportación de servicios, 43 exportación de
 * hidrocarburos, 45 exportación precio venta. CONTRACT §5.4: "export sectors 180 days".
 */
export const EXPORT_SECTORS: ReadonlySet<number> = new Set([3, 4, 20, 28, 43, 45]);
export const EXPORT_CANCELLATION_DAYS = 180;
/** The last day of the month after the emission on which SIAT still annuls (CONTRACT §5.4). */
export const CANCELLATION_LAST_DAY = 9;

export interface CancellationTerm {
  /** Last instant, 'yyyy-MM-ddTHH:mm:ss.SSS' Bolivia time, at which SIAT annuls or reverses. */
  deadline: string;
  rule: 'NEXT_MONTH_DAY_9' | 'EXPORT_180_DAYS';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The term of a document issued at `fechaEmision` (Bolivia time, SIAT's form) in `sector`. */
export function cancellationTerm(fechaEmision: string, sector: number): CancellationTerm {
  const y = Number(fechaEmision.slice(0, 4));
  const m = Number(fechaEmision.slice(5, 7));
  const d = Number(fechaEmision.slice(8, 10));
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || m < 1 || m > 12) {
    throw new RangeError(`fechaEmision inválida: ${fechaEmision}`);
  }
  if (EXPORT_SECTORS.has(sector)) {
    const last = new Date(Date.UTC(y, m - 1, d + EXPORT_CANCELLATION_DAYS));
    return { deadline: `${last.getUTCFullYear()}-${pad(last.getUTCMonth() + 1)}-${pad(last.getUTCDate())}T23:59:59.999`, rule: 'EXPORT_180_DAYS' };
  }
  const ny = m === 12 ? y + 1 : y;
  const nm = m === 12 ? 1 : m + 1;
  return { deadline: `${ny}-${pad(nm)}-${pad(CANCELLATION_LAST_DAY)}T23:59:59.999`, rule: 'NEXT_MONTH_DAY_9' };
}

/** True while `nowBolivia` ('yyyy-MM-ddTHH:mm:ss.SSS', Bolivia time) is within the term. */
export function withinCancellationTerm(nowBolivia: string, fechaEmision: string, sector: number): boolean {
  return nowBolivia <= cancellationTerm(fechaEmision, sector).deadline;
}

/** dd/mm/aaaa of a term's deadline, for the person who reads the refusal. */
export function deadlineDateEs(term: CancellationTerm): string {
  return `${term.deadline.slice(8, 10)}/${term.deadline.slice(5, 7)}/${term.deadline.slice(0, 4)}`;
}
