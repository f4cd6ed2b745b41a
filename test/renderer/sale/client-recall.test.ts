// A returning client filled in as soon as the document number matches exactly (issue 24, item 14):
// no pause needed, the answer may come after the last key, F12 waits for it, and a name the
// cashier typed is never overwritten. The engine's client list is a function given to the recall.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientSuggestion } from '../../../shared/api-types';

vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api: {}, http: {}, bindSession: () => undefined, ...errors };
});

const { createClientRecall } = await import('../../../renderer/src/sale/client-recall');
const { useClient } = await import('../../../renderer/src/sale/client-store');

const ana: ClientSuggestion = { documentType: 1, documentNumber: '4433221', complement: null, businessName: 'Ana Quispe', code: '4433221', email: 'ana@correo.bo', nitValid: null, lastUsedAt: '2026-11-24T10:00:00.000Z' };
const alfa: ClientSuggestion = { documentType: 5, documentNumber: '1020304050', complement: null, businessName: 'Ferretería Alfa SRL', code: 'ALFA', email: null, nitValid: true, lastUsedAt: '2026-11-24T10:00:00.000Z' };
const longer: ClientSuggestion = { ...ana, documentNumber: '44332219', businessName: 'Luis Mamani', email: null };

/** The engine's list by prefix of the number, answered when the test says (a slow engine). */
function slowEngine(clients: ClientSuggestion[]) {
  const pending: (() => void)[] = [];
  const asked: string[] = [];
  const find = (q: string) =>
    new Promise<ClientSuggestion[]>((resolve) => {
      asked.push(q);
      pending.push(() => resolve(clients.filter((c) => c.documentNumber.startsWith(q))));
    });
  /** Answers every question asked so far, then lets the till act on the answers. */
  const answerAll = async () => {
    await new Promise((r) => setTimeout(r, 0));
    while (pending.length > 0) pending.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { find, asked, answerAll };
}

/** Keys into the document number, one store update each, as the field's onChange does. */
function typeNumber(text: string, from = '') {
  let v = from;
  for (const ch of text) {
    v += ch;
    useClient.getState().update({ documentNumber: v });
  }
}

let stop: () => void = () => {};
beforeEach(() => useClient.getState().reset());
afterEach(() => stop());

describe('client recall', () => {
  it('fills the name when the answer for the exact number arrives after the last key, with no pause', async () => {
    const engine = slowEngine([ana, longer]);
    const recall = createClientRecall(engine.find);
    stop = recall.start();
    typeNumber('4433221');
    expect(useClient.getState().client.businessName).toBe('');
    await engine.answerAll();
    expect(useClient.getState().client).toMatchObject({ documentNumber: '4433221', businessName: 'Ana Quispe', email: 'ana@correo.bo' });
  });

  it('F12 right after the number waits for its answer (settle)', async () => {
    const engine = slowEngine([ana]);
    const recall = createClientRecall(engine.find);
    stop = recall.start();
    typeNumber('4433221');
    const settled = recall.settle();
    await engine.answerAll();
    await settled;
    expect(useClient.getState().client.businessName).toBe('Ana Quispe');
  });

  it('takes the recalled name back when the number changes to one nobody has', async () => {
    const engine = slowEngine([ana]);
    const recall = createClientRecall(engine.find);
    stop = recall.start();
    typeNumber('4433221');
    await engine.answerAll();
    expect(useClient.getState().client.businessName).toBe('Ana Quispe');
    typeNumber('7', '4433221');
    await engine.answerAll();
    expect(useClient.getState().client).toMatchObject({ documentNumber: '44332217', businessName: '', email: '' });
  });

  it('never overwrites a name the cashier typed', async () => {
    const engine = slowEngine([ana]);
    const recall = createClientRecall(engine.find);
    stop = recall.start();
    useClient.getState().update({ businessName: 'Ana María Quispe' });
    typeNumber('4433221');
    await engine.answerAll();
    expect(useClient.getState().client.businessName).toBe('Ana María Quispe');
  });

  it('a NIT SIAT already validated comes back valid; each number is asked once per sale', async () => {
    const engine = slowEngine([alfa]);
    const recall = createClientRecall(engine.find);
    stop = recall.start();
    typeNumber('1020304050');
    await engine.answerAll();
    expect(useClient.getState().client).toMatchObject({ documentType: 5, businessName: 'Ferretería Alfa SRL', nitStatus: 'valid' });
    await recall.settle();
    expect(engine.asked.filter((q) => q === '1020304050')).toHaveLength(1);
  });

  it('an engine that does not answer leaves the name to the cashier, and settle still resolves', async () => {
    const recall = createClientRecall(() => Promise.reject(new Error('sin conexión')));
    stop = recall.start();
    typeNumber('4433221');
    await recall.settle();
    expect(useClient.getState().client.businessName).toBe('');
  });
});
