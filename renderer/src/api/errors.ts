// Errors of the engine's API as values with a code and a sentence the cashier can act on
// (STYLE.md rule 5). SIAT's code and text travel unchanged up to the screen.
import type { ApiErrorInfo, FieldProblem, SiatMessage } from '../../../shared/api-types';
import { describeField, detailNamesFields } from './field-labels';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly siatCode: number | undefined;
  readonly siatMessages: SiatMessage[];
  readonly fields: FieldProblem[];
  /** ROLE_REQUIRED: the role whose approval the act needs (the approval dialog names it). */
  readonly neededRole: ApiErrorInfo['neededRole'];

  constructor(status: number, info: Partial<ApiErrorInfo> & { detail?: string }, fallback?: string) {
    const detail = info.detail || fallback || defaultDetail(status);
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.code = info.code ?? (status === 0 ? 'NETWORK' : `HTTP_${status}`);
    this.detail = detail;
    this.siatCode = info.siatCode;
    this.siatMessages = info.siatMessages ?? [];
    this.fields = info.fields ?? [];
    this.neededRole = info.neededRole;
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

function defaultDetail(status: number): string {
  if (status === 0) return 'No se pudo conectar con el motor de Kipu. Revise que la aplicación esté en marcha.';
  if (status === 401) return 'La clave de API no es válida o expiró. Ingrese nuevamente.';
  if (status === 403) return 'No tiene permiso para esta operación.';
  if (status === 404) return 'No se encontró el recurso solicitado.';
  if (status === 409) return 'La operación entra en conflicto con el estado actual. Actualice y vuelva a intentar.';
  if (status === 422) return 'Los datos enviados no son válidos.';
  if (status === 503) return 'El servicio del SIAT no responde en este momento.';
  if (status >= 500) return `Error interno del motor (HTTP ${status}).`;
  return `La solicitud falló (HTTP ${status}).`;
}

/**
 * One line per problem, SIAT's first: "SIAT 1013: EL CALCULO DEL MONTO TOTAL ES ERRONEO".
 * Anything that is not an ApiError becomes a generic sentence (never a stack trace).
 */
export function describeError(err: unknown): string[] {
  if (err instanceof ApiError) {
    const lines: string[] = [];
    const siat = err.siatMessages.filter((m) => m && (m.codigo !== undefined || m.descripcion));
    for (const m of siat) lines.push(`SIAT ${m.codigo}: ${m.descripcion}`);
    const fields = err.fields.filter((f) => f?.message);
    if (siat.length === 0 && err.siatCode !== undefined) lines.push(`SIAT ${err.siatCode}: ${err.detail}`);
    // A detail that only spells the fields' paths ("details[5].quantity: …") is said by the
    // fields' own lines below, in words; the engine's detail of a SIAT rejection may already be
    // "SIAT <code>: <text>": once is enough.
    else if (!lines.includes(err.detail) && !(fields.length > 0 && detailNamesFields(err.detail, fields))) lines.unshift(err.detail);
    for (const f of fields) {
      const line = describeField(f);
      if (line && !lines.includes(line) && !lines.includes(f.message)) lines.push(line);
    }
    return lines;
  }
  if (err instanceof Error && err.name === 'AbortError') return ['La operación fue cancelada.'];
  if (err instanceof NoticeError) return [err.message];
  if (err instanceof Error && err.message) return [`Error inesperado: ${err.message}`];
  return ['Error inesperado.'];
}

export function describeErrorText(err: unknown): string {
  return describeError(err).join(' — ');
}

/** A failure the till itself words for the cashier (no file chosen, printer silent): shown as is. */
export class NoticeError extends Error {
  override name = 'NoticeError';
}
