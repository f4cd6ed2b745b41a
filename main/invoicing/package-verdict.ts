// SIAT's verdict on a package of invoices (offline contingency packages and massive emission
// alike, CONTRACT §2.4, §3.6), applied to each invoice. 908: all valid. 904/902: per-file messages
// (numeroArchivo): a file with an error is REJECTED with its messages verbatim, unless one of them
// is 1000 (SIAT already registered that very CUF: a resend after a crash) — then it is VALIDATED.
// Files without errors are VALIDATED (warnings kept); on 902 a file without messages of its own
// takes the package's messages. `confirmed` (from verificacionEstadoFactura) overrides the reading
// for the files it covers, and gives the base of numeroArchivo (SIAT's is undocumented).
import type { InvoiceRecord, InvoiceRepository, SiatMessageRecord } from '../store/invoices';
import { isWarning } from '../siat/messages';

/** SIAT's "the CUF is already registered" (CONTRACT §6). */
export const ALREADY_REGISTERED = 1000;

export interface PackageVerdict {
  code: number;
  codigoRecepcion: string | null;
  messages: SiatMessageRecord[];
  confirmed?: { valid: Map<number, boolean>; base: 0 | 1 };
}

/** What the invoices' history says of the package, e.g. "paquete de contingencia". */
export interface PackageWords {
  validated: string;
  alreadyRegistered: string;
  /** When SIAT gave no message for a rejected file. */
  rejected: (code: number) => string;
}

/** Settles every invoice of the package; call inside the transaction that updates the package row. */
export function settleInvoicesOfPackage(
  invoices: Pick<InvoiceRepository, 'setState'>,
  invoiceIds: readonly string[],
  v: PackageVerdict,
  at: string,
  words: PackageWords,
): { outcomes: InvoiceRecord[]; rejected: number } {
  const settle = packageSettler(invoices, v, at, words);
  const outcomes = invoiceIds.map((invoiceId, i) => settle(invoiceId, i));
  return { outcomes, rejected: outcomes.filter((inv) => inv.state === 'REJECTED').length };
}

/**
 * The verdict read once; the function returned settles the package's `i`-th invoice (call it
 * inside a transaction). A massive package settles its invoices in lots with it (decision 0097).
 */
export function packageSettler(
  invoices: Pick<InvoiceRepository, 'setState'>,
  v: PackageVerdict,
  at: string,
  words: PackageWords,
): (invoiceId: string, i: number) => InvoiceRecord {
  const base = v.confirmed?.base ?? 0;
  const byFile = new Map<number, SiatMessageRecord[]>();
  const general: SiatMessageRecord[] = [];
  for (const m of v.messages) {
    if (m.numeroArchivo === undefined || m.numeroArchivo === null) general.push(m);
    else {
      let l = byFile.get(m.numeroArchivo - base);
      if (!l) byFile.set(m.numeroArchivo - base, (l = []));
      l.push(m);
    }
  }
  return (invoiceId, i) => {
    const own = byFile.get(i) ?? [];
    const errors = own.filter((m) => !isWarning(m.codigo) && m.advertencia !== true);
    const already = own.some((m) => m.codigo === ALREADY_REGISTERED);
    const asked = v.confirmed?.valid.get(i);
    const valid = asked ?? (v.code === 908 || already || (errors.length === 0 && (v.code === 904 || own.length > 0)));
    if (valid) {
      return invoices.setState(invoiceId, {
        state: 'VALIDATED',
        siatCode: 908,
        siatDescription: 'VALIDADA',
        siatReceptionCode: v.codigoRecepcion,
        siatMessages: own,
        lastChecked: at,
        detail: already ? words.alreadyRegistered : words.validated,
      });
    }
    const why = own.length > 0 ? own : general;
    return invoices.setState(invoiceId, {
      state: 'REJECTED',
      siatCode: 902,
      siatDescription: 'RECHAZADA',
      siatReceptionCode: v.codigoRecepcion,
      siatMessages: why,
      lastChecked: at,
      detail: why.map((m) => `${m.codigo} ${m.descripcion}`).join('; ') || words.rejected(v.code),
    });
  };
}
