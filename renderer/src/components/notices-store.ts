// Short messages for the cashier (contingency opened, SIAT back, package rejected …).
// Errors stay until closed; the rest go away by themselves, so they never pile up over the
// screen (they sat on top of the invoice preview and the printer form).
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
  /** Drops every notice of a tone (e.g. the "SIAT lost" warnings once SIAT is back). */
  dismissTone(tone: NoticeTone): void;
}

let nextId = 1;
const MAX = 4;
/** How long a notice stays, by tone (null = until the cashier closes it). */
export const NOTICE_TTL_MS: Record<NoticeTone, number | null> = { info: 6000, success: 6000, warning: 10000, error: null };

export const useNotices = create<NoticesState>()((set) => ({
  notices: [],
  push(tone, text) {
    const id = nextId++;
    set((s) => ({ notices: [...s.notices, { id, tone, text }].slice(-MAX) }));
    const ttl = NOTICE_TTL_MS[tone];
    if (ttl !== null) setTimeout(() => useNotices.getState().dismiss(id), ttl);
    return id;
  },
  dismiss(id) {
    set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
  },
  dismissTone(tone) {
    set((s) => ({ notices: s.notices.filter((n) => n.tone !== tone) }));
  },
}));
