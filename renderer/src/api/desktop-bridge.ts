// The desktop shell's preload exposes `window.kipu` (shared/ipc.ts); in browser mode it is absent.
// In api/ with the engine's client: both are the renderer's way out of the window, and features
// (Configuración's versions, the update notice) reach it without importing app/.
import type { KipuBridge } from '../../../shared/ipc';

export function desktopBridge(): KipuBridge | null {
  const w = globalThis as unknown as { kipu?: KipuBridge };
  return w.kipu ?? null;
}
