// Ayuda SIAT: the side panel's state. F1 opens it from any screen and remembers where the focus
// was, so closing it (Esc) puts the cashier back in the field they were typing in.
import { create } from 'zustand';
import type { AssistantAnswer } from '../../../shared/api-types';
import { describeError } from '../api/errors';
import { assistantApi } from './assistant-api';

/** What the panel needs of the element that had the focus: to give it back. */
export interface FocusTarget {
  focus(): void;
  readonly isConnected?: boolean;
}

/** The engine's limit for a question (shared/api/ai.ts ChatBody). */
export const MAX_QUESTION = 2000;

interface AssistantState {
  open: boolean;
  question: string;
  /** The question the shown answer belongs to. */
  asked: string | null;
  answer: AssistantAnswer | null;
  busy: boolean;
  errors: string[];
  returnFocus: FocusTarget | null;
  show(returnFocus?: FocusTarget | null): void;
  close(): void;
  toggle(returnFocus?: FocusTarget | null): void;
  setQuestion(q: string): void;
  ask(q?: string): Promise<void>;
  /** Shows one of the nearest cards whole (they come with the answer: no new request). */
  pick(id: string): void;
}

export const INITIAL_ASSISTANT_STATE = { open: false, question: '', asked: null, answer: null, busy: false, errors: [] as string[], returnFocus: null };

/** Answers that arrive after a newer question was asked are dropped. */
let seq = 0;

export const useAssistant = create<AssistantState>()((set, get) => ({
  ...INITIAL_ASSISTANT_STATE,

  show(returnFocus = null) {
    if (get().open) return;
    set({ open: true, returnFocus });
  },

  close() {
    const { open, returnFocus } = get();
    if (!open) return;
    set({ open: false, returnFocus: null });
    // The element may be gone (the screen changed under the panel): then the focus stays put.
    if (returnFocus && returnFocus.isConnected !== false) returnFocus.focus();
  },

  toggle(returnFocus = null) {
    if (get().open) get().close();
    else get().show(returnFocus);
  },

  setQuestion(question) {
    set({ question: question.slice(0, MAX_QUESTION) });
  },

  async ask(q) {
    const question = (q ?? get().question).trim();
    if (!question) {
      set({ errors: ['Escriba una pregunta.'] });
      return;
    }
    const mine = ++seq;
    set({ busy: true, errors: [], question });
    try {
      const answer = await assistantApi.ask(question);
      if (mine !== seq) return;
      set({ answer, asked: question, busy: false });
    } catch (err) {
      if (mine !== seq) return;
      set({ errors: describeError(err), busy: false });
    }
  },

  pick(id) {
    const answer = get().answer;
    const hit = answer?.cercanas.find((h) => h.id === id);
    if (!answer || !hit) return;
    const shown = answer.respuestas && answer.respuestas.length > 0 ? answer.respuestas : answer.respuesta ? [answer.respuesta] : [];
    const others = [...shown, ...answer.cercanas.filter((h) => h.id !== id)];
    set({ answer: { tipo: hit.tipo, texto: '', respuesta: hit, respuestas: [hit], guia: null, cercanas: others } });
  },
}));
