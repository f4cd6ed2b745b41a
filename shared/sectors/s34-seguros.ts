// Sector 34, seguros (docs/sectors.md): ajusteAfectacionIva is the part of the total outside the
// IVA base (decision 0047).
import { CABECERA_1, DETALLE_BASE, facturaXsd } from './common';
import { amount } from './fields';
import { insertAfter, own } from './layout';
import type { SectorSpec } from './spec';

const header = [amount('vatAdjustment', 'ajusteAfectacionIva', 'Ajuste afectación IVA', true)];

export const SEGUROS: SectorSpec = {
  code: 34,
  label: 'Seguros',
  tipoFactura: 1,
  invoiceTypes: [
    { name: 'ELECTRONIC_INSURANCE', modalidad: 1 },
    { name: 'COMPUTERIZED_INSURANCE', modalidad: 2 },
  ],
  header,
  line: [],
  samples: { vatAdjustment: 0 },
  layout: { cabecera: insertAfter(CABECERA_1, 'montoTotal', own(header, 'ajusteAfectacionIva')), detalle: DETALLE_BASE },
  formulas: { totals: { montoTotal: 'lines', addedToTotal: [], notSubjectToIva: ['ajusteAfectacionIva'] } },
  xsd: facturaXsd('Seguros'),
  till: { sells: true },
};
