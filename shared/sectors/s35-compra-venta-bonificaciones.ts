// Sector 35, compra-venta con bonificaciones: sector 1's layout, and a line may be given away
// whole (subTotal 0, CONTRACT.md §9.2).
import { CABECERA_1, DETALLE_SERIAL, SERIAL_LINE, SERIAL_SAMPLES, facturaXsd } from './common';
import type { SectorSpec } from './spec';

export const COMPRA_VENTA_BONIFICACIONES: SectorSpec = {
  code: 35,
  label: 'Compra-venta con bonificaciones',
  tipoFactura: 1,
  // Kipu's names: seed 001's routes issue it and seed 000 does not name it.
  invoiceTypes: [
    { name: 'ELECTRONIC_SALE_BONUS', modalidad: 1 },
    { name: 'COMPUTERIZED_SALE_BONUS', modalidad: 2 },
  ],
  header: [],
  line: SERIAL_LINE,
  samples: SERIAL_SAMPLES,
  layout: { cabecera: CABECERA_1, detalle: DETALLE_SERIAL },
  formulas: { zeroSubtotalLines: true },
  xsd: facturaXsd('CompraVentaBon'),
  till: { sells: true },
};
