// Sector 15, entidades financieras (docs/sectors.md): the financial lease enters the total and
// not the IVA base (decision 0047).
import { CABECERA_1, DETALLE_BASE, facturaXsd } from './common';
import { amount } from './fields';
import { insertBefore, own, without } from './layout';
import type { SectorSpec } from './spec';

const header = [amount('financialLeaseTotal', 'montoTotalArrendamientoFinanciero', 'Total arrendamiento financiero', false)];

export const ENTIDADES_FINANCIERAS: SectorSpec = {
  code: 15,
  label: 'Entidades financieras',
  tipoFactura: 1,
  invoiceTypes: [{ name: 'ELECTRONIC_FINANCIAL', modalidad: 1 }],
  header,
  line: [],
  samples: { financialLeaseTotal: 0 },
  layout: { cabecera: without(insertBefore(CABECERA_1, 'montoTotal', own(header, 'montoTotalArrendamientoFinanciero')), 'montoGiftCard'), detalle: DETALLE_BASE },
  formulas: { totals: { montoTotal: 'lines', addedToTotal: ['montoTotalArrendamientoFinanciero'], notSubjectToIva: ['montoTotalArrendamientoFinanciero'] } },
  xsd: facturaXsd('EntidadFinanciera'),
  till: { sells: true },
};
