// Clients who bought before, offered while the cashier types a document number or a name
// (GET /api/v1/till/clients, issue #13). Local to the engine: no SIAT call. A pick fills the whole
// client, and a NIT SIAT already validated comes back as valid (no second check).
import { useEffect, useState } from 'react';
import type { ClientSuggestion } from '../../../shared/api-types';
import { api } from '../api';
import type { Client } from './client';

/** Pause in the typing before asking, and the shortest text worth asking about. */
const DELAY_MS = 250;
const MIN_CHARS = 2;

/** Suggestions for `q` (debounced; none for short text); failures just mean no suggestions. */
export function useClientSuggestions(q: string): ClientSuggestion[] {
  const [found, setFound] = useState<ClientSuggestion[]>([]);
  const text = q.trim();
  useEffect(() => {
    if (text.length < MIN_CHARS) {
      setFound([]);
      return;
    }
    let live = true;
    const t = setTimeout(() => {
      api.clientSuggestions(text).then(
        (list) => live && setFound(list),
        () => live && setFound([]),
      );
    }, DELAY_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [text]);
  return found;
}

/** The client a suggestion stands for. */
export function clientOf(s: ClientSuggestion): Partial<Client> {
  return {
    documentType: s.documentType,
    documentNumber: s.documentNumber,
    complement: s.complement ?? '',
    businessName: s.businessName,
    email: s.email ?? '',
  };
}

/** The suggestion the typed text picked from a list (exact document number or name), if any. */
export function pickedSuggestion(list: readonly ClientSuggestion[], typed: string, by: 'number' | 'name'): ClientSuggestion | undefined {
  const t = typed.trim();
  return list.find((s) => (by === 'number' ? s.documentNumber === t : s.businessName === t));
}
