// Sector 18, juegos de azar (docs/sectors.md): montoTotalIj enters the total and not the IVA
// base; montoTotalSujetoIpj is taken as sent (no source states its formula; decision 0047).
import { CABECERA_1, DETALLE_BASE, facturaXsd } from './common';
import { amount } from './fields';
import { insertAfter, own, without } from './layout';
import type { SectorSpec } from './spec';

const header = [amount('gamesTotal', 'montoTotalIj', 'Total IJ', true), amount('gamesTotalSubjectToIpj', 'montoTotalSujetoIpj', 'Total sujeto a IPJ', true)];

export const JUEGOS_AZAR: SectorSpec = {
  code: 18,
  label: 'Juegos de azar',
  tipoFactura: 1,
  invoiceTypes: [{ name: 'ELECTRONIC_GAMES_LUCK', modalidad: 1 }],
  header,
  line: [],
  samples: { gamesTotal: 100, gamesTotalSubjectToIpj: 100 },
  layout: { cabecera: without(insertAfter(CABECERA_1, 'montoTotal', own(header, 'montoTotalIj', 'montoTotalSujetoIpj')), 'montoGiftCard'), detalle: DETALLE_BASE },
  formulas: { totals: { montoTotal: 'lines', addedToTotal: ['montoTotalIj'], notSubjectToIva: ['montoTotalIj'] } },
  xsd: facturaXsd('JuegoAzar'),
  till: { sells: true },
};
