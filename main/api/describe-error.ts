// Any failure of a request as a status and the error info both envelopes carry: the API-key
// style's ApiResponse (server.ts) and the envelope style's (routes/envelope-errors.ts).
import type { FastifyError, FastifyRequest } from 'fastify';
import type { ApiErrorInfo } from '../../shared/api/envelope';
import { domainApiError } from './domain-errors';
import { describeValidation } from './validation';

/** SIAT's codes and messages, when the failure carries them, travel in `info` unchanged (STYLE.md 5). */
export function describeError(err: FastifyError & { validationContext?: string }, req: FastifyRequest): { status: number; info: ApiErrorInfo } {
  const known = domainApiError(err);
  if (known) {
    const { fields, siatCode, siatMessages, neededRole } = known.extra;
    return {
      status: known.status,
      info: {
        code: known.code,
        detail: known.detail,
        ...(fields ? { fields } : {}),
        ...(siatCode !== undefined ? { siatCode } : {}),
        ...(siatMessages ? { siatMessages } : {}),
        ...(neededRole ? { neededRole } : {}),
      },
    };
  }
  if (err.validation) {
    const v = describeValidation(err.validation as never, err.validationContext ?? 'body');
    return { status: v.status, info: { code: v.status === 400 ? 'BAD_REQUEST' : 'VALIDATION_FAILED', detail: v.detail, fields: v.fields } };
  }
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
  if (status >= 500) req.log.error({ err }, 'request failed');
  const detail =
    err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError'
      ? 'El cuerpo no es JSON válido'
      : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'El cuerpo JSON está vacío'
        : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? `Tipo de contenido no admitido: ${req.headers['content-type'] ?? '(ninguno)'}`
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'El cuerpo supera el tamaño máximo admitido'
            : status >= 500
              ? 'Error interno del motor; el detalle quedó en el registro'
              : err.message;
  return { status, info: { code: status >= 500 ? 'INTERNAL' : 'BAD_REQUEST', detail } };
}
