// The Ayuda SIAT panel's store: focus given back on close, questions sent to /ai/ask, stale
// answers dropped, nearest cards shown from the answer already received.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../../shared/api/routes';
import type { AssistantAnswer, RegulationHit } from '../../../shared/api-types';

const http = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api: {}, http, bindSession: () => undefined, ...errors };
});

const { ApiError } = await import('../../../renderer/src/api/errors');
const { INITIAL_ASSISTANT_STATE, MAX_QUESTION, useAssistant } = await import('../../../renderer/src/assistant/assistant-store');

export function hit(id: string, over: Partial<RegulationHit> = {}): RegulationHit {
  return {
    tipo: 'ficha',
    id,
    fuente: 'fichas-kipu 2026.11/normativas.md',
    titulo: `Ficha ${id}`,
    fragmento: `Regla de ${id}.`,
    referencia: 'RND 102100000011 (SIN)',
    vigenteAl: '2026-11-24',
    puntaje: 1,
    coleccion: 'normativas',
    ...over,
  };
}

function answer(best: RegulationHit, cercanas: RegulationHit[] = []): AssistantAnswer {
  return { tipo: 'ficha', texto: best.fragmento, respuesta: best, guia: null, cercanas };
}

function focusTarget(connected = true) {
  return { focus: vi.fn(), isConnected: connected };
}

beforeEach(() => {
  vi.clearAllMocks();
  useAssistant.setState(INITIAL_ASSISTANT_STATE);
});

describe('opening and closing', () => {
  it('remembers where the focus was and gives it back on close', () => {
    const field = focusTarget();
    useAssistant.getState().show(field);
    expect(useAssistant.getState().open).toBe(true);
    expect(field.focus).not.toHaveBeenCalled();
    useAssistant.getState().close();
    expect(useAssistant.getState().open).toBe(false);
    expect(field.focus).toHaveBeenCalledTimes(1);
    expect(useAssistant.getState().returnFocus).toBeNull();
  });

  it('toggle opens and closes (F1 twice)', () => {
    const field = focusTarget();
    useAssistant.getState().toggle(field);
    expect(useAssistant.getState().open).toBe(true);
    useAssistant.getState().toggle(focusTarget());
    expect(useAssistant.getState().open).toBe(false);
    expect(field.focus).toHaveBeenCalledTimes(1);
  });

  it('does not focus an element that left the page (the screen changed under the panel)', () => {
    const gone = focusTarget(false);
    useAssistant.getState().show(gone);
    useAssistant.getState().close();
    expect(gone.focus).not.toHaveBeenCalled();
  });

  it('a second show keeps the first place to return to', () => {
    const first = focusTarget();
    useAssistant.getState().show(first);
    useAssistant.getState().show(focusTarget());
    useAssistant.getState().close();
    expect(first.focus).toHaveBeenCalledTimes(1);
  });

  it('keeps the question and the answer across close and open', async () => {
    http.call.mockResolvedValueOnce(answer(hit('anulacion-plazo')));
    useAssistant.getState().show();
    useAssistant.getState().setQuestion('¿hasta cuándo anulo?');
    await useAssistant.getState().ask();
    useAssistant.getState().close();
    useAssistant.getState().show();
    expect(useAssistant.getState().question).toBe('¿hasta cuándo anulo?');
    expect(useAssistant.getState().answer?.respuesta?.id).toBe('anulacion-plazo');
  });
});

describe('asking', () => {
  it('sends the trimmed question to POST /api/v1/ai/ask and keeps the answer with its question', async () => {
    http.call.mockResolvedValueOnce(answer(hit('anulacion-plazo')));
    useAssistant.getState().setQuestion('  ¿Hasta cuándo puedo anular?  ');
    const pending = useAssistant.getState().ask();
    expect(useAssistant.getState().busy).toBe(true);
    await pending;
    expect(http.call).toHaveBeenCalledWith(ROUTES.ai.ask, { body: { mensaje: '¿Hasta cuándo puedo anular?' } });
    const s = useAssistant.getState();
    expect(s.busy).toBe(false);
    expect(s.asked).toBe('¿Hasta cuándo puedo anular?');
    expect(s.answer?.respuesta?.id).toBe('anulacion-plazo');
  });

  it('an empty question asks nothing and says so', async () => {
    useAssistant.getState().setQuestion('   ');
    await useAssistant.getState().ask();
    expect(http.call).not.toHaveBeenCalled();
    expect(useAssistant.getState().errors).toEqual(['Escriba una pregunta.']);
  });

  it('cuts a question at the engine’s limit', () => {
    useAssistant.getState().setQuestion('a'.repeat(MAX_QUESTION + 50));
    expect(useAssistant.getState().question).toHaveLength(MAX_QUESTION);
  });

  it('an engine error is shown in Spanish and the last answer stays', async () => {
    http.call.mockResolvedValueOnce(answer(hit('cufd-vigencia')));
    await useAssistant.getState().ask('¿cuánto dura el cufd?');
    http.call.mockRejectedValueOnce(new ApiError(0, {}));
    await useAssistant.getState().ask('otra');
    const s = useAssistant.getState();
    expect(s.errors).toEqual(['No se pudo conectar con el motor de Kipu. Revise que la aplicación esté en marcha.']);
    expect(s.answer?.respuesta?.id).toBe('cufd-vigencia');
    expect(s.busy).toBe(false);
  });

  it('an answer that arrives after a newer question was asked is dropped', async () => {
    let resolveFirst: (a: AssistantAnswer) => void = () => {};
    http.call.mockImplementationOnce(() => new Promise((r) => (resolveFirst = r)));
    http.call.mockResolvedValueOnce(answer(hit('segunda')));
    const first = useAssistant.getState().ask('primera');
    await useAssistant.getState().ask('segunda');
    resolveFirst(answer(hit('primera')));
    await first;
    expect(useAssistant.getState().answer?.respuesta?.id).toBe('segunda');
    expect(useAssistant.getState().asked).toBe('segunda');
  });
});

describe('nearest cards', () => {
  it('pick shows a nearest card whole without a new request; the previous answer joins the list', async () => {
    http.call.mockResolvedValueOnce(answer(hit('a'), [hit('b'), hit('c')]));
    await useAssistant.getState().ask('pregunta');
    useAssistant.getState().pick('c');
    const a = useAssistant.getState().answer!;
    expect(http.call).toHaveBeenCalledTimes(1);
    expect(a.tipo).toBe('ficha');
    expect(a.respuesta?.id).toBe('c');
    expect(a.cercanas.map((h) => h.id)).toEqual(['a', 'b']);
  });

  it('pick of an unknown id changes nothing', async () => {
    http.call.mockResolvedValueOnce(answer(hit('a'), [hit('b')]));
    await useAssistant.getState().ask('pregunta');
    const before = useAssistant.getState().answer;
    useAssistant.getState().pick('zzz');
    expect(useAssistant.getState().answer).toBe(before);
  });
});
