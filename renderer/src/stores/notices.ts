// Short messages for the cashier (contingency opened, SIAT back, package rejected …).
import { create } from 'zustand';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  id: number;
  tone: NoticeTone;
  text: string;
}

interface NoticesState {
  notices: Notice[];
  push(tone: NoticeTone, text: string): number;
  dismiss(id: number): void;
}

let nextId = 1;
const MAX = 4;

export const useNotices = create<NoticesState>()((set) => ({
  notices: [],
  push(tone, text) {
    const id = nextId++;
    set((s) => ({ notices: [...s.notices, { id, tone, text }].slice(-MAX) }));
    return id;
  },
  dismiss(id) {
    set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
  },
}));
