// Errors are values with a code and a message a person can act on (STYLE.md 5). SIAT's codes
// and messages travel up unchanged.
import type { FieldProblem, SiatMessageInfo } from '../../shared/api/envelope';
import type { Role } from '../../shared/till-roles';

export type { FieldProblem };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly extra: { fields?: FieldProblem[]; siatCode?: number; siatMessages?: SiatMessageInfo[]; neededRole?: Role } = {},
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

export const badRequest = (detail: string, fields?: FieldProblem[]) =>
  new ApiError(400, 'BAD_REQUEST', detail, fields ? { fields } : {});
export const notFound = (detail: string) => new ApiError(404, 'NOT_FOUND', detail);
export const conflict = (detail: string) => new ApiError(409, 'CONFLICT', detail);
export const unprocessable = (detail: string, fields?: FieldProblem[]) =>
  new ApiError(422, 'VALIDATION_FAILED', detail, fields ? { fields } : {});

/** Short Spanish label per status, used as the envelope's `message`. */
export function statusMessage(status: number): string {
  switch (status) {
    case 400:
      return 'Solicitud inválida';
    case 401:
      return 'No autorizado';
    case 403:
      return 'Prohibido';
    case 404:
      return 'No encontrado';
    case 409:
      return 'Conflicto';
    case 413:
      return 'Contenido demasiado grande';
    case 414:
      return 'Ruta demasiado larga';
    case 415:
      return 'Tipo de contenido no admitido';
    case 421:
      return 'Nombre de servidor no admitido';
    case 423:
      return 'Bloqueado';
    case 422:
      return 'Validación fallida';
    case 429:
      return 'Demasiadas solicitudes';
    case 503:
      return 'Servicio de impuestos no disponible';
    default:
      return status >= 500 ? 'Error interno' : 'Error';
  }
}
