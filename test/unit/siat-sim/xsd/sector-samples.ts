// Hand-written minimal valid documents, one per sector, for the XSD tests. Each sector's element
// order is written out here from the sources (shared/siat/sectors/README.md, CONTRACT §9.2–9.3,
// go-siat's documents), independently of resources/siat/xsd, so a schema that drifts from the
// layout fails these tests. Values come from the official compra-venta sample (CONTRACT §9.1)
// where the element is shared.

export type Cell = readonly [name: string, value: string | null];

export interface SectorSample {
  sector: number;
  /** Root element of modalidad 1 and 2. */
  roots: readonly [string, string];
  cabecera: Cell[];
  /** Lines of the document; null for a sector without detalle (30). */
  detalle: Cell[] | null;
  /** How many detalle elements the minimal document has (notes need two). */
  lines: number;
  /** A non-nillable element of the sector's own (or, failing that, a shared one) to remove. */
  required: string;
  /** A string element and its maxLength, to overflow by one character. */
  longest: readonly [string, number];
  /** Two adjacent cabecera elements to swap. */
  swap: readonly [string, string];
  /** Lines in two parts (nota de conciliación): `detalle` is written as `original`, then one `adjusted` line. */
  twoParts?: { original: string; adjusted: string; adjustedCells: Cell[] };
}

/** Values of the elements sector 1 shares with the other sectors. */
const V: Record<string, string | null> = {
  nitEmisor: '1003579028',
  razonSocialEmisor: 'Carlos Loza',
  municipio: 'La Paz',
  telefono: '78595684',
  numeroFactura: '1',
  cuf: '44AAEC00DBD34C53C3E2CCE1A3FA7AF1E2A08606A667A75AC82F24C74',
  cufd: 'BQUE+QytqQUDBKVUFOSVRPQkxVRFZNVUFJQ0tCQkFLQ0hBRktBQUE',
  codigoSucursal: '0',
  direccion: 'AV. JORGE LOPEZ #123',
  codigoPuntoVenta: null,
  fechaEmision: '2021-10-06T16:03:48.675',
  nombreRazonSocial: 'Mi razon social',
  codigoTipoDocumentoIdentidad: '1',
  numeroDocumento: '5115889',
  complemento: null,
  codigoCliente: '51158891',
  codigoMetodoPago: '1',
  numeroTarjeta: null,
  montoTotal: '99',
  montoTotalSujetoIva: '99',
  codigoMoneda: '1',
  tipoCambio: '1',
  montoTotalMoneda: '99',
  montoGiftCard: null,
  descuentoAdicional: '1',
  codigoExcepcion: null,
  cafc: null,
  leyenda: 'Ley N° 453: Tienes derecho a recibir información sobre las características y contenidos de los servicios que utilices.',
  usuario: 'pperez',
  actividadEconomica: '451010',
  codigoProductoSin: '49111',
  codigoProducto: 'JN-131231',
  descripcion: 'JUGO DE NARANJA EN VASO',
  cantidad: '1',
  unidadMedida: '1',
  precioUnitario: '100',
  montoDescuento: '0',
  subTotal: '100',
  numeroSerie: null,
  numeroImei: null,
};

/** Cells for `names` in that order: the sector's own value if given, else the shared one. */
function cells(names: string, own: Record<string, string | null> = {}): Cell[] {
  return names.trim().split(/\s+/).map((n): Cell => {
    if (n in own) return [n, own[n]!];
    if (!(n in V)) throw new Error(`sample: no value for ${n}`);
    return [n, V[n]!];
  });
}

const HEAD = 'nitEmisor razonSocialEmisor municipio telefono numeroFactura cuf cufd codigoSucursal direccion codigoPuntoVenta fechaEmision nombreRazonSocial codigoTipoDocumentoIdentidad numeroDocumento complemento codigoCliente';
const PAY = 'codigoMetodoPago numeroTarjeta';
const CURRENCY = 'codigoMoneda tipoCambio montoTotalMoneda';
const TAIL = 'codigoExcepcion cafc leyenda usuario codigoDocumentoSector';
const LINE = 'actividadEconomica codigoProductoSin codigoProducto descripcion cantidad unidadMedida precioUnitario montoDescuento subTotal';

function sample(s: Omit<SectorSample, 'lines'> & { lines?: number }): SectorSample {
  return { lines: 1, ...s, cabecera: s.cabecera.map(([n, v]) => [n, n === 'codigoDocumentoSector' ? String(s.sector) : v]) };
}

const sd = { codigoDocumentoSector: '' };

export const SECTOR_SAMPLES: SectorSample[] = [
  sample({
    sector: 1,
    roots: ['facturaElectronicaCompraVenta', 'facturaComputarizadaCompraVenta'],
    cabecera: cells(`${HEAD} ${PAY} montoTotal montoTotalSujetoIva ${CURRENCY} montoGiftCard descuentoAdicional ${TAIL}`, sd),
    detalle: cells(`${LINE} numeroSerie numeroImei`),
    required: 'usuario',
    longest: ['municipio', 25],
    swap: ['municipio', 'telefono'],
  }),
  sample({
    sector: 2,
    roots: ['facturaElectronicaAlquilerBienInmueble', 'facturaComputarizadaAlquilerBienInmueble'],
    cabecera: cells(`${HEAD} periodoFacturado ${PAY} montoTotal montoTotalSujetoIva ${CURRENCY} descuentoAdicional ${TAIL}`, { ...sd, periodoFacturado: 'MARZO 2026' }),
    detalle: cells(LINE, { descripcion: 'ALQUILER OFICINA 3B' }),
    required: 'periodoFacturado',
    longest: ['periodoFacturado', 50],
    swap: ['codigoCliente', 'periodoFacturado'],
  }),
  sample({
    sector: 3,
    roots: ['facturaElectronicaComercialExportacion', 'facturaComputarizadaComercialExportacion'],
    cabecera: cells(
      `${HEAD.replace('complemento codigoCliente', 'complemento direccionComprador codigoCliente')} incoterm incotermDetalle puertoDestino lugarDestino codigoPais ${PAY}
       montoTotal costosGastosNacionales totalGastosNacionalesFob costosGastosInternacionales totalGastosInternacionales montoDetalle
       montoTotalSujetoIva ${CURRENCY} numeroDescripcionPaquetesBultos informacionAdicional descuentoAdicional ${TAIL}`,
      {
        ...sd, direccionComprador: 'Calle 1, Arica', incoterm: 'FOB', incotermDetalle: 'Libre a bordo', puertoDestino: 'ARICA', lugarDestino: 'Arica, Chile',
        codigoPais: '14', costosGastosNacionales: '{"flete":"10.00"}', totalGastosNacionalesFob: '110', costosGastosInternacionales: null,
        totalGastosInternacionales: null, montoDetalle: '100', montoTotal: '110', montoTotalSujetoIva: '0', montoTotalMoneda: '110',
        numeroDescripcionPaquetesBultos: '1 caja', informacionAdicional: null, descuentoAdicional: null,
      },
    ),
    detalle: cells('actividadEconomica codigoProductoSin codigoProducto codigoNandina descripcion cantidad unidadMedida precioUnitario montoDescuento subTotal', { codigoNandina: '0901.11.00.00' }),
    required: 'codigoNandina',
    longest: ['incoterm', 3],
    swap: ['incoterm', 'incotermDetalle'],
  }),
  sample({
    sector: 5,
    roots: ['facturaElectronicaZonaFranca', 'facturaComputarizadaZonaFranca'],
    cabecera: cells(`${HEAD} ${PAY} montoTotal montoTotalSujetoIva ${CURRENCY} numeroParteRecepcion montoGiftCard descuentoAdicional ${TAIL}`, { ...sd, numeroParteRecepcion: 'PR-2021-0001', montoTotalSujetoIva: '0' }),
    detalle: cells(LINE),
    required: 'montoTotalMoneda',
    longest: ['numeroParteRecepcion', 100],
    swap: ['numeroParteRecepcion', 'montoGiftCard'],
  }),
  sample({
    sector: 8,
    roots: ['facturaElectronicaTasaCero', 'facturaComputarizadaTasaCero'],
    cabecera: cells(`${HEAD} ${PAY} montoTotal montoTotalSujetoIva ${CURRENCY} montoGiftCard descuentoAdicional ${TAIL}`, { ...sd, montoTotalSujetoIva: '0.00' }),
    detalle: cells(LINE, { descripcion: 'LIBRO DE TEXTO' }),
    required: 'montoTotalSujetoIva',
    longest: ['descripcion', 500],
    swap: ['montoTotal', 'montoTotalSujetoIva'],
  }),
  sample({
    sector: 11,
    roots: ['facturaElectronicaSectorEducativo', 'facturaComputarizadaSectorEducativo'],
    cabecera: cells(`${HEAD} nombreEstudiante periodoFacturado ${PAY} montoTotal montoTotalSujetoIva ${CURRENCY} montoGiftCard descuentoAdicional ${TAIL}`, { ...sd, nombreEstudiante: 'Ana Pérez Loza', periodoFacturado: 'MARZO 2024' }),
    detalle: cells(LINE, { descripcion: 'PENSIÓN MARZO' }),
    required: 'nombreEstudiante',
    longest: ['periodoFacturado', 50],
    swap: ['nombreEstudiante', 'periodoFacturado'],
  }),
  sample({
    sector: 13,
    roots: ['facturaElectronicaServicioBasico', 'facturaComputarizadaServicioBasico'],
    cabecera: cells(
      `nitEmisor razonSocialEmisor municipio telefono numeroFactura cuf cufd codigoSucursal direccion codigoPuntoVenta mes gestion ciudad zona numeroMedidor
       fechaEmision nombreRazonSocial domicilioCliente codigoTipoDocumentoIdentidad numeroDocumento complemento codigoCliente ${PAY} montoTotal montoTotalSujetoIva
       consumoPeriodo beneficiarioLey1886 montoDescuentoLey1886 montoDescuentoTarifaDignidad tasaAseo tasaAlumbrado ajusteNoSujetoIva detalleAjusteNoSujetoIva
       ajusteSujetoIva detalleAjusteSujetoIva otrosPagosNoSujetoIva detalleOtrosPagosNoSujetoIva otrasTasas ${CURRENCY} descuentoAdicional ${TAIL}`,
      {
        ...sd, mes: 'MARZO', gestion: '2024', ciudad: 'La Paz', zona: 'Sopocachi', numeroMedidor: 'MED-001', domicilioCliente: 'Calle 2 #45', consumoPeriodo: '120.5',
        beneficiarioLey1886: null, montoDescuentoLey1886: null, montoDescuentoTarifaDignidad: null, tasaAseo: '5', tasaAlumbrado: '3', ajusteNoSujetoIva: null,
        detalleAjusteNoSujetoIva: null, ajusteSujetoIva: null, detalleAjusteSujetoIva: null, otrosPagosNoSujetoIva: null, detalleOtrosPagosNoSujetoIva: null, otrasTasas: null,
        montoTotalSujetoIva: '91',
      },
    ),
    detalle: cells(LINE, { descripcion: 'CONSUMO DE ENERGÍA' }),
    required: 'numeroMedidor',
    longest: ['numeroMedidor', 100],
    swap: ['zona', 'numeroMedidor'],
  }),
  sample({
    sector: 15,
    roots: ['facturaElectronicaEntidadFinanciera', 'facturaComputarizadaEntidadFinanciera'],
    cabecera: cells(`${HEAD} ${PAY} montoTotalArrendamientoFinanciero montoTotal montoTotalSujetoIva ${CURRENCY} descuentoAdicional ${TAIL}`, { ...sd, montoTotalArrendamientoFinanciero: null }),
    detalle: cells(LINE, { descripcion: 'COMISIÓN POR TRANSFERENCIA' }),
    required: 'montoTotal',
    longest: ['codigoCliente', 100],
    swap: ['montoTotalArrendamientoFinanciero', 'montoTotal'],
  }),
  sample({
    sector: 16,
    roots: ['facturaElectronicaHotel', 'facturaComputarizadaHotel'],
    cabecera: cells(
      `${HEAD} cantidadHuespedes cantidadHabitaciones cantidadMayores cantidadMenores fechaIngresoHospedaje ${PAY} montoTotal montoTotalSujetoIva ${CURRENCY} montoGiftCard descuentoAdicional ${TAIL}`,
      { ...sd, cantidadHuespedes: '2', cantidadHabitaciones: '1', cantidadMayores: '2', cantidadMenores: '0', fechaIngresoHospedaje: '2021-10-05T14:00:00.000' },
    ),
    detalle: cells('actividadEconomica codigoProductoSin codigoProducto codigoTipoHabitacion descripcion cantidad unidadMedida precioUnitario montoDescuento subTotal detalleHuespedes', {
      codigoTipoHabitacion: '2', descripcion: 'HABITACIÓN DOBLE', detalleHuespedes: '[{"nombreHuesped":"Ana","documentoIdentificacion":"123"}]',
    }),
    required: 'fechaIngresoHospedaje',
    longest: ['detalleHuespedes', 5000],
    swap: ['cantidadMenores', 'fechaIngresoHospedaje'],
  }),
  sample({
    sector: 17,
    roots: ['facturaElectronicaHospitalClinica', 'facturaComputarizadaHospitalClinica'],
    cabecera: cells(`${HEAD} modalidadServicio ${PAY} montoTotal montoTotalSujetoIva ${CURRENCY} montoGiftCard descuentoAdicional ${TAIL}`, { ...sd, modalidadServicio: 'INTERNACIÓN' }),
    detalle: cells(
      `actividadEconomica codigoProductoSin codigoProducto descripcion especialidad especialidadDetalle nroQuirofanoSalaOperaciones especialidadMedico
       nombreApellidoMedico nitDocumentoMedico nroMatriculaMedico nroFacturaMedico cantidad unidadMedida precioUnitario montoDescuento subTotal`,
      {
        descripcion: 'APENDICECTOMÍA', especialidad: 'CIRUGÍA', especialidadDetalle: null, nroQuirofanoSalaOperaciones: '3', especialidadMedico: 'CIRUJANO GENERAL',
        nombreApellidoMedico: 'Juan Mamani', nitDocumentoMedico: '4789654', nroMatriculaMedico: 'M-1234', nroFacturaMedico: null,
      },
    ),
    required: 'nombreApellidoMedico',
    longest: ['modalidadServicio', 50],
    swap: ['codigoCliente', 'modalidadServicio'],
  }),
  sample({
    sector: 18,
    roots: ['facturaElectronicaJuegoAzar', 'facturaComputarizadaJuegoAzar'],
    cabecera: cells(`${HEAD} ${PAY} montoTotal montoTotalIj montoTotalSujetoIpj montoTotalSujetoIva ${CURRENCY} descuentoAdicional ${TAIL}`, { ...sd, montoTotalIj: '10', montoTotalSujetoIpj: '89' }),
    detalle: cells(LINE, { descripcion: 'FICHAS DE JUEGO' }),
    required: 'montoTotalSujetoIpj',
    longest: ['usuario', 100],
    swap: ['montoTotalIj', 'montoTotalSujetoIpj'],
  }),
  sample({
    sector: 22,
    roots: ['facturaElectronicaTelecomunicacion', 'facturaComputarizadaTelecomunicacion'],
    cabecera: cells(`${HEAD.replace('telefono numeroFactura', 'telefono nitConjunto numeroFactura')} ${PAY} montoTotal montoTotalSujetoIva ${CURRENCY} montoGiftCard descuentoAdicional ${TAIL}`, { ...sd, nitConjunto: '1020304050' }),
    detalle: cells(`${LINE} numeroSerie numeroImei`, { descripcion: 'PLAN POSTPAGO', numeroImei: '356938035643809' }),
    required: 'cufd',
    longest: ['numeroImei', 1500],
    swap: ['telefono', 'nitConjunto'],
  }),
  sample({
    sector: 23,
    roots: ['facturaElectronicaPrevalorada', 'facturaComputarizadaPrevalorada'],
    cabecera: cells(
      'nitEmisor razonSocialEmisor municipio telefono numeroFactura cuf cufd codigoSucursal direccion codigoPuntoVenta fechaEmision nombreRazonSocial codigoTipoDocumentoIdentidad numeroDocumento codigoCliente codigoMetodoPago numeroTarjeta montoTotal montoTotalSujetoIva codigoMoneda tipoCambio montoTotalMoneda leyenda usuario codigoDocumentoSector',
      { ...sd, nombreRazonSocial: 'S/N', codigoTipoDocumentoIdentidad: '5', numeroDocumento: '0', codigoCliente: 'N/A', montoTotal: '100', montoTotalSujetoIva: '100', montoTotalMoneda: '100' },
    ),
    detalle: cells(LINE, { descripcion: 'ENTRADA AL MUSEO' }),
    required: 'codigoCliente',
    longest: ['razonSocialEmisor', 200],
    swap: ['numeroDocumento', 'codigoCliente'],
  }),
  sample({
    sector: 24,
    roots: ['notaFiscalElectronicaCreditoDebito', 'notaFiscalComputarizadaCreditoDebito'],
    cabecera: cells(
      `${HEAD.replace('numeroFactura', 'numeroNotaCreditoDebito')} numeroFactura numeroAutorizacionCuf fechaEmisionFactura montoTotalOriginal montoTotalDevuelto
       montoDescuentoCreditoDebito montoEfectivoCreditoDebito codigoExcepcion leyenda usuario codigoDocumentoSector`,
      {
        ...sd, numeroNotaCreditoDebito: '1', numeroFactura: '10', numeroAutorizacionCuf: '44AAEC00DBD34C53C3E2CCE1A3FA7AF1E2A08606A667A75AC82F24C74',
        fechaEmisionFactura: '2021-10-01T10:00:00.000', montoTotalOriginal: '775.00', montoTotalDevuelto: '75.00', montoDescuentoCreditoDebito: null, montoEfectivoCreditoDebito: '9.75',
      },
    ),
    detalle: cells(`${LINE} codigoDetalleTransaccion`, { codigoDetalleTransaccion: '1', precioUnitario: '1.1234567891', subTotal: '1.1234567891' }),
    lines: 2,
    required: 'numeroAutorizacionCuf',
    longest: ['numeroAutorizacionCuf', 100],
    swap: ['numeroFactura', 'numeroAutorizacionCuf'],
  }),
  sample({
    sector: 29,
    roots: ['notaElectronicaConciliacion', 'notaComputarizadaConciliacion'],
    cabecera: cells(
      `${HEAD.replace('numeroFactura', 'numeroNotaConciliacion')} numeroFactura numeroAutorizacionCuf codigoControl fechaEmisionFactura montoTotalOriginal
       montoTotalConciliado creditoFiscalIva debitoFiscalIva codigoExcepcion leyenda usuario codigoDocumentoSector`,
      {
        ...sd, numeroNotaConciliacion: '1', numeroFactura: '10', numeroAutorizacionCuf: '44AAEC00DBD34C53C3E2CCE1A3FA7AF1E2A08606A667A75AC82F24C74', codigoControl: null,
        fechaEmisionFactura: '2021-10-01T10:00:00.000', montoTotalOriginal: '100.00', montoTotalConciliado: '20.00', creditoFiscalIva: '2.60', debitoFiscalIva: '0.00',
      },
    ),
    detalle: cells(LINE),
    required: 'montoTotalConciliado',
    longest: ['numeroAutorizacionCuf', 100],
    swap: ['montoTotalOriginal', 'montoTotalConciliado'],
    twoParts: {
      original: 'detalleOriginal',
      adjusted: 'detalleConciliacion',
      adjustedCells: cells('actividadEconomica codigoProductoSin codigoProducto descripcion montoOriginal montoFinal montoConciliado', { montoOriginal: '100.00', montoFinal: '80.00', montoConciliado: '20.00' }),
    },
  }),
  sample({
    sector: 30,
    roots: ['facturaElectronicaBoletoAereo', 'facturaComputarizadaBoletoAereo'],
    cabecera: cells(
      `nitEmisor numeroFactura cufd cuf codigoSucursal codigoPuntoVenta direccion fechaEmision razonSocialEmisor nombreRazonSocial numeroDocumento
       codigoTipoDocumentoIdentidad nombrePasajero numeroDocumentoPasajero codigoIataLineaAerea codigoIataAgenteViajes nitAgenteViajes codigoOrigenServicio
       codigoMoneda tipoCambio montoTarifa montoTotal montoTotalMoneda montoTotalSujetoIva codigoMetodoPago codigoTipoTransaccion usuario leyenda codigoDocumentoSector`,
      {
        ...sd, nombrePasajero: 'JUAN PEREZ', numeroDocumentoPasajero: '1234567', codigoIataLineaAerea: '930', codigoIataAgenteViajes: null, nitAgenteViajes: null,
        codigoOrigenServicio: 'VVI', montoTarifa: '90', codigoTipoTransaccion: 'I', montoTotalSujetoIva: '90',
      },
    ),
    detalle: null,
    required: 'nombrePasajero',
    longest: ['codigoOrigenServicio', 3],
    swap: ['cufd', 'cuf'],
  }),
  sample({
    sector: 34,
    roots: ['facturaElectronicaSeguros', 'facturaComputarizadaSeguros'],
    cabecera: cells(`${HEAD} ${PAY} montoTotal ajusteAfectacionIva montoTotalSujetoIva ${CURRENCY} montoGiftCard descuentoAdicional ${TAIL}`, { ...sd, ajusteAfectacionIva: '0.00' }),
    detalle: cells(LINE, { descripcion: 'PRIMA SEGURO AUTOMOTOR' }),
    required: 'ajusteAfectacionIva',
    longest: ['leyenda', 200],
    swap: ['ajusteAfectacionIva', 'montoTotalSujetoIva'],
  }),
  sample({
    sector: 35,
    roots: ['facturaElectronicaCompraVentaBon', 'facturaComputarizadaCompraVentaBon'],
    cabecera: cells(`${HEAD} ${PAY} montoTotal montoTotalSujetoIva ${CURRENCY} montoGiftCard descuentoAdicional ${TAIL}`, sd),
    // A 100 % bonus line: subTotal 0 is allowed in this sector (CONTRACT §9.2), with 5 decimals.
    detalle: cells(`${LINE} numeroSerie numeroImei`, { precioUnitario: '100.12345', montoDescuento: '100.12345', subTotal: '0' }),
    required: 'subTotal',
    longest: ['numeroSerie', 1500],
    swap: ['montoGiftCard', 'descuentoAdicional'],
  }),
  sample({
    sector: 47,
    roots: ['notaElectronicaCreditoDebitoDescuento', 'notaComputarizadaCreditoDebitoDescuento'],
    cabecera: cells(
      `${HEAD.replace('numeroFactura', 'numeroNotaCreditoDebito')} numeroFactura numeroAutorizacionCuf fechaEmisionFactura montoTotalOriginal descuentoAdicional
       montoTotalDevuelto montoDescuentoCreditoDebito montoEfectivoCreditoDebito codigoExcepcion leyenda usuario codigoDocumentoSector`,
      {
        ...sd, numeroNotaCreditoDebito: '1', numeroFactura: '10', numeroAutorizacionCuf: '44AAEC00DBD34C53C3E2CCE1A3FA7AF1E2A08606A667A75AC82F24C74',
        fechaEmisionFactura: '2021-10-01T10:00:00.000', montoTotalOriginal: '850.00', descuentoAdicional: '50', montoTotalDevuelto: '70.59',
        montoDescuentoCreditoDebito: '4.41', montoEfectivoCreditoDebito: '9.18',
      },
    ),
    detalle: cells(`nroItem ${LINE} codigoDetalleTransaccion`, { nroItem: '1', codigoDetalleTransaccion: '1' }),
    lines: 2,
    required: 'nroItem',
    longest: ['descripcion', 500],
    swap: ['montoTotalOriginal', 'descuentoAdicional'],
  }),
];

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

function render(cs: Cell[]): string {
  return cs.map(([n, v]) => (v === null ? `<${n} xsi:nil="true"/>` : `<${n}>${v}</${n}>`)).join('');
}

/** The unsigned document of a sample in a modality (electrónica still needs signing). */
export function sampleXml(s: SectorSample, modalidad: 1 | 2, patch?: { cabecera?: Cell[]; detalle?: Cell[] | null }): string {
  const root = s.roots[modalidad - 1];
  const cab = patch?.cabecera ?? s.cabecera;
  const det = patch?.detalle !== undefined ? patch.detalle : s.detalle;
  const lineName = s.twoParts?.original ?? 'detalle';
  let lines = det ? Array.from({ length: s.lines }, () => `<${lineName}>${render(det)}</${lineName}>`).join('') : '';
  if (s.twoParts) lines += `<${s.twoParts.adjusted}>${render(s.twoParts.adjustedCells)}</${s.twoParts.adjusted}>`;
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
    `<${root} xmlns:xsi="${XSI}" xsi:noNamespaceSchemaLocation="${root}.xsd"><cabecera>${render(cab)}</cabecera>${lines}</${root}>`
  );
}
