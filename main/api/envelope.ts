// Builders for the seed envelopes (ApiResponse, Page, sector envelope).
import type { ApiErrorBody, ApiErrorInfo, ApiResponse, Page, SectorEnvelope } from '../../shared/api/envelope';
import { toBoliviaIso } from '../../shared/time';

export interface OkResponse<T> extends ApiResponse<T> {
  success: true;
  data: T;
  error: null;
}

export function ok<T>(data: T, message: string | null = null, now: Date = new Date()): OkResponse<T> {
  return { success: true, message, data, error: null, timestamp: toBoliviaIso(now) };
}

export function errorBody(message: string, error: ApiErrorInfo, now: Date = new Date()): ApiErrorBody {
  return { success: false, message, data: null, error, detail: error.detail, timestamp: toBoliviaIso(now) };
}

export function pageOf<T>(content: T[], page: number, size: number, totalElements: number): Page<T> {
  const totalPages = totalElements === 0 ? 0 : Math.ceil(totalElements / size);
  return {
    content,
    page,
    size,
    totalElements,
    totalPages,
    first: page === 0,
    last: page >= totalPages - 1,
  };
}

export interface SectorOkEnvelope<T> extends SectorEnvelope<T> {
  success: true;
  data: T;
  errors: null;
}

export function sectorOk<T>(data: T, message = 'COMPLETED'): SectorOkEnvelope<T> {
  return { message, errors: null, success: true, data };
}

export function sectorError(message: string, errors: unknown): SectorEnvelope<null> {
  return { message, errors, success: false, data: null };
}
