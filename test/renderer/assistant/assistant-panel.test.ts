// Ayuda SIAT rendered (react-dom/server: the suite has no DOM): the card whole with its reference
// and "vigente al" date, the error guide for a SIAT code, the nearest titles when nothing fits.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssistantAnswer, RegulationHit } from '../../../shared/api-types';

vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api: {}, http: { request: vi.fn() }, bindSession: () => undefined, ...errors };
});

const { AssistantAnswerView, AssistantPanel, AssistantPanelView } = await import('../../../renderer/src/assistant/AssistantPanel');
const { INITIAL_ASSISTANT_STATE, useAssistant } = await import('../../../renderer/src/assistant/assistant-store');

const CARD: RegulationHit = {
  tipo: 'ficha',
  id: 'anulacion-plazo',
  fuente: 'fichas-kipu 2026.11/normativas.md',
  titulo: 'Plazo para anular una factura',
  fragmento: 'Una factura emitida se puede anular hasta el día 9 del mes siguiente.\nCada factura se anula por separado.',
  referencia: 'RND 102100000011 (SIN)',
  vigenteAl: '2026-11-24',
  puntaje: 0.9,
  coleccion: 'normativas',
};
const NEAR: RegulationHit = { ...CARD, id: 'anulacion-revertir', titulo: 'Revertir una anulación (una sola vez)' };

function view(answer: AssistantAnswer | null, over: { asked?: string; busy?: boolean; errors?: string[] } = {}): string {
  return renderToStaticMarkup(createElement(AssistantAnswerView, { answer, asked: over.asked ?? null, busy: over.busy ?? false, errors: over.errors ?? [], onPick: () => {} }));
}

function textOf(html: string, testId: string): string {
  const m = new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</(div|h3|p|article)>`).exec(html);
  return (m?.[1] ?? '').replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

beforeEach(() => useAssistant.setState(INITIAL_ASSISTANT_STATE));

describe('the answer', () => {
  it('shows the card whole, with its reference and its date as dd/mm/aaaa', () => {
    const html = view({ tipo: 'ficha', texto: '', respuesta: CARD, guia: null, cercanas: [NEAR] });
    expect(html).toContain('data-kind="ficha"');
    expect(html).toContain('data-card="anulacion-plazo"');
    expect(textOf(html, 'assistant-card-title')).toBe(CARD.titulo);
    expect(textOf(html, 'assistant-card-rule')).toBe(CARD.fragmento);
    expect(textOf(html, 'assistant-reference')).toBe('Referencia: RND 102100000011 (SIN)');
    expect(textOf(html, 'assistant-valid-at')).toBe('Vigente al 24/11/2026');
    expect(html).toContain('Fichas relacionadas');
    expect(html).toContain('data-testid="assistant-nearest" data-card="anulacion-revertir"');
  });

  it('a composed answer shows every card, each with its own reference (issue 31)', () => {
    const other: RegulationHit = { ...CARD, id: 'cliente-99003', titulo: 'Ventas menores del día', referencia: 'Especificación técnica del SIAT según Kipu' };
    const html = view({ tipo: 'ficha', texto: '', respuesta: CARD, respuestas: [CARD, other], guia: null, cercanas: [] });
    expect(html).toContain('data-card="anulacion-plazo"');
    expect(html).toContain('data-card="cliente-99003"');
    expect(html).toContain('Referencia:</strong> RND 102100000011 (SIN)');
    expect(html).toContain('Referencia:</strong> Especificación técnica del SIAT según Kipu');
  });

  it('an answer of several cards says how many above them, each title a link to its card', () => {
    const second: RegulationHit = { ...CARD, id: 'iva-13-incluido', titulo: 'IVA 13 %: ya está incluido en el precio de venta' };
    const html = view({ tipo: 'ficha', texto: '', respuesta: CARD, respuestas: [CARD, second], fueraDeAlcance: [], guia: null, cercanas: [] });
    expect(textOf(html, 'assistant-parts')).toBe(`Responden 2 fichas: ${CARD.titulo} y ${second.titulo}`);
    const one = view({ tipo: 'ficha', texto: '', respuesta: CARD, respuestas: [CARD], fueraDeAlcance: [], guia: null, cercanas: [] });
    expect(one).not.toContain('assistant-parts');
  });

  it('a question about a topic Kipu has no card for names the topic (issue 31)', () => {
    const html = view({ tipo: 'sin-respuesta', texto: '', respuesta: null, respuestas: [], fueraDeAlcance: ['la facturación de otros países'], guia: null, cercanas: [] }, { asked: 'facturar en Perú' });
    expect(textOf(html, 'assistant-no-answer')).toBe('No tengo fichas sobre la facturación de otros países. Kipu no inventa normas: consulte con su contador o con la institución que corresponda.');
    // Two topics, each with a list of its own, are not run into one list.
    const two = view({ tipo: 'sin-respuesta', texto: '', respuesta: null, respuestas: [], fueraDeAlcance: ['el impuesto sobre las utilidades de las empresas (IUE)', 'los impuestos municipales (inmuebles, vehículos, patentes)'], guia: null, cercanas: [] }, { asked: 'patente e iue' });
    expect(textOf(two, 'assistant-no-answer')).toContain('sobre el impuesto sobre las utilidades de las empresas (IUE) ni sobre los impuestos municipales (inmuebles, vehículos, patentes).');
  });

  it('an administrator’s passage names its file and has no reference or date to show', () => {
    const passage: RegulationHit = { ...CARD, tipo: 'pasaje', id: 'rnd.txt#2', fuente: 'rnd.txt', referencia: null, vigenteAl: null, coleccion: 'administrador' };
    const html = view({ tipo: 'pasaje', texto: '', respuesta: passage, guia: null, cercanas: [] });
    expect(html).toContain('Texto del administrador');
    expect(html).toContain('Archivo: rnd.txt');
    expect(html).not.toContain('assistant-reference');
    expect(html).not.toContain('assistant-valid-at');
  });

  it('a question naming a SIAT code shows the error guide with SIAT’s text and the steps', () => {
    const html = view({
      tipo: 'guia',
      texto: '',
      respuesta: null,
      guia: { codigo: 902, descripcionSiat: 'RECEPCION RECHAZADA', explicacion: 'SIAT rechazó la factura.', pasos: ['Lea los mensajes.', 'Emita una nueva.'], conocido: true },
      cercanas: [],
    });
    expect(html).toContain('data-testid="assistant-guide" data-code="902"');
    expect(html).toContain('Código SIAT 902: RECEPCION RECHAZADA');
    expect(html).toContain('<li>Lea los mensajes.</li><li>Emita una nueva.</li>');
    expect(html).not.toContain('data-testid="assistant-card"');
  });

  it('nothing fits: says so with the question, invents nothing and offers the nearest titles', () => {
    const html = view({ tipo: 'sin-respuesta', texto: '', respuesta: null, guia: null, cercanas: [CARD, NEAR] }, { asked: 'receta de salteña' });
    expect(textOf(html, 'assistant-no-answer')).toContain('No encontré una ficha que responda a «receta de salteña»');
    expect(html).toContain('Las fichas más cercanas');
    expect(html.split('data-testid="assistant-nearest"').length - 1).toBe(2);
    expect(html).not.toContain('data-testid="assistant-card"');
  });

  it('a long question is quoted cut short in the refusal (the field above keeps it whole)', () => {
    const asked = `tengo una duda ${'muy larga '.repeat(30)}sobre algo`;
    const text = textOf(view({ tipo: 'sin-respuesta', texto: '', respuesta: null, guia: null, cercanas: [] }, { asked }), 'assistant-no-answer');
    const quoted = text.slice(text.indexOf('«') + 1, text.indexOf('»'));
    expect(quoted.length).toBeLessThanOrEqual(120);
    expect(quoted.endsWith('…')).toBe(true);
    expect(asked.startsWith(quoted.slice(0, -1))).toBe(true);
  });

  it('a question without words shows the engine’s sentence', () => {
    const html = view({ tipo: 'sin-palabras', texto: 'La pregunta no tiene palabras que se puedan buscar.', respuesta: null, guia: null, cercanas: [] });
    expect(textOf(html, 'assistant-no-answer')).toBe('La pregunta no tiene palabras que se puedan buscar.');
  });

  it('an error and the wait are shown; before any question, examples', () => {
    expect(view(null, { errors: ['No se pudo conectar con el motor de Kipu.'] })).toContain('data-testid="assistant-error"');
    expect(view(null, { busy: true })).toContain('Buscando…');
    expect(view(null)).toContain('se cayó el internet');
  });
});

describe('the panel', () => {
  it('renders nothing while closed', () => {
    expect(renderToStaticMarkup(createElement(AssistantPanel))).toBe('');
  });

  it('open: a dialog named Ayuda SIAT with the question field, the store’s question and answer', () => {
    const html = renderToStaticMarkup(
      createElement(AssistantPanelView, { question: '¿plazo para anular?', asked: '¿plazo para anular?', busy: false, errors: [], answer: { tipo: 'ficha', texto: '', respuesta: CARD, guia: null, cercanas: [] } }),
    );
    expect(html).toContain('role="dialog" aria-label="Ayuda SIAT" data-testid="assistant-panel"');
    expect(html).toMatch(/data-testid="assistant-input" value="¿plazo para anular\?"/);
    expect(html).toContain('maxLength="2000"');
    expect(html).toContain('data-card="anulacion-plazo"');
  });
});

describe('Ayuda SIAT at 1024×768 (the panel is 440 px wide)', () => {
  // The suite has no layout engine: these pin the CSS a fresh walk found missing. Buttons are
  // nowrap everywhere else; a related card's long title must wrap inside the panel, and the
  // related cards must stand apart from the card's «Vigente al» line above them.
  const css = readFileSync(join('renderer', 'src', 'app', 'styles.css'), 'utf8');
  const rule = (selector: string): string => {
    const at = css.indexOf(`${selector} {`);
    expect(at, selector).toBeGreaterThanOrEqual(0);
    return css.slice(at, css.indexOf('}', at));
  };

  it('a related card’s title wraps instead of running past the right edge', () => {
    expect(rule('.assistant-nearest button.link')).toMatch(/white-space: normal/);
    expect(rule('.assistant-nearest button.link')).toMatch(/overflow-wrap: anywhere/);
    expect(rule('.assistant-body')).toMatch(/overflow-x: hidden/);
    const html = view({ tipo: 'ficha', texto: '', respuesta: CARD, respuestas: [CARD], fueraDeAlcance: [], guia: null, cercanas: [{ ...NEAR, titulo: 'Qué documento sector (tipo de factura) emite mi negocio' }] });
    expect(html).toMatch(/<div class="assistant-nearest">.*<button class="link"/);
  });

  it('the related cards sit apart from «Vigente al»', () => {
    expect(rule('.assistant-nearest')).toMatch(/margin-top: \.9rem/);
    expect(rule('.assistant-nearest')).toMatch(/border-top/);
  });
});
