// The buyer's document on a received invoice, as SIAT judges it at reception (CONTRACT §3.7 and
// §6; CERTIFICATION.md, inspection item 1):
//   1010  document number 0 with montoTotal above Bs 3.000;
//   1037  one of the SIN's special codes (99001, 99002, 99003) as document type NIT without
//         codigoExcepcion 1 — they are nobody's NIT, so only the exception registers them.
// Other NITs are not judged here: whether SIAT refuses an unverified NIT at reception (1037) or
// only warns (2005) is not settled by the sources (README, "What it validates").
// Runs in: SIAT simulator only.

import { CODIGO_EXCEPCION_NIT, isSpecialNit } from '../siat/code-catalog';
import { text, type XmlNode } from './formulas';
import { msg, type SimMessage } from './respond';

/** Bs 3.000 in cents: the most a document-0 invoice may total (1010). */
const ANONYMOUS_LIMIT_CENTS = 300_000n;

/** A decimal amount as cents, or null when it is not one. */
function cents(value: string | null): bigint | null {
  const m = value === null ? null : /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  return m ? BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0')) : null;
}

export function clientDocumentMessages(cab: XmlNode): SimMessage[] {
  const number = text(cab['numeroDocumento']);
  if (number === null) return [];
  const out: SimMessage[] = [];
  const total = cents(text(cab['montoTotal']));
  if (/^0+$/.test(number.trim()) && total !== null && total > ANONYMOUS_LIMIT_CENTS) out.push(msg(1010));
  const type = Number(text(cab['codigoTipoDocumentoIdentidad']));
  if (isSpecialNit(type, number) && text(cab['codigoExcepcion'])?.trim() !== String(CODIGO_EXCEPCION_NIT)) out.push(msg(1037));
  return out;
}
