// The error guide's answers, asked once per SIAT code and message and kept for the session: the
// same rejection shown in the notice, in Facturas and again after a reload costs one request.
import { create } from 'zustand';
import type { SiatErrorResolution } from '../../../shared/api-types';
import { assistantApi } from './assistant-api';

export type GuideEntry = { state: 'loading' } | { state: 'ready'; resolution: SiatErrorResolution } | { state: 'failed' };

interface SiatGuideState {
  entries: Record<string, GuideEntry>;
  load(codigo: number, mensaje: string): Promise<void>;
}

export function guideKey(codigo: number, mensaje: string): string {
  return `${codigo}|${mensaje}`;
}

export const useSiatGuides = create<SiatGuideState>()((set, get) => ({
  entries: {},
  async load(codigo, mensaje) {
    const key = guideKey(codigo, mensaje);
    const have = get().entries[key];
    if (have && have.state !== 'failed') return;
    set((s) => ({ entries: { ...s.entries, [key]: { state: 'loading' } } }));
    try {
      const resolution = await assistantApi.resolveError(codigo, mensaje.slice(0, 2000) || undefined);
      set((s) => ({ entries: { ...s.entries, [key]: { state: 'ready', resolution } } }));
    } catch {
      // A failed guide is asked again next time it is shown; SIAT's own code and text are still on screen.
      set((s) => ({ entries: { ...s.entries, [key]: { state: 'failed' } } }));
    }
  },
}));
