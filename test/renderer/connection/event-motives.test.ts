// Manual contingency offers only the events the till covers offline (issue 24, item 16): 5–7
// need a CAFC booklet and go through "Facturas manuales (CAFC)".
import { describe, expect, it } from 'vitest';
import { activeEventSummary, manualEventReasons } from '../../../renderer/src/connection/event-motives';

describe('manualEventReasons', () => {
  it('keeps motives 1–4 of SIAT’s synced catalog and leaves 5–7 to the CAFC flow', () => {
    const catalog = [1, 2, 3, 4, 5, 6, 7].map((codigo) => ({ codigo, descripcion: `EVENTO ${codigo}` }));
    expect(manualEventReasons(catalog).map((r) => r.codigo)).toEqual([1, 2, 3, 4]);
  });
});

// Walk of 28/11 (session 15): the status bar read «Evento local (motivo 2) desde …», cut off at
// 1024 px before the time: a code and a word («local») the cashier cannot act on.
describe('activeEventSummary (status bar)', () => {
  const ev = { codigoEventoSiat: null, codigoMotivo: 2, descripcionMotivo: 'INACCESIBILIDAD AL SERVICIO WEB DE LA ADMINISTRACIÓN TRIBUTARIA', fechaInicio: '2026-11-28T03:38:12' };
  // 07:40 UTC is 03:40 in Bolivia, the same day.
  const now = new Date('2026-11-28T07:40:00Z');

  it('says since when the till sells offline in words, the hour alone when it is today (short enough for 1024 px)', () => {
    const s = activeEventSummary(ev, now);
    expect(s.text).toBe('Desde las 03:38');
    expect(s.text).not.toMatch(/motivo|local/);
    expect(s.title).toBe('Evento significativo aún sin registrar en el SIAT · motivo 2 – INACCESIBILIDAD AL SERVICIO WEB DE LA ADMINISTRACIÓN TRIBUTARIA');
  });

  it('an event from an earlier day gives its date; a registered one its SIAT number in the tooltip', () => {
    const s = activeEventSummary({ ...ev, codigoEventoSiat: 12822801, fechaInicio: '2026-11-27T18:05:00' }, now);
    expect(s.text).toBe('Desde el 27/11/2026 18:05');
    expect(s.title).toMatch(/^Evento significativo registrado en el SIAT con el N° 12822801 · motivo 2/);
  });
});
