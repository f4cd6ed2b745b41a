// Sector 17, hospitales y clínicas (shared/siat/sectors/README.md).
import { CABECERA_1, DETALLE_BASE, facturaXsd } from './common';
import { int, str } from './fields';
import { insertAfter, own } from './layout';
import type { SectorSpec } from './spec';

const header = [str('serviceMode', 'modalidadServicio', 'Modalidad del servicio', false, 50)];
const line = [
  str('specialty', 'especialidad', 'Especialidad', false, 50),
  str('specialtyDetail', 'especialidadDetalle', 'Detalle de especialidad', false, 200),
  // seed 001 marks it required, yet its hospital sample leaves it out: 0 = no operating room.
  { ...int('nroOperatingRoom', 'nroQuirofanoSalaOperaciones', 'Quirófano / sala', false, 0, 999999), default: 0 },
  str('specialtyDoctor', 'especialidadMedico', 'Especialidad del médico', false, 200),
  str('nameLastNameDoctor', 'nombreApellidoMedico', 'Médico', true, 500),
  int('nitDocumentDoctor', 'nitDocumentoMedico', 'NIT/CI del médico', true, 1, 9999999999999),
  str('nroRegisterDoctor', 'nroMatriculaMedico', 'Matrícula del médico', false, 50),
  int('nroInvoiceDoctor', 'nroFacturaMedico', 'Factura del médico', false, 1, 9999999999),
];

export const HOSPITALES: SectorSpec = {
  code: 17,
  label: 'Hospitales y clínicas',
  tipoFactura: 1,
  // seed 000 lists health services and hospitals apart; SIAT has one sector (17) for both.
  invoiceTypes: [
    { name: 'ELECTRONIC_HEALTH_SERVICE', modalidad: 1 },
    { name: 'ELECTRONIC_HOSPITAL', modalidad: 1 },
    { name: 'COMPUTERIZED_HOSPITAL', modalidad: 2 },
  ],
  header,
  line,
  samples: {
    serviceMode: 'AMBULATORIO',
    specialty: 'CARDIOLOGÍA',
    specialtyDetail: 'Consulta externa',
    nroOperatingRoom: 0,
    specialtyDoctor: 'CARDIÓLOGO',
    nameLastNameDoctor: 'Carlos Rojas Vargas',
    nitDocumentDoctor: 4455667,
    nroRegisterDoctor: 'MAT-1234',
    nroInvoiceDoctor: 15,
  },
  layout: {
    cabecera: insertAfter(CABECERA_1, 'codigoCliente', own(header, 'modalidadServicio')),
    detalle: insertAfter(
      DETALLE_BASE,
      'descripcion',
      own(line, 'especialidad', 'especialidadDetalle', 'nroQuirofanoSalaOperaciones', 'especialidadMedico', 'nombreApellidoMedico', 'nitDocumentoMedico', 'nroMatriculaMedico', 'nroFacturaMedico'),
    ),
  },
  xsd: facturaXsd('HospitalClinica'),
  till: { sells: true },
};
