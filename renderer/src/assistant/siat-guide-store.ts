// The error guide's answers, asked once per SIAT code and message and kept for the session: the
// same rejection shown in the notice, in Facturas and again after a reload costs one request.
import { create } from 'zustand';
import type { SiatErrorResolution } from '../../../shared/api-types';
import type { SiatGuideOperation } from '../../../shared/api/ai';
import { assistantApi } from './assistant-api';

export type GuideEntry = { state: 'loading' } | { state: 'ready'; resolution: SiatErrorResolution } | { state: 'failed' };

interface SiatGuideState {
  entries: Record<string, GuideEntry>;
  load(codigo: number, mensaje: string, operation?: SiatGuideOperation): Promise<void>;
}

/** One answer per code, message and operation: a purchase's 987 reads otherwise than a sale's. */
export function guideKey(codigo: number, mensaje: string, operation: SiatGuideOperation = 'venta'): string {
  return operation === 'venta' ? `${codigo}|${mensaje}` : `${operation}|${codigo}|${mensaje}`;
}

export const useSiatGuides = create<SiatGuideState>()((set, get) => ({
  entries: {},
  async load(codigo, mensaje, operation = 'venta') {
    const key = guideKey(codigo, mensaje, operation);
    const have = get().entries[key];
    if (have && have.state !== 'failed') return;
    set((s) => ({ entries: { ...s.entries, [key]: { state: 'loading' } } }));
    try {
      const resolution = await assistantApi.resolveError(codigo, mensaje.slice(0, 2000) || undefined, operation);
      set((s) => ({ entries: { ...s.entries, [key]: { state: 'ready', resolution } } }));
    } catch {
      // A failed guide is asked again next time it is shown; SIAT's own code and text are still on screen.
      set((s) => ({ entries: { ...s.entries, [key]: { state: 'failed' } } }));
    }
  },
}));
