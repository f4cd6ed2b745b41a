// What SIAT's answers say of one invoice sent online (issue 32, docs/decisions/0057): the rules
// that keep one sale from being registered twice. Pure: no I/O, no clock of its own.
//
// - An answer to recepcionFactura that does not say what happened (no codigoEstado, a state that
//   is not a reception verdict) is UNKNOWN: SIAT is asked (verificacionEstadoFactura), never
//   concluded from it.
// - A send that got no answer (time-out, reset, 5xx, malformed) may still be registered by SIAT
//   after the client gave up: SIAT keeps processing a request it received. Until a window after
//   the last such send has passed, "SIAT does not know this CUF" (946) means "not yet", and the
//   invoice is not re-issued (a new CUF for the same number would be a second valid invoice).
// - Only 908 (valid) and 905 (annulled) settle such an invoice before the window; after it, an
//   explicit "unknown CUF" or "received and rejected" lets it be re-issued offline. An answer
//   that is not explicit (no codigoEstado) is never a reason to re-issue: ask again later.
import type { SiatMessageRecord } from '../store/invoices';
import { onlyTransient } from './package-reception';
import { ALREADY_REGISTERED } from './package-verdict';

/** SIAT's "the CUF does not exist" (CONTRACT §6): it has not registered that CUF (yet). */
export const UNKNOWN_CUF = 946;

/**
 * How long after an online send gave up SIAT may still register it. SIAT documents no such
 * bound; chaos tests saw late registrations 20 s after the send. Two minutes, counted from the
 * moment the client gave up, covers six times that; the contingency's own limit is 48 h.
 */
export const DEFAULT_SETTLE_WINDOW_MS = 120_000;

/** The parts of a RespuestaServicioFacturacion these rules read. */
export interface OutcomeAnswer {
  codigoEstado?: number | null;
}

/** recepcionFactura's answer, read. */
export type ReceptionVerdict =
  | 'validated' // 908
  | 'already-registered' // only 1000: SIAT has this very CUF (an earlier send's answer was lost)
  | 'transient' // only SIAT's retry-worthy codes: SIAT did not take it
  | 'rejected' // 902/904: SIAT received it and refused it, with its messages
  | 'unknown'; // anything else: the answer does not say what happened — ask SIAT

export function receptionVerdict(res: OutcomeAnswer, messages: SiatMessageRecord[]): ReceptionVerdict {
  if (res.codigoEstado === 908) return 'validated';
  if (messages.length > 0 && messages.every((m) => m.codigo === ALREADY_REGISTERED)) return 'already-registered';
  if (onlyTransient(messages)) return 'transient';
  if (res.codigoEstado === 902 || res.codigoEstado === 904) return 'rejected';
  return 'unknown';
}

/** verificacionEstadoFactura's answer for an invoice whose online outcome is unknown, read. */
export type VerifyVerdict =
  | { kind: 'validated' } // 908 (907: an annulment reverted — valid again)
  | { kind: 'cancelled' } // 905
  | { kind: 'ask-again' } // transient codes, or an answer that says nothing: never a verdict
  | { kind: 'not-yet'; retryAt: number } // SIAT does not have it, but a send may still be registered
  | { kind: 'reissue'; reason: 'unknown-cuf' | 'rejected' }; // window passed: SIAT will not register it

/**
 * `attemptAt`: when the last send with no answer gave up (real clock, ms); `now` the same clock.
 * SIAT states that do not settle the invoice wait for `attemptAt + windowMs`.
 */
export function verifyVerdict(res: OutcomeAnswer, messages: SiatMessageRecord[], attemptAt: number, now: number, windowMs: number): VerifyVerdict {
  if (res.codigoEstado === 908 || res.codigoEstado === 907) return { kind: 'validated' };
  if (res.codigoEstado === 905) return { kind: 'cancelled' };
  if (onlyTransient(messages)) return { kind: 'ask-again' };
  const unknownCuf = messages.some((m) => m.codigo === UNKNOWN_CUF);
  const rejected = !unknownCuf && (res.codigoEstado === 902 || res.codigoEstado === 904) && messages.length > 0;
  if (!unknownCuf && !rejected) return { kind: 'ask-again' };
  const settleAt = attemptAt + windowMs;
  if (now < settleAt) return { kind: 'not-yet', retryAt: settleAt };
  return { kind: 'reissue', reason: unknownCuf ? 'unknown-cuf' : 'rejected' };
}
