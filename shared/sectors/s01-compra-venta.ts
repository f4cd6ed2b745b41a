// Sector 1, compra-venta: the sale of goods and services, official SIN XSD (CONTRACT.md §9.1).
import { CABECERA_1, DETALLE_SERIAL, SERIAL_LINE, SERIAL_SAMPLES, facturaXsd } from './common';
import type { SectorSpec } from './spec';

export const COMPRA_VENTA: SectorSpec = {
  code: 1,
  label: 'Compra-venta',
  tipoFactura: 1,
  invoiceTypes: [
    { name: 'ELECTRONIC_SALE', modalidad: 1 },
    { name: 'COMPUTERIZED_SALE', modalidad: 2 },
  ],
  header: [],
  line: SERIAL_LINE,
  samples: SERIAL_SAMPLES,
  layout: { cabecera: CABECERA_1, detalle: DETALLE_SERIAL },
  xsd: facturaXsd('CompraVenta'),
  till: { sells: true },
};
