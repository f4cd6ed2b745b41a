// Thin fetch wrapper for the engine's /api/v1: adds X-API-Key, unwraps the ApiResponse
// envelope and turns every failure into an ApiError. Same origin in production (the engine
// serves the renderer); the base can be overridden for the Vite dev server.
import type { ApiErrorInfo } from '../../../shared/api-types';
import { ApiError } from './errors';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** JSON body (serialised here) … */
  json?: unknown;
  /** … or a raw body with its content type (CSV import, PNG logo). */
  body?: BodyInit;
  contentType?: string;
  headers?: Record<string, string>;
  /** Public endpoints go without the key. */
  auth?: boolean;
  signal?: AbortSignal;
}

export interface HttpClientOptions {
  baseUrl?: string;
  getApiKey: () => string | null;
  /** Called on any 401 of an authenticated call (the UI goes back to login). */
  onUnauthorized?: () => void;
  fetchImpl?: typeof fetch;
}

export interface HttpClient {
  request<T>(method: string, path: string, opts?: RequestOptions): Promise<T>;
  url(path: string, query?: Record<string, QueryValue>): string;
  /** Raw response (the event stream). */
  raw(path: string, init: { signal?: AbortSignal; headers?: Record<string, string> }): Promise<Response>;
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function isEnvelope(body: unknown): body is { success: boolean; data?: unknown; error?: ApiErrorInfo | null; message?: string | null } {
  return typeof body === 'object' && body !== null && typeof (body as { success?: unknown }).success === 'boolean';
}

interface SectorProblem {
  field?: string;
  message: string;
}

function sectorProblems(errors: unknown): SectorProblem[] | null {
  if (!Array.isArray(errors)) return null;
  const list = errors.filter(
    (e): e is SectorProblem => typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string',
  );
  return list.length > 0 ? list : null;
}

/**
 * Reads an error body: `{ error: { code, detail, siatCode, siatMessages }, detail }`, the sector
 * style's `{ message: CODE, errors: [{ field?, message }] }` (seed 001), or a bare `{ detail }`.
 */
export function errorFromBody(status: number, body: unknown): ApiError {
  if (typeof body === 'object' && body !== null) {
    const b = body as { error?: Partial<ApiErrorInfo> | null; errors?: unknown; detail?: unknown; message?: unknown };
    const problems = b.error ? null : sectorProblems(b.errors);
    if (problems) {
      // In the sector style `message` is the failure's code, not a sentence.
      const withField = problems.filter((p) => typeof p.field === 'string' && p.field !== '');
      const general = problems.filter((p) => !withField.includes(p));
      const detail = (general.length > 0 ? general : withField).map((p) => (withField.includes(p) ? `campo ${p.field}: ${p.message}` : p.message)).join('; ');
      return new ApiError(status, {
        ...(typeof b.message === 'string' && b.message ? { code: b.message } : {}),
        detail,
        fields: withField.map((p) => ({ field: p.field!, rule: '', message: p.message })),
      });
    }
    const info: Partial<ApiErrorInfo> = { ...(b.error ?? {}) };
    if (!info.detail && typeof b.detail === 'string') info.detail = b.detail;
    if (!info.detail && typeof b.message === 'string' && b.message) info.detail = b.message;
    return new ApiError(status, info);
  }
  if (typeof body === 'string' && body.trim() && body.length < 300) return new ApiError(status, { detail: body.trim() });
  return new ApiError(status, {});
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const base = (options.baseUrl ?? '').replace(/\/$/, '');
  const doFetch = options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  function url(path: string, query?: Record<string, QueryValue>): string {
    return `${base}${path}${buildQuery(query)}`;
  }

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...(opts.headers ?? {}) };
    const auth = opts.auth ?? true;
    if (auth) {
      const key = options.getApiKey();
      if (key) headers['X-API-Key'] = key;
    }
    let body: BodyInit | undefined;
    if (opts.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.body !== undefined) {
      body = opts.body;
      if (opts.contentType) headers['Content-Type'] = opts.contentType;
    }
    let res: Response;
    try {
      const init: RequestInit = { method, headers };
      if (body !== undefined) init.body = body;
      if (opts.signal) init.signal = opts.signal;
      res = await doFetch(url(path, opts.query), init);
    } catch (err) {
      if (err instanceof Error && err.name === 'AbortError') throw err;
      throw new ApiError(0, {});
    }
    const text = await res.text();
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (!res.ok) {
      if (res.status === 401 && auth) options.onUnauthorized?.();
      throw errorFromBody(res.status, parsed);
    }
    if (isEnvelope(parsed)) {
      if (!parsed.success) throw errorFromBody(res.status === 200 ? 422 : res.status, parsed);
      return parsed.data as T;
    }
    return parsed as T;
  }

  async function raw(path: string, init: { signal?: AbortSignal; headers?: Record<string, string> }): Promise<Response> {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    const key = options.getApiKey();
    if (key) headers['X-API-Key'] = key;
    const reqInit: RequestInit = { headers };
    if (init.signal) reqInit.signal = init.signal;
    const res = await doFetch(url(path), reqInit);
    if (res.status === 401) options.onUnauthorized?.();
    return res;
  }

  return { request, url, raw };
}
