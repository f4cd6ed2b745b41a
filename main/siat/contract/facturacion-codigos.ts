// Part of the SIAT contract table (main/siat/operations.ts assembles it): FacturacionCodigos (§2.1).
import { MENSAJE_SERVICIO, MENSAJES_SERVICIO, TRANSACCION, VERIFICAR_COMUNICACION } from './spec';

export const CODIGOS = {
  path: 'FacturacionCodigos',
  wsdlName: 'ServicioFacturacionCodigos',
  operations: {
    cuis: {
      request: 'SolicitudCuis',
      requestFields: [
        { name: 'codigoAmbiente', type: 'int' },
        { name: 'codigoModalidad', type: 'int' },
        { name: 'codigoPuntoVenta', type: 'int', optional: true },
        { name: 'codigoSistema', type: 'string' },
        { name: 'codigoSucursal', type: 'int' },
        { name: 'nit', type: 'long' },
      ],
      response: 'RespuestaCuis',
      responseFields: [
        { name: 'codigo', type: 'string' },
        { name: 'fechaVigencia', type: 'dateTime' },
        MENSAJES_SERVICIO,
        TRANSACCION,
      ],
    },
    cufd: {
      request: 'SolicitudCufd',
      requestFields: [
        { name: 'codigoAmbiente', type: 'int' },
        { name: 'codigoModalidad', type: 'int' },
        { name: 'codigoPuntoVenta', type: 'int', optional: true },
        { name: 'codigoSistema', type: 'string' },
        { name: 'codigoSucursal', type: 'int' },
        { name: 'cuis', type: 'string' },
        { name: 'nit', type: 'long' },
      ],
      response: 'RespuestaCufd',
      responseFields: [
        { name: 'codigo', type: 'string' },
        { name: 'codigoControl', type: 'string' },
        { name: 'direccion', type: 'string' },
        { name: 'fechaVigencia', type: 'dateTime' },
        MENSAJES_SERVICIO,
        TRANSACCION,
      ],
    },
    cuisMasivo: {
      request: 'SolicitudCuisMasivoSistemas',
      requestFields: [
        { name: 'codigoAmbiente', type: 'int' },
        { name: 'codigoModalidad', type: 'int' },
        { name: 'codigoSistema', type: 'string' },
        {
          name: 'datosSolicitud', type: 'complex', list: true, optional: true,
          fields: [
            { name: 'codigoPuntoVenta', type: 'int', optional: true },
            { name: 'codigoSucursal', type: 'int' },
          ],
        },
        { name: 'nit', type: 'long' },
      ],
      response: 'RespuestaCuisMasivo',
      responseFields: [
        {
          name: 'listaRespuestasCuis', type: 'complex', list: true,
          fields: [
            { name: 'codigo', type: 'string' },
            { name: 'codigoPuntoVenta', type: 'int' },
            { name: 'codigoSucursal', type: 'int' },
            { name: 'fechaVigencia', type: 'dateTime' },
            // Inside masivo items the list is `mensajeServicioList`, not `mensajesList` (§2.1).
            { name: 'mensajeServicioList', type: 'complex', list: true, fields: MENSAJE_SERVICIO },
            TRANSACCION,
          ],
        },
        MENSAJES_SERVICIO,
        TRANSACCION,
      ],
    },
    cufdMasivo: {
      request: 'SolicitudCufdMasivo',
      requestFields: [
        { name: 'codigoAmbiente', type: 'int' },
        { name: 'codigoModalidad', type: 'int' },
        { name: 'codigoSistema', type: 'string' },
        {
          name: 'datosSolicitud', type: 'complex', list: true, optional: true,
          fields: [
            { name: 'codigoPuntoVenta', type: 'int', optional: true },
            { name: 'codigoSucursal', type: 'int' },
            { name: 'cuis', type: 'string' },
          ],
        },
        { name: 'nit', type: 'long' },
      ],
      response: 'RespuestaCufdMasivo',
      responseFields: [
        {
          name: 'listaRespuestasCufd', type: 'complex', list: true,
          fields: [
            { name: 'codigo', type: 'string' },
            { name: 'codigoControl', type: 'string' },
            { name: 'codigoPuntoVenta', type: 'int' },
            { name: 'codigoSucursal', type: 'int' },
            { name: 'cuis', type: 'string' },
            { name: 'direccion', type: 'string' },
            { name: 'fechaVigencia', type: 'dateTime' },
            { name: 'mensajeServicioList', type: 'complex', list: true, fields: MENSAJE_SERVICIO },
            TRANSACCION,
          ],
        },
        MENSAJES_SERVICIO,
        TRANSACCION,
      ],
    },
    verificarNit: {
      request: 'SolicitudVerificarNit',
      requestFields: [
        { name: 'codigoAmbiente', type: 'int' },
        { name: 'codigoModalidad', type: 'int' },
        { name: 'codigoSistema', type: 'string' },
        { name: 'codigoSucursal', type: 'int' },
        { name: 'cuis', type: 'string' },
        { name: 'nit', type: 'long' },
        { name: 'nitParaVerificacion', type: 'long' },
      ],
      response: 'RespuestaVerificarNit',
      responseFields: [MENSAJES_SERVICIO, TRANSACCION],
    },
    notificaCertificadoRevocado: {
      request: 'SolicitudNotificaRevocado',
      requestFields: [
        { name: 'certificado', type: 'string' },
        { name: 'codigoAmbiente', type: 'int' },
        { name: 'codigoSistema', type: 'string' },
        { name: 'codigoSucursal', type: 'int' },
        { name: 'cuis', type: 'string' },
        { name: 'fechaRevocacion', type: 'dateTime', optional: true },
        { name: 'nit', type: 'long' },
        { name: 'razonRevocacion', type: 'string' },
      ],
      response: 'RespuestaNotificaRevocado',
      responseFields: [MENSAJES_SERVICIO, TRANSACCION],
    },
    verificarComunicacion: { ...VERIFICAR_COMUNICACION, response: 'RespuestaComunicacion' },
  },
} as const;
