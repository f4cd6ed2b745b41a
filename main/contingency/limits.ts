// SIAT's time limits on contingency, as pure functions (docs/decisions/0003-contingency-limits.md).
// - CUFD extension: while SIAT cannot give a new CUFD, the last valid one keeps serving offline
//   issuance "hasta 72 horas" (CONTRACT §5.1.2, §5.4). The start point is undocumented; we count
//   from the moment SIAT issued it (vigencia − 24 h), the conservative reading.
// - Packages: sent at most 48 h after the contingency ends (CONTRACT §5.4; SIAT 983).
import type { CufdRecord } from '../cuis-cufd/cuis-cufd-service';

export const HOUR_MS = 60 * 60 * 1000;
export const CUFD_VALIDITY_MS = 24 * HOUR_MS;
/** CONTRACT §5.4: "CUFD extension when `cufd` is unreachable: up to 72 h". */
export const CUFD_EXTENSION_MS = 72 * HOUR_MS;
/** Offline and CAFC packages: at most 500 documents (CONTRACT §3.6, SIAT 954). */
export const PACKAGE_MAX_INVOICES = 500;

/** When SIAT issued a CUFD (its vigencia minus the 24 h validity). */
export function cufdIssuedAt(c: Pick<CufdRecord, 'fechaVigencia'>): Date {
  return new Date(new Date(c.fechaVigencia).getTime() - CUFD_VALIDITY_MS);
}

/** Last instant at which an offline invoice may still be issued with this CUFD as cufdEvento. */
export function offlineDeadline(c: Pick<CufdRecord, 'fechaVigencia'>): Date {
  return new Date(cufdIssuedAt(c).getTime() + CUFD_EXTENSION_MS);
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
