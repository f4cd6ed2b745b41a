// Focus requests of the sale screen: commands (F2, F4, F6 …) ask, the fields obey.
import { create } from 'zustand';

export type FocusTarget = 'search' | 'client' | 'payment' | 'editor';

interface FocusState {
  target: FocusTarget;
  /** Bumped on every request so the same target can be focused twice. */
  seq: number;
  request(target: FocusTarget): void;
}

export const useFocus = create<FocusState>()((set) => ({
  target: 'search',
  seq: 0,
  request: (target) => set((s) => ({ target, seq: s.seq + 1 })),
}));
