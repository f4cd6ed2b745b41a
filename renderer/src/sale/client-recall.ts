// A returning client is filled in as soon as the document number matches one exactly (issue 24,
// item 14): at scanner speed too, and when the cashier presses F12 right after the number. The
// suggestions list (client-suggestions.ts) waits for a pause in the typing; this asks at once, for
// every number as it stands, and remembers each answer for the sale. F12 waits for the answer
// about the number on screen (settle) before it checks that the client has a name.
import type { ClientSuggestion } from '../../../shared/api-types';
import { api } from '../api';
import { clientOf, pickedSuggestion } from './client-suggestions';
import { useClient } from './client-store';

/** Shortest number worth asking about (as the suggestions). */
const MIN_CHARS = 2;

/** Fills the whole client from a suggestion; a NIT SIAT already validated comes back as valid. */
export function applySuggestion(s: ClientSuggestion): void {
  useClient.getState().update(clientOf(s));
  if (s.nitValid) useClient.setState((st) => ({ client: { ...st.client, nitStatus: 'valid', nitMessage: 'NIT verificado por el SIAT' } }));
}

export interface ClientRecall {
  /** Starts following the document number; returns the function that stops it. */
  start(): () => void;
  /** Before issuing: the client of the number on screen, if any, is filled in (never throws). */
  settle(): Promise<void>;
}

/** `find` asks the engine for clients by number or name (GET /api/v1/till/clients). */
export function createClientRecall(find: (q: string) => Promise<ClientSuggestion[]>): ClientRecall {
  const asked = new Map<string, Promise<ClientSuggestion | null>>();
  /** What the last recall wrote, so that it can be taken back when the number changes again. */
  let filled: { number: string; name: string; email: string } | null = null;

  const lookup = (number: string): Promise<ClientSuggestion | null> => {
    let p = asked.get(number);
    if (!p) {
      p = Promise.resolve()
        .then(() => find(number))
        .then(
        (list) => pickedSuggestion(list, number, 'number') ?? null,
        () => null, // no answer: the cashier types the name, as before
      );
      asked.set(number, p);
    }
    return p;
  };

  /** The name is still the till's to fill: empty, or what an earlier recall wrote. */
  const nameIsOurs = () => {
    const c = useClient.getState().client;
    return c.businessName.trim() === '' || (filled !== null && c.businessName === filled.name && c.email === filled.email);
  };

  const recall = async (number: string): Promise<void> => {
    if (number.length < MIN_CHARS) return;
    const s = await lookup(number);
    // The number may have changed meanwhile, or the cashier may have typed a name: theirs wins.
    if (!s || useClient.getState().client.documentNumber.trim() !== number || !nameIsOurs()) return;
    applySuggestion(s);
    const c = useClient.getState().client;
    filled = { number, name: c.businessName, email: c.email };
  };

  const onNumber = (number: string) => {
    if (number === '') {
      // A new sale (or an emptied field): clients bought meanwhile are asked afresh.
      asked.clear();
      filled = null;
      return;
    }
    // "1234567" filled Juan, then an "8" was typed: Juan is not the client of "12345678".
    if (filled && filled.number !== number) {
      if (nameIsOurs()) useClient.getState().update({ businessName: '', email: '' });
      filled = null;
    }
    void recall(number);
  };

  return {
    start() {
      onNumber(useClient.getState().client.documentNumber.trim());
      return useClient.subscribe((s, prev) => {
        const number = s.client.documentNumber.trim();
        if (number !== prev.client.documentNumber.trim()) onNumber(number);
      });
    },
    async settle() {
      const c = useClient.getState().client;
      if (c.businessName.trim() !== '') return;
      await recall(c.documentNumber.trim());
    },
  };
}

/** The till's one recall, on the engine's client list. */
export const clientRecall = createClientRecall((q) => api.clientSuggestions(q));
