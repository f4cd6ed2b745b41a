// The SIAT SOAP contract as data: every service, every operation, the request child element
// with its fields in schema order, the response child element with its fields (CONTRACT §2).
// This table is the single source of truth for BOTH the client (main/siat/client.ts builds
// envelopes and checks answers from it) and the simulator (main/siat-sim parses requests and
// serializes answers from it). TypeScript request/response types are derived from it too
// (see the bottom of this file), so a field cannot be added in one place and missed in another.
// The services are declared by family in main/siat/contract/ (codes, sync, operations, reception,
// purchases; spec.ts holds the table's types and the shared pieces); this file assembles them.

import type { FieldSpec, OperationSpec, ServiceSpec } from './contract/spec';
import { CODIGOS } from './contract/facturacion-codigos';
import { SINCRONIZACION } from './contract/sync';
import { OPERACIONES } from './contract/operations';
import { RESPUESTA_RECEPCION } from './contract/spec';
import { BOLETO_AEREO, COMPRA_VENTA, COMPUTARIZADA, DOCUMENTO_AJUSTE, ELECTRONICA, ENTIDAD_FINANCIERA, SERVICIO_BASICO, TELECOMUNICACIONES } from './contract/reception';
import { RECEPCION_COMPRAS } from './contract/purchases';

export type { FieldSpec, OperationSpec, ServiceSpec } from './contract/spec';
export { SIAT_NAMESPACE, SOAP_ENVELOPE_NAMESPACE } from './contract/spec';

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

