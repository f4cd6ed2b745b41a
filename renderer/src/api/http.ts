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

/** A supervisor's user and PIN, typed in place (issue 27). */
export interface Approval {
  user: string;
  pin: string;
}

/**
 * The dialog that asks a supervisor to approve an act the engine refused for the cashier's role
 * (403 ROLE_REQUIRED). `ask` opens it (again, with the engine's refusal, after a wrong PIN) and
 * resolves null when the cashier gives up; `done` closes it, with the approver's name when the
 * act was done.
 */
export interface ApprovalPrompt {
  ask(need: ApiError, refusal: ApiError | null): Promise<Approval | null>;
  done(approver: string | null): void;
}

export interface HttpClientOptions {
  baseUrl?: string;
  getApiKey: () => string | null;
  /** Called on any 401 of an authenticated call (the UI goes back to login). */
  onUnauthorized?: () => void;
  /** Asks for a supervisor's approval in place; without it a 403 ROLE_REQUIRED is thrown as is. */
  approvals?: () => ApprovalPrompt | null;
  fetchImpl?: typeof fetch;
}

/** The engine's answers to a refused approval (main/till-users/till-people.ts): asked again in the dialog. */
const APPROVAL_REFUSALS = new Set(['UNKNOWN_USER', 'WRONG_PIN', 'USER_INACTIVE', 'USER_LOCKED', 'APPROVER_ROLE_TOO_LOW', 'VALIDATION_FAILED']);

export function isApprovalRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && (err.status === 403 || err.status === 423 || err.status === 422) && APPROVAL_REFUSALS.has(err.code);
}

/** Thrown when the cashier closes the approval dialog: nothing was done. */
export const APPROVAL_CANCELLED = 'APPROVAL_CANCELLED';

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

  /**
   * A request the engine refuses for the cashier's role (403 ROLE_REQUIRED) is asked of a
   * supervisor in place and sent again, the same request (same Idempotency-Key) with the
   * supervisor's headers; a wrong PIN is shown in the dialog and asked again.
   */
  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    try {
      return await send<T>(method, path, opts);
    } catch (err) {
      const prompt = options.approvals?.() ?? null;
      if (!prompt || !(err instanceof ApiError) || err.status !== 403 || err.code !== 'ROLE_REQUIRED') throw err;
      let refusal: ApiError | null = null;
      for (;;) {
        const approval = await prompt.ask(err, refusal);
        if (!approval) {
          prompt.done(null);
          throw new ApiError(403, { code: APPROVAL_CANCELLED, detail: 'Aprobación cancelada: no se hizo nada.' });
        }
        try {
          const approved: { approver: string | null } = { approver: null };
          const result = await send<T>(method, path, { ...opts, headers: { ...(opts.headers ?? {}), 'X-Supervisor-User': approval.user, 'X-Supervisor-Pin': approval.pin } }, approved);
          prompt.done(approved.approver ?? approval.user);
          return result;
        } catch (retryErr) {
          if (isApprovalRefusal(retryErr)) {
            refusal = retryErr;
            continue;
          }
          prompt.done(null);
          throw retryErr;
        }
      }
    }
  }

  async function send<T>(method: string, path: string, opts: RequestOptions, approved?: { approver: string | null }): Promise<T> {
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
    const approver = res.headers?.get?.('x-supervisor-name');
    if (approved && approver) {
      try {
        approved.approver = decodeURIComponent(approver);
      } catch {
        approved.approver = approver;
      }
    }
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
