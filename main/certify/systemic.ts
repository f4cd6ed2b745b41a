// Which failures stop a certification run instead of being counted as a failed step: those that
// would fail every following step the same way and burn the SIN's count (bad token, wrong
// environment or system, SIAT unreachable). Pure.
import { SiatMalformedError, SiatRejectionError, SiatTransportError } from '../siat/errors';
import { IssueError } from '../invoicing/issue-error';
import { CONFIGURATION_ERROR_CODES } from '../siat/messages';

/** What to do about each configuration error (CONFIGURATION_ERROR_CODES says which codes those are). */
const HINTS: Record<number, string> = {
  989: 'el token delegado no es válido o venció: genere otro en el portal del SIN (ambiente piloto) y vuelva a ejecutar certify con --token',
  910: 'el ambiente no corresponde: las pruebas de autorización se hacen en el ambiente de pruebas (piloto) con la URL piloto del SIN',
  911: 'revise --sistema (el código que dio el portal al registrar el sistema)',
  912: 'revise --sistema y --nit: el sistema debe estar asociado a este contribuyente',
  917: 'revise --modalidad (1 electrónica, 2 computarizada): debe ser la registrada en el portal',
};

export interface SiatFailure {
  code: number | null;
  text: string;
}

/** SIAT's own code and text of a failure, unchanged; null when SIAT said nothing (a bug, a local check). */
export function siatFailureOf(err: unknown): SiatFailure {
  if (err instanceof SiatRejectionError) {
    const m = err.messages[0];
    return m ? { code: m.codigo, text: m.descripcion } : { code: null, text: err.message };
  }
  if (err instanceof IssueError && err.siat) {
    const m = err.siat.messages[0];
    return { code: err.siat.code ?? m?.codigo ?? null, text: m?.descripcion ?? err.message };
  }
  return { code: null, text: (err as Error).message };
}

/** The one Spanish message that stops the run, or null when the failure is the step's own. */
export function systemicReason(err: unknown): string | null {
  if (err instanceof SiatTransportError) return `el SIAT no responde (${err.kind}${err.status ? ` ${err.status}` : ''}): revise la URL piloto y la conexión, y vuelva a ejecutar certify para continuar`;
  if (err instanceof SiatMalformedError) return `la URL no responde como el SIAT (${err.message}): revise --url`;
  const f = siatFailureOf(err);
  const messages = err instanceof SiatRejectionError ? err.messages : err instanceof IssueError && err.siat ? err.siat.messages : [];
  const hint = (code: number) => HINTS[code] ?? 'un error de configuración que fallaría igual en cada paso: corríjalo y vuelva a ejecutar certify para continuar';
  for (const m of messages) if (CONFIGURATION_ERROR_CODES.has(m.codigo)) return `SIAT ${m.codigo} «${m.descripcion}»: ${hint(m.codigo)}`;
  if (f.code !== null && CONFIGURATION_ERROR_CODES.has(f.code)) return `SIAT ${f.code} «${f.text}»: ${hint(f.code)}`;
  return null;
}
