// Part of the SIAT contract table (main/siat/operations.ts assembles it): ServicioRecepcionCompras (§2.6).
import { MENSAJE_RECEPCION, RESPUESTA_RECEPCION, TRANSACCION, VERIFICAR_COMUNICACION } from './spec';

const SOLICITUD_COMPRAS = [
  { name: 'codigoAmbiente', type: 'int' },
  { name: 'codigoPuntoVenta', type: 'int' },
  { name: 'codigoSistema', type: 'string' },
  { name: 'codigoSucursal', type: 'int' },
  { name: 'cufd', type: 'string' },
  { name: 'cuis', type: 'string' },
  { name: 'nit', type: 'long' },
] as const;

const RECEPCION_COMPRAS_FIELDS = [
  ...SOLICITUD_COMPRAS,
  { name: 'archivo', type: 'base64Binary' },
  { name: 'cantidadFacturas', type: 'int' },
  { name: 'fechaEnvio', type: 'dateTime' },
  { name: 'gestion', type: 'int' },
  { name: 'hashArchivo', type: 'string' },
  { name: 'periodo', type: 'int' },
] as const;

export const RECEPCION_COMPRAS = {
  path: 'ServicioRecepcionCompras',
  wsdlName: 'ServicioRecepcionCompras',
  operations: {
    recepcionPaqueteCompras: {
      request: 'SolicitudRecepcionCompras',
      requestFields: RECEPCION_COMPRAS_FIELDS,
      response: 'RespuestaServicioFacturacion',
      responseFields: RESPUESTA_RECEPCION,
      reception: true,
    },
    validacionRecepcionPaqueteCompras: {
      request: 'SolicitudValidacionRecepcionCompras',
      requestFields: [...SOLICITUD_COMPRAS, { name: 'codigoRecepcion', type: 'string' }],
      response: 'RespuestaServicioFacturacion',
      responseFields: RESPUESTA_RECEPCION,
      reception: true,
    },
    confirmacionCompras: {
      request: 'SolicitudConfirmacionCompras',
      requestFields: RECEPCION_COMPRAS_FIELDS,
      response: 'RespuestaServicioFacturacion',
      responseFields: RESPUESTA_RECEPCION,
      reception: true,
    },
    anulacionCompra: {
      request: 'SolicitudAnulacionCompra',
      requestFields: [
        ...SOLICITUD_COMPRAS,
        { name: 'codAutorizacion', type: 'string' },
        { name: 'nitProveedor', type: 'long' },
        { name: 'nroDuiDim', type: 'string' },
        { name: 'nroFactura', type: 'long' },
      ],
      response: 'RespuestaServicioFacturacion',
      responseFields: RESPUESTA_RECEPCION,
      reception: true,
    },
    consultaCompras: {
      request: 'SolicitudConsultaCompras',
      requestFields: [...SOLICITUD_COMPRAS, { name: 'fecha', type: 'dateTime' }],
      // type respuestaConsultaCompras: no codigoEstado (SP/GB), so it is not in the
      // reception family: a transaccion=false answer throws like Códigos does.
      response: 'RespuestaServicioFacturacion',
      responseFields: [
        { name: 'archivo', type: 'base64Binary' },
        { name: 'mensajesList', type: 'complex', list: true, fields: MENSAJE_RECEPCION },
        TRANSACCION,
      ],
    },
    verificarComunicacion: VERIFICAR_COMUNICACION,
  },
} as const;
