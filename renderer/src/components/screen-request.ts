// A screen asks the till to open another one (Configuración → Autorización SIN) without importing
// app/: the registry (app/screens.ts) imports every screen, so a screen importing it back would
// be a cycle. app/nav-store.ts listens and opens the screen if this person may see it.
import { create } from 'zustand';

interface ScreenRequestState {
  /** The latest request; `n` tells two requests of the same screen apart. */
  requested: { id: string; n: number } | null;
  open(id: string): void;
}

export const useScreenRequest = create<ScreenRequestState>()((set, get) => ({
  requested: null,
  open: (id) => set({ requested: { id, n: (get().requested?.n ?? 0) + 1 } }),
}));
