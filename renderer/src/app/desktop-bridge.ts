// The desktop shell's preload exposes `window.kipu` (shared/ipc.ts); in browser mode it is absent.
import type { KipuBridge } from '../../../shared/ipc';

export function desktopBridge(): KipuBridge | null {
  const w = globalThis as unknown as { kipu?: KipuBridge };
  return w.kipu ?? null;
}
