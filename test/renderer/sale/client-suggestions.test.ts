import { describe, expect, it } from 'vitest';
import { clientOf, pickedSuggestion } from '../../../renderer/src/sale/client-suggestions';
import type { ClientSuggestion } from '../../../shared/api-types';

const alfa: ClientSuggestion = { documentType: 5, documentNumber: '1020304', complement: null, businessName: 'Ferretería Alfa SRL', code: 'ALFA', email: 'compras@alfa.bo', nitValid: true, lastUsedAt: '2026-11-24T10:00:00.000Z' };
const ana: ClientSuggestion = { documentType: 1, documentNumber: '4455667', complement: '1A', businessName: 'Ana Quispe', code: 'AQ', email: null, nitValid: null, lastUsedAt: '2026-11-23T10:00:00.000Z' };

describe('client suggestions', () => {
  it('a document number or a name picked from the list is that client; partial text is not', () => {
    expect(pickedSuggestion([alfa, ana], '1020304', 'number')).toBe(alfa);
    expect(pickedSuggestion([alfa, ana], ' Ana Quispe ', 'name')).toBe(ana);
    expect(pickedSuggestion([alfa, ana], '1020', 'number')).toBeUndefined();
    expect(pickedSuggestion([alfa, ana], 'Ana Quispe', 'number')).toBeUndefined();
  });

  it('fills the whole client: document, complement, name and e-mail', () => {
    expect(clientOf(ana)).toEqual({ documentType: 1, documentNumber: '4455667', complement: '1A', businessName: 'Ana Quispe', email: '' });
    expect(clientOf(alfa).email).toBe('compras@alfa.bo');
  });
});
