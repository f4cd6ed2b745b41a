// Thin fetch wrapper for the engine's API: adds X-API-Key, unwraps the ApiResponse envelope and
// turns every failure into an ApiError. Same origin in production (the engine serves the
// renderer); the base can be overridden for the Vite dev server. Calls name a route of the
// contract (`call(ROUTES.x, …)`, shared/api/routes/, decision 0080): the path, the method, whether
// the key goes along and the answer's type all come from it; no path is written here.
import type { ApiErrorInfo } from '../../../shared/api-types';
import { pathOf, queryString, type BodyOf, type ParamsOf, type QueryOf, type QueryValue, type ResponseOf, type Route } from '../../../shared/api/routes';
import { ApiError } from './errors';

export type { QueryValue };

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

/** How a call fills its route: the path's parameters, the query, and a JSON or raw body. */
export interface CallOptions<R extends Route> {
  params?: ParamsOf<R>;
  query?: QueryOf<R>;
  /** JSON body, typed by the route's body schema. */
  body?: BodyOf<R>;
  /** A body that is not JSON (CSV import, PNG logo, XLSX), with its content type. */
  raw?: { body: BodyInit; contentType: string };
  headers?: Record<string, string>;
  /** Whether the key goes along; by default on every route but the public ones. */
  auth?: boolean;
  signal?: AbortSignal;
}

/** A route with path parameters must be given them; one without takes its options optionally. */
export type CallArgs<R extends Route> = [ParamsOf<R>] extends [never] ? [opts?: CallOptions<R>] : [opts: CallOptions<R> & { params: ParamsOf<R> }];

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
  /** Calls a route of the contract; resolves to its answer's `data`, typed by the contract. */
  call<R extends Route>(route: R, ...args: CallArgs<R>): Promise<ResponseOf<R>>;
  /** The URL of a route (a link, a file to open). */
  url<R extends Route>(route: R, ...args: CallArgs<R>): string;
  /** A route's raw response, with the key (the event stream, a file to download). */
  raw<R extends Route>(route: R, ...args: CallArgs<R>): Promise<Response>;
  /** The transport under `call`: an answer of unknown shape (tests of the client itself). */
  request(method: string, path: string, opts?: RequestOptions): Promise<unknown>;
}

export const buildQuery = queryString;

function isEnvelope(body: unknown): body is { success: boolean; data?: unknown; error?: ApiErrorInfo | null; message?: string | null } {
  return typeof body === 'object' && body !== null && typeof (body as { success?: unknown }).success === 'boolean';
}

interface EnvelopeProblem {
  field?: string;
  message: string;
}

function envelopeProblems(errors: unknown): EnvelopeProblem[] | null {
  if (!Array.isArray(errors)) return null;
  const list = errors.filter(
    (e): e is EnvelopeProblem => typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string',
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
    const problems = b.error ? null : envelopeProblems(b.errors);
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

  function urlOf(path: string, query?: Record<string, QueryValue>): string {
    return `${base}${path}${buildQuery(query)}`;
  }

  const routeUrl = <R extends Route>(route: R, opts: CallOptions<R> | undefined): string =>
    urlOf(pathOf(route, opts?.params as Record<string, string | number> | undefined), opts?.query as Record<string, QueryValue> | undefined);

  function call<R extends Route>(route: R, ...args: CallArgs<R>): Promise<ResponseOf<R>> {
    const opts: CallOptions<R> = args[0] ?? {};
    const req: RequestOptions = { auth: opts.auth ?? route.access !== 'public' };
    if (opts.query) req.query = opts.query as Record<string, QueryValue>;
    if (opts.body !== undefined) req.json = opts.body;
    else if (opts.raw) {
      req.body = opts.raw.body;
      req.contentType = opts.raw.contentType;
    }
    if (opts.headers) req.headers = opts.headers;
    if (opts.signal) req.signal = opts.signal;
    // The one place an answer gets its type: the route's, which the engine serializes with the
    // same schema (test/api/access.test.ts holds the two together).
    return request(route.method, pathOf(route, opts.params as Record<string, string | number> | undefined), req) as Promise<ResponseOf<R>>;
  }

  /**
   * A request the engine refuses for the cashier's role (403 ROLE_REQUIRED) is asked of a
   * supervisor in place and sent again, the same request (same Idempotency-Key) with the
   * supervisor's headers; a wrong PIN is shown in the dialog and asked again.
   */
  async function request(method: string, path: string, opts: RequestOptions = {}): Promise<unknown> {
    try {
      return await send(method, path, opts);
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
          const result = await send(method, path, { ...opts, headers: { ...(opts.headers ?? {}), 'X-Supervisor-User': approval.user, 'X-Supervisor-Pin': approval.pin } }, approved);
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

  async function send(method: string, path: string, opts: RequestOptions, approved?: { approver: string | null }): Promise<unknown> {
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
      res = await doFetch(urlOf(path, opts.query), init);
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
      return parsed.data;
    }
    return parsed;
  }

  async function raw<R extends Route>(route: R, ...args: CallArgs<R>): Promise<Response> {
    const opts: CallOptions<R> = args[0] ?? {};
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    const key = options.getApiKey();
    if (key) headers['X-API-Key'] = key;
    const reqInit: RequestInit = { method: route.method, headers };
    if (opts.signal) reqInit.signal = opts.signal;
    const res = await doFetch(routeUrl(route, opts), reqInit);
    if (res.status === 401) options.onUnauthorized?.();
    return res;
  }

  const url = <R extends Route>(route: R, ...args: CallArgs<R>): string => routeUrl(route, args[0]);

  return { call, url, raw, request };
}
