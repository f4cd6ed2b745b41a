// Response shapes of the two seed styles, shared by the engine and the renderer.

/** API-key style (seed 000): ApiResponse wrapper. */
export interface ApiResponse<T> {
  success: boolean;
  message: string | null;
  data: T | null;
  error: ApiErrorInfo | null;
  /** ISO 8601 without zone (Bolivia time). */
  timestamp: string;
}

export interface SiatMessageInfo {
  codigo: number;
  descripcion: string;
}

export interface FieldProblem {
  field: string;
  rule: string;
  message: string;
}

export interface ApiErrorInfo {
  /** Machine code, e.g. UNAUTHORIZED, VALIDATION_FAILED, SIAT_REJECTED, SIAT_UNAVAILABLE. */
  code: string;
  /** Exactly what is wrong, in Spanish. */
  detail: string;
  /** Field-level problems of a 400/422. */
  fields?: FieldProblem[];
  /** SIAT's status code and messages, verbatim, when SIAT answered. */
  siatCode?: number;
  siatMessages?: SiatMessageInfo[];
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
