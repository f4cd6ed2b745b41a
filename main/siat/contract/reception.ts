// Part of the SIAT contract table (main/siat/operations.ts assembles it): the invoice reception services (§2.4, §2.5, §2.7).
import type { FieldSpec } from './spec';
import { RESPUESTA_RECEPCION, VERIFICAR_COMUNICACION } from './spec';

/** Base type `solicitudRecepcion`: every reception request starts with it, in this order. */
const SOLICITUD_RECEPCION = [
  { name: 'codigoAmbiente', type: 'int' },
  { name: 'codigoDocumentoSector', type: 'int' },
  { name: 'codigoEmision', type: 'int' },
  { name: 'codigoModalidad', type: 'int' },
  { name: 'codigoPuntoVenta', type: 'int', optional: true },
  { name: 'codigoSistema', type: 'string' },
  { name: 'codigoSucursal', type: 'int' },
  { name: 'cufd', type: 'string' },
  { name: 'cuis', type: 'string' },
  { name: 'nit', type: 'long' },
  { name: 'tipoFacturaDocumento', type: 'int' },
] as const;

const ARCHIVO_FIELDS = [
  { name: 'archivo', type: 'base64Binary' },
  { name: 'fechaEnvio', type: 'string' },
  { name: 'hashArchivo', type: 'string' },
] as const;

function reception<const R extends string, const F extends readonly FieldSpec[], const S extends string = 'RespuestaServicioFacturacion'>(
  request: R,
  extra: F,
  response?: S,
) {
  return {
    request,
    requestFields: [...SOLICITUD_RECEPCION, ...extra] as const,
    response: (response ?? 'RespuestaServicioFacturacion') as S,
    responseFields: RESPUESTA_RECEPCION,
    reception: true,
  } as const;
}

const RECEPCION_FACTURA = reception('SolicitudServicioRecepcionFactura', ARCHIVO_FIELDS);
const RECEPCION_PAQUETE = reception('SolicitudServicioRecepcionPaquete', [
  ...ARCHIVO_FIELDS,
  { name: 'cafc', type: 'string', optional: true },
  { name: 'cantidadFacturas', type: 'int' },
  { name: 'codigoEvento', type: 'long' },
] as const);
const VALIDACION_PAQUETE = reception('SolicitudServicioValidacionRecepcionPaquete', [{ name: 'codigoRecepcion', type: 'string' }] as const);
const RECEPCION_MASIVA = reception('SolicitudServicioRecepcionMasiva', [...ARCHIVO_FIELDS, { name: 'cantidadFacturas', type: 'int' }] as const);
const VALIDACION_MASIVA = reception('SolicitudServicioValidacionRecepcionMasiva', [{ name: 'codigoRecepcion', type: 'string' }] as const);
const ANULACION = reception('SolicitudServicioAnulacionFactura', [
  { name: 'codigoMotivo', type: 'int' },
  { name: 'cuf', type: 'string' },
] as const);
const REVERSION = reception('SolicitudServicioReversionAnulacionFactura', [{ name: 'cuf', type: 'string' }] as const);
const VERIFICACION_ESTADO = reception('SolicitudServicioVerificacionEstadoFactura', [{ name: 'cuf', type: 'string' }] as const);
const RECEPCION_ANEXOS = reception(
  'SolicitudRecepcionAnexos',
  [
    {
      name: 'anexosList', type: 'complex', list: true, optional: true,
      fields: [
        { name: 'codigo', type: 'string' },
        { name: 'codigoProducto', type: 'string' },
        { name: 'codigoProductoSin', type: 'long' },
        { name: 'tipoCodigo', type: 'string' },
      ],
    },
    { name: 'cuf', type: 'string' },
  ] as const,
  'RespuestaRecepcionAnexos',
);
const RECEPCION_ANEXOS_SUMINISTRO = reception(
  'SolicitudRecepcionSuministroAnexos',
  [
    {
      name: 'anexosList', type: 'complex', list: true, optional: true,
      fields: [
        { name: 'cufFactSuministro', type: 'string' },
        { name: 'fechaRecarga', type: 'dateTime' },
        { name: 'montoRecarga', type: 'decimal' },
      ],
    },
    { name: 'giftCard', type: 'long' },
  ] as const,
  'RespuestaRecepcionAnexos',
);

/** Operations shared by every invoice reception service (§2.4). */
const FACTURACION_OPERATIONS = {
  recepcionFactura: RECEPCION_FACTURA,
  recepcionPaqueteFactura: RECEPCION_PAQUETE,
  validacionRecepcionPaqueteFactura: VALIDACION_PAQUETE,
  recepcionMasivaFactura: RECEPCION_MASIVA,
  validacionRecepcionMasivaFactura: VALIDACION_MASIVA,
  anulacionFactura: ANULACION,
  reversionAnulacionFactura: REVERSION,
  verificacionEstadoFactura: VERIFICACION_ESTADO,
  verificarComunicacion: VERIFICAR_COMUNICACION,
} as const;

export const COMPRA_VENTA = {
  path: 'ServicioFacturacionCompraVenta',
  wsdlName: 'ServicioFacturacion',
  operations: { ...FACTURACION_OPERATIONS, recepcionAnexos: RECEPCION_ANEXOS },
} as const;

export const ELECTRONICA = {
  path: 'ServicioFacturacionElectronica',
  wsdlName: 'ServicioFacturacion',
  operations: { ...FACTURACION_OPERATIONS, recepcionAnexosSuministroEnergia: RECEPCION_ANEXOS_SUMINISTRO },
} as const;

// §0.3: the Computarizada operation list is assumed identical to Electrónica's (GS).
export const COMPUTARIZADA = {
  path: 'ServicioFacturacionComputarizada',
  wsdlName: 'ServicioFacturacion',
  operations: { ...FACTURACION_OPERATIONS, recepcionAnexosSuministroEnergia: RECEPCION_ANEXOS_SUMINISTRO },
} as const;

// Sector services (§2.7, operation sets from GS only).
export const TELECOMUNICACIONES = {
  path: 'ServicioFacturacionTelecomunicaciones',
  wsdlName: 'ServicioFacturacion',
  operations: FACTURACION_OPERATIONS,
} as const;
export const SERVICIO_BASICO = {
  path: 'ServicioFacturacionServicioBasico',
  wsdlName: 'ServicioFacturacion',
  operations: FACTURACION_OPERATIONS,
} as const;
export const ENTIDAD_FINANCIERA = {
  path: 'ServicioFacturacionEntidadFinanciera',
  wsdlName: 'ServicioFacturacion',
  operations: FACTURACION_OPERATIONS,
} as const;
export const BOLETO_AEREO = {
  path: 'ServicioFacturacionBoletoAereo',
  wsdlName: 'ServicioFacturacion',
  operations: {
    recepcionMasivaFactura: RECEPCION_MASIVA,
    validacionRecepcionMasivaFactura: VALIDACION_MASIVA,
    anulacionFactura: ANULACION,
    reversionAnulacionFactura: REVERSION,
    verificacionEstadoFactura: VERIFICACION_ESTADO,
    verificarComunicacion: VERIFICAR_COMUNICACION,
  },
} as const;

// §2.5: notes are sent online, one at a time; no package or massive operations.
export const DOCUMENTO_AJUSTE = {
  path: 'ServicioFacturacionDocumentoAjuste',
  wsdlName: 'ServicioFacturacion',
  operations: {
    recepcionDocumentoAjuste: reception('SolicitudServicioRecepcionDocumentoAjuste', ARCHIVO_FIELDS),
    anulacionDocumentoAjuste: reception('SolicitudServicioAnulacionDocumentoAjuste', [
      { name: 'codigoMotivo', type: 'int' },
      { name: 'cuf', type: 'string' },
    ] as const),
    reversionAnulacionDocumentoAjuste: reception('SolicitudServicioReversionAnulacionDocumentoAjuste', [{ name: 'cuf', type: 'string' }] as const),
    verificacionEstadoDocumentoAjuste: reception('SolicitudServicioVerificacionEstadoDocumentoAjuste', [{ name: 'cuf', type: 'string' }] as const),
    verificarComunicacion: VERIFICAR_COMUNICACION,
  },
} as const;
