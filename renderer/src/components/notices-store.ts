// Short messages for the cashier (contingency opened, SIAT back, package rejected …).
// Errors stay until closed; the rest go away by themselves, so they never pile up over the
// screen (they sat on top of the invoice preview and the printer form).
import { create } from 'zustand';
import type { SiatMessage } from '../../../shared/api-types';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  id: number;
  tone: NoticeTone;
  text: string;
  /** SIAT's codes and texts behind the notice (a rejection): shown verbatim with the error guide. */
  siat?: SiatMessage[];
}

interface NoticesState {
  notices: Notice[];
  push(tone: NoticeTone, text: string, siat?: SiatMessage[]): number;
  dismiss(id: number): void;
  /** Drops every notice of a tone (e.g. the "SIAT lost" warnings once SIAT is back). */
  dismissTone(tone: NoticeTone): void;
}

let nextId = 1;
const MAX = 4;
/** How long a notice stays, by tone (null = until the cashier closes it). */
export const NOTICE_TTL_MS: Record<NoticeTone, number | null> = { info: 6000, success: 6000, warning: 10000, error: null };

/**
 * At most MAX on screen. The oldest passing notice gives way first: an error (a rejected invoice)
 * stays until the cashier closes it, however many "SIAT lost / back" notices follow it.
 */
function capped(list: Notice[]): Notice[] {
  const out = [...list];
  while (out.length > MAX) {
    const passing = out.findIndex((n) => NOTICE_TTL_MS[n.tone] !== null);
    out.splice(passing >= 0 ? passing : 0, 1);
  }
  return out;
}

export const useNotices = create<NoticesState>()((set) => ({
  notices: [],
  push(tone, text, siat) {
    const id = nextId++;
    const notice: Notice = siat && siat.length > 0 ? { id, tone, text, siat } : { id, tone, text };
    set((s) => ({ notices: capped([...s.notices, notice]) }));
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
