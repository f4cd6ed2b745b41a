// The SIAT contract table's own types and the pieces every service shares (CONTRACT §2.0);
// main/siat/operations.ts assembles the services from the files of this folder.

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

export const MENSAJE_SERVICIO = [
  { name: 'codigo', type: 'int' },
  { name: 'descripcion', type: 'string' },
] as const;

export const MENSAJE_RECEPCION = [
  { name: 'codigo', type: 'int' },
  { name: 'descripcion', type: 'string' },
  { name: 'advertencia', type: 'boolean' },
  { name: 'numeroArchivo', type: 'int' },
  { name: 'numeroDetalle', type: 'int' },
] as const;

export const MENSAJES_SERVICIO = { name: 'mensajesList', type: 'complex', list: true, fields: MENSAJE_SERVICIO } as const;
export const TRANSACCION = { name: 'transaccion', type: 'boolean' } as const;

/** verificarComunicacion: `RespuestaComunicacion` in Códigos, `return` elsewhere (§2.0). */
export const VERIFICAR_COMUNICACION = {
  request: null,
  requestFields: [],
  response: 'return',
  responseFields: [MENSAJES_SERVICIO, TRANSACCION],
} as const;

/** `RespuestaServicioFacturacion` (type respuestaRecepcion). */
export const RESPUESTA_RECEPCION = [
  { name: 'codigoDescripcion', type: 'string' },
  { name: 'codigoEstado', type: 'int' },
  { name: 'codigoRecepcion', type: 'string' },
  { name: 'mensajesList', type: 'complex', list: true, fields: MENSAJE_RECEPCION },
  TRANSACCION,
] as const;
