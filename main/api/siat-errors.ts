// How SIAT's failures reach an API client: unreachable → 503 with what happened; a rejection →
// 422 with SIAT's codes and texts verbatim (STYLE.md 5); a malformed answer → 503.
import { SiatMalformedError, SiatRejectionError, SiatTransportError } from '../siat/errors';
import { ApiError } from './errors';

const TRANSPORT_ES: Record<string, string> = {
  refused: 'conexión rechazada',
  dns: 'no se pudo resolver la dirección',
  timeout: 'tiempo de espera agotado',
  tls: 'error de conexión segura (TLS)',
  reset: 'la conexión se cortó',
  http: 'error del servidor',
};

/**
 * `needsSiat` says, for actions that have no offline fallback, what cannot be done without SIAT
 * (e.g. "registrar un punto de venta requiere SIAT en línea"); it goes into the 503's detail.
 */
export function siatApiError(err: unknown, needsSiat?: string): ApiError | null {
  const why = needsSiat ? `: ${needsSiat}` : '';
  if (err instanceof SiatTransportError) {
    const what = TRANSPORT_ES[err.kind] ?? err.kind;
    return new ApiError(503, 'SIAT_UNAVAILABLE', `SIAT no responde (${what}${err.status ? ` HTTP ${err.status}` : ''}) en ${err.service}/${err.operation}${why}; reintente más tarde`);
  }
  if (err instanceof SiatRejectionError) {
    const first = err.messages[0];
    const detail = first ? `SIAT ${first.codigo}: ${first.descripcion}` : 'SIAT rechazó la solicitud (transaccion=false)';
    return new ApiError(422, 'SIAT_REJECTED', detail, {
      ...(first ? { siatCode: first.codigo } : {}),
      siatMessages: err.messages,
    });
  }
  if (err instanceof SiatMalformedError) {
    return new ApiError(503, 'SIAT_MALFORMED', `SIAT respondió de forma inesperada en ${err.service}/${err.operation}${why}`);
  }
  return null;
}

/** Runs a SIAT-backed action, translating SIAT failures into API errors. */
export async function viaSiat<T>(fn: () => Promise<T>, needsSiat?: string): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw siatApiError(err, needsSiat) ?? err;
  }
}
