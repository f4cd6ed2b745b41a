// UI preferences only (STYLE.md: persist only UI preferences; the engine is the source of truth).
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS, localStore } from '../session/local-storage';

interface PrefsState {
  showKeyHints: boolean;
  invoicePageSize: number;
  productPageSize: number;
  setShowKeyHints(v: boolean): void;
}

export const usePrefs = create<PrefsState>()(
  persist(
    (set) => ({
      showKeyHints: true,
      invoicePageSize: 20,
      productPageSize: 20,
      setShowKeyHints: (v) => set({ showKeyHints: v }),
    }),
    { name: STORAGE_KEYS.prefs, storage: createJSONStorage(() => localStore()) },
  ),
);
