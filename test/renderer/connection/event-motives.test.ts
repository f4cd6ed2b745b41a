// Manual contingency offers only the events the till covers offline (issue 24, item 16): 5–7
// need a CAFC booklet and go through "Facturas manuales (CAFC)".
import { describe, expect, it } from 'vitest';
import { manualEventReasons } from '../../../renderer/src/connection/event-motives';

describe('manualEventReasons', () => {
  it('keeps motives 1–4 of SIAT’s synced catalog and leaves 5–7 to the CAFC flow', () => {
    const catalog = [1, 2, 3, 4, 5, 6, 7].map((codigo) => ({ codigo, descripcion: `EVENTO ${codigo}` }));
    expect(manualEventReasons(catalog).map((r) => r.codigo)).toEqual([1, 2, 3, 4]);
  });
});
