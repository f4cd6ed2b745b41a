// Sector 22, telecomunicaciones (shared/siat/sectors/README.md).
import { CABECERA_1, DETALLE_SERIAL, SERIAL_LINE, SERIAL_SAMPLES, facturaXsd } from './common';
import { int } from './fields';
import { insertAfter, own } from './layout';
import type { SectorSpec } from './spec';

const header = [int('nitSet', 'nitConjunto', 'NIT conjunto', false, 1, 9999999999999)];

export const TELECOMUNICACIONES: SectorSpec = {
  code: 22,
  label: 'Telecomunicaciones',
  tipoFactura: 1,
  invoiceTypes: [
    { name: 'ELECTRONIC_TELECOM', modalidad: 1 },
    { name: 'COMPUTERIZED_TELECOM', modalidad: 2 },
  ],
  header,
  line: SERIAL_LINE,
  samples: { nitSet: 1020304019, ...SERIAL_SAMPLES },
  layout: { cabecera: insertAfter(CABECERA_1, 'telefono', own(header, 'nitConjunto')), detalle: DETALLE_SERIAL },
  xsd: facturaXsd('Telecomunicacion'),
  till: { sells: true },
};
