// The request fields each SIAT document sector adds to a sale (issue #12): one declaration that
// drives the API's JSON schemas (shared/api/invoice.ts), the engine's validation and XML
// (main/invoicing/sectors/), the till's form (renderer/src/sale/) and the printed documents.
// Names are English camelCase; where seed 001 names a field (nameStudent, billedPeriod, nitSet,
// serviceMode, nroOperatingRoom …) its name is used. `xml` is SIAT's element name.
// Sources: ../shared/siat/sectors/README.md, CONTRACT.md §9.2–9.3, docs/sectors.md.

export type SectorFieldKind = 'string' | 'integer' | 'amount' | 'dateTime';

export interface SectorField {
  /** API name (request body and stored JSON). */
  readonly key: string;
  /** SIAT's XML element. */
  readonly xml: string;
  readonly kind: SectorFieldKind;
  readonly required: boolean;
  /** What the till's form and the printed invoice call it (es-BO). */
  readonly label: string;
  readonly maxLength?: number;
  /**
   * A text field the seed types as an integer (numberSerial, numberImei): the request may send
   * either; it is kept as text (an IMEI's 15 digits exact) and a digits-only value is answered
   * as a number in the sector style (issue 28, item 6).
   */
  readonly integerToo?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  /** Written when the request leaves the field out (the element is then never nil). */
  readonly default?: number;
}

export interface SectorFields {
  /** SIAT codigoDocumentoSector. */
  readonly sector: number;
  /** Short es-BO name for menus and the printed title. */
  readonly label: string;
  readonly header: readonly SectorField[];
  readonly line: readonly SectorField[];
}

const str = (key: string, xml: string, label: string, required: boolean, maxLength: number): SectorField => ({ key, xml, label, kind: 'string', required, maxLength });
const int = (key: string, xml: string, label: string, required: boolean, minimum: number, maximum: number): SectorField => ({ key, xml, label, kind: 'integer', required, minimum, maximum });
const amount = (key: string, xml: string, label: string, required: boolean): SectorField => ({ key, xml, label, kind: 'amount', required });
const dateTime = (key: string, xml: string, label: string, required: boolean): SectorField => ({ key, xml, label, kind: 'dateTime', required });

const SERIAL_LINE: readonly SectorField[] = [
  { ...str('numberSerial', 'numeroSerie', 'N.º de serie', false, 1500), integerToo: true },
  { ...str('numberImei', 'numeroImei', 'IMEI', false, 1500), integerToo: true },
];

export const SECTOR_FIELDS: readonly SectorFields[] = [
  { sector: 1, label: 'Compra-venta', header: [], line: SERIAL_LINE },
  {
    sector: 3,
    label: 'Exportación',
    header: [
      str('buyerAddress', 'direccionComprador', 'Dirección del comprador', true, 500),
      str('incoterm', 'incoterm', 'INCOTERM', true, 3),
      str('incotermDetail', 'incotermDetalle', 'Detalle INCOTERM', true, 500),
      str('destinationPort', 'puertoDestino', 'Puerto de destino', true, 500),
      str('destinationPlace', 'lugarDestino', 'Lugar de destino', true, 500),
      int('countryCode', 'codigoPais', 'País de destino', true, 1, 999),
      str('nationalCosts', 'costosGastosNacionales', 'Gastos nacionales (detalle)', false, 5000),
      amount('totalNationalCostsFob', 'totalGastosNacionalesFob', 'Total gastos nacionales FOB', false),
      str('internationalCosts', 'costosGastosInternacionales', 'Gastos internacionales (detalle)', false, 5000),
      amount('totalInternationalCosts', 'totalGastosInternacionales', 'Total gastos internacionales', false),
      str('packagesDescription', 'numeroDescripcionPaquetesBultos', 'Paquetes o bultos', false, 500),
      str('additionalInformation', 'informacionAdicional', 'Información adicional', false, 500),
    ],
    line: [str('nandinaCode', 'codigoNandina', 'Código NANDINA', true, 20)],
  },
  { sector: 5, label: 'Zona franca', header: [str('receptionPartNumber', 'numeroParteRecepcion', 'N.º de parte de recepción', false, 100)], line: [] },
  { sector: 8, label: 'Tasa cero', header: [], line: [] },
  {
    sector: 11,
    label: 'Sector educativo',
    header: [str('nameStudent', 'nombreEstudiante', 'Estudiante', true, 500), str('billedPeriod', 'periodoFacturado', 'Periodo facturado', true, 50)],
    line: [],
  },
  {
    sector: 13,
    label: 'Servicios básicos',
    header: [
      str('month', 'mes', 'Mes', false, 15),
      int('year', 'gestion', 'Gestión', false, 2000, 2100),
      str('city', 'ciudad', 'Ciudad', false, 100),
      str('zone', 'zona', 'Zona', false, 100),
      str('meterNumber', 'numeroMedidor', 'N.º de medidor', true, 100),
      str('clientAddress', 'domicilioCliente', 'Domicilio del cliente', false, 500),
      amount('periodConsumption', 'consumoPeriodo', 'Consumo del periodo', false),
      int('law1886Beneficiary', 'beneficiarioLey1886', 'Beneficiario Ley 1886', false, 0, 9999999999),
      amount('law1886Discount', 'montoDescuentoLey1886', 'Descuento Ley 1886', false),
      amount('dignityTariffDiscount', 'montoDescuentoTarifaDignidad', 'Descuento tarifa dignidad', false),
      amount('cleaningFee', 'tasaAseo', 'Tasa de aseo', false),
      amount('lightingFee', 'tasaAlumbrado', 'Tasa de alumbrado', false),
      amount('adjustmentNotSubjectToVat', 'ajusteNoSujetoIva', 'Ajuste no sujeto a IVA', false),
      str('adjustmentNotSubjectToVatDetail', 'detalleAjusteNoSujetoIva', 'Detalle ajuste no sujeto a IVA', false, 5000),
      amount('adjustmentSubjectToVat', 'ajusteSujetoIva', 'Ajuste sujeto a IVA', false),
      str('adjustmentSubjectToVatDetail', 'detalleAjusteSujetoIva', 'Detalle ajuste sujeto a IVA', false, 5000),
      amount('otherPaymentsNotSubjectToVat', 'otrosPagosNoSujetoIva', 'Otros pagos no sujetos a IVA', false),
      str('otherPaymentsNotSubjectToVatDetail', 'detalleOtrosPagosNoSujetoIva', 'Detalle otros pagos', false, 5000),
      amount('otherFees', 'otrasTasas', 'Otras tasas', false),
    ],
    line: [],
  },
  { sector: 15, label: 'Entidades financieras', header: [amount('financialLeaseTotal', 'montoTotalArrendamientoFinanciero', 'Total arrendamiento financiero', false)], line: [] },
  {
    sector: 16,
    label: 'Hoteles',
    header: [
      int('guests', 'cantidadHuespedes', 'Huéspedes', false, 0, 9999),
      int('rooms', 'cantidadHabitaciones', 'Habitaciones', false, 0, 9999),
      int('adults', 'cantidadMayores', 'Mayores', false, 0, 9999),
      int('minors', 'cantidadMenores', 'Menores', false, 0, 9999),
      dateTime('checkInDate', 'fechaIngresoHospedaje', 'Fecha de ingreso', true),
    ],
    line: [int('roomTypeCode', 'codigoTipoHabitacion', 'Tipo de habitación', false, 1, 999), str('guestsDetail', 'detalleHuespedes', 'Detalle de huéspedes', false, 5000)],
  },
  {
    sector: 17,
    label: 'Hospitales y clínicas',
    header: [str('serviceMode', 'modalidadServicio', 'Modalidad del servicio', false, 50)],
    line: [
      str('specialty', 'especialidad', 'Especialidad', false, 50),
      str('specialtyDetail', 'especialidadDetalle', 'Detalle de especialidad', false, 200),
      // seed 001 marks it required, yet its hospital sample leaves it out: 0 = no operating room.
      { ...int('nroOperatingRoom', 'nroQuirofanoSalaOperaciones', 'Quirófano / sala', false, 0, 999999), default: 0 },
      str('specialtyDoctor', 'especialidadMedico', 'Especialidad del médico', false, 200),
      str('nameLastNameDoctor', 'nombreApellidoMedico', 'Médico', true, 200),
      int('nitDocumentDoctor', 'nitDocumentoMedico', 'NIT/CI del médico', true, 1, 9999999999999),
      str('nroRegisterDoctor', 'nroMatriculaMedico', 'Matrícula del médico', false, 50),
      int('nroInvoiceDoctor', 'nroFacturaMedico', 'Factura del médico', false, 1, 9999999999),
    ],
  },
  {
    sector: 18,
    label: 'Juegos de azar',
    header: [amount('gamesTotal', 'montoTotalIj', 'Total IJ', true), amount('gamesTotalSubjectToIpj', 'montoTotalSujetoIpj', 'Total sujeto a IPJ', true)],
    line: [],
  },
  { sector: 22, label: 'Telecomunicaciones', header: [int('nitSet', 'nitConjunto', 'NIT conjunto', false, 1, 9999999999999)], line: SERIAL_LINE },
  {
    sector: 24,
    label: 'Nota de crédito-débito',
    header: [],
    line: [],
  },
  {
    sector: 30,
    label: 'Boleto aéreo',
    header: [
      str('passengerName', 'nombrePasajero', 'Pasajero', true, 500),
      str('passengerDocument', 'numeroDocumentoPasajero', 'Documento del pasajero', false, 20),
      int('airlineIataCode', 'codigoIataLineaAerea', 'Código IATA de la aerolínea', true, 1, 9999),
      str('travelAgentIataCode', 'codigoIataAgenteViajes', 'Código IATA de la agencia', false, 20),
      int('travelAgentNit', 'nitAgenteViajes', 'NIT de la agencia', false, 1, 9999999999999),
      str('serviceOrigin', 'codigoOrigenServicio', 'Origen del servicio', true, 3),
      amount('fareAmount', 'montoTarifa', 'Tarifa', true),
      str('transactionType', 'codigoTipoTransaccion', 'Tipo de transacción', true, 10),
    ],
    line: [],
  },
  { sector: 34, label: 'Seguros', header: [amount('vatAdjustment', 'ajusteAfectacionIva', 'Ajuste afectación IVA', true)], line: [] },
  { sector: 35, label: 'Compra-venta con bonificaciones', header: [], line: SERIAL_LINE },
];

export function sectorFields(sector: number): SectorFields | undefined {
  return SECTOR_FIELDS.find((s) => s.sector === sector);
}

/** Every header (or line) field of every sector, once per key: the API schema's optional properties. */
export function allSectorFields(part: 'header' | 'line'): SectorField[] {
  const seen = new Map<string, SectorField>();
  for (const s of SECTOR_FIELDS) for (const f of s[part]) if (!seen.has(f.key)) seen.set(f.key, f);
  return [...seen.values()];
}
