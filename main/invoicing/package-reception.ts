// What the two pipelines that send packages of invoices to SIAT share (issue 30, item 4): the
// contingency recovery (contingency/recovery/, recepcionPaqueteFactura) and massive emission
// (invoicing/massive/, recepcionMasivaFactura) read SIAT's answer the same way, retry the same
// transient codes, and confirm a 904 invoice by invoice the same way; the online sale
// (online-outcome.ts) retries the same codes. Pure but for the `verify` call it is handed.
import type { SiatMessageRecord } from '../store/invoices';
import type { ReceptionAnswer } from '../siat/operations';
import { isWarning, RETRYABLE_CODES, siatMessagesOf } from '../siat/messages';
import { ALREADY_REGISTERED } from './package-verdict';

/** SIAT answered with only transient codes (database time-out, service unavailable …): retry later. */
export class TransientSiatError extends Error {
  override name = 'TransientSiatError';
}

/** SIAT's messages of an answer, as the invoices keep them. */
export const messagesOf = (res: ReceptionAnswer): SiatMessageRecord[] => siatMessagesOf(res.mensajesList);

/** Only codes worth retrying (RETRYABLE_CODES): SIAT did not take the request. */
export const onlyTransient = (ms: SiatMessageRecord[]) => ms.length > 0 && ms.every((m) => RETRYABLE_CODES.has(m.codigo));

/**
 * 904 names the observed files by `numeroArchivo`, and whether SIAT counts them from 0 or from 1
 * is undocumented (CONTRACT §3.6; docs/decisions/0008). Guessing wrong would mark a valid invoice
 * REJECTED and a rejected one VALIDATED. So the invoices a 904 could mean under either reading
 * are asked about one by one (`verify`: verificacionEstadoFactura of the package's `index`-th
 * invoice): SIAT's answer per CUF decides their state, and the reading it confirms decides where
 * the observations go. Only the flagged files and their neighbours are asked — a handful of
 * calls, on a rare answer. `checkStopped` runs before each call, so a stopping engine ends here.
 */
export async function confirmObserved(
  invoiceCount: number,
  messages: SiatMessageRecord[],
  verify: (index: number) => Promise<ReceptionAnswer>,
  checkStopped: () => void,
): Promise<{ valid: Map<number, boolean>; base: 0 | 1 }> {
  const flagged = new Set(
    messages.filter((m) => m.numeroArchivo !== undefined && !isWarning(m.codigo) && m.advertencia !== true && m.codigo !== ALREADY_REGISTERED).map((m) => m.numeroArchivo!),
  );
  const indices = new Set<number>();
  for (const f of flagged) for (const i of [f, f - 1]) if (i >= 0 && i < invoiceCount) indices.add(i);
  const valid = new Map<number, boolean>();
  for (const i of [...indices].sort((a, b) => a - b)) {
    checkStopped();
    const res = await verify(i);
    if (onlyTransient(messagesOf(res))) throw new TransientSiatError('verificacionEstadoFactura: SIAT transitorio');
    valid.set(i, res.codigoEstado === 908);
  }
  // The reading under which every flagged file is an invoice SIAT did not register.
  const fits = (base: 0 | 1) => [...flagged].every((f) => valid.get(f - base) === false);
  const base: 0 | 1 = fits(0) || !fits(1) ? 0 : 1;
  return { valid, base };
}

/**
 * The pauses of a pipeline's SIAT polling (a package's validation, a back-off): its stop() ends
 * them all at once, so an engine that closes never waits out a poll interval.
 */
export class StoppableSleeps {
  private readonly sleepers = new Set<() => void>();

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.sleepers.delete(done);
        resolve();
      };
      const t = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  /** Ends every pause now. */
  wakeAll(): void {
    for (const wake of this.sleepers) wake();
  }
}
