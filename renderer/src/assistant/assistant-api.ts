// The assistant's calls the till makes (issue 20), on the renderer's one HTTP client: the panel's
// question and SIAT's error guide. Both answer offline (rule cards and a code table in the engine).
import type { AssistantAnswer, SiatErrorResolution } from '../../../shared/api-types';
import { http } from '../api';

export const assistantApi = {
  ask: (mensaje: string) => http.request<AssistantAnswer>('POST', '/api/v1/ai/ask', { json: { mensaje } }),
  resolveError: (codigoError: number, mensajeError?: string, contexto?: string) =>
    http.request<SiatErrorResolution>('POST', '/api/v1/ai/resolve-error', { json: { codigoError, mensajeError, contexto } }),
};
