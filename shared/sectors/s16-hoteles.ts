// Sector 16, hoteles (docs/sectors.md).
import { CABECERA_1, DETALLE_BASE, facturaXsd } from './common';
import { dateTime, int, str } from './fields';
import { insertAfter, own } from './layout';
import type { SectorSpec } from './spec';

const header = [
  int('guests', 'cantidadHuespedes', 'Huéspedes', false, 0, 9999),
  int('rooms', 'cantidadHabitaciones', 'Habitaciones', false, 0, 9999),
  int('adults', 'cantidadMayores', 'Mayores', false, 0, 9999),
  int('minors', 'cantidadMenores', 'Menores', false, 0, 9999),
  dateTime('checkInDate', 'fechaIngresoHospedaje', 'Fecha de ingreso', true),
];
const line = [int('roomTypeCode', 'codigoTipoHabitacion', 'Tipo de habitación', false, 1, 999), str('guestsDetail', 'detalleHuespedes', 'Detalle de huéspedes', false, 5000)];

export const HOTELES: SectorSpec = {
  code: 16,
  label: 'Hoteles',
  tipoFactura: 1,
  invoiceTypes: [
    { name: 'ELECTRONIC_HOTEL', modalidad: 1 },
    { name: 'COMPUTERIZED_HOTEL', modalidad: 2 },
  ],
  header,
  line,
  samples: {
    guests: 2,
    rooms: 1,
    adults: 2,
    minors: 0,
    checkInDate: '2026-03-10T14:00:00',
    roomTypeCode: 1,
    guestsDetail: '[{"nombreHuesped":"Juan Pérez","documentoIdentificacion":"5115889","codigoPais":"BO"}]',
  },
  layout: {
    cabecera: insertAfter(CABECERA_1, 'codigoCliente', own(header, 'cantidadHuespedes', 'cantidadHabitaciones', 'cantidadMayores', 'cantidadMenores', 'fechaIngresoHospedaje')),
    detalle: insertAfter(insertAfter(DETALLE_BASE, 'codigoProducto', own(line, 'codigoTipoHabitacion')), 'subTotal', own(line, 'detalleHuespedes')),
  },
  xsd: facturaXsd('Hotel'),
  till: { sells: true },
};
