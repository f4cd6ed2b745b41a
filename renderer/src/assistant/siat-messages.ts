// Which SIAT codes a failure carries, with SIAT's text unchanged (STYLE.md rule 5), so the error
// guide can explain each one where the failure is shown.
import type { SiatMessage } from '../../../shared/api-types';
import { ApiError } from '../api/errors';

/** At most this many codes get a guide in one place: the first ones are the concrete reasons. */
export const MAX_GUIDED_CODES = 3;

function unique(list: SiatMessage[]): SiatMessage[] {
  const seen = new Set<number>();
  const out: SiatMessage[] = [];
  for (const m of list) {
    if (typeof m?.codigo !== 'number' || seen.has(m.codigo)) continue;
    seen.add(m.codigo);
    out.push({ codigo: m.codigo, descripcion: m.descripcion ?? '' });
  }
  return out.slice(0, MAX_GUIDED_CODES);
}

/**
 * The SIAT codes of an invoice SIAT answered: its messages (the concrete reasons, e.g. 1013) or,
 * when there are none, the state code itself (902, 904 …).
 */
export function siatMessagesOfInvoice(inv: { siatCode: number | null; siatDescription: string | null; siatMessages: SiatMessage[] }): SiatMessage[] {
  const messages = unique(inv.siatMessages ?? []);
  if (messages.length > 0) return messages;
  return inv.siatCode !== null ? [{ codigo: inv.siatCode, descripcion: inv.siatDescription ?? '' }] : [];
}

/** The SIAT codes of a failed API call (a CUFD request, a sync): none when SIAT did not answer with a code. */
export function siatMessagesOfError(err: unknown): SiatMessage[] {
  if (!(err instanceof ApiError)) return [];
  const messages = unique(err.siatMessages);
  if (messages.length > 0) return messages;
  if (err.siatCode === undefined) return [];
  // The engine words a SIAT rejection "SIAT 989: <SIAT's text>": the text is what follows.
  const text = err.detail.replace(new RegExp(`^SIAT ${err.siatCode}: `), '');
  return [{ codigo: err.siatCode, descripcion: text }];
}
