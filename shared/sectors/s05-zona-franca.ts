// Sector 5, zona franca (docs/sectors.md): no tax credit, so no IVA base.
import { CABECERA_1, DETALLE_BASE, facturaXsd } from './common';
import { str } from './fields';
import { insertAfter, own } from './layout';
import type { SectorSpec } from './spec';

const header = [str('receptionPartNumber', 'numeroParteRecepcion', 'N.º de parte de recepción', false, 100)];

export const ZONA_FRANCA: SectorSpec = {
  code: 5,
  label: 'Zona franca',
  tipoFactura: 2,
  invoiceTypes: [{ name: 'ELECTRONIC_FREE_ZONE', modalidad: 1 }],
  header,
  line: [],
  samples: { receptionPartNumber: 'PR-2026-0012' },
  layout: { cabecera: insertAfter(CABECERA_1, 'montoTotalMoneda', own(header, 'numeroParteRecepcion')), detalle: DETALLE_BASE },
  formulas: { sujetoIva: 'zero' },
  xsd: facturaXsd('ZonaFranca'),
  till: { sells: true },
};
