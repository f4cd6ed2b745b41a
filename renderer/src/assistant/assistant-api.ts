// The assistant's calls the till makes (issue 20), on the renderer's one HTTP client: the panel's
// question and SIAT's error guide. Both answer offline (rule cards and a code table in the engine).
import { ROUTES } from '../../../shared/api/routes';
import { http } from '../api';
import type { SiatGuideOperation } from '../../../shared/api/ai';

export const assistantApi = {
  ask: (mensaje: string) => http.call(ROUTES.ai.ask, { body: { mensaje } }),
  /** `operacion`: what was being done (a purchase's guide speaks of the supplier and Compras). */
  resolveError: (codigoError: number, mensajeError?: string, operacion?: SiatGuideOperation) =>
    http.call(ROUTES.ai.resolveError, { body: { codigoError, mensajeError, ...(operacion && operacion !== 'venta' ? { operacion } : {}) } }),
};
