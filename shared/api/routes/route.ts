// One route of the engine's HTTP API, declared once (issue 30, decision 0080): its method, path,
// who may call it, and the TypeBox schemas of its query, body and answer where it has them — the
// same schemas the engine validates and serializes with (shared/api/<resource>.ts). The engine
// takes each route's access from here (main/api/access.ts); the renderer calls a route through
// `call(ROUTES.x, …)`, which builds the URL from the path and types the answer from the schema.
import type { Static, TSchema } from 'typebox';
import { SCOPES, type Scope } from '../../api-scopes';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `public`: no key. Otherwise the scopes that may call the route (any one of them will do). */
export type Access = 'public' | readonly Scope[];

export const PUBLIC: Access = 'public';
export const ADMIN: readonly Scope[] = ['admin'];
export const TILL: readonly Scope[] = ['till'];
export const ANY: readonly Scope[] = SCOPES;
/** Selling, cancelling and reading invoices: the till and the integrator's invoice API. */
export const SELL: readonly Scope[] = ['till', 'integrator'];
/** The till's management screens, which the store's administrator also uses. */
export const STORE: readonly Scope[] = ['admin', 'till'];
/** Webhooks and massive emission: the integrator's (from its own system) and the administrator's. */
export const PARTNER: readonly Scope[] = ['admin', 'integrator'];

declare const shapeType: unique symbol;
/**
 * A body or answer the engine does not validate or serialize by schema: a file (PDF, XML, CSV,
 * ZIP), the event stream, or JSON checked by hand whose type lives in a shared interface. Only a
 * type for the caller: it checks nothing.
 */
export interface Shape<T> {
  readonly kind: 'file' | 'typed';
  readonly [shapeType]?: T;
}
/** A file or a stream: opened by URL, never parsed as JSON. */
export const file = (): Shape<Blob> => ({ kind: 'file' });
/** JSON typed by a shared interface (the route has no schema for it). */
export const typed = <T>(): Shape<T> => ({ kind: 'typed' });

export interface Schemas {
  query?: TSchema;
  body?: TSchema | Shape<unknown>;
  response?: TSchema | Shape<unknown>;
  /**
   * A seed operation (webhooks, storage test, logo, branch offices, third-party users) that the
   * published demo key may try in training although its `till` scope does not reach it (issue
   * 28, item 9; main/api/access.ts).
   */
  demoKeyInTraining?: true;
}

export type Route<M extends Method = Method, P extends string = string, S extends Schemas = Schemas> = {
  readonly method: M;
  readonly path: P;
  readonly access: Access;
} & Readonly<S>;

export function route<const M extends Method, const P extends string, const S extends Schemas = Record<never, never>>(
  method: M,
  path: P,
  access: Access,
  schemas?: S,
): Route<M, P, S> {
  return { method, path, access, ...(schemas ?? {}) } as Route<M, P, S>;
}

/** What a successful call resolves to (the envelope's `data`, which the client unwraps). */
export type ResponseOf<R> = R extends { response: infer S } ? TypeOf<S> : unknown;
export type BodyOf<R> = R extends { body: infer S } ? TypeOf<S> : unknown;
// A Shape is tested first: TypeBox's TSchema is loose enough for a Shape to pass for one.
type TypeOf<S> = S extends Shape<infer T> ? T : S extends TSchema ? Static<S> : unknown;
export type QueryValue = string | number | boolean | null | undefined;
/** Query values may be left out: the engine applies the schema's defaults. */
export type QueryOf<R> = R extends { query: infer S extends TSchema } ? { [K in keyof Static<S>]?: Static<S>[K] | undefined } : Record<string, QueryValue>;

type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}` ? N | ParamNames<`/${Rest}`> : P extends `${string}:${infer N}` ? N : never;
/** The path's `:name` parameters, each a string or number; never when the path has none. */
export type ParamsOf<R> = R extends { path: infer P extends string } ? ([ParamNames<P>] extends [never] ? never : Record<ParamNames<P>, string | number>) : never;

/** The route's path with its parameters filled in (percent-encoded). */
export function pathOf(r: Pick<Route, 'path'>, params?: Record<string, string | number>): string {
  return r.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`Falta el parámetro «${name}» de ${r.path}`);
    return encodeURIComponent(String(v));
  });
}

/** `?a=1&b=x` from query values; empty, null and undefined values are left out. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** `METHOD /path` as registered: how the engine and the tests name a route. */
export const routeKey = (r: Pick<Route, 'method' | 'path'>): string => `${r.method} ${r.path}`;
