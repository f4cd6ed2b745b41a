// Sector 30, boleto aéreo (CONTRACT.md §9.2, go-siat's order; docs/sectors.md): its own
// cabecera and no detalle; SIAT takes it only by massive reception.
import { facturaXsd } from './common';
import { amount, int, str } from './fields';
import { el, own } from './layout';
import type { SectorSpec } from './spec';

const header = [
  str('passengerName', 'nombrePasajero', 'Pasajero', true, 500),
  str('passengerDocument', 'numeroDocumentoPasajero', 'Documento del pasajero', false, 20),
  int('airlineIataCode', 'codigoIataLineaAerea', 'Código IATA de la aerolínea', true, 1, 9999),
  str('travelAgentIataCode', 'codigoIataAgenteViajes', 'Código IATA de la agencia', false, 20),
  int('travelAgentNit', 'nitAgenteViajes', 'NIT de la agencia', false, 1, 9999999999999),
  str('serviceOrigin', 'codigoOrigenServicio', 'Origen del servicio', true, 3),
  amount('fareAmount', 'montoTarifa', 'Tarifa', true),
  str('transactionType', 'codigoTipoTransaccion', 'Tipo de transacción', true, 10),
];

export const BOLETO_AEREO: SectorSpec = {
  code: 30,
  label: 'Boleto aéreo',
  tipoFactura: 4,
  invoiceTypes: [{ name: 'ELECTRONIC_AIRLINE', modalidad: 1 }],
  header,
  line: [],
  samples: {
    passengerName: 'Juan Pérez',
    passengerDocument: '5115889',
    airlineIataCode: 930,
    travelAgentIataCode: '57501234',
    travelAgentNit: 1020304019,
    serviceOrigin: 'NAC',
    fareAmount: 100,
    transactionType: 'EMISION',
  },
  layout: {
    cabecera: [
      el('nitEmisor', 'int'),
      el('numeroFactura', 'int'),
      el('cufd', 'str'),
      el('cuf', 'str'),
      el('codigoSucursal', 'int'),
      el('codigoPuntoVenta', 'int', true),
      el('direccion', 'str'),
      el('fechaEmision', 'dateTime'),
      el('razonSocialEmisor', 'str'),
      el('nombreRazonSocial', 'str', true),
      el('numeroDocumento', 'str'),
      el('codigoTipoDocumentoIdentidad', 'int'),
      ...own(header, 'nombrePasajero', 'numeroDocumentoPasajero', 'codigoIataLineaAerea', 'codigoIataAgenteViajes', 'nitAgenteViajes', 'codigoOrigenServicio'),
      el('codigoMoneda', 'int'),
      el('tipoCambio', 'dec'),
      ...own(header, 'montoTarifa'),
      el('montoTotal', 'dec'),
      el('montoTotalMoneda', 'dec'),
      el('montoTotalSujetoIva', 'dec'),
      el('codigoMetodoPago', 'int'),
      ...own(header, 'codigoTipoTransaccion'),
      el('usuario', 'str'),
      el('leyenda', 'str'),
      el('codigoDocumentoSector', 'int'),
    ],
    detalle: null,
  },
  xsd: facturaXsd('BoletoAereo'),
  till: { sells: false, why: 'el boleto aéreo se emite solo por recepción masiva' },
};
