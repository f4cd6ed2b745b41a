// The SIAT SOAP contract as data: every service, every operation, the request child element
// with its fields in schema order, the response child element with its fields (CONTRACT §2).
// This table is the single source of truth for BOTH the client (main/siat/client.ts builds
// envelopes and checks answers from it) and the simulator (main/siat-sim parses requests and
// serializes answers from it). TypeScript request/response types are derived from it too
// (see the bottom of this file), so a field cannot be added in one place and missed in another.

/** XSD types used by SIAT's schemas (CONTRACT §2 notation). */
export type FieldType = 'int' | 'long' | 'decimal' | 'string' | 'boolean' | 'dateTime' | 'base64Binary';

export interface FieldSpec {
  readonly name: string;
  readonly type: FieldType | 'complex';
  /** minOccurs=0 (requests: omitted when undefined; responses: every field is optional anyway). */
  readonly optional?: boolean;
  /** maxOccurs=unbounded: always an array after parsing. */
  readonly list?: boolean;
  /** Sub-fields of a complex type, in schema order. */
  readonly fields?: readonly FieldSpec[];
}

export interface OperationSpec {
  /** Child of the request wrapper; null = empty wrapper (`<ns:verificarComunicacion/>`, §2.0). */
  readonly request: string | null;
  readonly requestFields: readonly FieldSpec[];
  /** Child of the `<operation>Response` wrapper. */
  readonly response: string;
  readonly responseFields: readonly FieldSpec[];
  /**
   * Invoice-reception family (§2.4–2.6, answered with RespuestaServicioFacturacion): the client
   * returns the answer even when transaccion=false, because callers need codigoEstado and the
   * per-file mensajesList (see errors.ts).
   */
  readonly reception?: boolean;
}

export interface ServiceSpec {
  /** Path after the base URL (…/v2/<path>), CONTRACT §1.2. */
  readonly path: string;
  /** `name` of the outer WSDL definitions (§1.2). */
  readonly wsdlName: string;
  readonly operations: Readonly<Record<string, OperationSpec>>;
}

/** Namespace of every request/response wrapper (§1.3). */
export const SIAT_NAMESPACE = 'https://siat.impuestos.gob.bo/';
export const SOAP_ENVELOPE_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';

// ---------------------------------------------------------------------------------------
// Shared types (§2.0)

const MENSAJE_SERVICIO = [
  { name: 'codigo', type: 'int' },
  { name: 'descripcion', type: 'string' },
] as const;

const MENSAJE_RECEPCION = [
  { name: 'codigo', type: 'int' },
  { name: 'descripcion', type: 'string' },
  { name: 'advertencia', type: 'boolean' },
  { name: 'numeroArchivo', type: 'int' },
  { name: 'numeroDetalle', type: 'int' },
] as const;

const MENSAJES_SERVICIO = { name: 'mensajesList', type: 'complex', list: true, fields: MENSAJE_SERVICIO } as const;
const TRANSACCION = { name: 'transaccion', type: 'boolean' } as const;

/** verificarComunicacion: `RespuestaComunicacion` in Códigos, `return` elsewhere (§2.0). */
const VERIFICAR_COMUNICACION = {
  request: null,
  requestFields: [],
  response: 'return',
  responseFields: [MENSAJES_SERVICIO, TRANSACCION],
} as const;

// ---------------------------------------------------------------------------------------
// FacturacionCodigos (§2.1)

const CODIGOS = {
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

// ---------------------------------------------------------------------------------------
// FacturacionSincronizacion (§2.2)

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

const SINCRONIZACION = {
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

// ---------------------------------------------------------------------------------------
// FacturacionOperaciones (§2.3)

const OPERACIONES = {
  path: 'FacturacionOperaciones',
  wsdlName: 'ServicioFacturacionOperaciones',
  operations: {
    registroPuntoVenta: {
      request: 'SolicitudRegistroPuntoVenta',
      requestFields: [
        { name: 'codigoAmbiente', type: 'int' },
        { name: 'codigoModalidad', type: 'int' },
        { name: 'codigoSistema', type: 'string' },
        { name: 'codigoSucursal', type: 'int' },
        { name: 'codigoTipoPuntoVenta', type: 'int' },
        { name: 'cuis', type: 'string' },
        { name: 'descripcion', type: 'string' },
        { name: 'nit', type: 'long' },
        { name: 'nombrePuntoVenta', type: 'string' },
      ],
      response: 'RespuestaRegistroPuntoVenta',
      responseFields: [{ name: 'codigoPuntoVenta', type: 'int' }, MENSAJES_SERVICIO, TRANSACCION],
    },
    registroPuntoVentaComisionista: {
      request: 'SolicitudPuntoVentaComisionista',
      requestFields: [
        { name: 'codigoAmbiente', type: 'int' },
        { name: 'codigoModalidad', type: 'int' },
        { name: 'codigoSistema', type: 'string' },
        { name: 'codigoSucursal', type: 'int' },
        { name: 'cuis', type: 'string' },
        { name: 'descripcion', type: 'string' },
        { name: 'fechaFin', type: 'dateTime' },
        { name: 'fechaInicio', type: 'dateTime' },
        { name: 'nit', type: 'long' },
        { name: 'nitComisionista', type: 'long' },
        { name: 'nombrePuntoVenta', type: 'string' },
        { name: 'numeroContrato', type: 'string' },
      ],
      response: 'RespuestaPuntoVentaComisionista',
      responseFields: [{ name: 'codigoPuntoVenta', type: 'int' }, MENSAJES_SERVICIO, TRANSACCION],
    },
    consultaPuntoVenta: {
      request: 'SolicitudConsultaPuntoVenta',
      requestFields: [
        { name: 'codigoAmbiente', type: 'int' },
        { name: 'codigoSistema', type: 'string' },
        { name: 'codigoSucursal', type: 'int' },
        { name: 'cuis', type: 'string' },
        { name: 'nit', type: 'long' },
      ],
      response: 'RespuestaConsultaPuntoVenta',
      responseFields: [
        {
          name: 'listaPuntosVentas', type: 'complex', list: true,
          fields: [
            { name: 'codigoPuntoVenta', type: 'int' },
            { name: 'nombrePuntoVenta', type: 'string' },
            { name: 'tipoPuntoVenta', type: 'string' },
          ],
        },
        MENSAJES_SERVICIO,
        TRANSACCION,
      ],
    },
    cierrePuntoVenta: {
      request: 'SolicitudCierrePuntoVenta',
      requestFields: [
        { name: 'codigoAmbiente', type: 'int' },
        { name: 'codigoPuntoVenta', type: 'int' },
        { name: 'codigoSistema', type: 'string' },
        { name: 'codigoSucursal', type: 'int' },
        { name: 'cuis', type: 'string' },
        { name: 'nit', type: 'long' },
      ],
      response: 'RespuestaCierrePuntoVenta',
      responseFields: [{ name: 'codigoPuntoVenta', type: 'int' }, MENSAJES_SERVICIO, TRANSACCION],
    },
    cierreOperacionesSistema: {
      request: 'SolicitudOperaciones',
      requestFields: [
        { name: 'codigoAmbiente', type: 'int' },
        { name: 'codigoModalidad', type: 'int' },
        { name: 'codigoPuntoVenta', type: 'int', optional: true },
        { name: 'codigoSistema', type: 'string' },
        { name: 'codigoSucursal', type: 'int' },
        { name: 'cuis', type: 'string' },
        { name: 'nit', type: 'long' },
      ],
      response: 'RespuestaCierreSistemas',
      responseFields: [{ name: 'codigoSistema', type: 'string' }, MENSAJES_SERVICIO, TRANSACCION],
    },
    registroEventoSignificativo: {
      request: 'SolicitudEventoSignificativo',
      requestFields: [
        { name: 'codigoAmbiente', type: 'int' },
        { name: 'codigoMotivoEvento', type: 'int' },
        { name: 'codigoPuntoVenta', type: 'int', optional: true },
        { name: 'codigoSistema', type: 'string' },
        { name: 'codigoSucursal', type: 'int' },
        { name: 'cufd', type: 'string' },
        { name: 'cufdEvento', type: 'string' },
        { name: 'cuis', type: 'string' },
        { name: 'descripcion', type: 'string' },
        { name: 'fechaHoraFinEvento', type: 'dateTime' },
        { name: 'fechaHoraInicioEvento', type: 'dateTime' },
        { name: 'nit', type: 'long' },
      ],
      response: 'RespuestaListaEventos',
      responseFields: [
        { name: 'codigoRecepcionEventoSignificativo', type: 'long' },
        {
          name: 'listaCodigos', type: 'complex', list: true,
          fields: [
            { name: 'codigoEvento', type: 'int' },
            { name: 'codigoRecepcionEventoSignificativo', type: 'long' },
            { name: 'descripcion', type: 'string' },
            { name: 'fechaFin', type: 'string' },
            { name: 'fechaInicio', type: 'string' },
          ],
        },
        MENSAJES_SERVICIO,
        TRANSACCION,
      ],
    },
    consultaEventoSignificativo: {
      request: 'SolicitudConsultaEvento',
      requestFields: [
        { name: 'codigoAmbiente', type: 'int' },
        { name: 'codigoPuntoVenta', type: 'int', optional: true },
        { name: 'codigoSistema', type: 'string' },
        { name: 'codigoSucursal', type: 'int' },
        { name: 'cufd', type: 'string' },
        { name: 'cuis', type: 'string' },
        { name: 'fechaEvento', type: 'dateTime' },
        { name: 'nit', type: 'long' },
      ],
      response: 'RespuestaListaEventos',
      responseFields: [
        { name: 'codigoRecepcionEventoSignificativo', type: 'long' },
        {
          name: 'listaCodigos', type: 'complex', list: true,
          fields: [
            { name: 'codigoEvento', type: 'int' },
            { name: 'codigoRecepcionEventoSignificativo', type: 'long' },
            { name: 'descripcion', type: 'string' },
            { name: 'fechaFin', type: 'string' },
            { name: 'fechaInicio', type: 'string' },
          ],
        },
        MENSAJES_SERVICIO,
        TRANSACCION,
      ],
    },
    verificarComunicacion: VERIFICAR_COMUNICACION,
  },
} as const;

// ---------------------------------------------------------------------------------------
// Invoice reception services (§2.4, §2.5, §2.7)

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

/** `RespuestaServicioFacturacion` (type respuestaRecepcion). */
const RESPUESTA_RECEPCION = [
  { name: 'codigoDescripcion', type: 'string' },
  { name: 'codigoEstado', type: 'int' },
  { name: 'codigoRecepcion', type: 'string' },
  { name: 'mensajesList', type: 'complex', list: true, fields: MENSAJE_RECEPCION },
  TRANSACCION,
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

const COMPRA_VENTA = {
  path: 'ServicioFacturacionCompraVenta',
  wsdlName: 'ServicioFacturacion',
  operations: { ...FACTURACION_OPERATIONS, recepcionAnexos: RECEPCION_ANEXOS },
} as const;

const ELECTRONICA = {
  path: 'ServicioFacturacionElectronica',
  wsdlName: 'ServicioFacturacion',
  operations: { ...FACTURACION_OPERATIONS, recepcionAnexosSuministroEnergia: RECEPCION_ANEXOS_SUMINISTRO },
} as const;

// §0.3: the Computarizada operation list is assumed identical to Electrónica's (GS).
const COMPUTARIZADA = {
  path: 'ServicioFacturacionComputarizada',
  wsdlName: 'ServicioFacturacion',
  operations: { ...FACTURACION_OPERATIONS, recepcionAnexosSuministroEnergia: RECEPCION_ANEXOS_SUMINISTRO },
} as const;

// Sector services (§2.7, operation sets from GS only).
const TELECOMUNICACIONES = {
  path: 'ServicioFacturacionTelecomunicaciones',
  wsdlName: 'ServicioFacturacion',
  operations: FACTURACION_OPERATIONS,
} as const;
const SERVICIO_BASICO = {
  path: 'ServicioFacturacionServicioBasico',
  wsdlName: 'ServicioFacturacion',
  operations: FACTURACION_OPERATIONS,
} as const;
const ENTIDAD_FINANCIERA = {
  path: 'ServicioFacturacionEntidadFinanciera',
  wsdlName: 'ServicioFacturacion',
  operations: FACTURACION_OPERATIONS,
} as const;
const BOLETO_AEREO = {
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
const DOCUMENTO_AJUSTE = {
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

// ---------------------------------------------------------------------------------------
// ServicioRecepcionCompras (§2.6)

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

const RECEPCION_COMPRAS = {
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

// ---------------------------------------------------------------------------------------

/** Every SIAT service, keyed by the client module name. */
export const SIAT_SERVICES = {
  codigos: CODIGOS,
  sincronizacion: SINCRONIZACION,
  operaciones: OPERACIONES,
  compraVenta: COMPRA_VENTA,
  electronica: ELECTRONICA,
  computarizada: COMPUTARIZADA,
  documentoAjuste: DOCUMENTO_AJUSTE,
  recepcionCompras: RECEPCION_COMPRAS,
  telecomunicaciones: TELECOMUNICACIONES,
  servicioBasico: SERVICIO_BASICO,
  entidadFinanciera: ENTIDAD_FINANCIERA,
  boletoAereo: BOLETO_AEREO,
} as const satisfies Record<string, ServiceSpec>;

export type SiatServices = typeof SIAT_SERVICES;
export type ServiceKey = keyof SiatServices;
export type OperationName<S extends ServiceKey> = keyof SiatServices[S]['operations'] & string;
type OpOf<S extends ServiceKey, O extends OperationName<S>> = SiatServices[S]['operations'][O];

/** Looks a service up by its URL path (`FacturacionCodigos` …). */
export function serviceByPath(path: string): { key: ServiceKey; spec: ServiceSpec } | null {
  for (const key of Object.keys(SIAT_SERVICES) as ServiceKey[]) {
    const spec: ServiceSpec = SIAT_SERVICES[key];
    if (spec.path === path) return { key, spec };
  }
  return null;
}

export function operationSpec(service: ServiceKey, operation: string): OperationSpec | null {
  const ops: Readonly<Record<string, OperationSpec>> = SIAT_SERVICES[service].operations;
  return Object.prototype.hasOwnProperty.call(ops, operation) ? (ops[operation] ?? null) : null;
}

// ---------------------------------------------------------------------------------------
// Types derived from the table.

/** A SIAT date-time: `yyyy-MM-ddTHH:mm:ss.SSS` text (Bolivia time), or a Date formatted so. */
export type SiatDateTimeInput = string | Date;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type RequestScalar<T> = T extends 'int' | 'long' | 'decimal'
  ? number
  : T extends 'boolean'
    ? boolean
    : T extends 'dateTime'
      ? SiatDateTimeInput
      : T extends 'base64Binary'
        ? string | Uint8Array
        : string;

type RequestValue<F> = F extends { readonly fields: infer S extends readonly FieldSpec[] }
  ? RequestObject<S>
  : F extends { readonly type: infer T }
    ? RequestScalar<T>
    : never;

type RequestField<F> = F extends { readonly list: true } ? RequestValue<F>[] : RequestValue<F>;

/** Request object of a field list: required fields required, minOccurs=0 optional. */
export type RequestObject<S extends readonly FieldSpec[]> = Simplify<
  { [F in S[number] as F extends { readonly optional: true } ? never : F['name']]: RequestField<F> } & {
    [F in S[number] as F extends { readonly optional: true } ? F['name'] : never]?: RequestField<F>;
  }
>;

type ResponseScalar<T> = T extends 'int' | 'long' | 'decimal' ? number : T extends 'boolean' ? boolean : string;

type ResponseValue<F> = F extends { readonly fields: infer S extends readonly FieldSpec[] }
  ? ResponseObject<S>
  : F extends { readonly type: infer T }
    ? ResponseScalar<T>
    : never;

/**
 * Parsed answer: lists are always arrays (possibly empty); scalars are optional because every
 * response field is minOccurs=0 (§1.6), except `transaccion`, which the client checks.
 */
export type ResponseObject<S extends readonly FieldSpec[]> = Simplify<
  { [F in S[number] as F extends { readonly list: true } ? F['name'] : never]: ResponseValue<F>[] } & {
    [F in S[number] as F extends { readonly list: true } ? never : F['name'] extends 'transaccion' ? never : F['name']]?: ResponseValue<F>;
  } & (S[number] extends infer U ? (Extract<U, { readonly name: 'transaccion' }> extends never ? unknown : { transaccion: boolean }) : unknown)
>;

type RequestFieldsOf<X> = X extends { readonly requestFields: infer F extends readonly FieldSpec[] } ? F : never;
type ResponseFieldsOf<X> = X extends { readonly responseFields: infer F extends readonly FieldSpec[] } ? F : never;

export type SiatRequest<S extends ServiceKey, O extends OperationName<S>> = RequestObject<RequestFieldsOf<OpOf<S, O>>>;
export type SiatResponse<S extends ServiceKey, O extends OperationName<S>> = ResponseObject<ResponseFieldsOf<OpOf<S, O>>>;

/**
 * RespuestaServicioFacturacion: the answer of every operation of the reception family (reception
 * one by one, in packages and massive, their validation, annulment, its reversal, verification).
 */
export type ReceptionAnswer = ResponseObject<typeof RESPUESTA_RECEPCION>;

