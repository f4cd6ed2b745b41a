// SIAT's catalog: the one place where the numbers SIAT expects are named (STYLE rule 3), with
// the plain code tables from shared/siat-codes.ts. Runs in: engine and SIAT simulator (pure data).
// Sources: CONTRACT §1.1 (ambiente), §3.1 (modalidad, emisión, tipo factura), §6 (states),
// §3.2 + §2.7 (sectors and service routing), §5.2 (significant events), §7 (catalog codes).
import type { ServiceKey, SiatServices } from './operations';
import { MODALIDAD, TIPO_FACTURA_DOCUMENTO, type Modalidad, type TipoFacturaDocumento } from '../../shared/siat-codes';
import { COMPRA_VENTA_SECTOR, CREDIT_DEBIT_NOTE_SECTOR } from '../../shared/sectors';

// The plain code tables live in shared/ so the renderer reads the same values (STYLE rule 3).
export * from '../../shared/siat-codes';

// ---------------------------------------------------------------------------------------
// Sectors (codigoDocumentoSector) and service routing.

/** SOAP service paths that receive documents (CONTRACT §1.2, §2.7). */
export const SIAT_INVOICE_SERVICE = {
  COMPRA_VENTA: 'ServicioFacturacionCompraVenta',
  ELECTRONICA: 'ServicioFacturacionElectronica',
  COMPUTARIZADA: 'ServicioFacturacionComputarizada',
  DOCUMENTO_AJUSTE: 'ServicioFacturacionDocumentoAjuste',
  TELECOMUNICACIONES: 'ServicioFacturacionTelecomunicaciones',
  SERVICIO_BASICO: 'ServicioFacturacionServicioBasico',
  ENTIDAD_FINANCIERA: 'ServicioFacturacionEntidadFinanciera',
  BOLETO_AEREO: 'ServicioFacturacionBoletoAereo',
} as const;
export type SiatInvoiceService = (typeof SIAT_INVOICE_SERVICE)[keyof typeof SIAT_INVOICE_SERVICE];

/**
 * Which service a sector goes to. `ELEC_COMP` = ServicioFacturacionElectronica or
 * ServicioFacturacionComputarizada according to the modality; `ELECTRONICA` = electronic
 * modality only (sector 52).
 */
export type SectorServiceKind =
  | 'COMPRA_VENTA'
  | 'ELEC_COMP'
  | 'ELECTRONICA'
  | 'DOCUMENTO_AJUSTE'
  | 'TELECOMUNICACIONES'
  | 'SERVICIO_BASICO'
  | 'ENTIDAD_FINANCIERA'
  | 'BOLETO_AEREO';

export interface SectorDefinition {
  /** codigoDocumentoSector. */
  readonly code: number;
  /** SIAT's catalog description (sincronizarParametricaTipoDocumentoSector). */
  readonly name: string;
  readonly tipoFactura: TipoFacturaDocumento;
  /**
   * `<Name>` of the XML root: `factura{Electronica|Computarizada}<Name>` for invoices,
   * `nota{…}<Name>` for adjustment documents (tipoFactura 3), `notaFiscal{…}<Name>` for 24.
   * null = no layout known (sector 33).
   */
  readonly rootName: string | null;
  readonly service: SectorServiceKind;
}

const T = TIPO_FACTURA_DOCUMENTO;

// Names: the 2023 synchronized catalog (DUMP) for 1–48, uppercased; 49–55 from the SIN
// document list (CONTRACT §3.2, ZP 04 §2.2) written in the same style. 25–27 do not exist;
// 32 (FACTURA ICE ZONA FRANCA) appears in the 2023 catalog but not in the SIN document list,
// so it is served by the simulator's catalog but has no definition here.
export const SECTORS: readonly SectorDefinition[] = Object.freeze([
  { code: 1, name: 'FACTURA COMPRA-VENTA', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'CompraVenta', service: 'COMPRA_VENTA' },
  { code: 2, name: 'FACTURA DE ALQUILER DE BIENES INMUEBLES', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'AlquilerBienInmueble', service: 'ELEC_COMP' },
  { code: 3, name: 'FACTURA COMERCIAL DE EXPORTACIÓN', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'ComercialExportacion', service: 'ELEC_COMP' },
  { code: 4, name: 'FACTURA COMERCIAL DE EXPORTACIÓN EN LIBRE CONSIGNACIÓN', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'LibreConsignacion', service: 'ELEC_COMP' },
  { code: 5, name: 'FACTURA DE ZONA FRANCA', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'ZonaFranca', service: 'ELEC_COMP' },
  { code: 6, name: 'FACTURA DE SERVICIO TURÍSTICO Y HOSPEDAJE', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'ServicioTuristicoHospedaje', service: 'ELEC_COMP' },
  { code: 7, name: 'FACTURA DE COMERCIALIZACIÓN DE ALIMENTOS – SEGURIDAD', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'SeguridadAlimentaria', service: 'ELEC_COMP' },
  { code: 8, name: 'FACTURA DE TASA CERO POR VENTA DE LIBROS Y TRANSPORTE INTERNACIONAL DE CARGA', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'TasaCero', service: 'ELEC_COMP' },
  { code: 9, name: 'FACTURA DE COMPRA Y VENTA DE MONEDA EXTRANJERA', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'MonedaExtranjera', service: 'ELEC_COMP' },
  { code: 10, name: 'FACTURA DUTTY FREE', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'DuttyFree', service: 'ELEC_COMP' },
  { code: 11, name: 'FACTURA SECTORES EDUCATIVOS', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'SectorEducativo', service: 'ELEC_COMP' },
  // Possibly ServicioFacturacionHidrocarburos (NEST only, CONTRACT §0.3); Elec/Comp until confirmed.
  { code: 12, name: 'FACTURA DE COMERCIALIZACIÓN DE HIDROCARBUROS', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'ComercializacionHidrocarburo', service: 'ELEC_COMP' },
  { code: 13, name: 'FACTURA DE SERVICIOS BÁSICOS', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'ServicioBasico', service: 'SERVICIO_BASICO' },
  { code: 14, name: 'FACTURA PRODUCTOS ALCANZADOS POR EL ICE', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'AlcanzadaIce', service: 'ELEC_COMP' },
  { code: 15, name: 'FACTURA DE ENTIDADES FINANCIERAS', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'EntidadFinanciera', service: 'ENTIDAD_FINANCIERA' },
  { code: 16, name: 'FACTURA DE HOTELES', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'Hotel', service: 'ELEC_COMP' },
  { code: 17, name: 'FACTURA DE HOSPITALES/CLÍNICAS', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'HospitalClinica', service: 'ELEC_COMP' },
  { code: 18, name: 'FACTURA DE JUEGOS DE AZAR', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'JuegoAzar', service: 'ELEC_COMP' },
  { code: 19, name: 'FACTURA HIDROCARBUROS ALCANZADA IEHD', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'HidrocarburoAlcanzadaIehd', service: 'ELEC_COMP' },
  { code: 20, name: 'FACTURA COMERCIAL DE EXPORTACIÓN DE MINERALES', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'ComercialExportacionMinera', service: 'ELEC_COMP' },
  { code: 21, name: 'FACTURA VENTA INTERNA MINERALES', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'VentaMineral', service: 'ELEC_COMP' },
  { code: 22, name: 'FACTURA TELECOMUNICACIONES', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'Telecomunicacion', service: 'TELECOMUNICACIONES' },
  { code: 23, name: 'FACTURA PREVALORADA', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'Prevalorada', service: 'ELEC_COMP' },
  { code: 24, name: 'NOTA DE CRÉDITO-DÉBITO', tipoFactura: T.DOCUMENTO_AJUSTE, rootName: 'CreditoDebito', service: 'DOCUMENTO_AJUSTE' },
  { code: 28, name: 'FACTURA COMERCIAL DE EXPORTACIÓN DE SERVICIOS', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'ComercialExportacionServicio', service: 'ELEC_COMP' },
  { code: 29, name: 'NOTA DE CONCILIACION', tipoFactura: T.DOCUMENTO_AJUSTE, rootName: 'Conciliacion', service: 'DOCUMENTO_AJUSTE' },
  { code: 30, name: 'BOLETO AEREO', tipoFactura: T.DOCUMENTO_EQUIVALENTE, rootName: 'BoletoAereo', service: 'BOLETO_AEREO' },
  { code: 31, name: 'FACTURA DE SUMINISTRO', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'SuministroEnergia', service: 'ELEC_COMP' },
  { code: 33, name: 'FACTURA TASA CERO BIENES CAPITAL', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: null, service: 'ELEC_COMP' },
  { code: 34, name: 'FACTURA DE SEGUROS', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'Seguros', service: 'ELEC_COMP' },
  { code: 35, name: 'FACTURA COMPRA VENTA BONIFICACIONES', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'CompraVentaBon', service: 'COMPRA_VENTA' },
  { code: 36, name: 'FACTURA PREVALORADA SDCF', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'PrevaloradaSD', service: 'ELEC_COMP' },
  { code: 37, name: 'FACTURA DE COMERCIALIZACIÓN DE GNV', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'ComercializacionGnv', service: 'ELEC_COMP' },
  { code: 38, name: 'FACTURA HIDROCARBUROS NO ALCANZADA IEHD', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'HidrocarburoNoAlcanzadaIehd', service: 'ELEC_COMP' },
  { code: 39, name: 'FACTURA COMERCIALIZACION GN Y GLP', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'ComercializacionGnGlp', service: 'ELEC_COMP' },
  { code: 40, name: 'FACTURA DE SERVICIOS BÁSICOS ZF', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'ServicioBasicoZf', service: 'SERVICIO_BASICO' },
  { code: 41, name: 'FACTURA COMPRA VENTA TASAS', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'CompraVentaTasas', service: 'COMPRA_VENTA' },
  { code: 42, name: 'FACTURA ALQUILER ZF', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'AlquilerZF', service: 'ELEC_COMP' },
  { code: 43, name: 'FACTURA COMERCIAL DE EXPORTACIÓN HIDROCARBUROS', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'ComercialExportacionHidro', service: 'ELEC_COMP' },
  { code: 44, name: 'FACTURA IMPORTACION COMERCIALIZACION LUBRICANTES', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'ImportacionComercializacionLubricantes', service: 'ELEC_COMP' },
  { code: 45, name: 'FACTURA COMERCIAL DE EXPORTACION PRECIO VENTA', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'ComercialExportacionPVenta', service: 'ELEC_COMP' },
  { code: 46, name: 'FACTURA SECTORES EDUCATIVO ZONA FRANCA', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'SectorEducativoZF', service: 'ELEC_COMP' },
  { code: 47, name: 'NOTA CREDITO DEBITO DESCUENTO', tipoFactura: T.DOCUMENTO_AJUSTE, rootName: 'CreditoDebitoDescuento', service: 'DOCUMENTO_AJUSTE' },
  { code: 48, name: 'NOTA CREDITO DEBITO ICE', tipoFactura: T.DOCUMENTO_AJUSTE, rootName: 'CreditoDebitoIce', service: 'DOCUMENTO_AJUSTE' },
  { code: 49, name: 'FACTURA TELECOMUNICACIONES ZONA FRANCA', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'TelecomunicacionZF', service: 'TELECOMUNICACIONES' },
  { code: 50, name: 'FACTURA HOSPITALES/CLINICAS ZONA FRANCA', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'HospitalClinicaZF', service: 'ELEC_COMP' },
  { code: 51, name: 'FACTURA ENGARRAFADORAS', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'Engarrafadoras', service: 'ELEC_COMP' },
  { code: 52, name: 'FACTURA VENTA MINERALES BANCO CENTRAL', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'VentaMineralBCB', service: 'ELECTRONICA' },
  { code: 53, name: 'FACTURA IMPORTACION COMERCIALIZACION LUBRICANTES IEHD', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'ImportacionComercializacionLubricantesIEHD', service: 'ELEC_COMP' },
  { code: 54, name: 'FACTURA COMPRA-VENTA DE INSUMOS PARA LA PRODUCCION DE BIODIESEL Y/O DIESEL ECOLOGICO', tipoFactura: T.SIN_DERECHO_CREDITO_FISCAL, rootName: 'Biodiesel', service: 'ELEC_COMP' },
  { code: 55, name: 'FACTURA COMERCIALIZACION DE COMBUSTIBLE', tipoFactura: T.CON_DERECHO_CREDITO_FISCAL, rootName: 'VentaCombustibleSinSubvencion', service: 'ELEC_COMP' },
] satisfies SectorDefinition[]);

/** Named sector codes Kipu uses directly: a sector Kipu issues states its code in its file (shared/sectors/). */
export const SECTOR = {
  COMPRA_VENTA: COMPRA_VENTA_SECTOR,
  NOTA_CREDITO_DEBITO: CREDIT_DEBIT_NOTE_SECTOR,
  /** Not issued by Kipu: the simulator checks it with sector 1's amount rules. */
  COMPRA_VENTA_TASAS: 41,
} as const;

const SECTOR_BY_CODE: ReadonlyMap<number, SectorDefinition> = new Map(SECTORS.map((s) => [s.code, s]));

export function findSector(code: number): SectorDefinition | undefined {
  return SECTOR_BY_CODE.get(code);
}

function requireSector(code: number): SectorDefinition {
  const sector = SECTOR_BY_CODE.get(code);
  if (!sector) throw new RangeError(`Documento sector ${code} no existe en la tabla de sectores SIAT`);
  return sector;
}

function modalityWord(modalidad: Modalidad): 'Electronica' | 'Computarizada' {
  return modalidad === MODALIDAD.ELECTRONICA ? 'Electronica' : 'Computarizada';
}

/**
 * XML root element for a sector and modality (CONTRACT §3.2), e.g. (1, 2) →
 * `facturaComputarizadaCompraVenta`, (24, 1) → `notaFiscalElectronicaCreditoDebito`.
 * Throws for an unknown sector or one without a known layout (33).
 */
export function sectorRoot(sector: number, modalidad: Modalidad): string {
  const def = requireSector(sector);
  if (def.rootName === null) throw new RangeError(`Documento sector ${sector} no tiene formato XML conocido`);
  const mod = modalityWord(modalidad);
  if (def.code === SECTOR.NOTA_CREDITO_DEBITO) return `notaFiscal${mod}${def.rootName}`;
  if (def.tipoFactura === T.DOCUMENTO_AJUSTE) return `nota${mod}${def.rootName}`;
  return `factura${mod}${def.rootName}`;
}

/**
 * Reception service for a sector (CONTRACT §2.7): 1/35/41 → CompraVenta (both modalities);
 * 24/29/47/48 → DocumentoAjuste; 22/49 Telecomunicaciones; 13/40 ServicioBasico;
 * 15 EntidadFinanciera; 30 BoletoAereo; 52 Electronica; everything else — including sector
 * codes we do not know, which SIAT itself will reject with 931 — Electronica or
 * Computarizada by modality.
 */
export function serviceForSector(sector: number, modalidad: Modalidad): SiatInvoiceService {
  const kind: SectorServiceKind = SECTOR_BY_CODE.get(sector)?.service ?? 'ELEC_COMP';
  switch (kind) {
    case 'COMPRA_VENTA':
      return SIAT_INVOICE_SERVICE.COMPRA_VENTA;
    case 'DOCUMENTO_AJUSTE':
      return SIAT_INVOICE_SERVICE.DOCUMENTO_AJUSTE;
    case 'TELECOMUNICACIONES':
      return SIAT_INVOICE_SERVICE.TELECOMUNICACIONES;
    case 'SERVICIO_BASICO':
      return SIAT_INVOICE_SERVICE.SERVICIO_BASICO;
    case 'ENTIDAD_FINANCIERA':
      return SIAT_INVOICE_SERVICE.ENTIDAD_FINANCIERA;
    case 'BOLETO_AEREO':
      return SIAT_INVOICE_SERVICE.BOLETO_AEREO;
    case 'ELECTRONICA':
      return SIAT_INVOICE_SERVICE.ELECTRONICA;
    case 'ELEC_COMP':
      return modalidad === MODALIDAD.ELECTRONICA ? SIAT_INVOICE_SERVICE.ELECTRONICA : SIAT_INVOICE_SERVICE.COMPUTARIZADA;
  }
}

/**
 * The client module (operations.ts SIAT_SERVICES) of each reception service that takes
 * invoices one by one and in packages (recepcionFactura, recepcionPaqueteFactura, …). The type
 * holds each key to the service whose path it names, so the two tables cannot drift apart.
 * DocumentoAjuste (notes: recepcionDocumentoAjuste …) and BoletoAereo (massive only) have
 * other operations and are not invoice services in this sense.
 */
type ServiceKeyOfPath<P> = { [K in ServiceKey]: SiatServices[K]['path'] extends P ? K : never }[ServiceKey];
type InvoiceReceptionService = Exclude<SiatInvoiceService, 'ServicioFacturacionDocumentoAjuste' | 'ServicioFacturacionBoletoAereo'>;
export type InvoiceServiceKey = ServiceKeyOfPath<InvoiceReceptionService>;

const INVOICE_SERVICE_KEY: { readonly [P in InvoiceReceptionService]: ServiceKeyOfPath<P> } = {
  ServicioFacturacionCompraVenta: 'compraVenta',
  ServicioFacturacionElectronica: 'electronica',
  ServicioFacturacionComputarizada: 'computarizada',
  ServicioFacturacionTelecomunicaciones: 'telecomunicaciones',
  ServicioFacturacionServicioBasico: 'servicioBasico',
  ServicioFacturacionEntidadFinanciera: 'entidadFinanciera',
};

/**
 * The client module that receives, annuls and verifies a sector's invoices (serviceForSector):
 * compra-venta (1, 35, 41) → compraVenta in both modalities. Throws for the sectors whose
 * service has no invoice operations (notes, boleto aéreo): those are issued differently.
 */
export function invoiceServiceKey(sector: number, modalidad: Modalidad): InvoiceServiceKey {
  const service = serviceForSector(sector, modalidad);
  const key = (INVOICE_SERVICE_KEY as Readonly<Record<string, InvoiceServiceKey>>)[service];
  if (!key) throw new RangeError(`Documento sector ${sector}: ${service} no recibe facturas con recepcionFactura`);
  return key;
}

/**
 * The operations that receive, annul, reverse and verify one document of a sector (CONTRACT
 * §2.4, §2.5, §2.7): the invoice operations on the sector's service, the *DocumentoAjuste ones
 * for notes. `reception` is null for boleto aéreo, which SIAT takes only by massive reception.
 */
export interface DocumentOperations {
  service: ServiceKey;
  reception: 'recepcionFactura' | 'recepcionDocumentoAjuste' | null;
  cancel: 'anulacionFactura' | 'anulacionDocumentoAjuste';
  reversal: 'reversionAnulacionFactura' | 'reversionAnulacionDocumentoAjuste';
  verify: 'verificacionEstadoFactura' | 'verificacionEstadoDocumentoAjuste';
}

export function documentOperations(sector: number, modalidad: Modalidad): DocumentOperations {
  const service = serviceForSector(sector, modalidad);
  if (service === SIAT_INVOICE_SERVICE.DOCUMENTO_AJUSTE) {
    return { service: 'documentoAjuste', reception: 'recepcionDocumentoAjuste', cancel: 'anulacionDocumentoAjuste', reversal: 'reversionAnulacionDocumentoAjuste', verify: 'verificacionEstadoDocumentoAjuste' };
  }
  const common = { cancel: 'anulacionFactura', reversal: 'reversionAnulacionFactura', verify: 'verificacionEstadoFactura' } as const;
  if (service === SIAT_INVOICE_SERVICE.BOLETO_AEREO) return { service: 'boletoAereo', reception: null, ...common };
  return { service: invoiceServiceKey(sector, modalidad), reception: 'recepcionFactura', ...common };
}

// ---------------------------------------------------------------------------------------
// Significant events (codigoMotivoEvento), CONTRACT §5.2.

export const EVENTO_SIGNIFICATIVO = {
  CORTE_INTERNET: 1,
  INACCESIBILIDAD_SERVICIO_SIN: 2,
  ZONA_SIN_INTERNET_VEHICULO: 3,
  VENTA_LUGAR_SIN_INTERNET: 4,
  CORTE_ENERGIA: 5,
  VIRUS_O_FALLA_SOFTWARE: 6,
  CAMBIO_INFRAESTRUCTURA_O_FALLA_HARDWARE: 7,
} as const;
export type EventoSignificativo = (typeof EVENTO_SIGNIFICATIVO)[keyof typeof EVENTO_SIGNIFICATIVO];

export interface SignificantEventDefinition {
  readonly code: EventoSignificativo;
  /** SIAT's catalog text, as synchronized (DUMP 2023). */
  readonly description: string;
  /**
   * true: the system could not run, invoices were written by hand on CAFC booklets and are
   * transcribed afterwards (events 5–7); false: the system kept issuing offline (1–4).
   */
  readonly requiresCafc: boolean;
}

// Numbering of 5–7 differs between official documents (CONTRACT §0.3, §5.2): production code
// must take the codes from the synchronized catalog and decide by description; these are the
// codes of the 2023 synchronized catalog.
export const SIGNIFICANT_EVENTS: readonly SignificantEventDefinition[] = Object.freeze([
  { code: 1, description: 'CORTE DEL SERVICIO DE INTERNET', requiresCafc: false },
  { code: 2, description: 'INACCESIBILIDAD AL SERVICIO WEB DE LA ADMINISTRACIÓN TRIBUTARIA', requiresCafc: false },
  { code: 3, description: 'INGRESO A ZONAS SIN INTERNET POR DESPLIEGUE DE PUNTO DE VENTA EN VEHICULOS AUTOMOTORES', requiresCafc: false },
  { code: 4, description: 'VENTA EN LUGARES SIN INTERNET', requiresCafc: false },
  { code: 5, description: 'CORTE DE SUMINISTRO DE ENERGIA ELECTRICA', requiresCafc: true },
  { code: 6, description: 'VIRUS INFORMÁTICO O FALLA DE SOFTWARE', requiresCafc: true },
  { code: 7, description: 'CAMBIO DE INFRAESTRUCTURA DEL SISTEMA INFORMÁTICO DE FACTURACIÓN O FALLA DE HARDWARE', requiresCafc: true },
] satisfies SignificantEventDefinition[]);

