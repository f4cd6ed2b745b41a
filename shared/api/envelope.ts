// The two response styles of the seeds, described once as TypeBox schemas: the routes declare
// their responses with `apiResponse` / `sectorResponse`, the OpenAPI document is generated from
// them, and the TypeScript types are their `Static<>` (generic wrappers stay interfaces, because
// a schema function has no single static type).
import Type, { type Static } from 'typebox';
import { MAX_PAGE, MAX_PAGE_SIZE } from './limits';

export const SiatMessageSchema = Type.Object(
  { codigo: Type.Integer(), descripcion: Type.String() },
  { additionalProperties: true, description: 'Mensaje de SIAT, textual' },
);
export type SiatMessageInfo = Static<typeof SiatMessageSchema>;

export const FieldProblemSchema = Type.Object({ field: Type.String(), rule: Type.String(), message: Type.String() });
export type FieldProblem = Static<typeof FieldProblemSchema>;

export const ApiErrorInfoSchema = Type.Object({
  code: Type.String({ description: 'Código de máquina: UNAUTHORIZED, VALIDATION_FAILED, SIAT_REJECTED, SIAT_UNAVAILABLE …' }),
  detail: Type.String({ description: 'Qué está mal, en castellano' }),
  fields: Type.Optional(Type.Array(FieldProblemSchema)),
  siatCode: Type.Optional(Type.Integer()),
  siatMessages: Type.Optional(Type.Array(SiatMessageSchema)),
  neededRole: Type.Optional(
    Type.Union([Type.Literal('cajero'), Type.Literal('supervisor'), Type.Literal('administrador')], {
      description: 'ROLE_REQUIRED: el rol que hace falta, el de quien puede aprobarlo en el lugar (X-Supervisor-User y X-Supervisor-Pin)',
    }),
  ),
});
export type ApiErrorInfo = Static<typeof ApiErrorInfoSchema>;

/** API-key style (seed 000): ApiResponse wrapper. */
export interface ApiResponse<T> {
  success: boolean;
  message: string | null;
  data: T | null;
  error: ApiErrorInfo | null;
  /** ISO 8601 without zone (Bolivia time). */
  timestamp: string;
}

/** Error body: the ApiResponse wrapper plus the seed's top-level `detail`. */
export interface ApiErrorBody extends ApiResponse<null> {
  detail: string;
}

/** Seed Page (data of every list endpoint of the API-key style). */
export interface Page<T> {
  content: T[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
  first: boolean;
  last: boolean;
}

/** Sector style (seed 001) envelope. */
export interface SectorEnvelope<T> {
  message: string;
  errors: unknown;
  success: boolean;
  data: T | null;
}

/** Response schema of the ApiResponse wrapper around `data` (success; failures go through the error handler). */
export function apiResponse<T extends Type.TSchema>(data: T) {
  return Type.Object({
    success: Type.Boolean(),
    message: Type.Union([Type.String(), Type.Null()]),
    data,
    error: Type.Null(),
    timestamp: Type.String(),
  });
}

/** Response schema of the sector envelope around `data` (success only; failures are not serialized by schema). */
export function sectorResponse<T extends Type.TSchema>(data: T) {
  return Type.Object({
    message: Type.String({ description: 'COMPLETED' }),
    errors: Type.Null(),
    success: Type.Boolean(),
    data,
  });
}

/**
 * Seed paging: `page` 0-based, default 0, at most MAX_PAGE (ours, issue #16); `size` default 20,
 * maximum 50 (seed: Limits).
 */
export const PageQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 0, maximum: MAX_PAGE, default: 0, description: `Página, desde 0 (como máximo ${MAX_PAGE})` }),
    size: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20, description: `Elementos por página (1–${MAX_PAGE_SIZE})` }),
  },
  { additionalProperties: true },
);

/** Schema of a seed Page of `item`. */
export function pageSchema<T extends Type.TSchema>(item: T) {
  return Type.Object({
    content: Type.Array(item),
    page: Type.Integer(),
    size: Type.Integer(),
    totalElements: Type.Integer(),
    totalPages: Type.Integer(),
    first: Type.Boolean(),
    last: Type.Boolean(),
  });
}
