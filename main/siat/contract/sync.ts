// Part of the SIAT contract table (main/siat/operations.ts assembles it): FacturacionSincronizacion (§2.2).
import { MENSAJES_SERVICIO, TRANSACCION, VERIFICAR_COMUNICACION } from './spec';

const SOLICITUD_SINCRONIZACION = [
  { name: 'codigoAmbiente', type: 'int' },
  { name: 'codigoPuntoVenta', type: 'int', optional: true },
  { name: 'codigoSistema', type: 'string' },
  { name: 'codigoSucursal', type: 'int' },
  { name: 'cuis', type: 'string' },
  { name: 'nit', type: 'long' },
] as const;

const PARAMETRICA = {
  request: 'SolicitudSincronizacion',
  requestFields: SOLICITUD_SINCRONIZACION,
  response: 'RespuestaListaParametricas',
  responseFields: [
    MENSAJES_SERVICIO,
    TRANSACCION,
    {
      name: 'listaCodigos', type: 'complex', list: true,
      fields: [
        { name: 'codigoClasificador', type: 'int' },
        { name: 'descripcion', type: 'string' },
      ],
    },
  ],
} as const;

export const SINCRONIZACION = {
  path: 'FacturacionSincronizacion',
  wsdlName: 'ServicioFacturacionSincronizacion',
  operations: {
    sincronizarActividades: {
      request: 'SolicitudSincronizacion',
      requestFields: SOLICITUD_SINCRONIZACION,
      response: 'RespuestaListaActividades',
      responseFields: [
        MENSAJES_SERVICIO,
        TRANSACCION,
        {
          name: 'listaActividades', type: 'complex', list: true,
          fields: [
            { name: 'codigoCaeb', type: 'string' },
            { name: 'descripcion', type: 'string' },
            { name: 'tipoActividad', type: 'string' },
          ],
        },
      ],
    },
    sincronizarFechaHora: {
      request: 'SolicitudSincronizacion',
      requestFields: SOLICITUD_SINCRONIZACION,
      response: 'RespuestaFechaHora',
      // fechaHora is typed string in the schema (`yyyy-MM-ddTHH:mm:ss.SSS`, §2.2).
      responseFields: [MENSAJES_SERVICIO, TRANSACCION, { name: 'fechaHora', type: 'string' }],
    },
    sincronizarListaActividadesDocumentoSector: {
      request: 'SolicitudSincronizacion',
      requestFields: SOLICITUD_SINCRONIZACION,
      response: 'RespuestaListaActividadesDocumentoSector',
      responseFields: [
        MENSAJES_SERVICIO,
        TRANSACCION,
        {
          name: 'listaActividadesDocumentoSector', type: 'complex', list: true,
          fields: [
            { name: 'codigoActividad', type: 'string' },
            { name: 'codigoDocumentoSector', type: 'int' },
            { name: 'tipoDocumentoSector', type: 'string' },
          ],
        },
      ],
    },
    sincronizarListaLeyendasFactura: {
      request: 'SolicitudSincronizacion',
      requestFields: SOLICITUD_SINCRONIZACION,
      response: 'RespuestaListaParametricasLeyendas',
      responseFields: [
        MENSAJES_SERVICIO,
        TRANSACCION,
        {
          name: 'listaLeyendas', type: 'complex', list: true,
          fields: [
            { name: 'codigoActividad', type: 'string' },
            { name: 'descripcionLeyenda', type: 'string' },
          ],
        },
      ],
    },
    sincronizarListaMensajesServicios: PARAMETRICA,
    sincronizarListaProductosServicios: {
      request: 'SolicitudSincronizacion',
      requestFields: SOLICITUD_SINCRONIZACION,
      response: 'RespuestaListaProductos',
      responseFields: [
        MENSAJES_SERVICIO,
        TRANSACCION,
        {
          name: 'listaCodigos', type: 'complex', list: true,
          fields: [
            { name: 'codigoActividad', type: 'string' },
            { name: 'codigoProducto', type: 'long' },
            { name: 'descripcionProducto', type: 'string' },
            { name: 'nandina', type: 'string', list: true },
          ],
        },
      ],
    },
    sincronizarParametricaEventosSignificativos: PARAMETRICA,
    sincronizarParametricaMotivoAnulacion: PARAMETRICA,
    sincronizarParametricaPaisOrigen: PARAMETRICA,
    sincronizarParametricaTipoDocumentoIdentidad: PARAMETRICA,
    sincronizarParametricaTipoDocumentoSector: PARAMETRICA,
    sincronizarParametricaTipoEmision: PARAMETRICA,
    sincronizarParametricaTipoHabitacion: PARAMETRICA,
    sincronizarParametricaTipoMetodoPago: PARAMETRICA,
    sincronizarParametricaTipoMoneda: PARAMETRICA,
    sincronizarParametricaTipoPuntoVenta: PARAMETRICA,
    sincronizarParametricaTiposFactura: PARAMETRICA,
    sincronizarParametricaUnidadMedida: PARAMETRICA,
    verificarComunicacion: VERIFICAR_COMUNICACION,
  },
} as const;
