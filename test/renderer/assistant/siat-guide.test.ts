// The error guide where errors happen: which SIAT codes a failure carries (SIAT's text unchanged),
// one request per code for the whole session, and what the guide shows.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../../shared/api/routes';

const http = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../renderer/src/api', async () => {
  const errors = await import('../../../renderer/src/api/errors');
  return { api: {}, http, bindSession: () => undefined, ...errors };
});

const { ApiError } = await import('../../../renderer/src/api/errors');
const { siatMessagesOfError, siatMessagesOfInvoice } = await import('../../../renderer/src/assistant/siat-messages');
const { guideKey, useSiatGuides } = await import('../../../renderer/src/assistant/siat-guide-store');
const { SiatErrorGuide, SiatGuideView } = await import('../../../renderer/src/assistant/SiatErrorGuide');

const R1013 = { codigo: 1013, descripcionSiat: 'EL CALCULO DEL MONTO TOTAL ES ERRONEO', explicacion: 'SIAT recalculó el monto total.', pasos: ['Revise cantidades.', 'Emita una factura nueva.'], conocido: true };

beforeEach(() => {
  vi.clearAllMocks();
  useSiatGuides.setState({ entries: {} });
});

describe('SIAT codes of a failure', () => {
  it('an invoice: its messages (the concrete reasons), unique, at most three; else its state code', () => {
    const inv = { siatCode: 902, siatDescription: 'RECHAZADA', siatMessages: [{ codigo: 1013, descripcion: 'EL CALCULO DEL MONTO TOTAL ES ERRONEO' }, { codigo: 1013, descripcion: 'otra vez' }, { codigo: 1, descripcion: 'a' }, { codigo: 2, descripcion: 'b' }, { codigo: 3, descripcion: 'c' }] };
    expect(siatMessagesOfInvoice(inv)).toEqual([
      { codigo: 1013, descripcion: 'EL CALCULO DEL MONTO TOTAL ES ERRONEO' },
      { codigo: 1, descripcion: 'a' },
      { codigo: 2, descripcion: 'b' },
    ]);
    expect(siatMessagesOfInvoice({ siatCode: 902, siatDescription: 'RECEPCION RECHAZADA', siatMessages: [] })).toEqual([{ codigo: 902, descripcion: 'RECEPCION RECHAZADA' }]);
    expect(siatMessagesOfInvoice({ siatCode: null, siatDescription: null, siatMessages: [] })).toEqual([]);
  });

  it('an API error: SIAT’s messages, or its code with the text after "SIAT <code>: "; none without a SIAT code', () => {
    expect(siatMessagesOfError(new ApiError(422, { detail: 'SIAT 989: CUFD NO VIGENTE', siatCode: 989 }))).toEqual([{ codigo: 989, descripcion: 'CUFD NO VIGENTE' }]);
    expect(siatMessagesOfError(new ApiError(422, { detail: 'x', siatCode: 902, siatMessages: [{ codigo: 1037, descripcion: 'NIT INVALIDO' }] }))).toEqual([{ codigo: 1037, descripcion: 'NIT INVALIDO' }]);
    expect(siatMessagesOfError(new ApiError(503, { detail: 'El SIAT no responde' }))).toEqual([]);
    expect(siatMessagesOfError(new Error('boom'))).toEqual([]);
  });
});

describe('guide store', () => {
  it('asks POST /api/v1/ai/resolve-error once per code and message', async () => {
    http.call.mockResolvedValue(R1013);
    await useSiatGuides.getState().load(1013, 'EL CALCULO DEL MONTO TOTAL ES ERRONEO');
    await useSiatGuides.getState().load(1013, 'EL CALCULO DEL MONTO TOTAL ES ERRONEO');
    expect(http.call).toHaveBeenCalledTimes(1);
    expect(http.call).toHaveBeenCalledWith(ROUTES.ai.resolveError, { body: { codigoError: 1013, mensajeError: 'EL CALCULO DEL MONTO TOTAL ES ERRONEO', contexto: undefined } });
    expect(useSiatGuides.getState().entries[guideKey(1013, 'EL CALCULO DEL MONTO TOTAL ES ERRONEO')]).toEqual({ state: 'ready', resolution: R1013 });
  });

  it('a purchase’s guide is asked with its operation and kept apart from a sale’s same code (issue 24, set 12)', async () => {
    http.call.mockResolvedValue({ ...R1013, codigo: 987 });
    await useSiatGuides.getState().load(987, 'NIT INACTIVO', 'compra');
    await useSiatGuides.getState().load(987, 'NIT INACTIVO');
    expect(http.call).toHaveBeenNthCalledWith(1, ROUTES.ai.resolveError, { body: { codigoError: 987, mensajeError: 'NIT INACTIVO', operacion: 'compra' } });
    expect(http.call).toHaveBeenNthCalledWith(2, ROUTES.ai.resolveError, { body: { codigoError: 987, mensajeError: 'NIT INACTIVO' } });
    expect(guideKey(987, 'NIT INACTIVO', 'compra')).not.toBe(guideKey(987, 'NIT INACTIVO'));
  });

  it('a failed request is asked again the next time', async () => {
    http.call.mockRejectedValueOnce(new ApiError(0, {}));
    await useSiatGuides.getState().load(989, 'CUFD');
    expect(useSiatGuides.getState().entries[guideKey(989, 'CUFD')]).toEqual({ state: 'failed' });
    http.call.mockResolvedValueOnce({ ...R1013, codigo: 989 });
    await useSiatGuides.getState().load(989, 'CUFD');
    expect(useSiatGuides.getState().entries[guideKey(989, 'CUFD')]?.state).toBe('ready');
    expect(http.call).toHaveBeenCalledTimes(2);
  });
});

describe('the guide on screen', () => {
  const msg = { codigo: 1013, descripcion: 'EL CALCULO DEL MONTO TOTAL ES ERRONEO' };
  const key = guideKey(1013, msg.descripcion);
  const view = (props: Parameters<typeof SiatGuideView>[0]) => renderToStaticMarkup(createElement(SiatGuideView, props));

  it('SIAT’s code and text verbatim, what it means and the numbered steps', () => {
    const html = view({ messages: [msg], entries: { [key]: { state: 'ready', resolution: R1013 } }, testId: 'invoice-siat-guide' });
    expect(html).toContain('data-testid="invoice-siat-guide" data-codes="1013"');
    expect(html).toContain('data-testid="siat-guide-siat">SIAT 1013: EL CALCULO DEL MONTO TOTAL ES ERRONEO</div>');
    expect(html).toContain('data-testid="siat-guide-explanation">SIAT recalculó el monto total.</p>');
    expect(html).toContain('<li>Revise cantidades.</li><li>Emita una factura nueva.</li>');
  });

  it('without SIAT’s text where the screen already shows it; waiting and failure are said', () => {
    expect(view({ messages: [msg], entries: { [key]: { state: 'ready', resolution: R1013 } }, showSiatText: false })).not.toContain('siat-guide-siat');
    expect(view({ messages: [msg], entries: {} })).toContain('Buscando qué hacer…');
    expect(view({ messages: [msg], entries: { [key]: { state: 'loading' } } })).toContain('Buscando qué hacer…');
    expect(view({ messages: [msg], entries: { [key]: { state: 'failed' } } })).toContain('pregunte por el código 1013');
  });

  it('nothing at all without SIAT codes', () => {
    expect(view({ messages: [], entries: {} })).toBe('');
    expect(renderToStaticMarkup(createElement(SiatErrorGuide, { messages: [] }))).toBe('');
  });
});
