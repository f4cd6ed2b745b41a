// Sector 11, sectores educativos (shared/siat/sectors/README.md).
import { CABECERA_1, DETALLE_BASE, facturaXsd } from './common';
import { str } from './fields';
import { insertAfter, own } from './layout';
import type { SectorSpec } from './spec';

const header = [str('nameStudent', 'nombreEstudiante', 'Estudiante', true, 500), str('billedPeriod', 'periodoFacturado', 'Periodo facturado', true, 50)];

export const EDUCACION: SectorSpec = {
  code: 11,
  label: 'Sector educativo',
  tipoFactura: 1,
  invoiceTypes: [
    { name: 'ELECTRONIC_SECTOR_EDUCATION', modalidad: 1 },
    { name: 'COMPUTERIZED_SECTOR_EDUCATION', modalidad: 2 },
  ],
  header,
  line: [],
  samples: { nameStudent: 'Ana Quispe Mamani', billedPeriod: 'MARZO 2026' },
  layout: { cabecera: insertAfter(CABECERA_1, 'codigoCliente', own(header, 'nombreEstudiante', 'periodoFacturado')), detalle: DETALLE_BASE },
  xsd: facturaXsd('SectorEducativo'),
  till: { sells: true },
};
