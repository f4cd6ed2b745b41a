// Sector 8, tasa cero (books, international freight; shared/siat/sectors/README.md).
import { CABECERA_1, DETALLE_BASE, facturaXsd } from './common';
import { el } from './layout';
import type { SectorSpec } from './spec';

export const TASA_CERO: SectorSpec = {
  code: 8,
  label: 'Tasa cero',
  tipoFactura: 2,
  // seed 000 "Zero rate" names it ELECTRONIC_DUTY_FREE; the computerized name is Kipu's (seed 001's routes issue it).
  invoiceTypes: [
    { name: 'ELECTRONIC_DUTY_FREE', modalidad: 1 },
    { name: 'COMPUTERIZED_DUTY_FREE', modalidad: 2 },
  ],
  header: [],
  line: [],
  samples: {},
  // The official layout (two public transcriptions) fixes montoTotalSujetoIva as `0`, not 0.00.
  layout: { cabecera: CABECERA_1.map((e) => (e.name === 'montoTotalSujetoIva' ? el(e.name, 'zero') : e)), detalle: DETALLE_BASE },
  formulas: { sujetoIva: 'zero' },
  xsd: facturaXsd('TasaCero'),
  till: { sells: true },
};
